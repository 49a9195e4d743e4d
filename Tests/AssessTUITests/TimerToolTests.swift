import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// The countdown the student hides (Ctrl-O) and the time left they ask for (Ctrl-T): the
/// header says "time hidden", the warnings still come, the last five minutes show it again;
/// the log says each was used.
@Suite("Hiding the countdown and asking the time left")
struct TimerToolTests {
    static let s: UInt64 = 1_000_000_000

    /// The capitals exam (five minutes) is too short to hide: the essays exam has ten.
    static func onQuestion(settings: Set<AccessibilityOption> = []) -> ExamFlow {
        FlowFixtures.onFirstQuestion(of: ExamFixtures.essays, settings: settings)
    }

    static func header(_ flow: ExamFlow, now: UInt64) -> String {
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: now, into: &grid)
        return grid.lines()[0]
    }

    @Test func ctrlOHidesTheCountdownUntilTheLastFiveMinutesAndTheWarningsStillCome() {
        var flow = Self.onQuestion()
        let hidden = flow.update(.key(ExamFlow.hideTimerKey), now: Self.s)
        #expect(hidden.logged == [.toolUsed(tool: "timer", action: "hidden", questionID: nil)])
        #expect(Self.header(flow, now: 60 * Self.s).hasSuffix("time hidden "))
        #expect(!Self.header(flow, now: 60 * Self.s).contains("Time left"))
        // Ten minutes allowed: the 5-minute warning at 300 s, and the clock shows again.
        #expect(flow.update(.tick, now: 300 * Self.s).logged == [.timerWarning(minutesLeft: 5)])
        #expect(flow.timeWarning == "5 minutes left.")
        #expect(Self.header(flow, now: 300 * Self.s).hasSuffix("Time left 05:00 "))
        #expect(Self.header(flow, now: 299 * Self.s).hasSuffix("time hidden "))
    }

    @Test func ctrlOAgainShowsTheCountdown() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.hideTimerKey), now: Self.s)
        let shown = flow.update(.key(ExamFlow.hideTimerKey), now: 2 * Self.s)
        #expect(shown.logged == [.toolUsed(tool: "timer", action: "shown", questionID: nil)])
        #expect(Self.header(flow, now: 60 * Self.s).hasSuffix("Time left 09:00 "))
        #expect(flow.notice?.text == "Countdown shown again.")
    }

    @Test func ctrlTSaysTheTimeLeftInWordsAndTheLogSaysItWasAsked() {
        var flow = Self.onQuestion()
        let asked = flow.update(.key(ExamFlow.timeLeftKey), now: 61 * Self.s)
        #expect(asked.logged == [.toolUsed(tool: "time-left", action: "asked", questionID: nil)])
        #expect(flow.notice?.text == "Time left: 9 minutes.")
        // In the last minute, seconds (past the one-minute warning, which a key dismisses).
        _ = flow.update(.tick, now: 541 * Self.s)
        _ = flow.update(.key(ExamFlow.timeLeftKey), now: 570 * Self.s)
        #expect(flow.notice?.text == "Time left: 30 seconds.")
    }

    @Test func inTheScreenReadersLayoutTheHeaderSaysTheTimeIsHidden() {
        var flow = Self.onQuestion(settings: [.screenReader])
        _ = flow.update(.key(ExamFlow.hideTimerKey), now: Self.s)
        #expect(Self.header(flow, now: 60 * Self.s).contains("Time hidden."))
    }

    @Test func theHelpListsBothKeysAndSaysWhatCtrlODoesNow() {
        var flow = Self.onQuestion()
        let before = HelpScreen.keys(of: .question, in: flow)
        #expect(before.contains { $0 == ("Ctrl-T", "say the time left on the notice line") })
        #expect(before.contains { $0.0 == "Ctrl-O" && $0.1.hasPrefix("hide the countdown") })
        _ = flow.update(.key(ExamFlow.hideTimerKey), now: Self.s)
        #expect(HelpScreen.keys(of: .question, in: flow).contains { $0 == ("Ctrl-O", "show the countdown again") })
    }

    @Test func theNoCountdownAccommodationKeepsItHiddenToTheEndWithTheWarnings() {
        var flow = Self.onQuestion(settings: [.noCountdown])
        #expect(Self.header(flow, now: 60 * Self.s).hasSuffix("time hidden "))
        #expect(flow.update(.tick, now: 540 * Self.s).logged == [.timerWarning(minutesLeft: 1)])
        #expect(flow.timeWarning == "One minute left.")
        #expect(Self.header(flow, now: 580 * Self.s).hasSuffix("time hidden "))
        // Ctrl-O cannot show it; Ctrl-T still tells the time left.
        #expect(flow.update(.key(ExamFlow.hideTimerKey), now: 581 * Self.s).logged.isEmpty)
        #expect(flow.notice?.text == "The countdown stays hidden (an accommodation); Ctrl-T tells the time left.")
        #expect(Self.header(flow, now: 582 * Self.s).hasSuffix("time hidden "))
        _ = flow.update(.key(ExamFlow.timeLeftKey), now: 585 * Self.s)
        #expect(flow.notice?.text == "Time left: 15 seconds.")
        #expect(!HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "Ctrl-O" })
    }
}
