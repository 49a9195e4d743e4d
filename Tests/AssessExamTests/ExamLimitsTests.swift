import AssessExam
import Foundation
import Testing

/// Exam files that would cost the machine are refused, quickly, with the limit and the line.
@Suite struct ExamLimitsTests {
    /// Nine anchors, each a list of nine aliases of the one before: a few lines that stand
    /// for 9⁹ (387 million) values once expanded.
    static let aliasBomb =
        header + """
            instructions: &a [x, x, x, x, x, x, x, x, x]
            q0: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            q1: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            q2: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            q3: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
            q4: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
            q5: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
            q6: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
            q7: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
            questions: [{id: a, type: true-false, prompt: P, answer: true}]

            """

    @Test func aliasesThatExpandPastTheLimitAreRefusedAtOnce() {
        let clock = ContinuousClock()
        var found: [ExamProblem] = []
        let elapsed = clock.measure { found = problems(in: Self.aliasBomb) }
        #expect(elapsed < .seconds(2))
        #expect(found.count == 1)
        let problem = found.first
        #expect(problem?.message.contains("250,000 values") == true, "\(found)")
        #expect(problem?.message.contains("alias *") == true, "\(found)")
        // The first alias whose expansion crosses the limit: an *e on the line of q4.
        #expect(problem?.line == 9)
        #expect(problem?.message.contains("alias *e") == true, "\(found)")
    }

    @Test func anAliasUsedAsAKeyCannotExpandEither() {
        // Hashing a key that stands for 9⁸ values would take the parser minutes.
        let yaml = Self.aliasBomb.replacingOccurrences(of: "questions: [", with: "? *i\n: 1\nquestions: [")
        let clock = ContinuousClock()
        var found: [ExamProblem] = []
        let elapsed = clock.measure { found = problems(in: yaml) }
        #expect(elapsed < .seconds(2))
        #expect(found.first?.message.contains("250,000 values") == true, "\(found)")
    }

    @Test func aFewAliasesWithinTheLimitStillWork() throws {
        let loaded = try exam(
            header + """
                questions:
                  - {id: a, type: single-choice, prompt: P, choices: &yes-no [Yes, No], answer: Yes}
                  - {id: b, type: single-choice, prompt: Q, choices: *yes-no, answer: No}
                """)
        #expect(loaded.questions.count == 2)
    }

    @Test func moreQuestionsThanTheLimitAreRefusedWithTheLine() {
        let count = ExamLimits.questions + 1
        let found = problems(in: header + "questions:\n" + Self.trueFalseQuestions(count))
        #expect(found.count == 1)
        // Pointed at the first question past the limit.
        #expect(found.first?.line == 4 + count)
        #expect(found.first?.message.contains("question 2,001 of the exam") == true, "\(found)")
        #expect(found.first?.message.contains("at most 2,000 questions") == true, "\(found)")
    }

