import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// An imported exam shuffles choices unless the bank says to keep them in order, and says
/// which it did among its `changed:` notes. Every bank here is written for these tests.
@Suite struct ShuffledImportTests {
    private let shuffledNote =
        "shuffle: {choices: true}: each candidate sees the choices in an order of their own (the banks do not ask to keep them in order, and often list the right one first)"

    /// A Moodle XML bank of two multichoice questions; `first` and `second` are each one's
    /// `<shuffleanswers>` text, or nil for none.
    private func moodle(first: String?, second: String?) throws -> ParsedBank {
        func question(_ name: String, _ prompt: String, _ shuffle: String?) -> String {
            """
              <question type="multichoice">
                <name><text>\(name)</text></name>
                <questiontext format="plain_text"><text>\(prompt)</text></questiontext>
                <single>true</single>
                \(shuffle.map { "<shuffleanswers>\($0)</shuffleanswers>" } ?? "")
                <answer fraction="100"><text>Mercury</text></answer>
                <answer fraction="0"><text>Venus</text></answer>
                <answer fraction="0"><text>Mars</text></answer>
              </question>
            """
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <quiz>
            \(question("nearest", "Which planet is nearest the Sun?", first))
            \(question("smallest", "Which planet is the smallest?", second))
            </quiz>
            """
        return try MoodleXMLReader.read(data: Data(xml.utf8), file: "planets.xml")
    }

    /// A QTI item with one choiceInteraction whose `shuffle` attribute is `shuffle` (none when nil).
    private func qti(shuffle: String?) throws -> ParsedBank {
        let attribute = shuffle.map { #" shuffle="\#($0)""# } ?? ""
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="moons" title="Moons">
            <responseDeclaration identifier="R" cardinality="single" baseType="identifier">
              <correctResponse><value>m</value></correctResponse></responseDeclaration>
            <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
            <itemBody><choiceInteraction responseIdentifier="R"\(attribute) maxChoices="1">
              <prompt>Which planet has two moons?</prompt>
              <simpleChoice identifier="m">Mars</simpleChoice><simpleChoice identifier="v">Venus</simpleChoice>
            </choiceInteraction></itemBody>
            <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
            </assessmentItem>
            """
        return try QTIItemReader.readItem(data: Data(xml.utf8), file: "moons.xml", member: nil, section: nil)
    }

    @Test func aGIFTBankIsShuffledAndTheNoteSaysSo() throws {
        let bank = try GIFTReader.read(text: "::first::Which is a gas giant? {=Jupiter ~Mars ~Venus}", file: "p.gift")
        let outcome = Banks.importer.assemble([bank])
        let exam = try #require(outcome.exam)
        #expect(exam.shuffle == ShuffleSettings(questions: false, choices: true))
        #expect(try #require(outcome.yaml).contains("shuffle:\n  questions: false\n  choices: true\n"))
        #expect(outcome.notes == [shuffledNote])
    }

    @Test func moodlesShuffleAnswersZeroKeepsTheChoicesInOrderAndNamesTheQuestion() throws {
        let outcome = Banks.importer.assemble([try moodle(first: "1", second: "0")])
        let exam = try #require(outcome.exam)
        #expect(exam.shuffle == ShuffleSettings(questions: false, choices: false))
        #expect(!(try #require(outcome.yaml).contains("shuffle:")))
        #expect(
            outcome.notes == [
                "shuffle: {choices: false}: the bank keeps the choices of smallest (planets.xml:12) in their order, so no question's choices are shuffled; set shuffle: {choices: true} in the exam file to shuffle them all"
            ])
    }

    @Test(arguments: [("1", true), ("true", true), (nil, true), ("false", false), (" 0 ", false)])
    func moodlesShuffleAnswersIsReadAsMoodleWritesIt(_ text: String?, _ shuffled: Bool) throws {
        let outcome = Banks.importer.assemble([try moodle(first: text, second: nil)])
        #expect(try #require(outcome.exam).shuffle.choices == shuffled, "\(text ?? "none")")
    }

    @Test(arguments: [("false", false), ("true", true), (nil, true)])
    func qtisShuffleAttributeDecides(_ attribute: String?, _ shuffled: Bool) throws {
        let outcome = Banks.importer.assemble([try qti(shuffle: attribute)])
        #expect(try #require(outcome.exam).shuffle.choices == shuffled, "\(attribute ?? "none")")
        #expect(outcome.notes.count == 1)
        #expect(outcome.notes.first?.hasPrefix("shuffle: {choices: \(shuffled)}") == true)
    }

    @Test func aBankWithoutChoicesSaysNothingOfShuffling() throws {
        let bank = try GIFTReader.read(text: "Describe the water cycle. {}\n\nThe Earth is round. {T}", file: "e.gift")
        let outcome = Banks.importer.assemble([bank])
        #expect(outcome.exam?.questions.count == 2)
        #expect(outcome.notes.isEmpty)
    }

    @Test func aQTIExportSaysWhetherTheExamShufflesChoicesAndComesBackSo() throws {
        for shuffled in [true, false] {
            let exam = Exam(
                id: "planets", title: "Planets", durationSeconds: 600,
                shuffle: ShuffleSettings(questions: false, choices: shuffled),
                sections: [
                    ExamSection(
                        title: nil,
                        questions: [
                            Question(
                                id: "ring", prompt: "Which planet has the brightest rings?", points: 1,
                                kind: .singleChoice(choices: ["Saturn", "Earth"], correct: 0))
                        ])
                ])
            let item = try #require(QTIWriter.files(for: exam).first { $0.path.hasPrefix("items/") }).text
            #expect(item.contains(#"shuffle="\#(shuffled)""#))
            let back = try QTIItemReader.readItem(data: Data(item.utf8), file: "ring.xml", member: nil, section: nil)
            #expect(Banks.importer.assemble([back]).exam?.shuffle.choices == shuffled)
        }
    }
}
