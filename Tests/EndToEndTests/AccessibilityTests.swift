import AssessTestSupport
import Foundation
import Testing

/// The accessibility settings in the real binary in tmux: each visibly changes the
/// screen (captured with its attributes), `NO_COLOR` and a terminal without colours
/// write no colour at all, the screen reader's layout draws no lines and keeps the
/// cursor on the focused choice, and a student switches high contrast where the policy
/// allows it and cannot where it does not.
@Suite("Accessibility settings in a real terminal", .ownThread)
struct AccessibilityTests {
    static let exam = "Exams/geography.yaml"
    static let lineDrawing = Set("─│┌┐└┘╭╮╰╯├┤┬┴┼━┃")

    /// A practice sitting of the geography quiz with `flags`, on its welcome screen.
    static func practice(_ flags: String = "") throws -> TerminalUnderTest {
        let terminal = try TerminalUnderTest("take \(exam) --candidate a-1 --practice \(flags)")
        try terminal.waitFor("Exam key")
        return terminal
    }

    /// From the welcome screen of a practice sitting to its first question.
    static func toTheFirstQuestion(_ terminal: TerminalUnderTest) throws -> String {
        try terminal.press("Enter")
        try terminal.waitFor("Practice: this terminal is not locked")
        try terminal.press("Enter")
        return try terminal.waitFor("What is the capital of Canada?")
    }

    /// On the first question: F9, high contrast switched on, and back to the question.
    static func switchHighContrastOn(_ terminal: TerminalUnderTest) throws {
        try terminal.waitFor("F9 settings")
        try terminal.press("F9")
        try terminal.waitFor("High contrast            off")
        try terminal.press("Space")
        try terminal.waitFor("High contrast            on")
        try terminal.press("Escape")
        try terminal.waitFor("What is the capital of Canada?")
    }

