import AssessExam
import Foundation
import Testing

/// Each problem the validator finds, with where it points and what it says.
@Suite struct ValidationTests {
    @Test func unknownExamKeySuggestsTheClosestKey() {
        let found = problems(
            in: header + "tittle: Oops\nquestions: [{id: a, type: true-false, prompt: P, answer: true}]\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 4)
        #expect(found.first?.column == 1)
        #expect(found.first?.message.contains("unknown key \"tittle\"") == true)
        #expect(found.first?.message.contains("did you mean \"title\"?") == true)
    }

    @Test func unknownQuestionKeySuggestsTheClosestKey() {
        let found = problems(
            in: header + """
                questions:
                  - id: a
                    type: single-choice
                    prompt: Pick one
                    choices: [x, y]
                    answr: x
                """)
        #expect(
            found.contains {
                $0.message.contains("unknown key \"answr\"") && $0.message.contains("did you mean \"answer\"?")
                    && $0.line == 9
            })
        #expect(found.contains { $0.message.contains("needs \"answer\"") })
    }

    @Test func keyOfAnotherQuestionTypeIsReported() {
        let found = problems(
            in: header + """
                questions:
                  - {id: a, type: true-false, prompt: P, answer: true, tolerance: 1}
                """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("\"tolerance\" does not apply to true-false questions") == true)
    }

    @Test func missingRequiredFieldsAreEachReported() {
        let found = problems(in: "version: 1\nquestions: [{id: a, type: true-false, answer: true}]\n")
        let messages = found.map(\.message)
        #expect(messages.contains { $0.contains("the exam needs \"id\"") })
        #expect(messages.contains { $0.contains("the exam needs \"title\"") })
        #expect(messages.contains { $0.contains("the exam needs \"duration\"") })
        #expect(messages.contains { $0.contains("question \"a\" needs \"prompt\"") })
        #expect(found.count == 4)
    }

