import AssessCore
import Foundation

/// Marks on PostgreSQL: the server names the marker (`session_user`) and refuses a seat's
/// role outright (see `postgres-v05-marks.sql`).
extension PostgresStore: MarkStore {
    /// This store keeps marks.
    public var marks: (any MarkStore)? { self }

    @discardableResult
    public func addMark(_ mark: StoredMark) throws -> StoredMark {
        try refusingMarks(of: mark) { try connection.withSession { try Self.insertMark(mark, in: $0) } }
    }

    @discardableResult
    public func addMark(
        _ mark: StoredMark, logging record: (StoredMark) throws -> SessionEvent,
        at time: EventTime
    ) throws -> (mark: StoredMark, event: LoggedEvent) {
        try refusingMarks(of: mark) {
            try connection.transaction { session in
                let stored = try Self.insertMark(mark, in: session)
                let event = try record(stored)
                let fields = ChainedFields(
                    sequence: 0, wallMilliseconds: time.wall.wholeMilliseconds,
                    monotonicNanoseconds: time.monotonicNanoseconds, kind: event.kind,
                    details: event.details, attempt: nil)
                return (stored, try Self.appendEvent(fields, in: session))
            }
        }
    }

    /// Inserts `mark` with `session`; the mark as stored, with the server's marker.
    private static func insertMark(_ mark: StoredMark, in session: PostgresConnection.Session) throws -> StoredMark {
        guard mark.points >= 0 else { throw MarkRefusal.negativePoints(mark.points) }
        let rows = try session.execute(
            """
            INSERT INTO assess.marks (attempt_id, question_id, points, comment, override_reason, marked_at)
            VALUES ($1, $2, $3, $4, $5, \(Self.time(6))) RETURNING marker
            """,
            [
                mark.attemptID, mark.questionID, String(mark.points), mark.comment, mark.overrideReason,
                Self.timestamp(mark.markedAt),
            ]
        ).rows
        guard let marker = rows.first?["marker"] else {
            throw StoreError.unreadableRow(table: "marks", column: "marker")
        }
        var stored = mark
        stored.marker = marker
        stored.markedAt = Date(milliseconds: mark.markedAt.wholeMilliseconds)
        return stored
    }

    /// `body`, with the server's refusals turned into the store's errors (as `call` does).
    private func refusingMarks<T>(of mark: StoredMark, _ body: () throws -> T) throws -> T {
        do {
            return try call(mark.attemptID, body)
        } catch let error as PostgresError where error.sqlState == "AS004" {
            throw MarkRefusal.attemptInProgress(error.message)
        }
    }

    public func markHistory(for attemptID: String) throws -> [StoredMark] {
        let rows = try call(
            """
            SELECT attempt_id, question_id, points, comment, override_reason, marker, \(Self.milliseconds("marked_at"))
            FROM assess.marks WHERE attempt_id = $1 ORDER BY id
            """, [attemptID], attempt: attemptID)
        return try rows.map { row in
            guard let attempt = row["attempt_id"], let question = row["question_id"],
                let points = row["points"].flatMap(Double.init), let comment = row["comment"],
                let marker = row["marker"], let markedAt = row["marked_at"].flatMap(Int64.init)
            else {
                throw StoreError.unreadableRow(table: "marks", column: "points")
            }
            return StoredMark(
                attemptID: attempt, questionID: question, points: points, comment: comment,
                overrideReason: row["override_reason"], marker: marker,
                markedAt: Date(milliseconds: markedAt))
        }
    }
}
