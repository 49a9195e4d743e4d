import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// The tools an exam gives its students, in the real binary in a real terminal (tmux) at
/// 80×24: what the student sees, what the answer becomes and what the log keeps.
@Suite("The students' tools in a real terminal", .ownThread)
struct ToolsTests {
    /// A scientific calculator and a numeric question first.
    static let exam = """
        id: speeds
        title: Speeds
        duration: 10m
        calculator: scientific
        questions:
          - id: speed
            type: numeric
            prompt: A train travels 150 km in 2 hours. What is its average speed?
            answer: 75
            unit: km/h
          - id: faster
            type: single-choice
            prompt: Which is faster?
            choices: [80 km/h, 20 m/s]
            answer: 20 m/s

        """

    @Test func theCalculatorsResultBecomesTheAnswerAndTheLogSaysSoWithoutTheExpression() throws {
        let scratch = try TemporaryDirectory("assess-e2e-calculator")
        let file = scratch.file("speeds.yaml")
        try Self.exam.write(toFile: file, atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest("take '\(file)' --candidate c-calc", width: 80, height: 24)
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 2")
        try terminal.waitFor("^K calculator")
        try terminal.press("C-k")
        try terminal.waitFor("Scientific calculator · degrees · M = 0")
        try terminal.type("150/(1+1)")
        try terminal.press("Enter")
        try terminal.waitFor("150/(1+1) = 75")
        try terminal.type("2/0")
        try terminal.press("Enter")
        let refused = try terminal.waitFor("You cannot divide by zero.")
        #expect(refused.contains("Expression: 2/0"))
        try terminal.press("C-p")
        let answered = try terminal.waitFor("Answer: 75")
        #expect(answered.contains("Your answer is now 75 (Ctrl-U undoes it)."))
        let attempt = try #require(try terminal.store().attempts(exam: "speeds", candidate: "c-calc").first)
        try terminal.waitForLog("result-copied")
        let log = try terminal.assessCommand(["log", "--attempt", attempt.id]).output
        let tools = log.split(separator: "\n").filter { $0.contains("tool.used\t") }
        #expect(tools.count == 2, "\(log)")
        let copied = "tool.used\taction=result-copied question=speed tool=calculator"
        #expect(tools.first?.hasSuffix("tool.used\taction=opened tool=calculator") == true, "\(tools)")
        #expect(tools.last?.hasSuffix(copied) == true, "\(tools)")
        #expect(!log.contains("150/") && !log.contains("2/0"), "\(log)")
        try terminal.submitAndLeaveThroughTheReceipt()
        #expect(try terminal.exitStatus() == 0)
        let responses = try terminal.store().responses(for: attempt.id)
        #expect(responses.first { $0.questionID == "speed" }?.value == Response.numeric("75").json)
    }

    @Test func theCountdownHidesAndTheTimeLeftIsToldAndBothAreLogged() throws {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-timer", width: 80, height: 24)
        try terminal.acceptTheLock()
        try terminal.waitFor("Time left 09:")
        try terminal.press("C-o")
        let hidden = try terminal.waitFor("time hidden")
        #expect(!hidden.contains("Time left"))
        #expect(hidden.contains("Countdown hidden until the last 5 minutes; Ctrl-T says the time."))
        try terminal.press("C-t")
        try terminal.waitFor("Time left: 10 minutes.")
        try terminal.press("C-o")
        try terminal.waitFor("Countdown shown again.")
        try terminal.waitFor("Time left 09:")
        let attempt = try #require(try terminal.store().attempts(exam: "geography-quiz", candidate: "c-timer").first)
        try terminal.waitForLog("action=shown")
        let tools = try terminal.assessCommand(["log", "--attempt", attempt.id]).output.split(separator: "\n")
            .filter { $0.contains("tool.used\t") }.map { String($0.split(separator: "\t").last ?? "") }
        #expect(tools == ["action=hidden tool=timer", "action=asked tool=time-left", "action=shown tool=timer"])
        kill(try #require(try terminal.assessPID()), SIGTERM)
        #expect(try terminal.exitStatus() == 1)
    }

    /// The proctor denies the raised hand and the hidden countdown at launch (the geography
    /// quiz allows both): F12 and Ctrl-O only say the exam does not allow them, the footer
    /// names no F12, the log has neither; Ctrl-T, still allowed, says the time left.
    @Test func aToolTheProctorDeniedAtLaunchOnlySaysSoAndIsNeverLogged() throws {
        let setup = try ProctorTests.Setup()
        let terminal = try TerminalUnderTest(
            "launch Exams/geography.yaml --candidate c-denied --deny raise-hand --deny hide-timer --hand-over",
            policy: setup.policy, width: 80, height: 24)
        try terminal.answer("Proctor password:", with: ProctorTests.password)
        try terminal.acceptTheLock()
        let question = try terminal.waitFor("Question 1 of 4")
        #expect(question.contains("F4 review & submit") && !question.contains("F12"), "\(question)")
        try terminal.press("F12")
        let hand = try terminal.waitFor(
            "This exam does not let you raise a hand with F12: raise it in the room.")
        #expect(!hand.contains("hand raised"), "\(hand)")
        try terminal.press("C-o")
        let timer = try terminal.waitFor("This exam does not let you hide the countdown.")
        #expect(timer.contains("Time left 09:") || timer.contains("Time left 10:00"), "\(timer)")
        try terminal.press("C-t")
        try terminal.waitFor("Time left: 10 minutes.")
        let attempt = try #require(try terminal.store().attempts(exam: "geography-quiz", candidate: "c-denied").first)
        let log = try terminal.waitForLog("tool.used")
        #expect(!log.contains("hand.raised") && !log.contains("tool=timer"), "\(log)")
        let tools = try terminal.assessCommand(["log", "--attempt", attempt.id]).output.split(separator: "\n")
            .filter { $0.contains("tool.used\t") }.map { String($0.split(separator: "\t").last ?? "") }
        #expect(tools == ["action=asked tool=time-left"])
        kill(try #require(try terminal.assessPID()), SIGTERM)
        #expect(try terminal.exitStatus() == 1)
    }

    @Test func theReferenceSheetScrollsAndItsOpeningIsLogged() throws {
        let scratch = try TemporaryDirectory("assess-e2e-reference")
        let file = scratch.file("circles.yaml")
        let lines = (1...30).map { "    Row \($0) of the table" }.joined(separator: "\n")
        try """
        id: circles
        title: Circles
        duration: 10m
        reference:
          title: Formulas
          text: |
        \(lines)
        questions:
          - {id: area, type: true-false, prompt: The area of a circle of radius 1 is π., answer: true}

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest("take '\(file)' --candidate c-ref", width: 80, height: 24)
        try terminal.acceptTheLock()
        // A narrow footer leaves the key out (F9 and F1 are pinned); the help lists it.
        try terminal.waitFor("The area of a circle")
        try terminal.press("F1")
        try terminal.waitFor("Ctrl-L")
        try terminal.press("Escape")
        try terminal.waitFor("The area of a circle")
        try terminal.press("C-l")
        let top = try terminal.waitFor("Formulas  lines 1–16 of 30")
        #expect(top.contains("Row 1 of the table") && !top.contains("Row 17 of"))
        try terminal.press("End")
        let end = try terminal.waitFor("Formulas  lines 15–30 of 30")
        #expect(end.contains("Row 30 of the table"))
        try terminal.press("Escape")
        try terminal.waitFor("The area of a circle")
        let attempt = try #require(try terminal.store().attempts(exam: "circles", candidate: "c-ref").first)
        try terminal.waitForLog("tool=reference")
        let log = try terminal.assessCommand(["log", "--attempt", attempt.id]).output
        #expect(log.contains("tool.used\taction=opened tool=reference"), "\(log)")
        kill(try #require(try terminal.assessPID()), SIGTERM)
        #expect(try terminal.exitStatus() == 1)
    }

    /// Striking out, the line reader and the highlighter allowed; a prompt of two lines.
    static let planets = """
        id: planets
        title: Planets
        duration: 10m
        restrictions:
          - {id: strike-out, title: Striking out, detail: Choices may be struck out., default: on}
          - {id: line-reader, title: Line reader, detail: One line at a time., default: on}
          - {id: highlight, title: Highlighter, detail: Words may be highlighted., default: on}
        questions:
          - id: closest
            type: single-choice
            prompt: Which planet is closest to the Sun? Think of the order of the inner planets before you choose.
            choices: [Venus, Mercury, Mars, Earth]
            answer: Mercury
          - {id: ringed, type: true-false, prompt: Saturn has rings., answer: true}

        """

    /// Strikes out the first and third choices and chooses the second, reads the prompt
    /// (Ctrl-G) and highlights its second word, waits until `stored` (the seat's store) reads
    /// them back, kills the seat, resumes it, and compares the whole screen (text and
    /// attributes) with the golden ones before and after.
    private func strikeKillAndResume(
        candidate: String, environment: [String: String] = [:], stored: (TerminalUnderTest) throws -> any ExamStore
    ) throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("planets.yaml", Self.planets)
        let first = try TerminalUnderTest(
            "take \(exam) --candidate \(candidate) --reduced-motion", policy: setup.policy, environment: environment,
            width: 80, height: 24)
        try first.acceptTheLock()
        try first.waitFor("Space choose")
        try first.press("x")
        try first.waitFor("( ) 1. ✗ Venus")
        try first.press("Down", "Space", "Down", "x")
        try first.waitFor("( ) 3. ✗ Mars")
        try PicturesInATerminalTests.expectScreen(first, named: "strike-out-80x24")
        try first.press("C-g")
        try first.waitFor("Esc answer")
        try first.press("Right", "Space")
        try first.waitFor("“planet” highlighted.")
        try PicturesInATerminalTests.expectScreen(first, named: "reading-80x24")
        try first.press("Escape")
        try first.waitFor("Space choose")
        try PicturesInATerminalTests.expectScreen(first, named: "annotated-80x24")
        // Saved by the autosave, off the keys' path: wait until the store has it.
        let store = try stored(first)
        let saved = {
            try store.attempts(exam: "planets", candidate: candidate).first.map { try store.responses(for: $0.id) }
                ?? []
        }
        let deadline = Date().addingTimeInterval(10)
        let annotations = #"{"struck":[0,2],"highlighted":[1]}"#
        while try saved().first?.annotations != annotations, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(try saved().map(\.annotations) == [annotations])
        #expect(try saved().map(\.value) == [Response.singleChoice(1).json])
        kill(try #require(try first.assessPID()), SIGKILL)
        try first.waitUntilAssessIsGone()

        let second = try TerminalUnderTest(
            "resume \(exam) --candidate \(candidate)", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: setup.policy, environment: environment, width: 80, height: 24)
        try second.answer("Proctor password:", with: ProctorTests.password)
        try second.acceptTheLock()
        try second.waitFor("( ) 3. ✗ Mars")
        // The resumed question starts on its first choice: the highlight goes back where it was.
        try second.press("Down", "Down")
        try PicturesInATerminalTests.expectScreen(second, named: "annotated-80x24")
        kill(try #require(try second.assessPID()), SIGTERM)
        #expect(try second.exitStatus() == 1)
        let attempt = try #require(try store.attempts(exam: "planets", candidate: candidate).first)
        let used = try store.events(after: 0, limit: nil, attempt: attempt.id).map(\.event)
            .filter { $0.kind == "tool.used" }.map(\.details)
        #expect(
            used == [
                ["tool": "strike-out", "action": "struck", "question": "closest"],
                ["tool": "strike-out", "action": "struck", "question": "closest"],
                ["tool": "line-reader", "action": "opened", "question": "closest"],
                ["tool": "highlight", "action": "marked", "question": "closest"],
            ])
    }

    @Test func struckChoicesShowStruckAreSavedAndComeBackOnResume() throws {
        try strikeKillAndResume(candidate: "c-strike") { try $0.store() }
    }

    @Test func inALabStruckChoicesReachTheServerAndComeBackOnResume() throws {
        let server = try ServerOutageTests.PrivateServer()
        let environment = ["ASSESS_STORE": server.url()]
        #expect(try TerminalUnderTest("store init", environment: environment).exitStatus() == 0)
        try strikeKillAndResume(candidate: "c-strike-lab", environment: environment) { _ in
            try PostgresStore(url: server.url())
        }
    }
}
