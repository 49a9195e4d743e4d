import ArgumentParser
import AssessExam
import AssessStore
import Foundation

/// `assess verify RECEIPT`: checks a student's receipt code against the store.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a receipt code: which attempt it belongs to, and that its stored answers are unchanged.",
        discussion: """
            The code is recomputed from the exam key, the attempt, the stored answers and the \
            submission time. Exits 0 when it matches, 1 when no attempt has it or the stored \
            answers no longer give it.
            """)

    @Argument(help: ArgumentHelp("The receipt code, e.g. 7KQ2-M9XD-P4TA (dashes and case do not matter).",
                                 valueName: "receipt"))
    var receipt: String

    func run() async throws {
        let code = Self.normalised(receipt)
        let database = try Runtime().database()
        guard let attempt = try database.attempt(withReceipt: code) else {
            throw CommandFailure(.notDone, "no attempt in this store has the receipt \(code); check the code and the data directory (ASSESS_DATA_DIR)")
        }
        guard let submittedAt = attempt.endedAt else {
            throw CommandFailure(.notDone, "attempt \(attempt.id) has the receipt \(code) but no submission time; the store was edited")
        }
        let responses = try SavedAnswers(attempt: attempt.id, database: database).responses
        let recomputed = Receipt.code(examKey: attempt.examKey, attemptID: attempt.id, responses: responses,
                                      submittedAt: submittedAt)
        guard recomputed == code else {
            throw CommandFailure(.notDone, """
                receipt \(code) belongs to attempt \(attempt.id) (candidate \(attempt.candidate), exam \(attempt.examID)), \
                but the stored answers no longer give it (they give \(recomputed)): they were changed after submission
                """)
        }
        print("""
            valid: receipt \(code)
              candidate  \(attempt.candidate)
              exam       \(attempt.examID) (exam key \(ExamKey.short(attempt.examKey)))
              attempt    \(attempt.id), \(attempt.status.rawValue)
              submitted  \(submittedAt.formatted(.iso8601))
              answers    \(responses.count), unchanged since submission
            """)
    }

    /// Upper case, with dashes every four characters: `7kq2m9xdp4ta` → `7KQ2-M9XD-P4TA`.
    static func normalised(_ text: String) -> String {
        let characters = Array(text.uppercased().filter { $0.isLetter || $0.isNumber })
        return stride(from: 0, to: characters.count, by: 4)
            .map { String(characters[$0..<min($0 + 4, characters.count)]) }
            .joined(separator: "-")
    }
}
