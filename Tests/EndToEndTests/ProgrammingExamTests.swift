import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// Exams/programming.yaml from end to end: published (the seat's form holds no hidden
/// test), sat by its id in tmux with a program typed into the first question, scored by
/// `results`, which runs the hidden tests in the sandbox once and keeps their outcomes,
/// and marked: the program and the tests' outcomes on the marking screen, and an override.
@Suite("Programming exams: publish, sit, score with hidden tests, mark", .ownThread)
struct ProgrammingExamTests {
    static let examFile = TerminalUnderTest.packageRoot + "/Exams/programming.yaml"

    @Test func aPublishedProgrammingExamIsSatScoredByItsHiddenTestsAndMarked() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", Self.examFile, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")

        // What a seat receives: the samples, never a hidden test.
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared))
        let form = try #require(try store.deliveryForm(exam: "programming", candidate: "ana")).form
        #expect(form.contains("\"stdout\":\"Fizz\\n\"") && form.contains("n = int(input())"))
        for hidden in ["FizzBuzz\\n", "Buzz\\n", "999", "28\\n", "nothing wrong", "ERROR"] {
            #expect(!form.contains(hidden), "the hidden \(hidden) reached the seat's form")
        }

        let seat = try TerminalUnderTest(
            "take --exam programming --candidate ana", dataDirectory: shared, policy: setup.policy)
        try seat.acceptTheLock()
        let question = try seat.waitFor("n = int(input())")
        // Under the prompt: the language and the samples (line ends as ⏎), never a hidden test.
        #expect(question.contains("Write a program in Python 3."), "\(question)")
        #expect(question.contains("Example 1: input 3⏎ → output Fizz⏎"), "\(question)")
        #expect(question.contains("Example 2: input 4⏎ → output 4⏎"), "\(question)")
        #expect(!question.contains("15⏎") && !question.contains("10⏎"))
        // Tab indents, Page Down moves on, as the footer says; the panel names the run key.
        #expect(question.contains("PgDn next  Tab indent  ^U undo  F4 review & submit  F12 hand up"), "\(question)")
        #expect(question.contains("Ctrl-G runs your program on the examples. Runs left: 10"), "\(question)")
        try seat.press("Tab")
        try seat.waitFor("│    ")
        #expect(try seat.screen().contains("Question 1 of 3"))
        try seat.press("BSpace", "BSpace", "BSpace", "BSpace")
        // After the starter: FizzBuzz on one line, Buzz forgotten (no example shows it).
        try seat.type("print('FizzBuzz' if n % 15 == 0 else 'Fizz' if n % 3 == 0 else n)")
        try seat.waitFor("else n)")
        // A sample run, in the sandbox, in the background: both examples pass, one run is spent.
        try seat.press("C-g")
        let ran = try seat.waitFor("Run 1: 2 of 2 examples passed. Runs left: 9", seconds: 30)
        #expect(ran.contains("✓ Example 1: passed") && ran.contains("✓ Example 2: passed"), "\(ran)")
        try seat.submitAndLeaveThroughTheReceipt()
        #expect(try seat.exitStatus() == 0)
        // The store counted the run; the log kept it with the code's hash, never the code.
        let attempt = try #require(try store.attempts(exam: "programming").first)
        #expect(try store.codeRunsTaken(attempt: attempt.id, question: "fizz") == 1)
        let logged = try EventStore(database: store).events().map(\.event).filter { $0.kind == "code.run" }
        #expect(logged.count == 1)
        #expect(logged.first?.details["number"] == "1" && logged.first?.details["passed"] == "2")
        #expect(logged.first?.details["code-hash"]?.count == 64)
        #expect(!logged.description.contains("FizzBuzz"), "\(logged)")

        let results = try proctor.assessCommand(["results", "programming", "--json", "--with-answers"])
        #expect(results.status == 0, "\(results.output)")
        #expect(results.output.contains("ran the hidden tests of 1 code answers"), "\(results.output)")
        let rows = try Self.reportRows(results.output)
        let marks = try #require(rows.first?["marks"] as? [String: [String: Any]])
        #expect(marks["fizz"]?["awarded"] as? Double == 2, "\(results.output)")
        let tests = try #require(marks["fizz"]?["tests"] as? [[String: Any]])
        #expect(tests.map { $0["verdict"] as? String } == ["passed", "passed", "wrong-output"])
        #expect(tests.last?["output"] as? String == "10\n")
        #expect((marks["fizz"]?["answer"] as? String)?.hasPrefix("n = int(input())\nprint('FizzBuzz'") == true)
        #expect(rows.first?["score"] as? Double == 2)

        // A second results runs nothing and scores the same.
        let again = try proctor.assessCommand(["results", "programming", "--csv"])
        #expect(again.status == 0 && !again.output.contains("ran the hidden tests"), "\(again.output)")
        #expect(again.output.contains("programming,ana,"))

        // Marked at 80×24: the program with its line numbers, each hidden test's kept
        // outcome (the failure with what was expected and what the program printed), and
        // an override of the tests' score, which needs a reason.
        let marker = try TerminalUnderTest(
            "mark programming", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        try marker.answer("Proctor password:", with: ProctorTests.password)
        try marker.waitFor("Hidden tests: 2 of 3 passed")
        try PicturesInATerminalTests.expectScreen(marker, named: "programming-marking-80x24")
        try marker.type("3")
        try marker.press("Enter")
        try marker.waitFor("Overriding the exam's own score needs a reason")
        try marker.type("Only Buzz is missing; the rest is right.")
        try marker.press("Enter")
        try marker.waitFor("Saved: 3 points.")
        try marker.press("Escape")
        #expect(try marker.exitStatus() == 0)
        #expect(try marker.screen().contains("1 of 1 answer marked; 0 still to mark."))

        let marked = try proctor.assessCommand(["results", "programming", "--json"])
        #expect(marked.status == 0, "\(marked.output)")
        #expect(!marked.output.contains("ran the hidden tests"), "\(marked.output)")
        let fizz = try #require(
            (try Self.reportRows(marked.output).first?["marks"] as? [String: [String: Any]])?["fizz"])
        #expect(fizz["awarded"] as? Double == 3 && fizz["markedByHand"] as? Bool == true, "\(marked.output)")
        #expect(fizz["overrideReason"] as? String == "Only Buzz is missing; the rest is right.")
        #expect(try Self.reportRows(marked.output).first?["score"] as? Double == 3)
    }

    /// The rows of `results --json` in `output`: standard output (the JSON array, its
    /// closing bracket alone on the last line), then standard error.
    static func reportRows(_ output: String) throws -> [[String: Any]] {
        let start = try #require(output.range(of: "["))
        let end = try #require(output.range(of: "\n]"))
        let json = output[start.lowerBound..<end.upperBound]
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    /// The code question at 80×24 after a sample run, text and attributes as tmux draws them
    /// (a practice sitting with the clock by the minute, so that the screen holds still): the
    /// program, the panel's verdicts (✓ and ✗ with words; a failure bold and underlined) and
    /// the footer's run key.
    @Test func theCodeQuestionAfterASampleRunIsItsGoldenScreen() throws {
        let terminal = try TerminalUnderTest(
            "take Exams/programming.yaml --candidate p-1 --practice --reduced-motion", width: 80, height: 24)
        try terminal.waitFor("Exam key")
        try terminal.press("Enter")
        try terminal.waitFor("Practice: this terminal is not locked")
        try terminal.press("Enter")
        try terminal.waitFor("n = int(input())")
        // Right for 3 (Fizz), wrong for 4 (prints 5): one example of two passes.
        try terminal.type("print('Fizz' if n % 3 == 0 else n + 1)")
        try terminal.waitFor("n + 1)")
        try terminal.press("C-g")
        try terminal.waitFor("Run 1: 1 of 2 examples passed. Runs left: 9", seconds: 30)
        try PicturesInATerminalTests.expectScreen(terminal, named: "programming-sample-run-80x24")
    }
}
