import Foundation

/// The durable, append-only record of every status change.
///
/// Implementations must: make the record durable (written and fsynced) before `append`
/// returns; number records with consecutive sequence numbers; chain each record to the
/// previous one by hash so that an edited, removed or reordered record is detected.
/// The real log is `AssessStore.EventStore`; tests use `RecordingEventLog`.
public protocol EventLog: Sendable {
    /// Appends one record and returns it as stored.
    @discardableResult
    func append(_ event: SessionEvent, at time: EventTime) throws -> LoggedEvent
}

/// One record as it stands in the log.
public struct LoggedEvent: Sendable, Equatable, Codable {
    /// Position in the log, from 1, without gaps.
    public var sequence: Int64
    public var wallTime: Date
    public var monotonicNanoseconds: UInt64
    public var kind: String
    public var details: [String: String]
    /// Hex SHA-256 of the previous record's hash and this record's fields.
    public var hash: String

    public init(
        sequence: Int64, wallTime: Date, monotonicNanoseconds: UInt64,
        kind: String, details: [String: String], hash: String
    ) {
        self.sequence = sequence
        self.wallTime = wallTime
        self.monotonicNanoseconds = monotonicNanoseconds
        self.kind = kind
        self.details = details
        self.hash = hash
    }
}
