import AssessExam
import Foundation
import Testing

@Suite struct SampleExamTests {
    @Test func everySampleExamLoadsWithoutProblems() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestFiles.exams.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(
            names == [
                "all-types.yaml", "geography.yaml", "multilingual.yaml", "pictures.yaml", "pool.yaml",
                "programming.yaml", "spelling.yaml", "timed-sections.yaml",
            ])
        for name in names {
            #expect(throws: Never.self, "\(name)") { try ExamLoader.load(fileAt: TestFiles.sample(name)) }
        }
    }

    @Test func geographyQuizStartsWithTheCapitalOfCanada() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("geography.yaml"))
        #expect(exam.id == "geography-quiz")
        #expect(exam.durationSeconds == 600)
        #expect((3...5).contains(exam.questions.count))
        let first = try #require(exam.questions.first)
        #expect(first.prompt.contains("Canada"))
        guard case .singleChoice(let choices, let correct) = first.kind else {
            Issue.record("the first question should be single choice")
            return
        }
        #expect(choices[correct] == "Ottawa")
    }

    @Test func spellingTestAllowsNoSuggestionsAndAcceptsTheHardWords() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("spelling.yaml"))
        #expect(exam.suggestions.isEmpty)
        let accepted = exam.questions.flatMap { question -> [String] in
            if case .shortText(let accepted, _) = question.kind { return accepted }
            return []
        }
        #expect(accepted.contains("schnauzer"))
        #expect(accepted.contains("syzygy"))
        #expect(exam.questions.allSatisfy { $0.kind.typeName == "short-text" })
    }

    @Test func allTypesExamUsesEveryTypeInTwoSectionsWithRestrictions() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
        #expect(exam.sections.count == 2)
        // Every type but code, which needs a sandbox to score: programming.yaml has those.
        #expect(Set(exam.questions.map(\.kind.typeName)) == Set(QuestionKind.typeNames).subtracting(["code"]))
        #expect(
            exam.restrictions.map(\.id) == [
                "back-navigation", "flag-for-review", "question-palette", "scratchpad", "strike-out", "highlight",
                "line-reader", "raise-hand", "hide-timer", "time-left", "calculator", "reference",
            ])
        #expect(
            exam.restrictions.map(\.isOnByDefault) == [
                true, true, true, false, true, true, true, true, true, true, true, true,
            ])
        #expect(exam.reference?.title == "Formulas")
        #expect(exam.calculator == .scientific)
        #expect(exam.suggestions == [.wordCompletion])
        #expect(exam.durationSeconds == 5400)
        #expect(exam.version == "2.1")
    }

    @Test func multilingualExamHasQuestionsInFourLanguagesAndAnEssay() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("multilingual.yaml"))
        #expect(exam.language == "mul")
        let prompts = exam.questions.map(\.prompt).joined(separator: "\n")
        for marker in ["日本語", "한국어", "Tiếng Việt", "Português"] {
            #expect(prompts.contains(marker))
        }
        #expect(exam.questions.contains { $0.kind == .essay(wordLimit: 120) })
    }

    @Test func picturesQuizCarriesItsFourPictures() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("pictures.yaml"))
        #expect(exam.questions.count == 4)
        #expect(
            exam.questions.compactMap(\.image?.file) == Array(repeating: "pictures/bar-chart.png", count: 2) + [
                "pictures/triangle.png"
            ])
        #expect(
            exam.questions[3].choiceImages.mapValues(\.file) == [0: "pictures/square.png", 1: "pictures/circle.png"])
        #expect(Set(exam.pictures.keys).count == 4)
    }

    @Test func poolSampleGivesEachCandidateTheWarmUpAndThreeOfItsPool() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("pool.yaml"))
        #expect(exam.sections.map(\.select) == [nil, 3] && exam.sections[1].questions.count == 8)
        #expect(exam.questionsSat == 5)
        let draws = Set(
            ["c-1", "c-2", "c-3", "c-4"].map { candidate in
                Set(ExamPresentation(exam: exam, candidate: candidate).questions.map(\.question.id))
            })
        #expect(draws.allSatisfy { $0.count == 5 && $0.isSuperset(of: ["water-boils", "planet-count"]) })
        #expect(draws.count > 1)
    }

    @Test func timedSectionsSampleHasATimedSectionABreakAndAPool() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("timed-sections.yaml"))
        #expect(exam.hasTimedSections)
        #expect(exam.sections.map(\.durationSeconds) == [240, 180])
        #expect(exam.sections.map(\.breakAfterSeconds) == [60, nil])
        #expect(exam.sections[1].isPool && exam.questionsSat == 4)
    }

    @Test func largestSampleValidatesQuickly() throws {
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            _ = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
        }
        print("validating all-types.yaml took \(elapsed)")
        #expect(elapsed < .seconds(1))
    }
}
