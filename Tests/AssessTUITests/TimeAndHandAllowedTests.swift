import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// Raising a hand (F12), hiding the countdown (Ctrl-O) and asking the time left (Ctrl-T) are
/// off unless the exam lists them (`raise-hand`, `hide-timer`, `time-left`) and the proctor
/// leaves them allowed: a key that is not allowed changes nothing, logs nothing, and says on
/// the notice line that the exam does not allow it; neither the footer nor F1 help names it.
@Suite("The tools of time and the raised hand, off unless allowed")
struct TimeAndHandAllowedTests {
    static let s: UInt64 = 1_000_000_000

    /// The essays exam without the three restrictions.
    static let unlisted: Exam = {
        var exam = ExamFixtures.essays
        exam.restrictions = []
        return exam
    }()

    static func screen(_ flow: ExamFlow, now: UInt64) -> [String] {
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: now, into: &grid)
        return grid.lines()
    }

    /// The flows to try: the exam does not list them; it lists them and the proctor denied
    /// each (at launch or in the roster, as a restriction state).
    static func refusingFlows() -> [(String, ExamFlow)] {
        [
            ("not listed", FlowFixtures.onFirstQuestion(of: unlisted)),
            (
                "denied",
                FlowFixtures.onFirstQuestion(
                    of: ExamFixtures.essays,
                    restrictionStates: ["raise-hand": false, "hide-timer": false, "time-left": false])
            ),
        ]
    }

    @Test func aKeyNotAllowedChangesNothingLogsNothingAndSaysTheExamDoesNotAllowIt() {
        for (name, start) in Self.refusingFlows() {
            var flow = start
            let hand = flow.update(.key(ExamFlow.raiseHandKey), now: 2 * Self.s)
            #expect(hand.logged.isEmpty, "\(name)")
            #expect(flow.hand == .down, "\(name)")
            #expect(
                flow.notice?.text == "This exam does not let you raise a hand with F12: raise it in the room.",
                "\(name)")
            let timer = flow.update(.key(ExamFlow.hideTimerKey), now: 3 * Self.s)
            #expect(timer.logged.isEmpty, "\(name)")
            #expect(!flow.timerHidden, "\(name)")
            #expect(flow.notice?.text == "This exam does not let you hide the countdown.", "\(name)")
            let asked = flow.update(.key(ExamFlow.timeLeftKey), now: 4 * Self.s)
            #expect(asked.logged.isEmpty, "\(name)")
            #expect(flow.notice?.text == "This exam does not let you ask for the time left.", "\(name)")
            let header = Self.screen(flow, now: 60 * Self.s)[0]
            #expect(header.hasSuffix("Time left 09:00 ") && !header.contains("hand"), "\(name): \(header)")
        }
    }

    @Test func neitherTheFooterNorTheHelpNamesAKeyNotAllowed() {
        for (name, flow) in Self.refusingFlows() {
            let footer = Self.screen(flow, now: Self.s).last ?? ""
            #expect(footer.hasPrefix(" Tab next  ^U undo  F4 review & submit ") && !footer.contains("F12"), "\(footer)")
            let help = HelpScreen.keys(of: .question, in: flow).map(\.0)
            for key in ["F12", "Ctrl-O", "Ctrl-T"] { #expect(!help.contains(key), "\(name): \(help)") }
        }
        let allowed = FlowFixtures.onFirstQuestion(of: ExamFixtures.essays)
        let help = HelpScreen.keys(of: .question, in: allowed).map(\.0)
        for key in ["F12", "Ctrl-O", "Ctrl-T"] { #expect(help.contains(key), "\(help)") }
        #expect((Self.screen(allowed, now: Self.s).last ?? "").contains("F4 review & submit  F12 hand up  "))
    }

    /// Each is allowed on its own: the hand without the tools of time, and so on.
    @Test func eachIsAllowedOnItsOwn() {
        var hand = FlowFixtures.onFirstQuestion(
            of: ExamFixtures.essays, restrictionStates: ["hide-timer": false, "time-left": false])
        #expect(hand.update(.key(ExamFlow.raiseHandKey), now: Self.s).logged == [.handRaised(raised: true)])
        #expect(hand.update(.key(ExamFlow.timeLeftKey), now: 2 * Self.s).logged.isEmpty)
        var time = FlowFixtures.onFirstQuestion(of: ExamFixtures.essays, restrictionStates: ["raise-hand": false])
        #expect(
            time.update(.key(ExamFlow.timeLeftKey), now: Self.s).logged == [
                .toolUsed(tool: "time-left", action: "asked", questionID: nil)
            ])
        #expect(time.update(.key(ExamFlow.raiseHandKey), now: 2 * Self.s).logged.isEmpty)
    }

    /// With the countdown hidden and the time left not allowed, the notice does not send the
    /// student to Ctrl-T; nor does the accommodation's, which keeps working as before.
    @Test func aHiddenCountdownWithoutTimeLeftSaysOnlyThatTheWarningsStillCome() {
        var flow = FlowFixtures.onFirstQuestion(of: ExamFixtures.essays, restrictionStates: ["time-left": false])
        _ = flow.update(.key(ExamFlow.hideTimerKey), now: Self.s)
        #expect(flow.notice?.text == "Countdown hidden until the last 5 minutes; the warnings still come.")
        var accommodated = FlowFixtures.onFirstQuestion(
            of: ExamFixtures.essays, restrictionStates: ["time-left": false], settings: [.noCountdown])
        #expect(accommodated.update(.key(ExamFlow.hideTimerKey), now: Self.s).logged.isEmpty)
        #expect(
            accommodated.notice?.text == "The countdown stays hidden (an accommodation); the warnings still come.")
        #expect(Self.screen(accommodated, now: 60 * Self.s)[0].hasSuffix("time hidden "))
    }

    /// The notice line holds one line (cut with "…" past it): every notice without
    /// placeholders, the tools' refusals among them, fits it at 80 columns in every language.
    @Test(arguments: InterfaceLanguage.allCases)
    func everyFixedNoticeFitsTheNoticeLineAt80Columns(_ language: InterfaceLanguage) {
        let width = 80 - 2 * ScreenKit.margin
        for (key, text) in Catalogue.of(language).entries where key.hasPrefix("notice.") && !text.contains("{") {
            #expect(text.displayWidth <= width, "\(language.rawValue) \(key): \(text.displayWidth) cells")
        }
    }
}
