import AssessExam
import Crypto
import Foundation
import Testing

@Suite struct ExamKeyTests {
    let original =
        header + """
            # A comment
            language: en
            questions:
              - id: a
                type: single-choice
                prompt: Capital of Canada?
                choices: [Ottawa, Toronto]
                answer: Ottawa
            """

    @Test func keyIsSHA256HexAndShortKeyIsTwoGroupsOfFour() throws {
        let exam = try exam(original)
        #expect(exam.examKey.count == 64)
        #expect(exam.examKey.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(exam.shortKey.count == 9)
        #expect(exam.shortKey == "\(exam.examKey.prefix(4))-\(exam.examKey.dropFirst(4).prefix(4))")
    }

    @Test func keyIsTheDigestOfTheCanonicalFormInLowercaseHex() throws {
        let exam = try exam(original)
        let digest = SHA256.hash(data: Data(ExamKey.canonicalForm(of: exam).utf8))
        #expect(exam.examKey == digest.map { String(format: "%02x", $0) }.joined())
    }

    @Test func textIsComparedInNFC() throws {
        let precomposed = original.replacingOccurrences(of: "Toronto", with: "Montr\u{E9}al")
        let decomposed = original.replacingOccurrences(of: "Toronto", with: "Montre\u{301}al")
        #expect(try exam(precomposed).examKey == exam(decomposed).examKey)
        #expect(try exam(precomposed).examKey != exam(original).examKey)
    }

    @Test func commentsKeyOrderQuotingAndLayoutDoNotChangeTheKey() throws {
        let rewritten = """
            # The same exam, written differently.
            questions: [{answer: "Ottawa", choices: ["Ottawa", 'Toronto'], prompt: "Capital of Canada?", type: single-choice, id: a}]
            language: "en"
            duration: 300s   # five minutes
            title: 'Test exam'
            id: test-exam
            """
        #expect(try exam(rewritten).examKey == exam(original).examKey)
    }

    @Test func defaultsWrittenOutDoNotChangeTheKey() throws {
        let explicit = original.replacingOccurrences(
            of: "language: en\n", with: "language: en\nnavigation: free\nlock: required\n")
        #expect(try exam(explicit).examKey == exam(original).examKey)
    }

    @Test(arguments: [
        ("Capital of Canada?", "Capital of  Canada?"),
        ("[Ottawa, Toronto]", "[Ottawa, Toronto, Montreal]"),
        ("duration: 5m", "duration: 6m"),
        ("title: Test exam", "title: Test Exam"),
        ("language: en", "language: fr"),
        ("answer: Ottawa", "answer: Toronto"),
        ("prompt: Capital", "points: 2\n    prompt: Capital"),
    ])
    func anyContentChangeChangesTheKey(from: String, to: String) throws {
        let changed = original.replacingOccurrences(of: from, with: to)
        #expect(changed != original)
        #expect(try exam(changed).examKey != exam(original).examKey)
    }

    @Test func unicodeNormalisationDoesNotChangeTheKey() throws {
        let composed = original.replacingOccurrences(of: "Toronto", with: "Qu\u{E9}bec")
        let decomposed = original.replacingOccurrences(of: "Toronto", with: "Que\u{301}bec")
        #expect(try exam(composed).examKey == exam(decomposed).examKey)
    }

    @Test func shortKeyOfAFullKey() {
        #expect(ExamKey.short("3f2a91bc0000") == "3f2a-91bc")
    }
}
