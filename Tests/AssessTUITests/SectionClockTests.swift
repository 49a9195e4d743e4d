import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

private let second: UInt64 = 1_000_000_000

/// Two timed sections (2 and 3 minutes, a minute's break offered after the first) and an
/// untimed third, in a 10-minute exam.
private let sectioned = Exam(
    id: "sectioned", title: "Sectioned", durationSeconds: 600,
    sections: [
        ExamSection(
            title: "Reading",
            questions: [
                Question(id: "r1", prompt: "R1?", kind: .shortText(accepted: ["a"], caseSensitive: false)),
                Question(id: "r2", prompt: "R2?", kind: .shortText(accepted: ["b"], caseSensitive: false)),
            ], durationSeconds: 120, breakAfterSeconds: 60),
        ExamSection(
            title: "Numbers",
            questions: [Question(id: "n1", prompt: "N1?", kind: .shortText(accepted: ["c"], caseSensitive: false))],
            durationSeconds: 180),
        ExamSection(
            title: "Last",
            questions: [Question(id: "l1", prompt: "L1?", kind: .shortText(accepted: ["d"], caseSensitive: false))]),
    ])

private func started(secondsAllowed: Int? = nil) -> ExamFlow {
    let sitting = ExamSitting(exam: sectioned, presentation: ExamPresentation(exam: sectioned, candidate: "c-1"))
    var flow = ExamFlow(
        sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8, secondsAllowed: secondsAllowed)
    FlowFixtures.begin(&flow)
    return flow
}

private func closings(_ effects: [FlowEffect]) -> [SaveBatch.SectionClosing] {
    effects.compactMap { if case .save(let batch) = $0 { batch.closesSection } else { nil } }
}

@Suite struct SectionClockTests {
    @Test func anExamWithoutTimedSectionsHasNoSectionClock() {
        #expect(SectionClock(exam: ExamFixtures.capitals, examSecondsAllowed: 300) == nil)
    }

    @Test func theOpenSectionCountsTheExamsTimeUsedSinceItOpened() throws {
        var clock = try #require(SectionClock(exam: sectioned, examSecondsAllowed: 600))
        #expect(clock.secondsLeft(examSecondsUsed: 0) == 120)
        #expect(clock.secondsLeft(examSecondsUsed: 100) == 20)
        #expect(clock.secondsLeft(examSecondsUsed: 500) == 0)
        #expect(clock.closeOpen(examSecondsUsed: 70) == 60)
        #expect(clock.open == 1 && clock.openedAtSecondsUsed == 70)
        #expect(clock.secondsLeft(examSecondsUsed: 70) == 180)
        #expect(clock.closeOpen(examSecondsUsed: 100) == nil)
        #expect(clock.secondsLeft(examSecondsUsed: 100) == nil)
        #expect(clock.isLastOpen)
        #expect(clock.closeOpen(examSecondsUsed: 120) == nil)
        #expect(clock.open == 2)
    }

    @Test func extraTimeStretchesEachSectionInTheSameProportion() throws {
        let clock = try #require(SectionClock(exam: sectioned, examSecondsAllowed: 900))
        #expect(clock.sections.map(\.secondsAllowed) == [180, 270, nil])
        #expect(SectionClock.share(of: 120, examSeconds: 600, allowed: 1200) == 240)
        #expect(SectionClock.share(of: 100, examSeconds: 600, allowed: 610) == 102)
    }

    @Test func addedTimeGoesToTheOpenSectionAndArmsItsWarningsAgain() throws {
        var clock = try #require(SectionClock(exam: sectioned, examSecondsAllowed: 600))
        #expect(clock.dueWarning(examSecondsUsed: 70) == 1)
        #expect(clock.dueWarning(examSecondsUsed: 80) == nil)
        clock.add(seconds: 300, examSecondsUsed: 80)
        #expect(clock.secondsLeft(examSecondsUsed: 80) == 340)
        #expect(clock.dueWarning(examSecondsUsed: 121) == 5)
    }

