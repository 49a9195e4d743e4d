import AssessExam
import Testing

@Suite struct PresentationTests {
    @Test func sameCandidateSeesTheSameOrderEveryTime() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
        #expect(ExamPresentation(exam: exam, candidate: "c-017") == ExamPresentation(exam: exam, candidate: "c-017"))
    }

    @Test func candidatesSeeDifferentOrders() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
        let orders = Set(
            (0..<20).map { candidate in
                ExamPresentation(exam: exam, candidate: "candidate-\(candidate)").questions.map(\.question.id)
            })
        #expect(orders.count > 1)
    }

    @Test func sectionsKeepTheirQuestionsTogetherAndInFileOrder() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
        for candidate in ["a", "b", "c", "d"] {
            let shown = ExamPresentation(exam: exam, candidate: candidate).questions
            #expect(shown.map(\.sectionIndex) == shown.map(\.sectionIndex).sorted())
            #expect(Set(shown.prefix(4).map(\.question.id)) == Set(exam.sections[0].questions.map(\.id)))
        }
    }

    @Test func withoutShuffleQuestionsAndChoicesKeepFileOrder() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("spelling.yaml"))
        let shown = ExamPresentation(exam: exam, candidate: "x")
        #expect(shown.questions.map(\.question.id) == exam.questions.map(\.id))
        let geography = try ExamLoader.load(fileAt: TestFiles.sample("geography.yaml"))
        var unshuffled = geography
        unshuffled.shuffle.choices = false
        let first = try #require(ExamPresentation(exam: unshuffled, candidate: "x").questions.first)
        #expect(first.displayedOptions == ["Ottawa", "Toronto", "Vancouver", "Montreal"])
    }

    @Test func displayedPositionsMapBackToFileIndices() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("geography.yaml"))
        for candidate in ["a", "b", "c", "d", "e"] {
            let first = try #require(ExamPresentation(exam: exam, candidate: candidate).questions.first)
            let ottawa = try #require(first.displayedOptions.firstIndex(of: "Ottawa"))
            let fileIndex = first.fileIndex(ofDisplayed: ottawa)
            #expect(Scorer.mark(first.question, .singleChoice(fileIndex)).awarded == 1)
            #expect(first.displayedPosition(ofFileIndex: fileIndex) == ottawa)
            #expect(first.optionOrder.sorted() == [0, 1, 2, 3])
        }
    }

    @Test func orderingAndMatchingAreNeverShownInFileOrder() throws {
        let twoItems = Question(
            id: "o", prompt: "P", kind: .ordering(items: ["first", "second"], partialCredit: .none))
        let twoPairs = Question(
            id: "m", prompt: "P",
            kind: .matching(
                pairs: [MatchingPair(left: "a", right: "1"), MatchingPair(left: "b", right: "2")], partialCredit: .none)
        )
        let exam = Exam(
            id: "e", title: "E", durationSeconds: 60,
            sections: [ExamSection(title: nil, questions: [twoItems, twoPairs])])
        for candidate in (0..<10).map(String.init) {
            let shown = ExamPresentation(exam: exam, candidate: candidate).questions
            #expect(shown.map(\.optionOrder) == [[1, 0], [1, 0]])
        }
    }

    @Test func positionOfAQuestionByID() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("geography.yaml"))
        let shown = ExamPresentation(exam: exam, candidate: "x")
        #expect(shown.position(ofQuestionID: "capital-canada") == 0)
        #expect(shown.position(ofQuestionID: "nope") == nil)
    }
}
