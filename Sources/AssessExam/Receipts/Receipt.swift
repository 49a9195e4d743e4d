import Crypto
import Foundation

/// The receipt code a student is shown after submitting, such as `7KQ2-M9XD-4HBT`.
///
/// The code is SHA-256 over a canonical form of the submission, with the first 60 bits
/// written as 12 characters of Crockford's base32 (digits and capital letters without
/// I, L, O and U, so nothing is confused when read aloud or copied by hand) in three
/// groups of four. The canonical form is, one item per line:
///
/// ```
/// assess-receipt-v2
/// exam=<exam key>
/// attempt=<attempt id>
/// submitted=<whole seconds since 1970-01-01 UTC, rounded down>
/// chain=<the event log's newest record at submission, as sequence:hash>
/// <byte count of question id>:<question id>=<Response.json>   (one line per response, ids sorted)
/// ```
///
/// A receipt made without the log's head (before receipts carried it) is `v1`: the same
/// lines without `chain=`.
///
/// The same submission always gives the same code; a changed answer, attempt, exam,
/// submission second or log head gives a different one (apart from a 1 in 2⁶⁰ chance).
/// Since the head is in the code, removing the log's newest records after submission
/// cannot go unnoticed: `assess verify` finds the head missing or changed.
public enum Receipt {
    /// Crockford's base32 alphabet.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// The receipt code for a submission; `chainHead` is the event log's newest record
    /// at submission as `sequence:hash`, or `nil` for a `v1` code.
    public static func code(
        examKey: String, attemptID: String, responses: [String: Response], submittedAt: Date,
        chainHead: String?
    ) -> String {
        let form = canonicalForm(
            examKey: examKey, attemptID: attemptID, responses: responses, submittedAt: submittedAt,
            chainHead: chainHead)
        let bits = SHA256.hash(data: Data(form.utf8)).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } >> 4
        let characters = (0..<12).map { index in alphabet[Int((bits >> UInt64(55 - 5 * index)) & 31)] }
        return stride(from: 0, to: 12, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// The text the code is computed from (documented on `Receipt`).
    static func canonicalForm(
        examKey: String, attemptID: String, responses: [String: Response], submittedAt: Date,
        chainHead: String?
    ) -> String {
        var lines = [
            chainHead == nil ? "assess-receipt-v1" : "assess-receipt-v2", "exam=\(examKey)", "attempt=\(attemptID)",
            "submitted=\(Int64(submittedAt.timeIntervalSince1970.rounded(.down)))",
        ]
        if let chainHead { lines.append("chain=\(chainHead)") }
        for (id, response) in responses.sorted(by: { $0.key < $1.key }) {
            lines.append("\(id.utf8.count):\(id)=\(response.json)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
