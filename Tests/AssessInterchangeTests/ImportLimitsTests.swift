import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessInterchange

/// The exam's limits (`ExamLimits`) hold while a bank is read: a bank that passes one is
/// refused, or the question that does rejected, with the limit named, before the rest is
/// parsed. The banks are made in a temporary folder and read from there, as `assess import`
/// reads them; the folder is removed afterwards. (Time and memory are measured by hand with
/// /usr/bin/time -v; the figures are in the commit that added these tests.)
@Suite struct ImportLimitsTests {
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory("assess-import-limits")
    }

    /// Writes `text` to a file in the scratch folder and reads it as `format`.
    private func read(_ text: String, as format: InterchangeFormat = .gift) throws(InterchangeError) -> ParsedBank {
        let path = scratch.file("bank.\(format.rawValue)")
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            Issue.record("cannot write \(path): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Banks.importer.read(fileAt: path, format: format)
    }

    @Test func aBankOfMoreQuestionsThanAnExamHoldsIsRefusedAtTheFirstOnePast() {
        let text = (1...(ExamLimits.questions + 500)).map { "Q\($0)? {T}" }.joined(separator: "\n\n")
        #expect {
            _ = try read(text)
        } throws: { error in
            let error = error as? InterchangeError
            return error?.message.contains("more than 2,000 questions") == true && error?.location.line == 2 * 2_001 + 1
        }
    }

    @Test func exactlyAsManyQuestionsAsAnExamHoldsAreRead() throws {
        let text = (1...ExamLimits.questions).map { "Q\($0)? {T}" }.joined(separator: "\n\n")
        #expect(Banks.questions(try read(text)).count == ExamLimits.questions)
    }

    @Test func aQuestionWithMoreAnswersThanAnExamAllowsIsRejectedAndTheNextRead() throws {
        let many = "Pick one {=right" + String(repeating: " ~x", count: 200_000) + "}\n\nNext? {T}\n"
        let bank = try read(many)
        #expect(bank.rejections.count == 1)
        #expect(bank.rejections.first?.reason.contains("more than 100 answers") == true)
        #expect(bank.rejections.first?.location.line == 1)
        #expect(Banks.questions(bank).map(\.prompt) == ["Next?"])
        // A hundred is allowed.
        let hundred = "Pick one {=right" + String(repeating: " ~x", count: 99) + "}\n"
        #expect(Banks.questions(try read(hundred)).count == 1)
    }

    @Test func aTextLongerThanAnExamAllowsIsRejectedWhereverItIs() throws {
        let long = String(repeating: "a", count: ExamLimits.textCharacters + 1)
        for text in [
            long, "\(long)? {T}", "Which? {=\(long) ~b}", "Which? {=a#\(long) ~b}", "Line one\n\(long)\nand more {T}",
        ] {
            let bank = try read(text + "\n\nNext? {T}\n")
            #expect(bank.rejections.map(\.reason).first?.contains("longer than 20,000 characters") == true)
            #expect(Banks.questions(bank).map(\.prompt) == ["Next?"])
        }
        let longest = String(repeating: "a", count: ExamLimits.textCharacters)
        #expect(Banks.questions(try read("\(longest){T}\n")).count == 1)
    }

    @Test func oneLineOfFourMegabytesIsRejectedWithoutBeingReadWhole() throws {
        let bank = try read(String(repeating: "word ", count: 800_000))
        #expect(bank.entries.isEmpty)
        #expect(bank.rejections.first?.reason.contains("longer than 20,000 characters") == true)
    }

    @Test func aTextBankLargerThanAnExamFileIsRefused() {
        let text = String(repeating: "// a comment line that takes room\n", count: (ExamLimits.fileBytes / 34) + 10)
        for format in [InterchangeFormat.gift, .aiken] {
            #expect {
                _ = try read(text, as: format)
            } throws: { error in
                (error as? InterchangeError)?.message.contains("larger than 4 MiB") == true
            }
        }
    }

    @Test func assemblingMoreQuestionsThanAnExamHoldsIsRefusedBeforeCheckingThem() throws {
        // Two banks, each under the limit, over it together.
        let text = (1...1_200).map { "Q\($0)? {T}" }.joined(separator: "\n\n")
        let first = try read(text)
        let second = try read(text)
        let outcome = Banks.importer.assemble([first, second])
        #expect(outcome.exam == nil)
        #expect(outcome.rejections.last?.reason.contains("2,400 questions; an exam may hold at most 2,000") == true)
    }

    @Test func aikenQuestionsWithMoreOptionsThanAnExamAllowsAreRejected() throws {
        let options = (0..<150).map { _ in "A) x" }.joined(separator: "\n")
        let bank = try read("Pick?\n\(options)\nANSWER: A\n", as: .aiken)
        #expect(Banks.questions(bank).isEmpty)
        #expect(bank.rejections.first?.reason.contains("more than 100 options") == true)
    }
}