    @Test func aResumedClockOpensTheSectionItWasIn() throws {
        var clock = try #require(
            SectionClock(exam: sectioned, examSecondsAllowed: 600, open: 1, openedAtSecondsUsed: 90))
        #expect(clock.secondsLeft(examSecondsUsed: 150) == 120)
        clock.rearm(examSecondsUsed: 150)
        #expect(clock.dueWarning(examSecondsUsed: 211) == 1)
    }

    @Test func theHeaderShowsTheSectionsTimeAndItsWarnings() {
        var flow = started()
        #expect(flow.secondsLeft(now: 10 * second) == 110)
        let effects = flow.update(.tick, now: 61 * second)
        #expect(effects.contains(.log(.timerWarning(minutesLeft: 1))))
        #expect(flow.notice?.text == "One minute left in this section.")
    }

    @Test func theSectionsTimeOutClosesItOffersTheBreakAndTheNextSectionOpens() {
        var flow = started()
        let effects = flow.update(.tick, now: 120 * second)
        #expect(closings(effects) == [SaveBatch.SectionClosing(section: 0, secondsUsed: 120)])
        #expect(effects.contains(.log(.sectionClosed(section: 1, reason: "time-up", secondsUsed: 120))))
        guard case .onBreak(let since, let until) = flow.phase else {
            Issue.record("the break after the section should show, not \(flow.phase)")
            return
        }
        #expect(since == 120 * second && until == 180 * second)
        #expect(screen(flow, now: 130 * second).contains("Between sections: Numbers begins when the break ends."))
        // The clock stands still on the break; Enter ends it early.
        _ = flow.update(.key(.enter), now: 150 * second)
        #expect(flow.phase == .question)
        #expect(flow.sitting.question.id == "n1")
        #expect(flow.notice?.text == "Numbers has begun.")
        #expect(flow.secondsLeft(now: 150 * second) == 180)
        // The closed section cannot be reached again.
        _ = flow.update(.key(.pageUp), now: 151 * second)
        #expect(flow.sitting.question.id == "n1")
        #expect(flow.notice?.text == "The sections before this one are closed.")
        #expect(!flow.sitting.canMove(to: 0))
    }

    @Test func leavingTheSectionAsksFirstAndAConfirmedLeaveClosesIt() {
        var flow = started()
        _ = flow.update(.key(.tab), now: 5 * second)
        #expect(flow.sitting.question.id == "r2")
        _ = flow.update(.key(.tab), now: 6 * second)
        #expect(flow.phase == .confirmLeave)
        #expect(screen(flow, now: 6 * second).contains("Leave Reading for good?"))
        #expect(screen(flow, now: 6 * second).contains("Questions without an answer in it: 2."))
        _ = flow.update(.key(.character("n")), now: 7 * second)
        #expect(flow.phase == .question && flow.sitting.question.id == "r2")
        _ = flow.update(.key(.tab), now: 8 * second)
        let effects = flow.update(.key(.character("y")), now: 9 * second)
        #expect(closings(effects) == [SaveBatch.SectionClosing(section: 0, secondsUsed: 9)])
        #expect(effects.contains(.log(.sectionClosed(section: 1, reason: "left", secondsUsed: 9))))
        _ = flow.update(.key(.enter), now: 10 * second)
        #expect(flow.sitting.openSection == 1)
        // The second section has no break after it: leaving it goes straight on.
        _ = flow.update(.key(.tab), now: 11 * second)
        _ = flow.update(.key(.character("y")), now: 12 * second)
        #expect(flow.phase == .question && flow.sitting.question.id == "l1")
    }

    @Test func aPauseStopsTheSectionsTime() {
        var flow = started()
        _ = flow.update(
            .proctorCommand(SeatCommand(id: 1, action: .pause, reason: "fire drill", issuedBy: "pat")), now: 30 * second
        )
        #expect(flow.phase == .paused)
        _ = flow.update(.tick, now: 300 * second)
        #expect(flow.sitting.openSection == 0)
        _ = flow.update(
            .proctorCommand(SeatCommand(id: 2, action: .resume, reason: "back", issuedBy: "pat")), now: 300 * second)
        #expect(flow.secondsLeft(now: 310 * second) == 80)
    }

    @Test func aResumedFlowOpensTheSectionTheStoreSays() {
        let sitting = ExamSitting(exam: sectioned, presentation: ExamPresentation(exam: sectioned, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8, resumedWithSecondsUsed: 150)
        flow.resumeSections(closed: 1, openedAtSecondsUsed: 100)
        FlowFixtures.begin(&flow)
        #expect(flow.sitting.question.id == "n1")
        #expect(flow.secondsLeft(now: 0) == 130)
    }
}
