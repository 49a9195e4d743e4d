import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// The accessibility settings inside the flow and on its screens: the clock by the
/// minute, the help screen and the student's own switches (allowed and refused, each
/// logged). The styles and palette each asks for are in the golden screens' style layers.
@Suite("Accessibility settings")
struct AccessibilityTests {
    static let second: UInt64 = 1_000_000_000

    /// A locked flow on the first question of `exam` with `settings`, of which the
    /// student may switch `switchable`.
    static func flow(
        _ exam: Exam = ExamFixtures.capitals, settings: Set<AccessibilityOption> = [],
        switchable: Set<AccessibilityOption> = [], size: TerminalSize = TerminalSize(columns: 80, rows: 24)
    ) -> ExamFlow {
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8, size: size,
            accessibility: AccessibilitySettings(settings), studentMaySwitch: switchable)
        FlowFixtures.begin(&flow)
        return flow
    }

    static func render(_ flow: ExamFlow, now: UInt64 = 0) -> CellGrid {
        var grid = CellGrid(size: flow.size)
        ExamScreens.render(flow, now: now, into: &grid)
        return grid
    }

    // How each setting styles a screen (no colour, high contrast, both) is in the golden
    // screens' style layers: the walks `no-colour-review`, `high-contrast-single-choice`,
    // `high-contrast-review` and `high-contrast-no-colour-review` in WholeScreenTests.

    @Test func reducedMotionKeepsTheCursorSteadyAndTheClockByTheMinuteUntilTheLastMinute() throws {
        let flow = Self.flow(settings: [.reducedMotion])
        let grid = Self.render(flow, now: 30 * Self.second + 1)
        #expect(grid.steadyCursor)
        #expect(!Self.render(Self.flow(), now: 0).steadyCursor)
        #expect(grid.lines()[0].contains("Time left 5 min"))
        // Between 4:59 and 4:01 left nothing on screen changes, so nothing is written.
        #expect(Self.render(flow, now: 59 * Self.second) == Self.render(flow, now: 1 * Self.second))
        #expect(Self.render(flow, now: 60 * Self.second).lines()[0].contains("Time left 4 min"))
        #expect(Self.render(Self.flow(), now: 59 * Self.second) != Self.render(Self.flow(), now: 1 * Self.second))
        // In the last minute the clock shows the seconds again.
        #expect(Self.render(flow, now: 250 * Self.second).lines()[0].contains("Time left 00:50"))
    }

    @Test func withTheClockByTheMinuteTheLoopSleepsUntilTheMinuteShownChangesAndSavesTheProgressWhenAwake() {
        for settings: Set<AccessibilityOption> in [[.reducedMotion], [.screenReader]] {
            var flow = Self.flow(settings: settings)
            // The progress is saved at 58 s; 242 s are left, "5 min" until 240.
            #expect(flow.update(.tick, now: 58 * Self.second).saves.compactMap(\.progress).count == 1)
            #expect(flow.untilNextTick(now: 58 * Self.second) == .seconds(2))
            // Then "4 min" until 180 s are left: the loop sleeps until 120 s, not until the
            // progress would be due (63 s), and saves the progress when the minute changes.
            _ = flow.update(.tick, now: 60 * Self.second)
            #expect(flow.untilNextTick(now: 61 * Self.second) == .seconds(59))
            #expect(flow.update(.tick, now: 120 * Self.second).saves.compactMap(\.progress).map(\.secondsUsed) == [120])
            // A key wakes it too: the progress goes with it once 5 s have passed since the last.
            #expect(flow.update(.key(.down), now: 122 * Self.second).saves.compactMap(\.progress).isEmpty)
            #expect(flow.update(.key(.up), now: 125 * Self.second).saves.compactMap(\.progress).count == 1)
            // In the last minute the seconds show again: every second.
            _ = flow.update(.tick, now: 250 * Self.second)
            #expect(flow.untilNextTick(now: 250 * Self.second + Self.second / 2) == .milliseconds(500))
        }
        // The standard look's clock shows the seconds.
        var standard = Self.flow()
        _ = standard.update(.tick, now: 63 * Self.second)
        #expect(standard.untilNextTick(now: 63 * Self.second + Self.second / 4) == .milliseconds(750))
        // A notice ends within seconds: every second while it shows.
        var noticed = Self.flow(settings: [.reducedMotion])
        _ = noticed.update(.pasteRejected(characters: 3), now: 63 * Self.second)
        #expect(noticed.notice != nil)
        #expect(noticed.untilNextTick(now: 63 * Self.second) <= .seconds(1))
    }

    @Test func underReducedMotionABreakCountsDownByTheMinuteAndTheLoopSleepsUntilTheMinuteShownChanges() {
        func breakFlow(_ settings: Set<AccessibilityOption>, clock: ManualClock) -> ExamFlow {
            let exam = ExamFixtures.capitals
            var flow = ExamFlow(
                sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
                candidate: "c-1", practice: false, maximumLockHours: 8, breaks: BreakAllowance(count: 1, minutes: 10),
                size: TerminalSize(columns: 80, rows: 24), accessibility: AccessibilitySettings(settings))
            FlowFixtures.begin(&flow, now: clock.monotonicNanoseconds)
            clock.advance(by: 10)
            _ = flow.update(.key(.function(6)), now: clock.monotonicNanoseconds)
            _ = flow.update(.key(.character("y")), now: clock.monotonicNanoseconds)
            return flow
        }
        let clock = ManualClock(monotonicNanoseconds: 0)
        var flow = breakFlow([.reducedMotion], clock: clock)
        // The break ends at 610 s. At 300 s the progress is saved and 310 s are left:
        // "6 minutes" until 300 s are left, and the loop sleeps until then (the progress waits
        // for that wake).
        clock.advance(by: 290)
        #expect(flow.update(.tick, now: clock.monotonicNanoseconds).saves.compactMap(\.progress).count == 1)
        #expect(flow.untilNextTick(now: clock.monotonicNanoseconds) == .seconds(10))
        #expect(
            Self.render(flow, now: clock.monotonicNanoseconds)
                == Self.render(flow, now: clock.monotonicNanoseconds + 9 * Self.second))
        #expect(
            Self.render(flow, now: clock.monotonicNanoseconds)
                != Self.render(flow, now: clock.monotonicNanoseconds + 10 * Self.second))
        // At 548 s, 62 s are left: the minutes shown change in 2 s, before the next save.
        clock.advance(by: 248)
        _ = flow.update(.tick, now: clock.monotonicNanoseconds)
        #expect(flow.untilNextTick(now: clock.monotonicNanoseconds) == .seconds(2))
        // In the last minute the seconds show, and change every second.
        clock.advance(by: 3.5)
        #expect(flow.untilNextTick(now: clock.monotonicNanoseconds) <= .seconds(1))
        // The standard look counts the seconds all along.
        let standardClock = ManualClock(monotonicNanoseconds: 0)
        var standard = breakFlow([], clock: standardClock)
        standardClock.advance(by: 290)
        _ = standard.update(.tick, now: standardClock.monotonicNanoseconds)
        #expect(standard.untilNextTick(now: standardClock.monotonicNanoseconds) <= .seconds(1))
        #expect(
            Self.render(standard, now: standardClock.monotonicNanoseconds)
                != Self.render(standard, now: standardClock.monotonicNanoseconds + Self.second))
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func theSettingsKeyShowsInTheQuestionFooterAt80ColumnsWhateverElseItHolds(_ language: InterfaceLanguage) {
        let text = Catalogue.of(language)
        let pinned = "F9 \(text("key.settings"))  F1 \(text("key.help"))"
        // The choice question, and the text answer with F7, ^N and F8.
        for tabs in [0, 2] {
            let walk = WholeScreenTests.Walk(
                "footer", studentMaySwitch: [.highContrast], suggests: true,
                WholeScreenTests.onQuestion
                    + Array(repeating: (FlowEvent.key(.tab), 3 * Self.second), count: tabs))
            let lines = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language)
                .lines(trimmingTrailingSpaces: true)
            #expect(lines[23].hasSuffix(pinned), "\(language.rawValue), question \(tabs + 1): \(lines[23])")
        }
    }

    @Test func theScreenReaderLayoutSaysTheStateInWordsHasNoLineDrawingAndPutsTheCursorOnTheFocusedChoice() throws {
        var flow = Self.flow(settings: [.screenReader])
        _ = flow.update(.key(.character("2")), now: 0)
        _ = flow.update(.key(.function(2)), now: 0)
        let grid = Self.render(flow, now: 60 * Self.second)
        let lines = grid.lines()
        #expect(lines[0].contains("Question 1 of 3, answered, flagged. 4 minutes left."))
        let boxDrawing = Set("─│┌┐└┘╭╮╰╯├┤┬┴┼━┃")
        #expect(!lines.joined().contains { boxDrawing.contains($0) })
        let cursor = try #require(grid.cursor)
        #expect(lines[cursor.row].dropFirst(cursor.column).hasPrefix("2. Toronto, chosen"))
    }

    /// Fenrir reads `XD` anywhere in a line as "LOL": the receipt code `9PXD-…` was heard
    /// as "9P LOL". Spelled a character at a time, every character is heard as itself.
    @Test func theScreenReaderLayoutSpellsTheReceiptCodeOnScreenAndInPrint() throws {
        for settings: Set<AccessibilityOption> in [[], [.screenReader]] {
            var flow = Self.flow(settings: settings)
            for key: Key in [.function(4), .character("s"), .character("y")] {
                _ = flow.update(.key(key), now: 0)
            }
            let receipt = ReceiptInfo(code: "9PXD-QRTC-5ZZY", submittedAt: "2026-11-26 11:30", reason: .student)
            _ = flow.update(.submitted(receipt, problem: nil), now: Self.second)
            _ = flow.update(.key(.enter), now: Self.second)
            let shown = settings.isEmpty ? "9PXD-QRTC-5ZZY" : "9 P X D - Q R T C - 5 Z Z Y"
            let line = try #require(Self.render(flow).lines().first { $0.contains("Receipt ") })
            #expect(
                line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                    .contains("Receipt " + shown), "\(line)")
            guard case .exit(.submitted(let printed?))? = flow.update(.key(.enter), now: Self.second).first else {
                Issue.record("Enter on the receipt did not leave with the printed receipt")
                continue
            }
            #expect(printed.lines(in: Catalogue.of(.english)).contains { $0.hasSuffix("  " + shown) })
        }
    }

    @Test func theCursorSitsOnTheHighlightedRowOfTheReviewListInEveryLook() throws {
        for settings: Set<AccessibilityOption> in [[], [.screenReader]] {
            var flow = Self.flow(settings: settings)
            _ = flow.update(.key(.function(4)), now: 0)
            _ = flow.update(.key(.down), now: 0)
            let grid = Self.render(flow)
            let cursor = try #require(grid.cursor)
            #expect(grid.lines()[cursor.row].contains("2. unanswered"))
        }
    }

    @Test func theScreenReaderLayoutKeepsTheLastNoticeOnItsOwnLineAfterTheNoticeLineClears() {
        var flow = Self.flow(settings: [.screenReader])
        _ = flow.update(.key(.function(5)), now: 0)
        _ = flow.update(.tick, now: 10 * Self.second)
        #expect(flow.notice == nil)
        #expect(Self.render(flow, now: 10 * Self.second).lines()[1].contains("Notice: This exam has no scratchpad."))
        #expect(
            !Self.render(
                {
                    var plain = Self.flow()
                    _ = plain.update(.key(.function(5)), now: 0)
                    _ = plain.update(.tick, now: 10 * Self.second)
                    return plain
                }(), now: 10 * Self.second
            )
            .lines().joined().contains("scratchpad"))
    }

    @Test func largerSpacingLeavesABlankLineBetweenChoicesAndWidensTheMargins() {
        let lines = Self.render(Self.flow(settings: [.largerSpacing])).lines()
        let first = lines.firstIndex { $0.contains("1. Ottawa") }
        #expect(
            first.map { lines[$0 + 1].allSatisfy { $0.isWhitespace } && lines[$0 + 2].contains("2. Toronto") } == true)
        #expect(lines.contains { $0.hasPrefix("    ( ) 1. Ottawa") })
    }

    @Test func f1AndAQuestionMarkOutsideTextOpenTheHelpAndAQuestionMarkInTextIsTyped() {
        var flow = Self.flow()
        _ = flow.update(.key(.character("?")), now: 0)
        #expect(flow.phase == .help(returningTo: .question))
        let help = Self.render(flow).lines().joined(separator: "\n")
        for key in ["Tab or PageDown", "F4", "1 to 9", "F1 or ?"] { #expect(help.contains(key)) }
        _ = flow.update(.key(.escape), now: 0)
        #expect(flow.phase == .question)
        // The third question is a text answer: `?` is part of it, F1 opens the help.
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(.character("?")), now: 0)
        #expect(flow.phase == .question)
        #expect(flow.sitting.responses["australia"] == .shortText("?"))
        _ = flow.update(.key(.function(1)), now: 0)
        #expect(flow.phase == .help(returningTo: .question))
        #expect(Self.render(flow).lines().joined().contains("Ctrl-U / Ctrl-R"))
    }

    @Test func whatRunsUnderTheHelpGoesOnAndTheProctorsFieldsTakeAQuestionMarkAsText() {
        let s = Self.second
        // A break ends in its time under the help, which closes with it.
        let exam = ExamFixtures.capitals
        var flow = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8, breaks: BreakAllowance(count: 1, minutes: 10))
        FlowFixtures.begin(&flow)
        _ = flow.update(.key(.function(6)), now: 0)
        _ = flow.update(.key(.character("y")), now: 0)
        _ = flow.update(.key(.character("?")), now: s)
        #expect(flow.phase == .help(returningTo: .onBreak(since: 0, until: 600 * s)))
        #expect(flow.secondsLeft(now: 300 * s) == flow.secondsLeft(now: 0))
        #expect(flow.update(.tick, now: 600 * s).logged.contains(.proctor(.breakEnded(seconds: 600))))
        #expect(flow.phase == .question)

        // A consent under the help is refused when the sitting stops, as it would be on screen.
        var consent = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8)
        _ = consent.update(.key(.enter), now: 0)
        _ = consent.update(.consentRequested(ConsentRequest(title: "Capitals", maximumHours: 8)), now: 0)
        _ = consent.update(.key(.function(1)), now: 0)
        #expect(consent.update(.stop(reason: "SIGTERM"), now: s).first == .consent(granted: false))

        // In the proctor's password `?` is typed; F1 opens the help, and while it is over the
        // panel a command from the monitor is not carried out behind the proctor's back.
        var panel = Self.flow()
        _ = panel.update(.key(ExamFlow.proctorKey), now: 0)
        _ = panel.update(.key(.character("?")), now: 0)
        #expect(panel.panel?.step == .password && panel.panel?.entry.text == "?")
        _ = panel.update(.key(.function(1)), now: 0)
        #expect(panel.phase == .help(returningTo: .proctor(panel.panel!, returningTo: .question)))
        let pause = SeatCommand(
            id: 1, action: .pause, minutes: nil, message: nil, reason: "fire drill", issuedBy: "pat")
        #expect(
            panel.update(.proctorCommand(pause), now: s).logged
                == [.proctor(.commandCarriedOut(id: 1, action: "pause", by: "pat", reason: "fire drill", done: false))])
        _ = panel.update(.key(.escape), now: s)
        #expect(panel.panel?.step == .password && panel.panel?.entry.text == "?")
    }

    @Test func theHelpListsKeysTheNarrowFooterLeavesOut() {
        var flow = Self.flow(switchable: [.highContrast])
        let footer = Self.render(flow).lines().last ?? ""
        #expect(!footer.contains("F2"))
        #expect(footer.contains("F9 settings") && footer.contains("F1 help"))
        _ = flow.update(.key(.function(1)), now: 0)
        let help = Self.render(flow).lines().joined(separator: "\n")
        #expect(help.contains("F2") && help.contains("flag or unflag"))
        #expect(help.contains("F9") && help.contains("accessibility settings"))
    }

    @Test func aStudentSwitchesAnAllowedSettingAndEachSwitchIsLogged() {
        var flow = Self.flow(switchable: [.highContrast, .largerSpacing])
        _ = flow.update(.key(ExamFlow.settingsKey), now: 0)
        #expect(flow.phase == .settings(selection: 0, returningTo: .question))
        #expect(flow.update(.key(.character(" ")), now: 0) == [.log(.accessibilityChanged(.highContrast, on: true))])
        #expect(flow.accessibility.isOn(.highContrast))
        #expect(Self.render(flow).palette == .highContrast)
        #expect(flow.update(.key(.enter), now: 0) == [.log(.accessibilityChanged(.highContrast, on: false))])
        _ = flow.update(.key(.down), now: 0)
        _ = flow.update(.key(.character(" ")), now: 0)
        #expect(flow.accessibility == AccessibilitySettings([.largerSpacing]))
        // Only the settings the policy lets the student switch are listed.
        let screen = Self.render(flow).lines().joined(separator: "\n")
        #expect(
            screen.contains("High contrast") && screen.contains("Larger spacing") && !screen.contains("Screen-reader"))
        _ = flow.update(.key(.escape), now: 0)
        #expect(flow.phase == .question)
    }

    @Test func whereTheStudentMaySwitchNothingTheKeySaysSoAndChangesNothing() {
        var flow = Self.flow()
        #expect(flow.update(.key(ExamFlow.settingsKey), now: 0).isEmpty)
        #expect(flow.phase == .question)
        #expect(flow.notice?.text == "Settings cannot be changed during this exam; ask your proctor.")
        #expect(!(Self.render(flow).lines().last ?? "").contains("F9"))
    }

    @Test func theSettingsKeepTheirOldJSONReadable() throws {
        let old =
            #"{"breaks":{"count":0,"minutes":0},"disabledSuggestions":[],"extraTime":{"none":{}},"restrictionStates":{}}"#
        #expect(LaunchSettings(json: old)?.accessibility == AccessibilitySettings())
        let settings = LaunchSettings(accessibility: AccessibilitySettings([.screenReader, .noColour]))
        #expect(settings.json.contains(#""accessibility":["no-colour","screen-reader"]"#))
        #expect(LaunchSettings(json: settings.json) == settings)
    }
}
