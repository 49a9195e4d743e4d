import AssessExam
import Testing

@Suite struct ScorerTests {
    func question(_ kind: QuestionKind, points: Double = 1) -> Question {
        Question(id: "q", prompt: "P", points: points, kind: kind)
    }

    @Test func singleChoiceScoresOnlyTheRightChoice() {
        let q = question(.singleChoice(choices: ["a", "b", "c"], correct: 1), points: 2)
        #expect(Scorer.mark(q, .singleChoice(1)) == Mark(awarded: 2, maximum: 2))
        #expect(Scorer.mark(q, .singleChoice(0)).awarded == 0)
        #expect(Scorer.mark(q, .singleChoice(7)).awarded == 0)
    }

    @Test func noResponseOrAResponseOfAnotherTypeScoresZero() {
        let q = question(.trueFalse(answer: true))
        #expect(Scorer.mark(q, nil) == Mark(awarded: 0, maximum: 1))
        #expect(Scorer.mark(q, .shortText("true")).awarded == 0)
    }

    @Test func multipleResponseWithoutPartialCreditNeedsTheExactSet() {
        let q = question(
            .multipleResponse(choices: ["a", "b", "c", "d"], correct: [0, 2], partialCredit: .none), points: 2)
        #expect(Scorer.mark(q, .multipleResponse([0, 2])).awarded == 2)
        #expect(Scorer.mark(q, .multipleResponse([0])).awarded == 0)
        #expect(Scorer.mark(q, .multipleResponse([0, 1, 2])).awarded == 0)
    }

    @Test(
        arguments: [
            ([0, 2, 4], 3.0), // every right choice
            ([0, 2], 2.0), // two of three right
            ([0, 1], 0.0), // one right cancelled by one wrong
            ([0, 2, 4, 1], 2.0), // all right, one wrong
            ([1, 3], 0.0), // only wrong: never below zero
            ([0, 1, 2, 3, 4], 1.0), // everything: 3 right − 2 wrong
            ([], 0.0),
        ] as [(Set<Int>, Double)])
    func multipleResponsePerChoiceSubtractsWrongPicks(chosen: Set<Int>, expected: Double) {
        let q = question(
            .multipleResponse(choices: ["a", "b", "c", "d", "e"], correct: [0, 2, 4], partialCredit: .proportional),
            points: 3)
        #expect(Scorer.mark(q, .multipleResponse(chosen)).awarded == expected)
    }

    @Test func trueFalseScoresTheRightValue() {
        let q = question(.trueFalse(answer: false))
        #expect(Scorer.mark(q, .trueFalse(false)).awarded == 1)
        #expect(Scorer.mark(q, .trueFalse(true)).awarded == 0)
    }

    @Test func shortTextIgnoresCaseAndExtraWhitespace() {
        let q = question(.shortText(accepted: ["Jane Austen", "Austen"], caseSensitive: false))
        #expect(Scorer.mark(q, .shortText("  jane \t  AUSTEN\n")).awarded == 1)
        #expect(Scorer.mark(q, .shortText("austen")).awarded == 1)
        #expect(Scorer.mark(q, .shortText("Austin")).awarded == 0)
        #expect(Scorer.mark(q, .shortText("JaneAusten")).awarded == 0)
    }

    @Test func caseSensitiveShortTextComparesCase() {
        let q = question(.shortText(accepted: ["NaCl"], caseSensitive: true))
        #expect(Scorer.mark(q, .shortText(" NaCl ")).awarded == 1)
        #expect(Scorer.mark(q, .shortText("nacl")).awarded == 0)
    }

    @Test func numericAcceptsEitherDecimalSeparatorWithinTolerance() {
        let q = question(.numeric(answer: .value(1.5, tolerance: 0.05), unit: "kg"))
        #expect(Scorer.mark(q, .numeric("1.5")).awarded == 1)
        #expect(Scorer.mark(q, .numeric("1,54")).awarded == 1)
        #expect(Scorer.mark(q, .numeric(" 1.45 kg ")).awarded == 1)
        #expect(Scorer.mark(q, .numeric("1.6")).awarded == 0)
        #expect(Scorer.mark(q, .numeric("one and a half")).awarded == 0)
    }

    @Test func numericRangeIncludesBothEnds() {
        let q = question(.numeric(answer: .range(low: 3.14, high: 3.15), unit: nil))
        #expect(Scorer.mark(q, .numeric("3.14")).awarded == 1)
        #expect(Scorer.mark(q, .numeric("3,15")).awarded == 1)
        #expect(Scorer.mark(q, .numeric("3.16")).awarded == 0)
        #expect(Scorer.mark(q, .numeric("-3.14")).awarded == 0)
    }

