import AssessExam
import Foundation
import Testing

/// Matching questions with distractors (right items that match nothing) and with a right
/// item that serves several left items.
@Suite struct MatchingOptionsTests {
    private let header = "id: m\ntitle: M\nduration: 10m\n"

    private func load(_ questions: String) throws -> Exam {
        try ExamLoader.load(text: header + "questions:\n" + questions, path: "m.yaml")
    }

    private func problems(_ questions: String) -> [String] {
        do {
            _ = try ExamLoader.load(text: header + "questions:\n" + questions, path: "m.yaml")
            return []
        } catch {
            return error.problems.map(\.message)
        }
    }

    @Test func distractorsAreReadOfferedAndNeverRight() throws {
        let exam = try load(
            """
              - id: pets
                type: matching
                prompt: Which animal says it?
                pairs: [{left: Woof, right: Dog}, {left: Moo, right: Cow}]
                distractors: [Cat, Owl]
                partial-credit: per-pair
            """)
        let question = try #require(exam.questions.first)
        #expect(
            question.kind
                == .matching(
                    pairs: [MatchingPair(left: "Woof", right: "Dog"), MatchingPair(left: "Moo", right: "Cow")],
                    partialCredit: .proportional, distractors: ["Cat", "Owl"]))
        #expect(question.kind.matchingOptions == ["Dog", "Cow", "Cat", "Owl"])
        let shown = try #require(ExamPresentation(exam: exam, candidate: "c-1").questions.first)
        #expect(Set(shown.displayedOptions) == ["Dog", "Cow", "Cat", "Owl"])
        #expect(shown.optionOrder.sorted() == [0, 1, 2, 3])
        // Scoring is unaffected: the right pairs score, a distractor chosen is simply wrong.
        #expect(Scorer.mark(question, .matching([0: 0, 1: 1])).awarded == 1)
        #expect(Scorer.mark(question, .matching([0: 2, 1: 1])).awarded == 0.5)
        #expect(Scorer.mark(question, .matching([0: 3, 1: 2])).awarded == 0)
        #expect(AnswerText.given(.matching([0: 2]), to: question) == "Woof → Cat; Moo → (none)")
    }

    @Test func aRightItemMayServeSeveralLeftItems() throws {
        let exam = try load(
            """
              - id: kinds
                type: matching
                prompt: Which kind is it?
                pairs: [{left: Salmon, right: Fish}, {left: Robin, right: Bird}, {left: Trout, right: Fish}]
            """)
        let question = try #require(exam.questions.first)
        #expect(question.kind.matchingOptions == ["Fish", "Bird"])
        #expect(question.kind.matchingAnswers == [0, 1, 0])
        let shown = try #require(ExamPresentation(exam: exam, candidate: "c-2").questions.first)
        #expect(shown.displayedOptions.sorted() == ["Bird", "Fish"])
        #expect(Scorer.mark(question, .matching([0: 0, 1: 1, 2: 0])).awarded == 1)
        #expect(Scorer.mark(question, .matching([0: 0, 1: 0, 2: 0])).awarded == 0)
    }

    @Test func distractorsMustDifferFromTheRightItemsAndEachOther() {
        let same = problems(
            """
              - id: pets
                type: matching
                prompt: P
                pairs: [{left: Woof, right: Dog}, {left: Moo, right: Cow}]
                distractors: [Cat, Dog, Cat]
            """)
        #expect(same.filter { $0.contains("lists \"Dog\" twice") }.count == 1)
        #expect(same.filter { $0.contains("lists \"Cat\" twice") }.count == 1)
        #expect(
            problems(
                """
                  - id: pets
                    type: matching
                    prompt: P
                    pairs: [{left: Woof, right: Dog}, {left: Moo, right: Cow}]
                    distractors: []
                """
            ).contains { $0.contains("\"distractors\" in question \"pets\" is empty") })
        #expect(
            problems(
                """
                  - id: pets
                    type: matching
                    prompt: P
                    pairs: [{left: Woof, right: Dog}, {left: Woof, right: Cow}]
                """
            ).contains { $0.contains("lists \"Woof\" twice") })
    }

    @Test func anExamWithoutDistractorsKeepsItsKey() {
        let pairs = [MatchingPair(left: "a", right: "1"), MatchingPair(left: "b", right: "2")]
        func exam(_ distractors: [String]) -> Exam {
            Exam(
                id: "k", title: "K", durationSeconds: 60,
                sections: [
                    ExamSection(
                        title: nil,
                        questions: [
                            Question(
                                id: "q", prompt: "P",
                                kind: .matching(pairs: pairs, partialCredit: .none, distractors: distractors))
                        ])
                ])
        }
        #expect(
            exam([]).examKey
                == Exam(
                    id: "k", title: "K", durationSeconds: 60,
                    sections: [
                        ExamSection(
                            title: nil,
                            questions: [
                                Question(id: "q", prompt: "P", kind: .matching(pairs: pairs, partialCredit: .none))
                            ])
                    ]
                ).examKey)
        #expect(exam(["3"]).examKey != exam([]).examKey)
    }
}
