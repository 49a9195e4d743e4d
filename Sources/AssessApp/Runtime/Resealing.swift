import AssessExam
import AssessStore
import Foundation

/// A new start code for an exam whose questions a SQLite store keeps sealed
/// (`publish --start-code`): the questions are sealed again under it, from the scoring key
/// that only the store's owner reads (the exam file's text, which makes the same delivery
/// form), so the code the monitor shows is the one that opens them, and the old one no
/// longer does.
package enum Resealing {
    /// Seals the questions of `exam` in `store` under `code`; throws a `CommandFailure` that
    /// says what to do when this account cannot (it may not read the scoring key, or the key
    /// no longer makes the published questions).
    package static func reseal(exam: String, under code: String, in store: SQLiteStore) throws {
        let instead =
            "open the sitting with `assess open \(exam)` and announce the code publish printed, or seal the "
            + "questions under a new one with `assess publish FILE --start-code --replace` while no attempt exists"
        let key: StoredScoringKey?
        do {
            key = try store.scoringKey(exam: exam, version: nil)
        } catch {
            throw CommandFailure(
                .notDone,
                """
                the questions of \(exam) are sealed under their start code, and a new code seals them again from \
                the scoring key, which only the store's owner reads (\(error)): run the monitor as that account, \
                or \(instead)
                """)
        }
        guard let key, let published = try store.publishedExam(exam) else {
            throw CommandFailure(
                .notDone, "\(exam) has no scoring key in this store to seal its questions again: \(instead)")
        }
        // A scoring key records its pictures' digests, not their bytes: it cannot make their form.
        let sat = try? ScoringKeyText.exam(from: key.content, path: exam)
        guard let sat, sat.questions.allSatisfy(\.images.isEmpty) else {
            throw CommandFailure(
                .notDone,
                "the scoring key of \(exam) cannot seal its questions again (their pictures are not in it): \(instead)")
        }
        let form = DeliveryForm(exam: sat)
        guard form.key == published.deliveryKey else {
            throw CommandFailure(
                .notDone, "the scoring key of \(exam) no longer makes the questions published: \(instead)")
        }
        let sealed = try SealedDeliveryForm.seal(form.json, code: code, exam: exam, deliveryKey: form.key)
        try store.replaceSealedForm(exam: exam, deliveryKey: form.key, sealed: sealed)
    }
}
