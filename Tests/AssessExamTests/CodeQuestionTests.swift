import Foundation
import Testing

@testable import AssessExam

/// The `code` question type: read from the file as written, checked, keyed, sealed and scored.
@Suite struct CodeQuestionTests {
    let exam: Exam

    init() throws {
        exam = try ExamLoader.load(fileAt: TestFiles.sample("programming.yaml"))
    }

    @Test func theSampleExamReadsEveryKeyAsWritten() throws {
        let fizz = try #require(exam.question(withID: "fizz"))
        guard case .code(let code) = fizz.kind else {
            Issue.record("fizz is not a code question")
            return
        }
        #expect(code.language == .python3)
        #expect(code.starter == "n = int(input())\n")
        #expect(
            code.samples == [
                CodeCase(standardInput: "3\n", expectedOutput: "Fizz\n"),
                CodeCase(standardInput: "4\n", expectedOutput: "4\n"),
            ])
        #expect(code.tests.first == CodeCase(standardInput: "15\n", expectedOutput: "FizzBuzz\n", points: 1))
        #expect(code.runsDuringExam == 10)
        #expect(code.limits == CodeLimits(timeSeconds: 2, memoryBytes: 64 << 20, outputBytes: 64 << 10))
        #expect(fizz.points == 3)

        let digits = try #require(exam.question(withID: "digit-sum"))
        guard case .code(let c) = digits.kind else { return }
        #expect(c.language == .c)
        #expect(c.tests[1].standardInput == "")
        #expect(c.limits == CodeLimits(timeSeconds: 1, memoryBytes: 32 << 20, outputBytes: 64 << 10))
        #expect(digits.points == 3)