    @Test func questionsAcrossSectionsCountTogether() {
        let half = ExamLimits.questions / 2 + 1
        let found = problems(
            in: header + "sections:\n  - title: A\n    questions:\n"
                + Self.trueFalseQuestions(half, prefix: "a", indent: "      ")
                + "  - title: B\n    questions:\n" + Self.trueFalseQuestions(half, prefix: "b", indent: "      "))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("at most 2,000 questions") == true, "\(found)")
    }

    @Test(arguments: ["choices", "items"])
    func moreChoicesOrItemsThanTheLimitAreRefused(key: String) {
        let items = (0...ExamLimits.itemsPerQuestion).map { "c\($0)" }.joined(separator: ", ")
        let question =
            key == "choices"
            ? "{id: a, type: single-choice, prompt: P, choices: [\(items)], answer: c0}"
            : "{id: a, type: ordering, prompt: P, items: [\(items)]}"
        let found = problems(in: header + "questions:\n  - \(question)\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 5)
        #expect(
            found.first?.message.contains("\"\(key)\" in question \"a\" has \(ExamLimits.itemsPerQuestion + 1)")
                == true, "\(found)")
        #expect(found.first?.message.contains("at most \(ExamLimits.itemsPerQuestion)") == true, "\(found)")
    }

    @Test func moreMatchingPairsThanTheLimitAreRefused() {
        let pairs = (0...ExamLimits.itemsPerQuestion).map { "{left: l\($0), right: r\($0)}" }.joined(separator: ", ")
        let found = problems(in: header + "questions:\n  - {id: a, type: matching, prompt: P, pairs: [\(pairs)]}\n")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("at most \(ExamLimits.itemsPerQuestion)") == true, "\(found)")
    }

    @Test func aTextLongerThanTheLimitIsRefusedWithItsLine() {
        let long = String(repeating: "é", count: ExamLimits.textCharacters + 1)
        let found = problems(in: header + "questions:\n  - id: a\n    type: essay\n    prompt: \(long)\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 7)
        #expect(found.first?.message.contains("20,001 characters") == true, "\(found)")
        #expect(found.first?.message.contains("at most 20,000") == true, "\(found)")
    }

    @Test func aTextAtTheLimitIsAccepted() throws {
        let long = String(repeating: "é", count: ExamLimits.textCharacters)
        #expect(try exam(header + "questions:\n  - {id: a, type: essay, prompt: \(long)}\n").questions.count == 1)
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsParsed() {
        let data = Data(repeating: UInt8(ascii: "#"), count: ExamLimits.fileBytes + 1)
        do {
            _ = try ExamLoader.load(data: data, path: "big.yaml")
            Issue.record("a file over the limit loaded")
        } catch {
            #expect(error.problems.count == 1)
            #expect(error.problems.first?.line == 1)
            #expect(error.problems.first?.message.contains("at most 4 MiB") == true, "\(error)")
        }
    }

    @Test func aFileOnDiskLargerThanTheLimitIsNotReadWhole() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("assess-big-\(UUID().uuidString).yaml")
            .path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A sparse file of 64 GiB: reading it whole would take the machine's memory.
        #expect(truncate(path, 64 << 30) == 0)
        let found = problems(inFileAt: path)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("at most 4 MiB") == true, "\(found)")
    }

    @Test func loadingTimeGrowsLinearlyWithTheNumberOfQuestions() throws {
        let smallYAML = header + "questions:\n" + Self.choiceQuestions(ExamLimits.questions / 8)
        let largeYAML = header + "questions:\n" + Self.choiceQuestions(ExamLimits.questions)
        // The two sizes taken in turn, the fastest of five each: a burst of other tests'
        // work on the machine falls on both alike, not on one size's runs only.
        var small = Duration.seconds(1000)
        var large = Duration.seconds(1000)
        for _ in 0..<5 {
            small = min(small, try ContinuousClock().measure { _ = try exam(smallYAML) })
            large = min(large, try ContinuousClock().measure { _ = try exam(largeYAML) })
        }
        // Eight times the questions: about eight times the time; quadratic would be 64.
        #expect(
            large < small * 30, "\(ExamLimits.questions / 8) questions: \(small); \(ExamLimits.questions): \(large)")
    }

    @Test func aBareNumberAsDurationAsksForAUnit() {
        let found = problems(in: "id: x\ntitle: X\nduration: 10\nquestions: [{id: a, type: essay, prompt: P}]\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 3)
        #expect(found.first?.message.contains("has no unit") == true, "\(found)")
        #expect(found.first?.message.contains("10m") == true, "\(found)")
    }

    /// `count` true-false questions, one per line, as items of a block list.
    static func trueFalseQuestions(_ count: Int, prefix: String = "q", indent: String = "  ") -> String {
        (0..<count).map { "\(indent)- {id: \(prefix)\($0), type: true-false, prompt: P\($0), answer: true}\n" }.joined()
    }

    /// `count` single-choice questions of four choices each.
    static func choiceQuestions(_ count: Int) -> String {
        (0..<count).map {
            "  - {id: q\($0), type: single-choice, prompt: Question \($0) of many, choices: [one, two, three, four], answer: two}\n"
        }.joined()
    }
}
