import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// What real question banks hold that a first reading refused or lost: numerical feedback
/// for wrong answers, matching distractors and shared targets, picture-only choices, an
/// unpacked package folder, Moodle's own rules for a partly broken Aiken file, and an item
/// with several interactions.
@Suite struct RealBankCasesTests {
    private func qtiItem(_ declarations: String, _ body: String, processing: String = "match_correct") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="real" title="Real">
            \(declarations)
            <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
            <itemBody>\(body)</itemBody>
            <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/\(processing)"/>
            </assessmentItem>
            """.utf8)
    }

    private func readQTI(_ data: Data) throws -> ParsedBank {
        try QTIItemReader.readItem(data: data, file: "item.xml", member: nil, section: nil)
    }

    // MARK: - GIFT numerical with feedback for wrong answers

    @Test func numericalWithFeedbackForWrongAnswersAfterTilde() throws {
        let plain = try #require(
            try Banks.gift("::boil::Water boils at how many degrees C? {#100:2~#Think of a kettle.}"))
        #expect(plain.kind == .numeric(answer: .value(100, tolerance: 2), unit: nil))
        #expect(plain.losses.contains { $0.contains("feedback for wrong answers") })
        let spaced = try #require(try Banks.gift("Legs on a spider? {#8 ~ #Count again.}"))
        #expect(spaced.kind == .numeric(answer: .value(8, tolerance: 0), unit: nil))
        let alternatives = try #require(try Banks.gift("Days in a leap year? {#=366#Yes =%50%365:0#Close ~#No}"))
        #expect(alternatives.kind == .numeric(answer: .value(366, tolerance: 0), unit: nil))
        #expect(alternatives.losses.contains { $0.contains("feedback for wrong answers") })
        #expect(!alternatives.losses.contains { $0.contains(" 0%") })
        let onlyFeedback = try Banks.giftRejections("Nothing right? {#~#Wrong.}")
        #expect(onlyFeedback.first?.reason.contains("has only feedback for wrong answers") == true)
    }

    // MARK: - Matching distractors and shared targets

    @Test func giftMatchingDistractorsBecomeWrongOptionsInTheExam() throws {
        let bank = try GIFTReader.read(
            text: "::pets::Who says it? {=Woof -> Dog =Moo -> Cow = -> Cat = -> Owl}", file: "bank.gift")
        let outcome = Banks.importer.assemble([bank])
        let question = try #require(outcome.exam?.questions.first)
        #expect(
            question.kind
                == .matching(
                    pairs: [MatchingPair(left: "Woof", right: "Dog"), MatchingPair(left: "Moo", right: "Cow")],
                    partialCredit: .proportional, distractors: ["Cat", "Owl"]))
        #expect(outcome.yaml?.contains(#"distractors: ["Cat", "Owl"]"#) == true)
        #expect(outcome.notes.contains { $0.contains("(Cat, Owl) are kept as distractors") })
    }

    @Test func moodleXMLMatchingSubquestionWithoutTextIsADistractor() throws {
        let bank = try MoodleXMLReader.read(
            data: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <quiz><question type="matching"><name><text>capitals</text></name>
                  <questiontext format="html"><text>Match each country to its capital.</text></questiontext>
                  <subquestion format="html"><text>Chile</text><answer><text>Santiago</text></answer></subquestion>
                  <subquestion format="html"><text>Ghana</text><answer><text>Accra</text></answer></subquestion>
                  <subquestion format="html"><text></text><answer><text>Quito</text></answer></subquestion>
                </question></quiz>
                """.utf8), file: "bank.xml")
        let question = try #require(Banks.questions(bank).first)
        #expect(
            question.kind
                == .matching(
                    pairs: [
                        MatchingPair(left: "Chile", right: "Santiago"), MatchingPair(left: "Ghana", right: "Accra"),
                    ],
                    partialCredit: .proportional, distractors: ["Quito"]))
    }

    @Test func qtiMatchWithTwoSourcesOnOneTargetAndAnUnusedTarget() throws {
        let bank = try readQTI(
            qtiItem(
                """
                <responseDeclaration identifier="R" cardinality="multiple" baseType="directedPair">
                  <correctResponse><value>s1 t1</value><value>s2 t2</value><value>s3 t1</value></correctResponse></responseDeclaration>
                """,
                """
                <matchInteraction responseIdentifier="R" maxAssociations="3"><prompt>Which family?</prompt>
                  <simpleMatchSet><simpleAssociableChoice identifier="s1" matchMax="1">Oak</simpleAssociableChoice>
                    <simpleAssociableChoice identifier="s2" matchMax="1">Rose</simpleAssociableChoice>
                    <simpleAssociableChoice identifier="s3" matchMax="1">Beech</simpleAssociableChoice></simpleMatchSet>
                  <simpleMatchSet><simpleAssociableChoice identifier="t1" matchMax="2">Fagaceae</simpleAssociableChoice>
                    <simpleAssociableChoice identifier="t2" matchMax="1">Rosaceae</simpleAssociableChoice>
                    <simpleAssociableChoice identifier="t3" matchMax="1">Poaceae</simpleAssociableChoice></simpleMatchSet>
                </matchInteraction>
                """))
        #expect(bank.rejections.isEmpty)
        let outcome = Banks.importer.assemble([bank])
        #expect(outcome.rejections.isEmpty)
        let question = try #require(outcome.exam?.questions.first)
        #expect(
            question.kind
                == .matching(
                    pairs: [
                        MatchingPair(left: "Oak", right: "Fagaceae"), MatchingPair(left: "Rose", right: "Rosaceae"),
                        MatchingPair(left: "Beech", right: "Fagaceae"),
                    ],
                    partialCredit: .none, distractors: ["Poaceae"]))
        #expect(question.kind.matchingOptions == ["Fagaceae", "Rosaceae", "Poaceae"])
        // The QTI written back names the shared target for both sources and lets it be used twice.
        let written = QTIWriter.item(question)
        #expect(written.contains("<value>l1 r1</value><value>l2 r2</value><value>l3 r1</value>"))
        #expect(written.contains(#"identifier="r1" matchMax="2""#))
        let again = try #require(Banks.questions(try readQTI(Data(written.utf8))).first)
        #expect(again.kind == question.kind)
    }

    @Test func qtiMatchWithOneSourceOnTwoTargetsIsNamed() throws {
        let bank = try readQTI(
            qtiItem(
                """
                <responseDeclaration identifier="R" cardinality="multiple" baseType="directedPair">
                  <correctResponse><value>s1 t1</value><value>s1 t2</value></correctResponse></responseDeclaration>
                """,
                """
                <matchInteraction responseIdentifier="R" maxAssociations="2">
                  <simpleMatchSet><simpleAssociableChoice identifier="s1" matchMax="2">Water</simpleAssociableChoice></simpleMatchSet>
                  <simpleMatchSet><simpleAssociableChoice identifier="t1" matchMax="1">Hydrogen</simpleAssociableChoice>
                    <simpleAssociableChoice identifier="t2" matchMax="1">Oxygen</simpleAssociableChoice></simpleMatchSet>
                </matchInteraction>
                """))
        #expect(
            bank.rejections.first?.reason.contains("\"Water\" is matched to both \"Hydrogen\" and \"Oxygen\"") == true)
    }

    // MARK: - Picture-only choices

    @Test func pictureOnlyChoicesKeepTheirAltTextAndStayDistinct() throws {
        let bank = try readQTI(
            qtiItem(
                """
                <responseDeclaration identifier="R" cardinality="single" baseType="identifier">
                  <correctResponse><value>c</value></correctResponse></responseDeclaration>
                """,
                """
                <choiceInteraction responseIdentifier="R" maxChoices="1"><prompt>Which flag is Japan's?</prompt>
                  <simpleChoice identifier="a"><img src="images/one.png" alt="flag"/></simpleChoice>
                  <simpleChoice identifier="b"><img src="images/two.png" alt="flag"/></simpleChoice>
                  <simpleChoice identifier="c"><img src="images/three.png" alt="flag"/></simpleChoice>
                  <simpleChoice identifier="d"><img src="images/four.png" alt="flag"/></simpleChoice>
                </choiceInteraction>
                """))
        let outcome = Banks.importer.assemble([bank])
        #expect(outcome.rejections.isEmpty)
        let question = try #require(outcome.exam?.questions.first)
        guard case .singleChoice(let choices, let correct) = question.kind else {
            Issue.record("not single choice: \(question.kind)")
            return
        }
        #expect(
            choices == [
                "[image: flag, one.png]", "[image: flag, two.png]", "[image: flag, three.png]",
                "[image: flag, four.png]",
            ])
        #expect(correct == 2)
        #expect(outcome.notes.contains { $0.contains("the pictures themselves are not carried") })
    }

    @Test func pictureChoicesWithDifferentAltTextKeepJustTheAltText() throws {
        let bank = try MoodleXMLReader.read(
            data: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <quiz><question type="multichoice"><name><text>shapes</text></name>
                  <questiontext format="html"><text>Which shape has three sides?</text></questiontext>
                  <answer fraction="100" format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/tri.png" alt="triangle">]]></text></answer>
                  <answer fraction="0" format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/sq.png" alt="square">]]></text></answer>
                  <answer fraction="0" format="html"><text><![CDATA[<p><img src="@@PLUGINFILE@@/pic.png"></p>]]></text></answer>
                  <answer fraction="0" format="html"><text><![CDATA[<p><img src="@@PLUGINFILE@@/pic2.png"></p>]]></text></answer>
                </question></quiz>
                """.utf8), file: "bank.xml")
        let outcome = Banks.importer.assemble([bank])
        #expect(outcome.rejections.isEmpty)
        let question = try #require(outcome.exam?.questions.first)
        #expect(
            question.kind
                == .singleChoice(
                    choices: ["[image: triangle]", "[image: square]", "[image: pic.png]", "[image: pic2.png]"],
                    correct: 0))
        #expect(outcome.notes.contains { $0.contains("the pictures themselves are not carried") })
    }

    // MARK: - An unpacked package given as a folder

    @Test func anUnpackedPackageFolderIsReadAsAPackage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unpacked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("items"), withIntermediateDirectories: true)
        try Data(
            """
            <manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="m"><resources>
              <resource identifier="i1" type="imsqti_item_xmlv2p1" href="items/moon.xml"/>
            </resources></manifest>
            """.utf8
        ).write(to: folder.appendingPathComponent("imsmanifest.xml"))
        try qtiItem(
            """
            <responseDeclaration identifier="R" cardinality="single" baseType="identifier">
              <correctResponse><value>true</value></correctResponse></responseDeclaration>
            """,
            """
            <choiceInteraction responseIdentifier="R" maxChoices="1"><prompt>The Moon has no light of its own.</prompt>
              <simpleChoice identifier="true">True</simpleChoice><simpleChoice identifier="false">False</simpleChoice>
            </choiceInteraction>
            """
        ).write(to: folder.appendingPathComponent("items/moon.xml"))
        let bank = try Banks.importer.read(fileAt: folder.path, format: nil)
        #expect(bank.rejections.isEmpty)
        let question = try #require(Banks.questions(bank).first)
        #expect(question.kind == .trueFalse(answer: true))
        #expect(question.location.member == "items/moon.xml")
        #expect(try Banks.importer.read(fileAt: folder.path, format: .qti).entries.count == 1)
        #expect(throws: InterchangeError.self) { try Banks.importer.read(fileAt: folder.path, format: .gift) }
    }

    @Test func aFolderWithoutAManifestGetsAClearMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            _ = try Banks.importer.read(fileAt: folder.path, format: nil)
            Issue.record("a folder without a manifest was read")
        } catch {
            #expect(error.message.contains("is a folder without imsmanifest.xml"))
            #expect(!error.message.contains("permissions"))
        }
    }

    @Test func aPackageFolderCannotReachOutsideItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            """
            <manifest identifier="m"><resources>
              <resource identifier="i1" type="imsqti_item_xmlv2p1" href="../../../etc/hostname"/>
            </resources></manifest>
            """.utf8
        ).write(to: folder.appendingPathComponent("imsmanifest.xml"))
        let bank = try Banks.importer.read(fileAt: folder.path, format: nil)
        #expect(bank.entries.isEmpty)
        #expect(bank.rejections.first?.reason.contains("not in the package") == true)
    }

    // MARK: - Aiken with Moodle's rules

    /// A partly broken Aiken file. Moodle's parser keeps four questions of it: blank lines
    /// are ignored, a line of one character is skipped, an option or ANSWER: with no
    /// question open is skipped, a new question line drops an unfinished question, only the
    /// first letter after ANSWER: counts, and a question needs two options.
    static let brokenAiken = """
        A) an option before any question

        Which planet is largest?

        A) Jupiter
        B) Mars
        ANSWER: A
        ANSWER: B
        This line was never finished as a question
        Which metal is liquid at room temperature?
        A) Mercury
        B) Iron
        ANSWER: A (mercury)
        Only one option here?
        A) Alone
        ANSWER: A
        x
        Which is a prime number?
        A)Nine
        B)Seven
        ANSWER: B
        Which gas do we breathe out?
        A. Carbon dioxide
        B. Neon
        ANSWER: A
        An unfinished question at the end
        A) one
        """

    @Test func aPartlyBrokenAikenFileKeepsWhatMoodleKeeps() throws {
        let bank = AikenReader.read(text: Self.brokenAiken, file: "bank.txt")
        let questions = Banks.questions(bank)
        #expect(
            questions.map(\.prompt) == [
                "Which planet is largest?", "Which metal is liquid at room temperature?",
                "Which is a prime number?", "Which gas do we breathe out?",
            ])
        #expect(
            questions.map(\.kind) == [
                .singleChoice(choices: ["Jupiter", "Mars"], correct: 0),
                .singleChoice(choices: ["Mercury", "Iron"], correct: 0),
                .singleChoice(choices: ["Nine", "Seven"], correct: 1),
                .singleChoice(choices: ["Carbon dioxide", "Neon"], correct: 0),
            ])
        #expect(questions.map(\.location.line) == [3, 10, 18, 22])
        #expect(bank.rejections.map(\.location.line) == [1, 8, 9, 14, 26])
        #expect(bank.rejections[0].reason.contains("no question before it"))
        #expect(bank.rejections[2].reason.contains("before the next question starts on line 10"))
        #expect(bank.rejections[3].reason.contains("fewer than two options"))
        let outcome = Banks.importer.assemble([bank])
        #expect(outcome.exam?.questions.count == 4)
    }

    // MARK: - Several interactions

    @Test func everyInteractionOfASeveralInteractionItemIsNamed() throws {
        let bank = try readQTI(
            qtiItem(
                """
                <responseDeclaration identifier="A" cardinality="single" baseType="identifier"/>
                <responseDeclaration identifier="B" cardinality="single" baseType="point"/>
                <responseDeclaration identifier="C" cardinality="single" baseType="integer"/>
                """,
                """
                <p>Answer all three.</p>
                <choiceInteraction responseIdentifier="A" maxChoices="1"><simpleChoice identifier="x">X</simpleChoice></choiceInteraction>
                <selectPointInteraction responseIdentifier="B" maxChoices="1"/>
                <sliderInteraction responseIdentifier="C" lowerBound="0" upperBound="10"/>
                """))
        let reason = try #require(bank.rejections.first?.reason)
        #expect(bank.rejections.count == 1)
        for name in ["choiceInteraction", "selectPointInteraction", "sliderInteraction"] {
            #expect(reason.contains(name), "\(name) is not named in: \(reason)")
        }
        #expect(reason.contains("selectPointInteraction and sliderInteraction have no counterpart"))
    }
}

extension RealBankCasesTests {
    @Test func giftPictureChoicesWithOneAltTextStayDistinct() throws {
        let question = try #require(
            try Banks.gift(
                """
                [html]Which is the flag of Italy? {
                  =<img src\\="flags/it.png" alt\\="flag">
                  ~<img src\\="flags/fr.png" alt\\="flag">
                  ~<img src\\="flags/ie.png" alt\\="flag">
                }
                """))
        #expect(
            question.kind
                == .singleChoice(
                    choices: ["[image: flag, it.png]", "[image: flag, fr.png]", "[image: flag, ie.png]"], correct: 0))
        #expect(question.losses.contains(PlainText.pictureLoss))
    }
}

extension RealBankCasesTests {
    @Test func distractorsTravelThroughGIFTExportAndBack() throws {
        let question = Question(
            id: "pets", prompt: "Who says it?",
            kind: .matching(
                pairs: [MatchingPair(left: "Woof", right: "Dog"), MatchingPair(left: "Moo", right: "Cow")],
                partialCredit: .proportional, distractors: ["Cat"]))
        let exam = Exam(
            id: "e", title: "E", durationSeconds: 60, sections: [ExamSection(title: nil, questions: [question])])
        let text = GIFTWriter.write(exam).text
        #expect(text.contains("= -> Cat"))
        let back = try #require(try Banks.gift(text))
        #expect(back.kind == question.kind)
    }
}
