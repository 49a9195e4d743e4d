import AssessExam
import Testing

@testable import AssessInterchange

/// GIFT constructs, each from a few lines written for the test.
@Suite struct GIFTReaderTests {
    @Test func singleChoiceWithTitleCommentsAndFeedback() throws {
        let question = try #require(
            try Banks.gift(
                """
                // a comment line is ignored
                ::Rivers::Which river flows through Cairo? {
                  =Nile#Right, it does.
                  ~Thames#That one is in London.
                  ~Danube
                }
                """))
        #expect(question.title == "Rivers")
        #expect(question.prompt == "Which river flows through Cairo?")
        #expect(question.kind == .singleChoice(choices: ["Nile", "Thames", "Danube"], correct: 0))
        #expect(question.location.line == 2)
        #expect(question.losses.contains("feedback on answers is not kept"))
    }

    @Test func severalWeightedRightAnswersBecomeMultipleResponse() throws {
        let question = try #require(try Banks.gift("Pick the even numbers. {~%50%4 ~%50%8 ~%-100%7 ~%-100%9}"))
        #expect(
            question.kind
                == .multipleResponse(choices: ["4", "8", "7", "9"], correct: [0, 1], partialCredit: .proportional))
        #expect(question.losses.contains { $0.contains("negative weights (-100%, -100%)") })
    }

    @Test func unequalWeightsAreReportedAsEqualShares() throws {
        let question = try #require(try Banks.gift("Pick. {~%70%a ~%30%b ~c}"))
        #expect(
            question.kind
                == .multipleResponse(choices: ["a", "b", "c"], correct: [0, 1], partialCredit: .proportional))
        #expect(question.losses.contains { $0.contains("unequal weights (70%, 30%)") })
    }

    @Test func partialWeightBesideAFullAnswerIsDroppedAndSaid() throws {
        let question = try #require(try Banks.gift("Capital of Australia? {=Canberra ~%50%Sydney ~Perth}"))
        #expect(question.kind == .singleChoice(choices: ["Canberra", "Sydney", "Perth"], correct: 0))
        #expect(question.losses.contains { $0.contains("partial weights (Sydney 50%)") })
    }

    @Test(arguments: [("T", true), ("TRUE", true), ("F", false), ("FALSE", false), ("true", true), ("f", false)])
    func trueFalseInEverySpelling(spelling: String, answer: Bool) throws {
        let question = try #require(try Banks.gift("The sky is green. {\(spelling)}"))
        #expect(question.kind == .trueFalse(answer: answer))
        #expect(question.losses.isEmpty)
    }

    @Test func trueFalseFeedbackIsReported() throws {
        let question = try #require(try Banks.gift("Ice floats. {T#No, it floats.#Yes.}"))
        #expect(question.kind == .trueFalse(answer: true))
        #expect(question.losses == ["true/false feedback is not kept"])
    }

    @Test func shortAnswerKeepsFullAnswersAndReportsWeightedOnes() throws {
        let question = try #require(try Banks.gift("Who painted the Mona Lisa? {=Leonardo =da Vinci =%50%Leo}"))
        #expect(question.kind == .shortText(accepted: ["Leonardo", "da Vinci"], caseSensitive: false))
        #expect(question.losses.contains { $0.contains("Leo 50%") })
    }

    @Test func numericalWithToleranceRangeAndAlternatives() throws {
        #expect(
            try Banks.gift("Half of 5? {#2.5:0.1}")?.kind == .numeric(answer: .value(2.5, tolerance: 0.1), unit: nil))
        #expect(try Banks.gift("Half of 5? {#2.5}")?.kind == .numeric(answer: .value(2.5, tolerance: 0), unit: nil))
        #expect(try Banks.gift("Between? {#2..3}")?.kind == .numeric(answer: .range(low: 2, high: 3), unit: nil))
        let alternatives = try #require(try Banks.gift("Speed of sound in m/s? {# =343:2 =%50%340:20#close}"))
        #expect(alternatives.kind == .numeric(answer: .value(343, tolerance: 2), unit: nil))
        #expect(alternatives.losses.contains { $0.contains("340:20 50%") })
    }

    @Test func matchingPairsAndExtraRightItems() throws {
        let question = try #require(try Banks.gift("Match. {=cat -> meow =dog -> woof = -> moo}"))
        #expect(
            question.kind
                == .matching(
                    pairs: [MatchingPair(left: "cat", right: "meow"), MatchingPair(left: "dog", right: "woof")],
                    partialCredit: .proportional, distractors: ["moo"]))
        #expect(question.losses.contains { $0.contains("(moo)") })
    }

    @Test func essayDescriptionAndGeneralFeedback() throws {
        #expect(try Banks.gift("Describe a storm. {}")?.kind == .essay(wordLimit: nil))
        let bank = try GIFTReader.read(text: "Read this before you start.", file: "bank.gift")
        #expect(
            bank.entries == [
                .description(
                    "Read this before you start.", section: nil,
                    location: SourceLocation(file: "bank.gift", line: 1))
            ])
        let question = try #require(try Banks.gift("Two plus two? {=4 ~5 ####Count on your fingers.}"))
        #expect(question.losses.contains("general feedback (####) is not kept"))
    }

    @Test func missingWordKeepsTheTextAfterTheBraces() throws {
        let question = try #require(try Banks.gift("The Moon orbits {=the Earth ~the Sun} once a month."))
        #expect(question.prompt == "The Moon orbits _____ once a month.")
        #expect(question.kind == .singleChoice(choices: ["the Earth", "the Sun"], correct: 0))
    }

    @Test func everyEscape() throws {
        let question = try #require(try Banks.gift(##"What is 1\=1 \{really\} \: \~ \# \\ ?\nThink. {=yes\~no ~no}"##))
        #expect(question.prompt == "What is 1=1 {really} : ~ # \\ ?\nThink.")
        #expect(question.kind == .singleChoice(choices: ["yes~no", "no"], correct: 0))
    }

    @Test func categoriesBecomeSections() throws {
        let bank = try GIFTReader.read(
            text: """
                $CATEGORY: $course$/top/Algebra

                One? {T}

                $CATEGORY: $course$/top/Geometry/Angles

                Two? {F}
                """, file: "bank.gift")
        #expect(Banks.questions(bank).map(\.section) == ["Algebra", "Geometry / Angles"])
    }

    @Test func textFormatsBecomePlainText() throws {
        let html = try #require(
            try Banks.gift("[html]<p>See <a href=\"https://example.org\">the map</a> <b>now</b>&amp;then</p> {T}"))
        #expect(html.prompt == "See the map (https://example.org) now&then")
        let markdown = try #require(try Banks.gift("[markdown]**Bold** and [link](http://a.b) {T}"))
        #expect(markdown.prompt == "Bold and link (http://a.b)")
        let plain = try #require(try Banks.gift("[plain]a <b> c {T}"))
        #expect(plain.prompt == "a <b> c")
        let moodle = try #require(try Banks.gift("[moodle]Line<br>next<!-- hidden --> {T}"))
        #expect(moodle.prompt == "Line\nnext")
        let comparison = try #require(try Banks.gift("[html]Is x < 3 and y > 2? {T}"))
        #expect(comparison.prompt == "Is x < 3 and y > 2?")
    }

    @Test func windowsLineEndingsSeparateQuestions() throws {
        let bank = try GIFTReader.read(
            text: "// made on Windows\r\nOne? {T}\r\n\r\nTwo?\r\n{=a\r\n~b}\r\n", file: "bank.gift")
        #expect(bank.rejections.isEmpty)
        #expect(Banks.questions(bank).map(\.prompt) == ["One?", "Two?"])
        #expect(Banks.questions(bank).last?.location.line == 4)
        let aiken = AikenReader.read(text: "Q?\r\nA) x\r\nB) y\r\nANSWER: B\r\n", file: "bank.txt")
        #expect(Banks.questions(aiken).first?.kind == .singleChoice(choices: ["x", "y"], correct: 1))
    }

    @Test func pointsCommentSetsThePoints() throws {
        #expect(try Banks.gift("// points: 2.5\nQ? {T}")?.points == 2.5)
        #expect(try Banks.gift("Q? {T}")?.points == 1)
    }

    @Test func malformedQuestionsAreRejectedWithTheirLine() throws {
        let unclosed = try Banks.giftRejections("Fine? {T}\n\nBroken?\n{=a ~b\n\nAlso fine? {F}")
        #expect(unclosed.count == 1)
        #expect(unclosed.first?.location.line == 4)
        #expect(unclosed.first?.reason.contains("no closing }") == true)
        let noQuestion = try Banks.giftRejections("{=a ~b}")
        #expect(noQuestion.first?.reason.contains("answers with no question") == true)
        let noRight = try Banks.giftRejections("Q? {~a ~b}")
        #expect(noRight.first?.reason.contains("no answer is right") == true)
        let badNumber = try Banks.giftRejections("Q? {#abc}")
        #expect(badNumber.first?.reason.contains("not a numerical answer") == true)
        let stray = try Banks.giftRejections("Q? } {T}")
        #expect(stray.first?.reason.contains("a } with no { before it") == true)
    }
}
