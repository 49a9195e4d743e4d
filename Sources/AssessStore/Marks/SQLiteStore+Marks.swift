import Foundation
import GRDB

/// Marks in SQLite: appended in one transaction that is on disk when `addMark` returns.
extension SQLiteStore: MarkStore {
    /// This store keeps marks.
    public var marks: (any MarkStore)? { self }

    @discardableResult
    public func addMark(_ mark: StoredMark) throws -> StoredMark {
        guard mark.points >= 0 else { throw MarkRefusal.negativePoints(mark.points) }
        var stored = mark
        stored.markedAt = Date(milliseconds: mark.markedAt.wholeMilliseconds)
        try write { db in
            guard let attempt = try Attempt.fetchOne(db, key: mark.attemptID) else {
                throw StoreError.unknownAttempt(mark.attemptID)
            }
            guard attempt.status != .inProgress else { throw MarkRefusal.attemptInProgress(mark.attemptID) }
            try db.execute(sql: """
                INSERT INTO marks (attemptID, questionID, points, comment, overrideReason, marker, markedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [stored.attemptID, stored.questionID, stored.points, stored.comment,
                                 stored.overrideReason, stored.marker, stored.markedAt])
        }
        return stored
    }

    public func markHistory(for attemptID: String) throws -> [StoredMark] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT attemptID, questionID, points, comment, overrideReason, marker, markedAt
                FROM marks WHERE attemptID = ? ORDER BY id
                """, arguments: [attemptID]).map { row in
                guard let markedAt: Date = row["markedAt"] else {
                    throw StoreError.unreadableRow(table: "marks", column: "markedAt")
                }
                return StoredMark(attemptID: row["attemptID"], questionID: row["questionID"], points: row["points"],
                                  comment: row["comment"], overrideReason: row["overrideReason"], marker: row["marker"],
                                  markedAt: markedAt)
            }
        }
    }
}
