import AssessCore
import Foundation
import GRDB

/// The event log in SQLite. Every append runs in one IMMEDIATE write transaction that
/// reads the last record and inserts the next one, so records from several processes
/// sharing one data directory still get consecutive sequence numbers and one unbroken
/// chain.
extension SQLiteStore {
    @discardableResult
    public func appendEvent(_ event: SessionEvent, at time: EventTime, attempt: String?) throws -> LoggedEvent {
        try write { db in try Self.insertEvent(event, at: time, attempt: attempt, in: db) }
    }

    /// Appends one record, chained to the last, in the transaction `db` is in (a mark and
    /// its record are one transaction). Every save of every seat logs one: cached
    /// statements and details written by hand, no record encoding.
    static func insertEvent(_ event: SessionEvent, at time: EventTime, attempt: String?, in db: Database) throws
        -> LoggedEvent
    {
        let last = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT sequence, hash FROM events ORDER BY sequence DESC LIMIT 1"))
        let fields = ChainedFields(
            sequence: (last?["sequence"] as Int64? ?? 0) + 1,
            wallMilliseconds: time.wall.wholeMilliseconds,
            monotonicNanoseconds: time.monotonicNanoseconds,
            kind: event.kind, details: event.details, attempt: attempt)
        let hash = EventChain.hash(of: fields, after: last?["hash"] as String? ?? EventChain.genesis)
        try db.cachedStatement(
            sql: """
                INSERT INTO events (sequence, wallMilliseconds, monotonicNanoseconds, kind, details, attempt, hash)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            fields.sequence, fields.wallMilliseconds, fields.monotonicNanoseconds, fields.kind,
            HandWrittenJSON.object(fields.details), fields.attempt, hash,
        ])
        return LoggedEvent(
            sequence: fields.sequence, wallTime: Date(milliseconds: fields.wallMilliseconds),
            monotonicNanoseconds: fields.monotonicNanoseconds, kind: fields.kind, details: fields.details, hash: hash)
    }

    public func eventLogHead() throws -> (sequence: Int64, hash: String)? {
        try read { db in
            try EventRow.order(EventRow.Columns.sequence.desc).fetchOne(db).map { ($0.sequence, $0.hash) }
        }
    }

    public func keptHead() throws -> String? {
        try eventLogHead().map { "\($0.sequence):\($0.hash)" }
    }

    public func latestEventKind(attempt: String, among kinds: [String]) throws -> String? {
        try read { db in
            try String.fetchOne(
                db,
                EventRow
                    .select(EventRow.Columns.kind)
                    .filter(EventRow.Columns.attempt == attempt)
                    .filter(kinds.contains(EventRow.Columns.kind))
                    .order(EventRow.Columns.sequence.desc))
        }
    }

    public func eventKinds(attempt: String, among kinds: [String]) throws -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                EventRow
                    .select(EventRow.Columns.kind)
                    .filter(EventRow.Columns.attempt == attempt)
                    .filter(kinds.contains(EventRow.Columns.kind))
                    .order(EventRow.Columns.sequence))
        }
    }

    public func events(after sequence: Int64, limit: Int?, attempt: String?) throws -> [StoredEvent] {
        try read { db in
            var request =
                EventRow
                .filter(EventRow.Columns.sequence > sequence)
                .order(EventRow.Columns.sequence)
            if let attempt {
                request = request.filter(EventRow.Columns.attempt == attempt)
            }
            if let limit {
                request = request.limit(limit)
            }
            return try request.fetchAll(db).map { try $0.storedEvent() }
        }
    }

    public func verifyEventChain() throws -> ChainVerification {
        try read { db in
            var verifier = ChainVerifier()
            let rows = try EventRow.order(EventRow.Columns.id).fetchCursor(db)
            while let row = try rows.next() {
                let found = try verifier.check(sequence: row.sequence, fields: row.chainedFields, hash: row.hash) {
                    expected in
                    try EventRow.filter(EventRow.Columns.sequence == expected).fetchCount(db) > 0
                }
                if let found { return found }
            }
            return verifier.result
        }
    }
}
