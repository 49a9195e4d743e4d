import AssessExam
import AssessPlatform
import AssessStore
import Foundation

/// What `publish` and `results --rescore --apply` share: the publication an exam file
/// makes, and who may publish into a SQLite store.
package enum Publishing {
    /// The publication of `exam`, read from `source` (the file's text, which with its
    /// pictures' digests is its scoring key, see `ScoringKeyText`):
    /// its delivery form, the form's cover and key.
    package static func publication(of exam: Exam, source: String) -> ExamPublication {
        let form = DeliveryForm(exam: exam)
        let cover = form.cover
        return ExamPublication(
            exam: exam.id, deliveryKey: form.key, deliveryForm: form.json, title: cover.title,
            durationSeconds: cover.durationSeconds, instructions: cover.instructions,
            questionCount: cover.questionCount, scoringKey: ScoringKeyText.text(source: source, exam: exam))
    }

    /// Why this account may not publish into, nor read the scoring keys of, the SQLite store
    /// in force: only the account that owns the store's file, or root, may; `nil` when this
    /// one may, and for a PostgreSQL store (whose roles decide).
    package static func ownerProblem(_ runtime: Runtime) throws -> String? {
        guard try runtime.storeURL() == nil else { return nil }
        let path = (DataDirectory(environment: runtime.environment).path as NSString)
            .appendingPathComponent(SQLiteStore.fileName)
        let uid = geteuid()
        guard uid != 0,
            let owner = (try? FileManager.default.attributesOfItem(atPath: path))?[.ownerAccountID] as? NSNumber,
            owner.uint32Value != uid
        else { return nil }
        return "the store \(path) is not this account's: only the account that owns it, or root, may"
    }
}
