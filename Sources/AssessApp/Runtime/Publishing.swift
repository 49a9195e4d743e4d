import AssessExam
import AssessPlatform
import AssessStore
import Foundation

/// What `publish` and `results --rescore --apply` share: the publication an exam file
/// makes, and who may publish into a SQLite store.
package enum Publishing {
    /// The publication of `exam`, read from `source` (the file's text, which with its
    /// pictures' digests is its scoring key, see `ScoringKeyText`): its delivery form, the
    /// form's cover and key. With `startCode`, the form is sealed under it
    /// (`SealedDeliveryForm`): a SQLite store then holds no question in clear text.
    package static func publication(of exam: Exam, source: String, startCode: String? = nil) throws
        -> ExamPublication
    {
        let form = DeliveryForm(exam: exam)
        let cover = form.cover
        let stored =
            try startCode.map { try SealedDeliveryForm.seal(form.json, code: $0, exam: exam.id, deliveryKey: form.key) }
            ?? form.json
        return ExamPublication(
            exam: exam.id, deliveryKey: form.key, deliveryForm: stored, title: cover.title,
            durationSeconds: cover.durationSeconds, instructions: cover.instructions,
            questionCount: cover.questionCount, scoringKey: ScoringKeyText.text(source: source, exam: exam))
    }

    /// Why this account may not publish into, nor read the scoring keys of, the SQLite store
    /// in force, checking both files: the store's, which only the account that owns it, or
    /// root, may write; and the scoring keys beside it, which only the account that made
    /// them (mode 0600) reads. `nil` when this one may, and for a PostgreSQL store (whose
    /// roles decide).
    package static func ownerProblem(_ runtime: Runtime) throws -> String? {
        guard try runtime.storeURL() == nil else { return nil }
        let folder = DataDirectory(environment: runtime.environment).path as NSString
        let path = folder.appendingPathComponent(SQLiteStore.fileName)
        let uid = geteuid()
        if uid != 0,
            let owner = (try? FileManager.default.attributesOfItem(atPath: path))?[.ownerAccountID] as? NSNumber,
            owner.uint32Value != uid
        {
            return "the store \(path) is not this account's: only the account that owns it, or root, may"
        }
        return SQLiteStore.scoringKeysProblem(in: folder as String).map { $0 + "; so it may not" }
    }
}