    @Test func wrongTypeOfValueIsReported() {
        let found = problems(
            in: header + """
                shuffle: {questions: sometimes}
                questions:
                  - id: a
                    type: single-choice
                    prompt: [not, text]
                    choices: [x, y]
                    answer: x
                    points: many
                """)
        #expect(
            found.contains { $0.message.contains("\"questions\" in \"shuffle\" must be true or false") && $0.line == 4 }
        )
        #expect(
            found.contains {
                $0.message.contains("\"prompt\" in question \"a\" must be text, not a list") && $0.line == 8
            })
        #expect(
            found.contains { $0.message.contains("\"points\" in question \"a\" must be a number") && $0.line == 11 })
    }

    @Test func duplicateQuestionIDIsReportedAcrossSections() {
        let found = problems(
            in: header + """
                sections:
                  - title: One
                    questions:
                      - {id: same, type: true-false, prompt: P, answer: true}
                  - title: Two
                    questions:
                      - {id: same, type: true-false, prompt: Q, answer: false}
                """)
        #expect(found.count == 1)
        #expect(found.first?.line == 10)
        #expect(found.first?.message.contains("question id \"same\" is already used on line 7") == true)
    }

    @Test func duplicateRestrictionIDIsReported() {
        let found = problems(
            in: header + """
                restrictions:
                  - {id: scratchpad, title: Scratchpad, detail: Notes., default: off}
                  - {id: scratchpad, title: Notes, detail: More notes., default: on}
                questions: [{id: a, type: true-false, prompt: P, answer: true}]
                """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("restriction id \"scratchpad\" is already used on line 5") == true)
    }

    @Test func answerNotAmongChoicesSuggestsTheClosestChoice() {
        let found = problems(
            in: header + """
                questions:
                  - id: capital
                    type: single-choice
                    prompt: Capital of Canada?
                    choices: [Ottawa, Toronto]
                    answer: Otawa
                  - id: many
                    type: multiple-response
                    prompt: Pick
                    choices: [a, b, c]
                    answers: [a, d]
                """)
        #expect(found.count == 2)
        #expect(found[0].line == 9 && found[0].column == 13)
        #expect(
            found[0].message.contains(
                "the answer \"Otawa\" of question \"capital\" is not among its choices (did you mean \"Ottawa\"?)"))
        #expect(found[1].message.contains("the answer \"d\" of question \"many\" is not among its choices"))
    }

    @Test(arguments: ["ten minutes", "0s", "25h", "10x"])
    func badDurationIsReported(duration: String) {
        let found = problems(
            in: "id: x\ntitle: X\nduration: \(duration)\nquestions: [{id: a, type: essay, prompt: P}]\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 3)
        #expect(found.first?.message.contains("such as 45s, 10m or 1h30m") == true)
    }

    @Test func emptyChoicesAreReported() {
        let found = problems(
            in: header + "questions: [{id: a, type: single-choice, prompt: P, choices: [], answer: x}]\n")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("\"choices\" in question \"a\" is empty; list at least 2") == true)
    }

    @Test func duplicateChoicesAreReported() {
        let found = problems(
            in: header + "questions: [{id: a, type: single-choice, prompt: P, choices: [x, x], answer: x}]\n")
        #expect(found.first?.message.contains("lists \"x\" twice") == true)
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() throws {
        let path = TestFiles.fixture("invalid-utf8.yaml")
        let data = try #require(FileManager.default.contents(atPath: path))
        let badOffset = try #require(data.firstIndex(of: 0xFF))
        #expect(throws: ExamProblems.self) { try ExamLoader.load(fileAt: path) }
        do {
            _ = try ExamLoader.load(fileAt: path)
        } catch {
            #expect(error.problems.count == 1)
            #expect(error.problems[0].line == 3)
            #expect(error.problems[0].column == 12)
            #expect(error.problems[0].message.contains("byte \(badOffset - data.startIndex)"))
            #expect(error.problems[0].message.contains("UTF-8"))
        }
    }

    @Test func textThatIsNotYAMLIsReportedWhereTheParserStopped() throws {
        let found = problems(inFileAt: TestFiles.fixture("not-yaml.yaml"))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("not valid YAML") == true)
        #expect((found.first?.line ?? 0) > 1)
    }

    @Test func plainTextIsNotAnExam() {
        let found = problems(in: "Just some words, not an exam.\n")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("the exam must be a mapping of keys") == true)
    }

    @Test func emptyFileIsReported() {
        #expect(problems(in: "").first?.message.contains("the file is empty") == true)
    }

    @Test func mappingWhereAListIsExpectedIsReported() {
        let found = problems(
            in: header + """
                questions:
                  id: a
                  type: true-false
                """)
        #expect(found.count == 1)
        #expect(found.first?.line == 5)
        #expect(found.first?.message.contains("\"questions\" in the exam must be a list") == true)
        #expect(found.first?.message.contains("not a mapping") == true)
    }

    @Test func unknownQuestionTypeSuggestsTheClosestType() {
        let found = problems(in: header + "questions: [{id: a, type: single-choise, prompt: P}]\n")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("\"single-choise\" (did you mean \"single-choice\"?)") == true)
    }

    @Test func toleranceWithRangeIsReported() {
        let found = problems(
            in: header + """
                questions:
                  - {id: a, type: numeric, prompt: P, range: [1, 2], tolerance: 0.1}
                """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("both \"range\" and \"tolerance\"") == true)
    }

    @Test func rangeWithLowAboveHighIsReported() {
        let found = problems(in: header + "questions: [{id: a, type: numeric, prompt: P, range: [5, 1]}]\n")
        #expect(found.first?.message.contains("write the lower number first") == true)
    }

    @Test func duplicateYAMLKeyIsReported() {
        let found = problems(in: header + "title: Again\nquestions: [{id: a, type: essay, prompt: P}]\n")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("a key appears twice") == true)
    }

    @Test func unknownSuggestionFeatureSuggestsTheClosest() {
        let found = problems(in: header + "suggestions: [spellcheck]\nquestions: [{id: a, type: essay, prompt: P}]\n")
        #expect(found.first?.message.contains("did you mean \"spell-check\"?") == true)
    }

    @Test func badLanguageTagIsReported() {
        let found = problems(in: header + "language: English language\nquestions: [{id: a, type: essay, prompt: P}]\n")
        #expect(found.first?.message.contains("BCP 47") == true)
    }

    @Test func questionsAndSectionsTogetherAreReported() {
        let found = problems(
            in: header + """
                questions: [{id: a, type: essay, prompt: P}]
                sections: [{title: S, questions: [{id: b, type: essay, prompt: Q}]}]
                """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("both \"questions\" and \"sections\"") == true)
    }

    @Test func everyProblemInAFileIsReportedInFileOrder() throws {
        let path = TestFiles.fixture("many-problems.yaml")
        let found = problems(inFileAt: path)
        #expect(found.count == 6)
        #expect(found.map(\.line) == found.map(\.line).sorted())
        #expect(found.allSatisfy { $0.description.hasPrefix("\(path):\($0.line):\($0.column): ") })
    }

    @Test func missingFileIsReported() {
        let found = problems(inFileAt: "/nonexistent/exam.yaml")
        #expect(found.map(\.message) == ["no such file; check the path"])
    }

    @Test func validFileHasNoProblems() {
        #expect(problems(inFileAt: TestFiles.sample("geography.yaml")).isEmpty)
    }

    @Test func problemPrintsAsFileLineColumnMessage() {
        let problem = ExamProblem(path: "Exams/x.yaml", line: 3, column: 7, message: "something is wrong")
        #expect(problem.description == "Exams/x.yaml:3:7: something is wrong")
    }
}
