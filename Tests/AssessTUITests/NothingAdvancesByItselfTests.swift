import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// Nothing moves on by itself except at time-out, and that is announced ahead: the start
/// banner waits for Enter, and the lock's longest time, when it would end the exam before
/// its own clock does, is announced as the clock's time-out is.
@Suite("Nothing advances by itself")
struct NothingAdvancesByItselfTests {
    static let second: UInt64 = 1_000_000_000

    /// A sitting of the 5-minute capitals exam, with `seconds` allowed and a lock of at most `lockHours`.
    static func flow(seconds: Int? = nil, lockHours: Double = 8) -> ExamFlow {
        let exam = ExamFixtures.capitals
        return ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: lockHours, secondsAllowed: seconds)
    }

    @Test func theStartBannerWaitsForEnterAndTheExamsClockStartsThen() {
        var flow = Self.flow()
        _ = flow.update(.key(.enter), now: 0)
        _ = flow.update(.attemptStarted(id: "a-1"), now: Self.second)
        #expect(flow.phase == .startBanner)
        // A minute later the banner is still up and the clock has not started.
        #expect(flow.update(.tick, now: 61 * Self.second).withoutSaves.isEmpty)
        #expect(flow.phase == .startBanner)
        #expect(flow.secondsLeft(now: 61 * Self.second) == nil)
        _ = flow.update(.key(.enter), now: 90 * Self.second)
        #expect(flow.phase == .question)
        #expect(flow.secondsLeft(now: 90 * Self.second) == flow.secondsAllowed)
    }

    @Test func afterACommonStartTheClockRunsOnTheBannerWithItsWarningsAndItsTimeOut() {
        let exam = ExamFixtures.capitals
        var flow = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8, waitsForOpening: true)
        // Opened at 100 s; the student locks at 130 s and stays on the banner.
        _ = flow.update(.sittingOpened(secondsAgo: 0), now: 100 * Self.second)
        _ = flow.update(.consentRequested(ConsentRequest(title: "Capitals", maximumHours: 8)), now: 100 * Self.second)
        _ = flow.update(.key(.character("y")), now: 130 * Self.second)
        _ = flow.update(.attemptStarted(id: "a-1"), now: 130 * Self.second)
        #expect(flow.phase == .startBanner)
        #expect(flow.secondsLeft(now: 130 * Self.second) == flow.secondsAllowed - 30)
        #expect(flow.update(.tick, now: 340 * Self.second).logged == [.timerWarning(minutesLeft: 1)])
        #expect(flow.update(.tick, now: 400 * Self.second).submissions == [.timeUp])
    }

    @Test func theLocksEndIsAnnouncedAtTheClocksMarksWhenItComesBeforeTheExamsTimeOut() {
        // An hour allowed, the lock at most half an hour: it ends the exam at 1801 s.
        var flow = Self.flow(seconds: 3600, lockHours: 0.5)
        _ = flow.update(.key(.enter), now: 0)
        _ = flow.update(.attemptStarted(id: "a-1"), now: Self.second)
        _ = flow.update(.key(.enter), now: Self.second)
        #expect(flow.update(.tick, now: 1200 * Self.second).withoutSaves.isEmpty)
        #expect(flow.update(.tick, now: 1201 * Self.second).withoutSaves == [.log(.lockEndWarning(minutesLeft: 10))])
        #expect(flow.notice?.text == "The lock ends in 10 minutes: your answers are submitted then.")
        #expect(flow.update(.tick, now: 1501 * Self.second).withoutSaves == [.log(.lockEndWarning(minutesLeft: 5))])
        #expect(flow.update(.tick, now: 1741 * Self.second).withoutSaves == [.log(.lockEndWarning(minutesLeft: 1))])
        #expect(flow.notice?.text == "The lock ends in one minute: your answers are submitted then.")
        #expect(flow.update(.tick, now: 1800 * Self.second).withoutSaves.isEmpty)
        #expect(flow.update(.tick, now: 1801 * Self.second).submissions == [.lockExpired])
    }

    @Test func whenTheExamsTimeRunsOutFirstOnlyItsOwnWarningsAreGiven() {
        // Five minutes allowed, the lock at most six: the clock's warning, none of the lock's.
        var flow = Self.flow(lockHours: 0.1)
        _ = flow.update(.key(.enter), now: 0)
        _ = flow.update(.attemptStarted(id: "a-1"), now: 0)
        _ = flow.update(.key(.enter), now: 0)
        var logged: [SessionEvent] = []
        for second in 1...300 { logged += flow.update(.tick, now: UInt64(second) * Self.second).logged }
        #expect(logged == [.timerWarning(minutesLeft: 1)])
        #expect(flow.phase == .submitting)
    }
}
