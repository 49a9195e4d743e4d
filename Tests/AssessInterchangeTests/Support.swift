import AssessExam
import Foundation

@testable import AssessInterchange

/// Helpers the interchange tests share.
enum Banks {
    /// The repository's sample exams.
    static let exams = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Exams")

    /// An importer with fixed exam settings.
    static let importer = BankImporter(examID: "imported", title: "Imported", durationSeconds: 600)

    /// The questions a bank's entries hold, in order.
    static func questions(_ bank: ParsedBank) -> [ImportedQuestion] {
        bank.entries.compactMap { if case .question(let question) = $0 { return question } else { return nil } }
    }

    /// Reads GIFT text and returns the one question it holds, or nil when there is not exactly one.
    static func gift(_ text: String) throws -> ImportedQuestion? {
        let found = questions(try GIFTReader.read(text: text, file: "bank.gift"))
        return found.count == 1 ? found[0] : nil
    }

    /// The rejections of a GIFT text.
    static func giftRejections(_ text: String) throws -> [Rejection] {
        try GIFTReader.read(text: text, file: "bank.gift").rejections
    }
}