    @Test func answeredEssayAwaitsManualMarkingAndBlankEssayDoesNot() {
        let q = question(.essay(wordLimit: 100), points: 5)
        #expect(
            Scorer.mark(q, .essay("The Moon reflects sunlight."))
                == Mark(awarded: 0, maximum: 5, needsManualMarking: true))
        #expect(Scorer.mark(q, .essay("   ")) == Mark(awarded: 0, maximum: 5, needsManualMarking: false))
        #expect(Scorer.mark(q, nil).needsManualMarking == false)
    }

    @Test func matchingPerPairScoresEachRightPair() {
        let pairs = [
            MatchingPair(left: "France", right: "Paris"), MatchingPair(left: "Japan", right: "Tokyo"),
            MatchingPair(left: "Kenya", right: "Nairobi"), MatchingPair(left: "Peru", right: "Lima"),
        ]
        let q = question(.matching(pairs: pairs, partialCredit: .proportional), points: 4)
        #expect(Scorer.mark(q, .matching([0: 0, 1: 1, 2: 2, 3: 3])).awarded == 4)
        #expect(Scorer.mark(q, .matching([0: 0, 1: 2, 2: 1, 3: 3])).awarded == 2)
        #expect(Scorer.mark(q, .matching([0: 0])).awarded == 1)
        #expect(Scorer.mark(q, .matching([:])).awarded == 0)
    }

    @Test func matchingWithoutPartialCreditNeedsEveryPair() {
        let pairs = [MatchingPair(left: "a", right: "1"), MatchingPair(left: "b", right: "2")]
        let q = question(.matching(pairs: pairs, partialCredit: .none))
        #expect(Scorer.mark(q, .matching([0: 0, 1: 1])).awarded == 1)
        #expect(Scorer.mark(q, .matching([0: 0])).awarded == 0)
    }

    @Test func orderingPerPositionScoresItemsInTheirPlace() {
        let q = question(.ordering(items: ["a", "b", "c", "d"], partialCredit: .proportional), points: 2)
        #expect(Scorer.mark(q, .ordering([0, 1, 2, 3])).awarded == 2)
        #expect(Scorer.mark(q, .ordering([0, 1, 3, 2])).awarded == 1)
        #expect(Scorer.mark(q, .ordering([3, 2, 1, 0])).awarded == 0)
        #expect(Scorer.mark(q, .ordering([0, 1, 2])).awarded == 0)
    }

    @Test func orderingWithoutPartialCreditNeedsTheExactOrder() {
        let q = question(.ordering(items: ["a", "b", "c"], partialCredit: .none))
        #expect(Scorer.mark(q, .ordering([0, 1, 2])).awarded == 1)
        #expect(Scorer.mark(q, .ordering([0, 2, 1])).awarded == 0)
    }

    @Test func examTotalAddsMarksAndListsEssaysToMark() throws {
        let exam = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
        let responses: [String: Response] = [
            "planet": .singleChoice(0),
            "primes": .multipleResponse([0, 2]),
            "water-boils": .trueFalse(true),
            "author": .shortText("jane austen"),
            "speed": .numeric("75,2"),
            "pi": .numeric("3.2"),
            "capitals": .matching([0: 0, 1: 1, 2: 3, 3: 2]),
            "explain": .essay("Sunlight lights half the Moon; we see changing parts of that half."),
        ]
        let score = Scorer.total(exam, responses: responses)
        #expect(score.maximum == 1 + 3 + 1 + 1 + 2 + 1 + 4 + 2 + 5)
        #expect(score.awarded == 1 + 2 + 1 + 1 + 2 + 0 + 2 + 0 + 0)
        #expect(score.awaitingManualMarking == ["explain"])
        #expect(score.marks.count == exam.questions.count)
    }
}

@Suite struct NumericAnswerTests {
    @Test func boundariesCountAsRightDespiteBinaryRounding() {
        #expect(NumericAnswer.value(1.5, tolerance: 0.05).accepts(1.45))
        #expect(NumericAnswer.value(1.5, tolerance: 0.05).accepts(1.55))
        #expect(!NumericAnswer.value(1.5, tolerance: 0.05).accepts(1.4501 - 0.001))
        #expect(NumericAnswer.range(low: 0.1, high: 0.3).accepts(0.1 + 0.2))
        #expect(!NumericAnswer.range(low: 0.1, high: 0.3).accepts(0.31))
    }
}
