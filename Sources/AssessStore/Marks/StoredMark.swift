import AssessCore
import Foundation

/// One mark a person gave one answer: a row of its own, never a change to the answer.
///
/// Marks are append-only: marking an answer again adds a row, and the newest row of a
/// question counts (`MarkStore.latestMarks(for:)`). A mark of a question the exam scores
/// by itself (a choice, a number) overrides that score and carries the marker's reason.
public struct StoredMark: Sendable, Equatable {
    /// The attempt the answer belongs to.
    public var attemptID: String
    /// The question marked.
    public var questionID: String
    /// The points given, 0 or more (the exam's rules bound them; see `MarkRules`).
    public var points: Double
    /// The marker's comment for the candidate; empty when there is none.
    public var comment: String
    /// Why an automatic score was overridden; nil for a question marked by hand anyway.
    public var overrideReason: String?
    /// Who marked: the login role on PostgreSQL (the server fills it in), the account's
    /// user name on SQLite.
    public var marker: String
    /// When the mark was given, by the marker's clock, to the millisecond.
    public var markedAt: Date

    /// Creates a mark.
    public init(
        attemptID: String, questionID: String, points: Double, comment: String = "",
        overrideReason: String? = nil, marker: String, markedAt: Date
    ) {
        self.attemptID = attemptID
        self.questionID = questionID
        self.points = points
        self.comment = comment
        self.overrideReason = overrideReason
        self.marker = marker
        self.markedAt = markedAt
    }

    /// True when the mark overrides an automatic score.
    public var isOverride: Bool { overrideReason != nil }
}

/// A store that keeps marks beside the answers. Both backends implement it; on
/// PostgreSQL only the proctor group may add or read marks (a seat's role may not).
public protocol MarkStore: ExamStore {
    /// Adds `mark` as the newest mark of its question and returns it as stored (on
    /// PostgreSQL with the server's name for the marker, whatever `mark.marker` says).
    ///
    /// - Throws: `StoreError.unknownAttempt`; `MarkRefusal` for an attempt still in
    ///   progress or negative points; `StoreError.notPermitted` for a role that may not mark.
    @discardableResult
    func addMark(_ mark: StoredMark) throws -> StoredMark

    /// Adds `mark` and appends its log record in one transaction: a crash or a failure
    /// between the two (`record` is asked for the record once the mark is in) leaves
    /// neither, so the log never misses a mark and never names one that is not there.
    /// `record` gets the mark as stored (on PostgreSQL, with the server's marker); the
    /// record goes on no attempt, as the proctor's other records do.
    ///
    /// - Throws: as `addMark`, and whatever `record` throws (nothing is kept then).
    @discardableResult
    func addMark(
        _ mark: StoredMark, logging record: (StoredMark) throws -> SessionEvent,
        at time: EventTime
    ) throws -> (mark: StoredMark, event: LoggedEvent)

    /// Every mark of an attempt, oldest first (the history of who marked what, when).
    func markHistory(for attemptID: String) throws -> [StoredMark]
}

extension MarkStore {
    /// The mark that counts for each marked question of an attempt (the newest), by question id.
    public func latestMarks(for attemptID: String) throws -> [String: StoredMark] {
        var latest: [String: StoredMark] = [:]
        for mark in try markHistory(for: attemptID) {
            latest[mark.questionID] = mark
        }
        return latest
    }
}

/// Why the store refused a mark.
public enum MarkRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The attempt is still being sat; its answers can change.
    case attemptInProgress(String)
    /// Points below zero.
    case negativePoints(Double)

    public var description: String {
        switch self {
        case .attemptInProgress(let id):
            return "attempt \(id) is still in progress; mark it once it is submitted or ended"
        case .negativePoints(let points):
            return "\(points) points is below 0; a mark is 0 or more"
        }
    }
}
