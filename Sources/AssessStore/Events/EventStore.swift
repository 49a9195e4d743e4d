import AssessCore
import GRDB
import Synchronization

/// The durable, hash-chained event log: the real `EventLog` of `assess`.
///
/// Every `append` runs in one IMMEDIATE write transaction that reads the last record
/// and inserts the next one, so records from several processes sharing one data
/// directory still get consecutive sequence numbers and one unbroken chain. The record
/// is fsynced before `append` returns (see `AssessDatabase`).
///
/// The store logs only what it is given: `SessionEvent`s carry counts, ids and reasons,
/// never answer text, and nothing else in this module writes to the log.
public final class EventStore: EventLog {
    /// The database the log lives in.
    public let database: AssessDatabase

    private let attemptState = Mutex<String?>(nil)

    /// A log in `database`, with no current attempt.
    public init(database: AssessDatabase) {
        self.database = database
    }

    /// The attempt that records appended from now on belong to, or nil between exams.
    ///
    /// The front end sets it when an exam starts and clears it when the exam ends; it is
    /// stored with each record so that `events(attempt:)` can pick out one exam's records.
    public var currentAttempt: String? {
        get { attemptState.withLock { $0 } }
        set { attemptState.withLock { $0 = newValue } }
    }

    /// Appends one record, chained to the last one, and returns it once it is on disk.
    @discardableResult
    public func append(_ event: SessionEvent, at time: EventTime) throws -> LoggedEvent {
        let attempt = currentAttempt
        return try database.write { db in
            let last = try EventRow.order(EventRow.Columns.sequence.desc).fetchOne(db)
            let fields = ChainedFields(
                sequence: (last?.sequence ?? 0) + 1,
                wallMilliseconds: time.wall.wholeMilliseconds,
                monotonicNanoseconds: time.monotonicNanoseconds,
                kind: event.kind, details: event.details, attempt: attempt)
            let row = try EventRow(fields, hash: EventChain.hash(of: fields, after: last?.hash ?? EventChain.genesis))
            try row.insert(db)
            return try row.storedEvent().event
        }
    }

    /// The newest record as `sequence:hash`, or `nil` while the log is empty: what a
    /// receipt carries so that removing the records up to it is found.
    public func head() throws -> String? {
        try database.read { db in
            try EventRow.order(EventRow.Columns.sequence.desc).fetchOne(db).map { "\($0.sequence):\($0.hash)" }
        }
    }

    /// The kind of the attempt's newest record among `kinds`, or `nil` when it has none
    /// of them: one indexed query, however long the attempt's timeline.
    public func latestKind(attempt: String, among kinds: [String]) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, EventRow
                .select(EventRow.Columns.kind)
                .filter(EventRow.Columns.attempt == attempt)
                .filter(kinds.contains(EventRow.Columns.kind))
                .order(EventRow.Columns.sequence.desc))
        }
    }

    /// Records in sequence order.
    ///
    /// - Parameters:
    ///   - sequence: Only records after this sequence number (0 for all); pass the last
    ///     sequence seen to follow the log.
    ///   - limit: At most this many records, or all.
    ///   - attempt: Only records appended while this attempt was current, or all.
    public func events(after sequence: Int64 = 0, limit: Int? = nil, attempt: String? = nil) throws -> [StoredEvent] {
        try database.read { db in
            var request = EventRow
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

    /// Checks every record, in the order they were inserted, against the chain: each
    /// must carry the next sequence number and a hash that follows from its fields and
    /// the previous record's hash.
    ///
    /// A hash chain cannot tell that the newest records were removed (nothing follows
    /// them); everything else — an edit, a removal, a reordering — is found and named.
    public func verifyChain() throws -> ChainVerification {
        try database.read { db in
            var expected: Int64 = 1
            var previousHash = EventChain.genesis
            let rows = try EventRow.order(EventRow.Columns.id).fetchCursor(db)
            while let row = try rows.next() {
                if row.sequence != expected {
                    let expectedExists = try EventRow.filter(EventRow.Columns.sequence == expected).fetchCount(db) > 0
                    let problem: ChainProblem = expectedExists || row.sequence < expected
                        ? .outOfOrder(found: row.sequence)
                        : .removed
                    return .broken(ChainBreak(sequence: expected, problem: problem))
                }
                guard let fields = row.chainedFields,
                      EventChain.hash(of: fields, after: previousHash) == row.hash else {
                    return .broken(ChainBreak(sequence: expected, problem: .edited))
                }
                previousHash = row.hash
                expected += 1
            }
            return .intact(count: Int(expected - 1))
        }
    }
}
