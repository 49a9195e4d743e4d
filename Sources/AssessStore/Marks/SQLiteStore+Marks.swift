import AssessCore
import Foundation
import GRDB

/// Marks in SQLite: appended in one transaction (with its log record, when given one) that
/// is on disk when `addMark` returns.
extension SQLiteStore: MarkStore {
    /// This store keeps marks.
    public var marks: (any MarkStore)? { self }

    @discardableResult
    public func addMark(_ mark: StoredMark) throws -> StoredMark {
        try write { db in try Self.insertMark(mark, in: db) }
    }

    @discardableResult
    public func addMark(
        _ mark: StoredMark, logging record: (StoredMark) throws -> SessionEvent,
        at time: EventTime
    ) throws -> (mark: StoredMark, event: LoggedEvent) {
        try write { db in
            let stored = try Self.insertMark(mark, in: db)
            let event = try Self.insertEvent(try record(stored), at: time, attempt: nil, in: db)
            return (stored, event)
        }
    }

    /// Inserts `mark` in the transaction `db` is in; the mark as stored.
    private static func insertMark(_ mark: StoredMark, in db: Database) throws -> StoredMark {
        guard mark.points >= 0 else { throw MarkRefusal.negativePoints(mark.points) }
        var stored = mark
        stored.markedAt = Date(milliseconds: mark.markedAt.wholeMilliseconds)
        guard let attempt = try Attempt.fetchOne(db, key: mark.attemptID) else {
            throw StoreError.unknownAttempt(mark.attemptID)
        }
        guard attempt.status != .inProgress else { throw MarkRefusal.attemptInProgress(mark.attemptID) }
        try db.execute(
            sql: """
                INSERT INTO marks (attemptID, questionID, points, comment, overrideReason, marker, markedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                stored.attemptID, stored.questionID, stored.points, stored.comment,
                stored.overrideReason, stored.marker, stored.markedAt,
            ])
        return stored
    }

    public func markHistory(for attemptID: String) throws -> [StoredMark] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT attemptID, questionID, points, comment, overrideReason, marker, markedAt
                    FROM marks WHERE attemptID = ? ORDER BY id
                    """, arguments: [attemptID]
            ).map { row in
                guard let markedAt: Date = row["markedAt"] else {
                    throw StoreError.unreadableRow(table: "marks", column: "markedAt")
                }
                return StoredMark(
                    attemptID: row["attemptID"], questionID: row["questionID"], points: row["points"],
                    comment: row["comment"], overrideReason: row["overrideReason"], marker: row["marker"],
                    markedAt: markedAt)
            }
        }
    }
}
