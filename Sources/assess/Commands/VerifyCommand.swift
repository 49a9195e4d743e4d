import ArgumentParser
import AssessApp
import AssessExam
import AssessStore
import Foundation

/// `assess verify RECEIPT`: checks a student's receipt code against the store.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a receipt code: which attempt it belongs to, and that its stored answers are unchanged.",
        discussion: """
            The code is recomputed from the exam key, the attempt, the stored answers, the \
            submission time and the event log's newest record at submission, which must still \
            be there with the log intact up to it. Exits 0 when it matches, 1 when no attempt \
            has it, the stored answers no longer give it, or the log's records up to it were \
            changed or removed.
            """)

    @Argument(
        help: ArgumentHelp(
            "The receipt code, e.g. 7KQ2-M9XD-P4TA (dashes and case do not matter).",
            valueName: "receipt"))
    var receipt: String

    func run() async throws {
        let code = Self.normalised(receipt)
        let database = try Runtime().database()
        guard let attempt = try database.attempt(withReceipt: code) else {
            throw CommandFailure(
                .notDone,
                "no attempt in this store has the receipt \(code); check the code and the data directory (ASSESS_DATA_DIR)"
            )
        }
        guard let submittedAt = attempt.endedAt else {
            throw CommandFailure(
                .notDone, "attempt \(attempt.id) has the receipt \(code) but no submission time; the store was edited")
        }
        let responses = try SavedAnswers(attempt: attempt.id, database: database).responses
        // The receipt covers the event log up to its newest record at submission, which the
        // submission's own record names: that record must still be there, unchanged.
        let events = EventStore(database: database)
        let submission = try events.events(attempt: attempt.id).last { $0.event.kind == "exam.submitted" }
        let chainHead = submission?.event.details["chain-head"]
        if let chainHead {
            if case .broken(let chainBreak) = try events.verifyChain() {
                throw CommandFailure(
                    .notDone,
                    "receipt \(code) belongs to attempt \(attempt.id), but the event log was tampered with: \(chainBreak)"
                )
            }
            guard try Self.logStillHolds(chainHead, events: events) else {
                throw CommandFailure(
                    .notDone,
                    """
                    receipt \(code) belongs to attempt \(attempt.id), but the event log no longer holds record \
                    \(chainHead.prefix { $0 != ":" }) as it was at submission: its newest records were removed or replaced
                    """)
            }
        }
        let recomputed = Receipt.code(
            examKey: attempt.examKey, attemptID: attempt.id, responses: responses,
            submittedAt: submittedAt, chainHead: chainHead)
        guard recomputed == code else {
            let what =
                submission == nil
                ? "the event log holds no record of this submission (its newest records were removed), or the stored answers were changed"
                : "the stored answers no longer give it (they give \(recomputed)): they were changed after submission"
            throw CommandFailure(
                .notDone,
                """
                receipt \(code) belongs to attempt \(attempt.id) (candidate \(attempt.candidate), exam \(attempt.examID)), \
                but \(what)
                """)
        }
        print(
            """
            valid: receipt \(code)
              candidate  \(attempt.candidate)
              exam       \(attempt.examID) (exam key \(ExamKey.short(attempt.examKey)))
              attempt    \(attempt.id), \(attempt.status.rawValue)
              submitted  \(submittedAt.formatted(.iso8601))
              answers    \(responses.count), unchanged since submission
              log        \(chainHead.map { "intact up to record \($0.prefix { $0 != ":" }), the newest at submission" } ?? "not covered (a receipt from before receipts carried the log's head)")
            """)
    }

    /// True when the log's record numbered as in `chainHead` (`sequence:hash`) is there with that hash.
    static func logStillHolds(_ chainHead: String, events: EventStore) throws -> Bool {
        let parts = chainHead.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let sequence = Int64(parts[0]) else { return false }
        let record = try events.events(after: sequence - 1, limit: 1).first?.event
        return record?.sequence == sequence && record?.hash == String(parts[1])
    }

    /// Upper case, with dashes every four characters: `7kq2m9xdp4ta` → `7KQ2-M9XD-P4TA`.
    static func normalised(_ text: String) -> String {
        let characters = Array(text.uppercased().filter { $0.isLetter || $0.isNumber })
        return stride(from: 0, to: characters.count, by: 4)
            .map { String(characters[$0..<min($0 + 4, characters.count)]) }
            .joined(separator: "-")
    }
}
