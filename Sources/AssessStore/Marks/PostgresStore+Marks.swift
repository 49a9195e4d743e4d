import Foundation

/// Marks on PostgreSQL: the server names the marker (`session_user`) and refuses a seat's
/// role outright (see `postgres-v05-marks.sql`).
extension PostgresStore: MarkStore {
    /// This store keeps marks.
    public var marks: (any MarkStore)? { self }

    @discardableResult
    public func addMark(_ mark: StoredMark) throws -> StoredMark {
        guard mark.points >= 0 else { throw MarkRefusal.negativePoints(mark.points) }
        let rows: [[String: String]]
        do {
            rows = try call("""
                INSERT INTO assess.marks (attempt_id, question_id, points, comment, override_reason, marked_at)
                VALUES ($1, $2, $3, $4, $5, \(Self.time(6))) RETURNING marker
                """, [mark.attemptID, mark.questionID, String(mark.points), mark.comment, mark.overrideReason,
                      Self.timestamp(mark.markedAt)], attempt: mark.attemptID)
        } catch let error as PostgresError where error.sqlState == "AS004" {
            throw MarkRefusal.attemptInProgress(error.message)
        }
        guard let marker = rows.first?["marker"] else { throw StoreError.unreadableRow(table: "marks", column: "marker") }
        var stored = mark
        stored.marker = marker
        stored.markedAt = Date(milliseconds: mark.markedAt.wholeMilliseconds)
        return stored
    }

    public func markHistory(for attemptID: String) throws -> [StoredMark] {
        let rows = try call("""
            SELECT attempt_id, question_id, points, comment, override_reason, marker, \(Self.milliseconds("marked_at"))
            FROM assess.marks WHERE attempt_id = $1 ORDER BY id
            """, [attemptID], attempt: attemptID)
        return try rows.map { row in
            guard let attempt = row["attempt_id"], let question = row["question_id"],
                  let points = row["points"].flatMap(Double.init), let comment = row["comment"],
                  let marker = row["marker"], let markedAt = row["marked_at"].flatMap(Int64.init) else {
                throw StoreError.unreadableRow(table: "marks", column: "points")
            }
            return StoredMark(attemptID: attempt, questionID: question, points: points, comment: comment,
                              overrideReason: row["override_reason"], marker: marker,
                              markedAt: Date(milliseconds: markedAt))
        }
    }
}
