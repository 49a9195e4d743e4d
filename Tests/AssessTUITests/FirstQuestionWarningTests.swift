import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// A warning mark the attempt passed before its first question showed (a resumed attempt
/// whose time ran low before the crash) is shown on that question, not lost.
@Suite struct FirstQuestionWarningTests {
    /// A sitting of the 5-minute capitals exam resumed with `used` seconds already gone,
    /// taken to its first question; the effects of the key that showed it.
    private func resumed(used: Int) -> (flow: ExamFlow, effects: [FlowEffect]) {
        let exam = ExamFixtures.capitals
        var flow = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8, resumedWithSecondsUsed: used)
        _ = flow.update(.key(.enter), now: 0)
        _ = flow.update(.attemptStarted(id: "a-1"), now: 0)
        let effects = flow.update(.key(.enter), now: 0)
        return (flow, effects)
    }

    @Test func aResumedAttemptWithLessThanAMinuteLeftIsWarnedOnItsFirstQuestion() {
        let (flow, effects) = resumed(used: 250)
        #expect(flow.phase == .question)
        #expect(effects.contains(.log(.timerWarning(minutesLeft: 1))))
        #expect(flow.notice?.text == "One minute left.")
        #expect(screen(flow).contains("One minute left."))
    }

    @Test func aFreshAttemptIsNotWarnedForMarksAtOrBeyondItsDuration() {
        let (flow, effects) = resumed(used: 0)
        #expect(!effects.contains { if case .log(.timerWarning) = $0 { true } else { false } })
        #expect(flow.notice == nil)
    }

    @Test func aResumedAttemptAboveEveryPassedMarkIsNotWarnedEarly() {
        // 200 s left of 300: the 1-minute mark is still ahead and warns in its time.
        let start = resumed(used: 100)
        var flow = start.flow
        #expect(!start.effects.contains { if case .log(.timerWarning) = $0 { true } else { false } })
        #expect(flow.update(.tick, now: 141 * 1_000_000_000).withoutSaves == [.log(.timerWarning(minutesLeft: 1))])
    }
}
