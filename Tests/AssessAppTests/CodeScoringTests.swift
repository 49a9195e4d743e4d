import AssessExam
import AssessSandbox
import AssessStore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// `results` scores code answers by running their hidden tests in the sandbox (real
/// bubblewrap, python3 and gcc: the tests fail without them), keeps the outcomes, and
/// `--with-answers` reports the code and each test.
@Suite(.ownThread) struct CodeScoringTests {
    let exam: Exam

    init() throws {
        exam = try ExamLoader.load(fileAt: PackageRoot.path + "/Exams/programming.yaml")
    }

    static let answers: [String: String] = [
        // Right for FizzBuzz and 7, wrong for 10 (Buzz): two of three points.
        "fizz": "n = int(input())\nprint('FizzBuzz' if n % 15 == 0 else n)\n",
        // Right: three points.
        "digit-sum": """
        #include <stdio.h>
        int main(void) {
            int c, sum = 0;
            while ((c = getchar()) != EOF) if (c >= '0' && c <= '9') sum += c - '0';
            printf("%d\\n", sum);
            return 0;
        }
        """,
        // Loops for ever: nothing.
        "count-lines": "while true; do :; done\n",
    ]

    @Test func hiddenTestsScoreEachAnswerAndASecondRunKeepsTheOutcomes() throws {
        let scratch = try TemporaryDirectory("assess-code-scoring")
        defer { scratch.remove() }
        let database = try SQLiteStore(dataDirectory: scratch.url)
        let row = try submitted(Self.answers, in: database)
        let tests = CodeTests(sandbox: try Sandbox.locate(), folder: CodeTests.folder(in: scratch.path))

        let first = try tests.outcomes(of: row.codeAnswers.map(\.answer))
        #expect(first.ran == 3)
        let scored = row.applyingCodeTests(first.outcomes)
        let score = try #require(scored.score)
        #expect(score.marks["fizz"] == Mark(awarded: 2, maximum: 3))
        #expect(score.marks["digit-sum"] == Mark(awarded: 3, maximum: 3))
        #expect(score.marks["count-lines"] == Mark(awarded: 0, maximum: 2))
        #expect(score.awarded == 5 && score.awaitingManualMarking.isEmpty)
        #expect(scored.codeTests["fizz"]?.map(\.verdict) == [.passed, .passed, .wrongOutput])
        #expect(scored.codeTests["count-lines"]?.map(\.verdict) == [.timeLimit, .timeLimit])

        // Kept: nothing runs again, and the scores are the same.
        let second = try tests.outcomes(of: row.codeAnswers.map(\.answer))
        #expect(second.ran == 0)
        #expect(row.applyingCodeTests(second.outcomes).score == score)

        // A changed answer runs again; so does a changed hidden test.
        var changed = Self.answers
        changed["fizz"] = "n = int(input())\nprint('FizzBuzz' if n % 15 == 0 else 'Buzz' if n % 5 == 0 else n)\n"
        let again = try submitted(changed, in: database)
        #expect(try tests.outcomes(of: again.codeAnswers.map(\.answer)).ran == 1)
        guard case .code(var fizz) = try #require(exam.question(withID: "fizz")).kind else { return }
        fizz.tests[0].expectedOutput = "fizzbuzz\n"
        #expect(try tests.outcomes(of: [CodeTests.Answer(question: fizz, code: changed["fizz"]!)]).ran == 1)
    }

    @Test func withAnswersTheJSONCarriesTheCodeAndEachTestsOutcome() throws {
        let scratch = try TemporaryDirectory("assess-code-json")
        defer { scratch.remove() }
        let database = try SQLiteStore(dataDirectory: scratch.url)
        let row = try submitted(Self.answers, in: database)
        let tests = CodeTests(sandbox: try Sandbox.locate(), folder: CodeTests.folder(in: scratch.path))
        let scored = row.applyingCodeTests(try tests.outcomes(of: row.codeAnswers.map(\.answer)).outcomes)
        let json = try ResultFormats.json([scored], withAnswers: true)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        ).first
        let marks = try #require(report?["marks"] as? [String: [String: Any]])
        let fizz = try #require(marks["fizz"])
        #expect(fizz["answer"] as? String == Self.answers["fizz"])
        let outcomes = try #require(fizz["tests"] as? [[String: Any]])
        #expect(outcomes.map { $0["verdict"] as? String } == ["passed", "passed", "wrong-output"])
        #expect(outcomes.map { $0["points"] as? Double } == [1, 1, 0])
        // Without --with-answers, neither the code nor the tests.
        #expect(!(try ResultFormats.json([scored])).contains("FizzBuzz"))
    }

    @Test func aCProgramThatDoesNotCompileFailsEveryTest() throws {
        guard case .code(let question) = try #require(exam.question(withID: "digit-sum")).kind else { return }
        let scratch = try TemporaryDirectory("assess-code-compile")
        defer { scratch.remove() }
        let tests = CodeTests(sandbox: try Sandbox.locate(), folder: scratch.path)
        let outcomes = try tests.run(CodeTests.Answer(question: question, code: "int main(void) { return x; }\n"))
        #expect(outcomes.map(\.verdict) == [.compileError, .compileError])
        #expect(outcomes.allSatisfy { $0.points == 0 })
    }

    @Test func theWorkedExamplesOfTheFormatGuideScoreFullMarks() throws {
        let guide = try String(contentsOfFile: PackageRoot.path + "/Exams/FORMAT.md", encoding: .utf8)
        let examples = try #require(guide.components(separatedBy: "Worked examples").last)
        var blocks: [String: String] = [:]
        for (fence, id) in [("```yaml\n# python3", "fizz"), ("```c\n", "digit-sum"), ("```bash\n", "count-lines")] {
            let start = try #require(examples.range(of: fence), "no \(fence) example")
            let body = examples[start.lowerBound...].drop { $0 != "\n" }.dropFirst()
            let end = try #require(body.range(of: "```"))
            blocks[id] = String(body[..<end.lowerBound])
        }
        let scratch = try TemporaryDirectory("assess-code-guide")
        defer { scratch.remove() }
        let database = try SQLiteStore(dataDirectory: scratch.url)
        let row = try submitted(blocks, in: database)
        let tests = CodeTests(sandbox: try Sandbox.locate(), folder: CodeTests.folder(in: scratch.path))
        let scored = row.applyingCodeTests(try tests.outcomes(of: row.codeAnswers.map(\.answer)).outcomes)
        #expect(scored.score?.awarded == 8, "\(scored.codeTests)")
        #expect(scored.score?.maximum == 8)
    }

    /// A submitted attempt at the programming exam answering with `answers`, as its result row.
    private func submitted(_ answers: [String: String], in database: SQLiteStore) throws -> ResultRow {
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let attempt = try database.startAttempt(
            examID: exam.id, examKey: exam.examKey, candidate: "c\(UUID().uuidString.prefix(8))",
            secondsAllowed: 2700, isPractice: false, settings: "{}", at: now)
        for (question, code) in answers {
            _ = try database.saveResponse(
                attempt: attempt.id, question: question, value: Response.code(code).json, flagged: false, at: now)
        }
        let finished = try database.finishAttempt(id: attempt.id, status: .submitted, receipt: nil, at: now)
        return try ResultRow(attempt: finished, exam: exam, database: database)
    }
}
