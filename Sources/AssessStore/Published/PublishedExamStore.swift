import Foundation

/// A published exam as a store keeps it, in two parts kept apart: the delivery form a seat
/// is sent (JSON of `AssessExam.DeliveryForm`) and the scoring key, in numbered versions,
/// that only a proctor reads. The store keeps both as opaque text; `assess publish` makes
/// them.
public struct ExamPublication: Sendable, Equatable {
    /// The exam's id.
    public var exam: String
    /// The delivery key: the exam key of the delivery form.
    public var deliveryKey: String
    /// The delivery form, as JSON.
    public var deliveryForm: String
    /// What a seat may read before the sitting opens.
    public var title: String
    public var durationSeconds: Int
    public var instructions: String
    public var questionCount: Int
    /// The scoring key's content: the exam file's text, answers and all.
    public var scoringKey: String

    public init(
        exam: String, deliveryKey: String, deliveryForm: String, title: String, durationSeconds: Int,
        instructions: String, questionCount: Int, scoringKey: String
    ) {
        self.exam = exam
        self.deliveryKey = deliveryKey
        self.deliveryForm = deliveryForm
        self.title = title
        self.durationSeconds = durationSeconds
        self.instructions = instructions
        self.questionCount = questionCount
        self.scoringKey = scoringKey
    }
}

/// What a `publish` did.
public enum PublishOutcome: Sendable, Equatable {
    /// The exam was not published before: its delivery form and scoring key `v1`.
    case published(version: Int)
    /// The same delivery form and the same scoring key as the version in force: nothing changed.
    case unchanged(version: Int)
    /// The same delivery form with another scoring key: a new version of the key.
    case newScoringKey(version: Int)
    /// `--replace`: another delivery form (no attempt existed), with a new version of the key.
    case replaced(version: Int)

    /// The scoring key version in force after the publish.
    public var version: Int {
        switch self {
        case .published(let version), .unchanged(let version), .newScoringKey(let version), .replaced(let version):
            return version
        }
    }
}

/// Why a publish or a read of a published exam was refused.
public enum PublicationError: Error, Equatable, CustomStringConvertible {
    /// Another delivery form under the same id, without `replace`.
    case deliveryChanged(exam: String, published: String)
    /// Another delivery form under the same id after attempts of it exist.
    case attemptsExist(exam: String, count: Int)
    /// The seat may not read the exam's questions yet: the proctor has not opened its sitting.
    case notOpenYet(exam: String)

    public var description: String {
        switch self {
        case .deliveryChanged(let exam, let published):
            return
                "\(exam) is published with other questions (delivery key \(published.prefix(4))-\(published.dropFirst(4).prefix(4))); give --replace to publish the changed exam"
        case .attemptsExist(let exam, let count):
            return
                "\(exam) has \(count) attempt\(count == 1 ? "" : "s") already, so what the students see may no longer change; only the scoring key may (same questions, other answers)"
        case .notOpenYet(let exam):
            return "the sitting of \(exam) is not open yet: the questions come when the proctor opens it"
        }
    }
}

/// A published exam as a proctor sees it.
public struct PublishedExam: Sendable, Equatable {
    public var exam: String
    public var deliveryKey: String
    public var title: String
    /// The newest scoring key version.
    public var version: Int
    public var publishedBy: String
    public var publishedAt: Date
}

/// One version of a scoring key.
public struct StoredScoringKey: Sendable, Equatable {
    public var exam: String
    public var version: Int
    public var deliveryKey: String
    public var content: String
    public var publishedBy: String
    public var publishedAt: Date
}

/// A store that keeps published exams. A seat reads only ``cover(exam:)`` and, once its
/// sitting may start, ``deliveryForm(exam:candidate:)``; the rest is a proctor's. On
/// PostgreSQL the server enforces it (`postgres-v11-published-exams.sql`); on SQLite the
/// file's owner reads everything (see docs/stores.md).
public protocol PublishedExamStore: ExamStore {
    /// Publishes `publication`: a new exam, a new scoring key version for the same
    /// delivery form, or (with `replace`, and no attempt of the exam yet) another delivery
    /// form. Throws `PublicationError` when refused.
    func publish(_ publication: ExamPublication, replace: Bool, by proctor: String, at time: Date) throws
        -> PublishOutcome

    /// Every published exam (a proctor's).
    func publishedExams() throws -> [PublishedExam]

    /// The published exam `exam`, if there is one (a proctor's).
    func publishedExam(_ exam: String) throws -> PublishedExam?

    /// The cover of a published exam: what a seat may read before the opening; `nil` when
    /// `exam` is not published.
    func cover(exam: String) throws -> (
        deliveryKey: String, title: String, durationSeconds: Int,
        instructions: String, questionCount: Int
    )?

    /// The delivery form (JSON) and its key, for `candidate`'s sitting; `nil` when `exam`
    /// is not published. Throws `PublicationError.notOpenYet` until the proctor opens the
    /// sitting (`assess open`), with or without a roster (a proctor's role on PostgreSQL
    /// reads it at any time), and `StoreError.notPermitted` for a candidate not on the
    /// exam's roster.
    func deliveryForm(exam: String, candidate: String) throws -> (deliveryKey: String, form: String)?

    /// The whole delivery form of `exam` as the store keeps it (its JSON, or on SQLite
    /// sealed under its start code) and its key, whether or not the sitting is open; `nil`
    /// when `exam` is not published. A proctor's: `export` takes a published exam's pictures
    /// from it, since the scoring key keeps only their digests.
    func publishedForm(exam: String) throws -> (deliveryKey: String, form: String)?

    /// A version of the scoring key (the newest when `version` is nil); a proctor's.
    func scoringKey(exam: String, version: Int?) throws -> StoredScoringKey?
}