        let lines = try #require(exam.question(withID: "count-lines"))
        guard case .code(let bash) = lines.kind else { return }
        #expect(bash.language == .bash && bash.runsDuringExam == 0 && bash.starter.isEmpty)
        #expect(bash.limits == .standard)
    }

    @Test func aPublishedCodeQuestionsDeliveryFormHoldsNoHiddenTest() throws {
        let form = DeliveryForm(exam: exam)
        let json = form.json
        for hidden in ["FizzBuzz\\n", "Buzz\\n", "999", "28\\n", "ERROR", "nothing wrong", "tests"] {
            #expect(!json.contains(hidden), "\(hidden) in the delivery form")
        }
        for shown in ["n = int(input())", "Fizz\\n", "12\\n30\\n", "Error: disk", "python3", "\"runsDuringExam\":10"] {
            #expect(json.contains(shown), "\(shown) not in the delivery form")
        }
        let sat = try #require(DeliveryForm(json: json)).exam
        for question in exam.questions {
            let sent = try #require(sat.question(withID: question.id))
            guard case .code(let full) = question.kind, case .code(let delivered) = sent.kind else {
                Issue.record("\(question.id) is not delivered as a code question")
                continue
            }
            #expect(delivered.tests.isEmpty)
            #expect(delivered.samples == full.samples && delivered.starter == full.starter)
            #expect(delivered.limits == full.limits && delivered.runsDuringExam == full.runsDuringExam)
            #expect(sent.points == question.points)
        }
    }

    @Test func aChangedHiddenTestChangesTheExamKeyButNotTheDeliveryKey() throws {
        let source = try String(contentsOfFile: TestFiles.sample("programming.yaml"), encoding: .utf8)
        let changed = try ExamLoader.load(
            text: source.replacingOccurrences(of: "stdout: \"FizzBuzz\\n\"", with: "stdout: \"FizzBuzz!\\n\""),
            path: "changed.yaml")
        #expect(changed.examKey != exam.examKey)
        #expect(DeliveryForm(exam: changed).key == DeliveryForm(exam: exam).key)
        let sample = try ExamLoader.load(
            text: source.replacingOccurrences(of: "stdout: \"4\\n\"", with: "stdout: \"four\\n\""), path: "s.yaml")
        #expect(DeliveryForm(exam: sample).key != DeliveryForm(exam: exam).key)
    }

    /// `syntax-colour: true` reaches the seat's form and changes what the student sees, so
    /// the keys; left out, it is off, and the forms and keys of exams without it stay.
    @Test func syntaxColourIsOffByDefaultAndReachesTheSeatWhenOn() throws {
        let source = try String(contentsOfFile: TestFiles.sample("programming.yaml"), encoding: .utf8)
        #expect(!DeliveryForm(exam: exam).json.contains("syntaxColour"))
        let coloured = try ExamLoader.load(
            text: source.replacingOccurrences(
                of: "    language: bash\n", with: "    language: bash\n    syntax-colour: true\n"),
            path: "coloured.yaml")
        #expect(DeliveryForm(exam: coloured).key != DeliveryForm(exam: exam).key)
        let sat = try #require(DeliveryForm(json: DeliveryForm(exam: coloured).json)).exam
        guard case .code(let bash) = try #require(sat.question(withID: "count-lines")).kind,
            case .code(let python) = try #require(sat.question(withID: "fizz")).kind
        else { return }
        #expect(bash.syntaxColour && !python.syntaxColour)
        #expect(throws: (any Error).self) {
            try ExamLoader.load(
                text: source.replacingOccurrences(
                    of: "    language: bash\n", with: "    language: bash\n    syntax-colour: yes please\n"),
                path: "wrong.yaml")
        }
    }

    @Test func outputIsComparedWithTrailingWhiteSpaceIgnored() {
        let test = CodeCase(standardInput: "", expectedOutput: "a b\nc\n")
        #expect(test.accepts("a b\nc\n"))
        #expect(test.accepts("a b  \nc"))
        #expect(test.accepts("a b\r\nc\r\n\n\n"))
        #expect(test.accepts("a b\t\nc \n  \n"))
        #expect(!test.accepts("a  b\nc\n"))
        #expect(!test.accepts(" a b\nc\n"))
        #expect(!test.accepts("a b\n\nc\n"))
        #expect(!test.accepts("a b\n"))
        #expect(CodeCase(standardInput: "", expectedOutput: "").accepts("\n \n"))
    }

    @Test func aCodeAnswerScoresThePointsOfThePassedTests() throws {
        let fizz = try #require(exam.question(withID: "fizz"))
        let outcomes = [
            CodeTestOutcome(verdict: .passed, points: 1, seconds: 0.1),
            CodeTestOutcome(verdict: .wrongOutput, points: 0, seconds: 0.1),
            CodeTestOutcome(verdict: .passed, points: 1, seconds: 0.1),
        ]
        #expect(Scorer.mark(fizz, .code("print(1)"), codeTests: outcomes) == Mark(awarded: 2, maximum: 3))
        #expect(Scorer.mark(fizz, nil, codeTests: nil) == Mark(awarded: 0, maximum: 3))
        // Not run yet: a person (or results) must see to it.
        #expect(Scorer.mark(fizz, .code("print(1)")) == Mark(awarded: 0, maximum: 3, needsManualMarking: true))
        #expect(Response(json: Response.code("x = 1\n\tpass").json) == .code("x = 1\n\tpass"))
    }

    @Test func limitsAreReadInSecondsAndBytes() {
        #expect(CodeLimitText.seconds("2s") == 2)
        #expect(CodeLimitText.seconds("500ms") == 0.5)
        #expect(CodeLimitText.seconds("1.5") == 1.5)
        #expect(CodeLimitText.seconds("two") == nil)
        #expect(CodeLimitText.bytes("64MB") == 64 << 20)
        #expect(CodeLimitText.bytes("512kb") == 512 << 10)
        #expect(CodeLimitText.bytes("1GB") == 1 << 30)
        #expect(CodeLimitText.bytes("4096") == 4096)
        #expect(CodeLimitText.bytes("lots") == nil)
        #expect(CodeLimitText.size(64 << 20) == "64MB" && CodeLimitText.size(1000) == "1000")
    }

    @Test func mistakesInACodeQuestionAreEachReportedWhereTheyAre() {
        let found = problems(
            in: header + """
                questions:
                  - id: a
                    type: code
                    prompt: Write it
                    language: pyton3
                    run-during-exam: 3
                    limits: {time: forever, memory: 2GB, disk: 1MB}
                    tests:
                      - stdin: "1\\n"
                        points: -1
                  - id: b
                    type: code
                    prompt: Write it
                    language: bash
                    points: 5
                    tests: [{stdout: "x\\n", points: 2}]
                  - id: c
                    type: code
                    prompt: Write it
                    language: c
                """)
        let messages = found.map(\.message)
        func has(_ text: String, line: Int? = nil) -> Bool {
            found.contains { $0.message.contains(text) && (line == nil || $0.line == line) }
        }
        #expect(has("\"language\"", line: 8) && has("pyton3", line: 8), "\(messages)")
        #expect(has("no \"samples\" to run", line: 9), "\(messages)")
        #expect(has("\"time\" in the limits", line: 10), "\(messages)")
        #expect(has("\"memory\" in the limits", line: 10), "\(messages)")
        #expect(has("unknown key \"disk\""), "\(messages)")
        #expect(has("\"stdout\""), "\(messages)")
        #expect(has("\"points\" of question \"b\" is 5 but its tests are worth 2", line: 18), "\(messages)")
        #expect(has("\"tests\""), "\(messages)")
    }

    @Test func inputAndOutputKeepTheirWhiteSpaceExactly() throws {
        let exam = try ExamLoader.load(
            text: header + """
                questions:
                  - id: a
                    type: code
                    prompt: Echo
                    language: bash
                    tests:
                      - stdin: "  two leading\\n\\n"
                        stdout: |
                          indented
                            more

                """, path: "exact.yaml")
        guard case .code(let code) = exam.questions[0].kind else { return }
        #expect(
            code.tests == [
                CodeCase(standardInput: "  two leading\n\n", expectedOutput: "indented\n  more\n", points: 1)
            ])
    }
}