    /// Every colour an SGR sequence in `text` sets (30–37, 40–47, 90–97, 100–107, 38;…,
    /// 48;…, and the defaults 39 and 49), as the parameters that set them.
    static func colourParameters(in text: String) -> [String] {
        let expression = try! Regex(#"\x1B\[([0-9;]*)m"#)
        return text.matches(of: expression).flatMap { match -> [String] in
            let parameters = String(text[match.range].dropFirst(2).dropLast()).split(separator: ";").compactMap {
                Int($0)
            }
            return parameters.filter { (30...49).contains($0) || (90...107).contains($0) }.map(String.init)
        }
    }

    /// The cursor's row and column in the window.
    static func cursor(_ terminal: TerminalUnderTest) throws -> (row: Int, column: Int) {
        let parts = try terminal.tmux("display", "-p", "#{cursor_y} #{cursor_x}")
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard parts.count == 2 else { throw TestFailure("tmux did not say where the cursor is") }
        return (parts[0], parts[1])
    }

    /// Waits until the text from the cursor to the end of its line starts with `text`
    /// (tmux may show a frame's text before the cursor's move at its end); returns that line.
    @discardableResult
    static func waitForCursor(
        at text: String, in terminal: TerminalUnderTest, seconds: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var line = ""
        while Date() < deadline {
            let lines = try terminal.screen().components(separatedBy: "\n")
            let cursor = try Self.cursor(terminal)
            line = lines.indices.contains(cursor.row) ? lines[cursor.row] : ""
            if line.dropFirst(cursor.column).hasPrefix(text) { return line }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the cursor's line was \"\(line)\", not one at \"\(text)\"", sourceLocation: sourceLocation)
        throw TestFailure("the cursor is not at \(text)")
    }

    @Test func eachSettingVisiblyChangesTheScreen() throws {
        let standard = try Self.practice()
        let standardWelcome = try standard.styledScreen()
        let standardQuestion = try Self.toTheFirstQuestion(standard)
        #expect(standardWelcome.contains("\u{1B}[36m"), "the standard welcome has a coloured title")
        #expect(!(try standard.styledScreen()).contains("\u{1B}[40m"))

        let highContrast = try Self.practice("--high-contrast")
        _ = try Self.toTheFirstQuestion(highContrast)
        // White on black everywhere, the header in bold.
        let contrasted = try highContrast.styledScreen()
        #expect(contrasted.contains("\u{1B}[37m\u{1B}[40m"))
        #expect(contrasted.hasPrefix("\u{1B}[1;7m"))

        let noColour = try Self.practice("--no-colour")
        #expect(Self.colourParameters(in: try noColour.styledScreen()).allSatisfy { $0 == "39" || $0 == "49" })
        #expect(try noColour.screen().contains("Geography quiz"))

        let reducedMotion = try Self.practice("--reduced-motion")
        let byTheMinute = try Self.toTheFirstQuestion(reducedMotion)
        #expect(byTheMinute.contains("Time left 10 min"))
        #expect(!standardQuestion.contains("Time left 10 min"))

        let screenReader = try Self.practice("--screen-reader")
        let linear = try Self.toTheFirstQuestion(screenReader)
        #expect(linear.contains("Question 1 of 4, not answered. Practice. 10 minutes left."))
        #expect(!linear.contains { Self.lineDrawing.contains($0) })
        #expect(standardQuestion.contains { Self.lineDrawing.contains($0) })

        let spacious = try Self.practice("--larger-spacing")
        let spaced = try Self.toTheFirstQuestion(spacious).components(separatedBy: "\n")
        let first = try #require(spaced.firstIndex { $0.hasPrefix("    ( ) 1. ") })
        #expect(spaced[first + 1].allSatisfy { $0.isWhitespace })
        #expect(spaced[first + 2].hasPrefix("    ( ) 2. "))
    }

    @Test func withReducedMotionSigtermStillEndsTheSittingWithinSeconds() throws {
        // The clock draws by the minute; the loop must still wake to notice the signal.
        let terminal = try Self.practice("--reduced-motion")
        _ = try Self.toTheFirstQuestion(terminal)
        Thread.sleep(forTimeInterval: 1)
        kill(try #require(try terminal.assessPID()), SIGTERM)
        #expect(try terminal.exitStatus(seconds: 5) == 1)
    }

    @Test func withReducedMotionNothingIsWrittenBetweenMinutesWhileTheStandardClockTicks() throws {
        let scratch = try TemporaryDirectory("assess-e2e-reduced-motion")
        for (flags, ticks) in [("--reduced-motion", false), ("", true)] {
            let terminal = try Self.practice(flags)
            _ = try Self.toTheFirstQuestion(terminal)
            // Every byte the program writes from here on, for 2.5 s.
            let output = scratch.file("output\(flags)")
            try terminal.tmux("pipe-pane", "-o", "cat >> '\(output)'")
            Thread.sleep(forTimeInterval: 2.5)
            try terminal.tmux("pipe-pane")
            let written = (try? Data(contentsOf: URL(fileURLWithPath: output)))?.count ?? 0
            #expect((written > 0) == ticks, "\(flags.isEmpty ? "standard" : flags): \(written) bytes in 2.5 s")
        }
    }

    @Test func noColorAndATerminalWithoutColoursWriteNoColourSequence() throws {
        // Everything the program writes is recorded from its first byte: it starts once
        // tmux pipes the pane to a file.
        let scratch = try TemporaryDirectory("assess-e2e-no-color")
        let assess = try BuiltProducts.path(of: "assess")
        // tmux sets TERM in its window whatever it is told, so `env` sets it for the program.
        for setting in ["NO_COLOR=1", "TERM=xterm-mono", "TERM=vt100"] {
            let output = scratch.file("output-\(setting)")
            let terminal = try TerminalUnderTest(
                "take \(Self.exam) --candidate a-2 --practice",
                program: "while [ ! -e '\(output)' ]; do sleep 0.05; done; env \(setting) \(assess)")
            try terminal.tmux("pipe-pane", "-o", "cat >> '\(output)'")
            try terminal.waitFor("Exam key")
            _ = try Self.toTheFirstQuestion(terminal)
            // Tab past the last question reaches the review (each terminal type names F4 differently).
            try terminal.press("Tab", "Tab", "Tab", "Tab")
            try terminal.waitFor("Review before submitting")
            let written = try String(contentsOfFile: output, encoding: .utf8)
            #expect(written.contains("Review before submitting"))
            #expect(Self.colourParameters(in: written).isEmpty, "\(setting): colour written")
        }
    }

    @Test func theScreenReaderLayoutDrawsNoLinesAndKeepsTheCursorOnTheFocusedChoice() throws {
        let terminal = try Self.practice("--screen-reader")
        #expect(!(try terminal.screen()).contains { Self.lineDrawing.contains($0) })
        _ = try Self.toTheFirstQuestion(terminal)
        // The whole screen reads in logical order: the state in words, the question, its
        // choices one to a line, the keys; no columns, no boxes.
        try terminal.waitForWrittenLines(
            [
                " Question 1 of 4, not answered. Practice. 10 minutes left.",
                "",
                "  1 point",
                "",
                "  What is the capital of Canada?",
                "",
                "  1. Vancouver",
                "  2. Montreal",
                "  3. Toronto",
                "  4. Ottawa",
            ] + Array(repeating: "", count: 19) + [
                " Tab next  ↑↓ move  Space choose  F4 review & submit  Shift-Tab back          F9 settings  F1 help"
            ])
        try Self.waitForCursor(at: "1. ", in: terminal)
        try terminal.press("Down")
        try terminal.press("Space")
        try terminal.waitFor("Question 1 of 4, answered.")
        let chosen = try Self.waitForCursor(at: "2. ", in: terminal)
        #expect(chosen.hasSuffix(", chosen"))
        try terminal.press("F4")
        let review = try terminal.waitFor("Review before submitting")
        try Self.waitForCursor(at: "1. answered: What is the capital of Canada?", in: terminal)
        #expect(!review.contains { Self.lineDrawing.contains($0) })
    }

    @Test func theProctorSetsSettingsByFlagAndOnTheLaunchScreenAndTheAttemptKeepsAndLogsThem() throws {
        let setup = try ProctorTests.Setup()
        let terminal = try TerminalUnderTest(
            "launch \(Self.exam) --candidate a-6 --screen-reader", policy: setup.policy)
        try terminal.answer("Proctor password:", with: ProctorTests.password)
        try terminal.waitFor("Proctor: before the hand-over")
        // The last row is no countdown timer; five up is high contrast. The rows scroll.
        for _ in 0..<30 { try terminal.press("Down") }
        try terminal.waitFor("Accessibility: screen-reader layout on")
        for _ in 0..<5 { try terminal.press("Up") }
        try terminal.press("Space")
        try terminal.waitFor("Accessibility: high contrast        on")
        try terminal.press("Enter")
        try terminal.acceptTheLock()
        let question = try terminal.waitFor("Question 1 of 4, not answered.")
        #expect(!question.contains { Self.lineDrawing.contains($0) })
        #expect(try terminal.styledScreen().contains("\u{1B}[37m\u{1B}[40m"))
        let attempt = try #require(try terminal.store().attempts(exam: "geography-quiz").first)
        #expect(attempt.settings.contains(#""accessibility":["high-contrast","screen-reader"]"#))
        let log = try terminal.assessCommand(["log", "--attempt", attempt.id]).output
        #expect(log.contains("accessibility.set\tby=proctor enabled=high-contrast,screen-reader"))
    }

    @Test func aSettingSwitchedInsideTheExamIsBackAfterACrashAndResume() throws {
        let setup = try ProctorTests.Setup()
        let first = try TerminalUnderTest("take \(Self.exam) --candidate a-7", policy: setup.policy)
        try first.acceptTheLock()
        try Self.switchHighContrastOn(first)
        let pid = try #require(try first.assessPID())
        kill(pid, SIGKILL)
        try first.waitUntilAssessIsGone()

        let second = try TerminalUnderTest(
            "resume \(Self.exam) --candidate a-7", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: setup.policy)
        try second.answer("Proctor password:", with: ProctorTests.password)
        try second.acceptTheLock()
        try second.waitFor("What is the capital of Canada?")
        #expect(try second.styledScreen().contains("\u{1B}[37m\u{1B}[40m"))
        let log = try second.assessCommand(["log"]).output
        #expect(log.contains("accessibility.set\tby=attempt enabled=high-contrast"), "\(log)")
    }

    @Test func aStudentSwitchesHighContrastWhereThePolicyAllowsItAndCannotWhereItDoesNot() throws {
        let allowed = try TerminalUnderTest("take \(Self.exam) --candidate a-3")
        try allowed.acceptTheLock()
        try Self.switchHighContrastOn(allowed)
        #expect(try allowed.styledScreen().contains("\u{1B}[37m\u{1B}[40m"))
        let log = try allowed.assessCommand(["log"])
        #expect(log.output.contains("accessibility.changed"))
        #expect(log.output.contains("high-contrast"))

        let scratch = try TemporaryDirectory("assess-e2e-student-settings")
        let policy = scratch.file("policy.yaml")
        try "student-settings: none\n".write(toFile: policy, atomically: true, encoding: .utf8)
        let refused = try TerminalUnderTest("take \(Self.exam) --candidate a-4", policy: policy)
        try refused.acceptTheLock()
        try refused.waitFor("What is the capital of Canada?")
        #expect(!(try refused.screen()).contains("F9"))
        try refused.press("F9")
        try refused.waitFor("Settings cannot be changed during this exam; ask your proctor.")
        #expect(!(try refused.styledScreen()).contains("\u{1B}[40m"))
        #expect(!(try refused.assessCommand(["log"])).output.contains("accessibility.changed"))

        // Nor can the student choose it when the sitting starts.
        let atTake = try refused.assessCommand(["take", Self.exam, "--candidate", "a-5", "--high-contrast"])
        #expect(atTake.status == 1)
        #expect(atTake.output.contains("does not let the student choose high contrast"))
    }
}
