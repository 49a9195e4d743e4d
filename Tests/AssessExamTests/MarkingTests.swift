import AssessTestSupport
import Foundation
import Testing

@testable import AssessExam

/// The rules for hand marks, scores with hand marks in them, answers in words, and item statistics.
@Suite struct MarkingTests {
    static let essay = Question(id: "story", prompt: "Tell a story.", points: 5, kind: .essay(wordLimit: nil))
    static let colour = Question(
        id: "colour", prompt: "The sky's colour?", points: 1,
        kind: .singleChoice(choices: ["green", "blue", "red"], correct: 1))
    static let fact = Question(id: "fact", prompt: "Water is wet.", points: 2, kind: .trueFalse(answer: true))

    static func exam(halves: Bool) -> Exam {
        Exam(
            id: "mixed", title: "Mixed", durationSeconds: 600, halfPoints: halves,
            sections: [ExamSection(title: nil, questions: [colour, essay, fact])])
    }

    @Test func pointsMustBeWithinTheQuestionsPointsAndWholeUnlessTheExamAllowsHalves() {
        let whole = Self.exam(halves: false)
        let halves = Self.exam(halves: true)
        #expect(MarkRules.problem(with: 5, for: Self.essay, in: whole) == nil)
        #expect(MarkRules.problem(with: 0, for: Self.essay, in: whole) == nil)
        #expect(MarkRules.problem(with: 5.5, for: Self.essay, in: halves) == "5.5 is outside 0 to 5 points")
        #expect(MarkRules.problem(with: -1, for: Self.essay, in: halves) == "-1 is outside 0 to 5 points")
        #expect(
            MarkRules.problem(with: 2.5, for: Self.essay, in: whole)
                == "2.5 is not a whole point; give 0 to 5 (this exam allows no halves)")
        #expect(MarkRules.problem(with: 2.5, for: Self.essay, in: halves) == nil)
        #expect(
            MarkRules.problem(with: 2.25, for: Self.essay, in: halves)
                == "2.25 is not a whole or half point; give 0 to 5 in steps of 0.5")
    }

    @Test func typedPointsAcceptADecimalCommaAndNothingElse() {
        #expect(MarkRules.points(from: " 2,5 ") == 2.5)
        #expect(MarkRules.points(from: "3") == 3)
        #expect(MarkRules.points(from: "") == nil)
        #expect(MarkRules.points(from: "three") == nil)
        #expect(MarkRules.points(from: "inf") == nil)
    }

    @Test func handMarksReplaceTheEssaysWaitAndOverrideAnAutomaticScore() {
        let exam = Self.exam(halves: true)
        let responses: [String: Response] = [
            "colour": .singleChoice(0), "story": .essay("Once."), "fact": .trueFalse(true),
        ]
        let automatic = Scorer.total(exam, responses: responses)
        #expect(automatic.awarded == 2 && automatic.awaitingManualMarking == ["story"] && !automatic.isFullyMarked)

        let marked = automatic.applying(handMarks: ["story": 3.5, "colour": 1])
        #expect(marked.awarded == 6.5)
        #expect(marked.maximum == 8)
        #expect(marked.isFullyMarked)
        #expect(marked.marks["story"] == Mark(awarded: 3.5, maximum: 5))
        #expect(marked.marks["colour"] == Mark(awarded: 1, maximum: 1))
        // A mark of a question the exam does not have changes nothing.
        #expect(automatic.applying(handMarks: ["gone": 4]) == automatic)
    }

    @Test func answersReadAsTheTeacherWouldWriteThem() {
        #expect(AnswerText.given(.singleChoice(1), to: Self.colour) == "blue")
        #expect(AnswerText.given(nil, to: Self.colour) == "(no answer)")
        #expect(AnswerText.given(.singleChoice(7), to: Self.colour) == "(choice 8, not in the exam)")
        #expect(AnswerText.given(.essay("Line one\nline two"), to: Self.essay) == "Line one\nline two")
        #expect(AnswerText.correct(Self.colour) == "blue")
        #expect(AnswerText.correct(Self.essay) == nil)
        let pairs = Question(
            id: "m", prompt: "Match",
            kind: .matching(
                pairs: [MatchingPair(left: "France", right: "Paris"), MatchingPair(left: "Peru", right: "Lima")],
                partialCredit: .none))
        #expect(AnswerText.given(.matching([0: 1]), to: pairs) == "France → Lima; Peru → (none)")
        #expect(AnswerText.correct(pairs) == "France → Paris; Peru → Lima")
        let number = Question(id: "n", prompt: "g?", kind: .numeric(answer: .value(9.8, tolerance: 0.1), unit: "m/s²"))
        #expect(AnswerText.correct(number) == "9.8 ± 0.1 m/s²")
    }

    @Test func itemStatisticsCountRightAnswersAndEveryChoicePicked() {
        let exam = Self.exam(halves: false)
        let sittings: [[String: Response]] = [
            ["colour": .singleChoice(1), "story": .essay("A"), "fact": .trueFalse(true)],
            ["colour": .singleChoice(0), "story": .essay("B"), "fact": .trueFalse(true)],
            ["colour": .singleChoice(1), "fact": .trueFalse(false)],
            [:],
        ]
        let marks: [[String: Double]] = [["story": 5], ["story": 2], [:], [:]]
        let scored = zip(sittings, marks).map { responses, hand in
            (responses: responses, score: Scorer.total(exam, responses: responses).applying(handMarks: hand))
        }
        let items = ItemStatistics.of(exam, sittings: scored)
        #expect(items.map(\.questionID) == ["colour", "story", "fact"])
        let colour = items[0]
        #expect(colour.attempts == 4 && colour.answered == 3 && colour.right == 2 && colour.shareRight == 0.5)
        #expect(colour.choices?.map(\.picked) == [1, 2, 0])
        #expect(colour.choices?.map(\.isCorrect) == [false, true, false])
        let story = items[1]
        #expect(story.right == 1 && story.answered == 2 && story.meanPoints == 7.0 / 4 && story.choices == nil)
        #expect(story.awaitingMarking == 0 && colour.awaitingMarking == 0)
        let unmarked = ItemStatistics.of(
            exam, sittings: [(responses: sittings[0], score: Scorer.total(exam, responses: sittings[0]))])
        #expect(unmarked[1].awaitingMarking == 1 && unmarked[1].right == 0)
        #expect(items[2].choices?.map(\.picked) == [2, 1])
        #expect(items[2].choices?.map(\.text) == ["true", "false"])
        #expect(ItemStatistics.of(exam, sittings: []).first?.shareRight == nil)
    }
}

extension MarkingTests {
    @Test func halfPointsIsReadFromTheExamFileAndLeftOutOfTheKey() throws {
        let yaml = """
            id: halves
            title: Halves
            duration: 10m
            questions:
              - {id: e, type: essay, prompt: Write., points: 3}
            """
        let whole = try ExamLoader.load(text: yaml, path: "halves.yaml")
        let halves = try ExamLoader.load(
            text: yaml.replacingOccurrences(of: "duration: 10m", with: "duration: 10m\nhalf-points: true"),
            path: "halves.yaml")
        #expect(!whole.halfPoints && halves.halfPoints)
        #expect(whole.examKey == halves.examKey)
    }
}
