import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// Putting banks together into one exam that the native loader accepts.
@Suite struct BankImporterTests {
    @Test func idsComeFromTitlesAndStayUnique() throws {
        let bank = try GIFTReader.read(
            text: "::Capital City!::A? {T}\n\n::capital city::B? {T}\n\nC? {F}\n\n::Q_4::D? {T}\n\n::Q_4::E? {T}",
            file: "b.gift")
        let exam = try #require(Banks.importer.assemble([bank]).exam)
        #expect(exam.questions.map(\.id) == ["capital-city", "capital-city-2", "q3", "Q_4", "Q_4-2"])
    }

    @Test func controlCharactersAreRemovedAndReported() throws {
        let bank = try GIFTReader.read(text: "Is \u{1B}[31mred\u{7} bad? {=yes\u{9B} ~no}", file: "b.gift")
        let outcome = Banks.importer.assemble([bank])
        let question = try #require(outcome.exam?.questions.first)
        #expect(question.prompt == "Is [31mred bad?")
        #expect(question.kind == .singleChoice(choices: ["yes", "no"], correct: 0))
        #expect(outcome.notes.contains { $0.contains("removed 3 control characters") })
    }

    @Test func descriptionsBecomeInstructionsOrGoBeforeTheNextQuestion() throws {
        let bank = try GIFTReader.read(text: "Welcome.\n\nOne? {T}\n\nNow part two.\n\nTwo? {F}", file: "b.gift")
        let exam = try #require(Banks.importer.assemble([bank]).exam)
        #expect(exam.instructions == "Welcome.")
        #expect(exam.questions.map(\.prompt) == ["One?", "Now part two.\n\nTwo?"])
    }

    @Test func aQuestionTheNativeFormatRefusesIsRejectedWithTheLoadersReason() throws {
        let bank = try GIFTReader.read(text: "Same? {=a ~a}\n\nFine? {T}", file: "b.gift")
        let outcome = Banks.importer.assemble([bank])
        #expect(outcome.exam?.questions.count == 1)
        #expect(outcome.rejections.first?.location.line == 1)
        #expect(outcome.rejections.first?.reason.contains("choices") == true)
    }

    @Test func theWrittenFileLoadsBackAsTheSameExam() throws {
        let bank = try GIFTReader.read(
            text: "$CATEGORY: top/Maths\n\n// points: 2\nRoot of 16? {#4}\n\n\"Quoted\" \\: text? {=a: \"b\"}",
            file: "b.gift")
        let outcome = Banks.importer.assemble([bank])
        let yaml = try #require(outcome.yaml)
        let loaded = try ExamLoader.load(text: yaml, path: "imported.yaml")
        #expect(loaded == outcome.exam)
        #expect(loaded.sections.map(\.title) == ["Maths"])
        #expect(loaded.questions.first?.points == 2)
    }

    @Test func aFileInAnUnknownFormatIsAnError() {
        #expect(throws: InterchangeError.self) {
            try Banks.importer.read(data: Data("nothing to see".utf8), path: "x.txt", format: nil)
        }
    }
}
