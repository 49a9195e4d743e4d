import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// Aiken questions and its mistakes.
@Suite struct AikenReaderTests {
    @Test func questionsWithBothLetterStyles() {
        let bank = AikenReader.read(
            text: """
                Which gas do plants take in?
                A) Oxygen
                B) Carbon dioxide
                C) Helium
                ANSWER: B

                Which is a mammal?
                A. Shark
                B. Whale
                ANSWER: B
                """, file: "bank.txt")
        let questions = Banks.questions(bank)
        #expect(bank.rejections.isEmpty)
        #expect(questions.map(\.prompt) == ["Which gas do plants take in?", "Which is a mammal?"])
        #expect(questions.first?.kind == .singleChoice(choices: ["Oxygen", "Carbon dioxide", "Helium"], correct: 1))
        #expect(questions.last?.location.line == 7)
    }

    @Test func answerWithNoQuestionAndUnknownLetterAreRejected() {
        let orphan = AikenReader.read(text: "ANSWER: A\n", file: "bank.txt")
        #expect(orphan.rejections.first?.location.line == 1)
        #expect(orphan.rejections.first?.reason.contains("no question before it") == true)
        let unknown = AikenReader.read(text: "Q?\nA) x\nB) y\nANSWER: D\n", file: "bank.txt")
        #expect(unknown.rejections.first?.location.line == 4)
        #expect(unknown.rejections.first?.reason.contains("not one of this question's letters (A, B)") == true)
    }

    @Test func aQuestionWithoutAnAnswerLineIsRejected() {
        let bank = AikenReader.read(text: "Q?\nA) x\nB) y\n\nNext?\nA) p\nB) q\nANSWER: A", file: "bank.txt")
        #expect(bank.rejections.count == 1)
        #expect(bank.rejections.first?.location.line == 1)
        #expect(Banks.questions(bank).count == 1)
    }

    @Test func formatIsGuessedFromContent() {
        #expect(InterchangeFormat.guess(Data("Q?\nA) x\nB) y\nANSWER: A\n".utf8)) == .aiken)
        #expect(InterchangeFormat.guess(Data("::t:: Q? {T}".utf8)) == .gift)
        #expect(InterchangeFormat.guess(Data("<?xml version=\"1.0\"?>\n<quiz></quiz>".utf8)) == .moodleXML)
        #expect(InterchangeFormat.guess(Data("<assessmentItem identifier=\"a\"/>".utf8)) == .qti)
        #expect(InterchangeFormat.guess(Data("<qti-assessment-item identifier=\"a\"/>".utf8)) == .qti)
        #expect(InterchangeFormat.guess(Data([0x50, 0x4B, 0x03, 0x04, 0])) == .qti)
        #expect(InterchangeFormat.guess(Data("just some words".utf8)) == nil)
    }
}
