import AssessCore
import Synchronization

/// The durable, hash-chained event log: the real `EventLog` of `assess`, in whichever
/// store is in force.
///
/// Each record is durable before `append` returns, numbered and chained after the last
/// record of the whole log, even when several processes share the store (see
/// `ExamStore.appendEvent`).
///
/// The store logs only what it is given: `SessionEvent`s carry counts, ids and reasons,
/// never answer text, and nothing else in this module writes to the log.
public final class EventStore: EventLog {
    /// The store the log lives in.
    public let database: any ExamStore

    private let attemptState = Mutex<String?>(nil)

    /// A log in `database`, with no current attempt.
    public init(database: any ExamStore) {
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

    /// Appends one record, chained to the last one, and returns it once it is durable.
    /// Outside an attempt, a record about a crashed sitting's lock (found at its terminal,
    /// or cleared) goes on that sitting's attempt, when this account may read it: the
    /// monitor shows the seat as a stale lock until its attempt is resumed or the lock cleared.
    @discardableResult
    public func append(_ event: SessionEvent, at time: EventTime) throws -> LoggedEvent {
        try database.appendEvent(event, at: time, attempt: currentAttempt ?? crashedAttempt(event))
    }

    /// The attempt in progress of the sitting whose lock `event` is about, if it is a
    /// stale lock's record and that attempt can be read.
    private func crashedAttempt(_ event: SessionEvent) -> String? {
        switch event {
        case .staleLockFound(let record), .staleLockCleared(let record, _):
            return try? database.inProgressAttempt(exam: record.examID, candidate: record.candidate)?.id
        default:
            return nil
        }
    }

    /// The newest record as `sequence:hash`, or `nil` while the log is empty: what a
    /// receipt carries so that removing the records up to it is found.
    public func head() throws -> String? {
        try database.eventLogHead().map { "\($0.sequence):\($0.hash)" }
    }

    /// The kind of the attempt's newest record among `kinds`, or `nil` when it has none
    /// of them: one indexed query, however long the attempt's timeline.
    public func latestKind(attempt: String, among kinds: [String]) throws -> String? {
        try database.latestEventKind(attempt: attempt, among: kinds)
    }

    /// Records in sequence order.
    ///
    /// - Parameters:
    ///   - sequence: Only records after this sequence number (0 for all); pass the last
    ///     sequence seen to follow the log.
    ///   - limit: At most this many records, or all.
    ///   - attempt: Only records appended while this attempt was current, or all.
    public func events(after sequence: Int64 = 0, limit: Int? = nil, attempt: String? = nil) throws -> [StoredEvent] {
        try database.events(after: sequence, limit: limit, attempt: attempt)
    }

    /// Checks every record, in the order they were inserted, against the chain: an edit,
    /// a removal or a reordering is found and named (see `ChainVerifier`).
    public func verifyChain() throws -> ChainVerification {
        try database.verifyEventChain()
    }
}
