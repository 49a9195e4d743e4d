import AssessCore
import Foundation

/// One record of the event log, with the attempt it was appended during.
public struct StoredEvent: Sendable, Equatable, Codable {
    /// The record as the engine's `EventLog` contract describes it.
    public var event: LoggedEvent
    /// The attempt that was current when the record was appended, if any
    /// (see `EventStore.currentAttempt`).
    public var attempt: String?
    /// When the server appended the record, by its own clock, where a server keeps the
    /// log (PostgreSQL); nil in SQLite.
    public var serverTime: Date?
    /// The login role that appended it, where a server keeps the log; nil in SQLite.
    public var writer: String?

    /// Pairs a record with its attempt.
    public init(event: LoggedEvent, attempt: String?, serverTime: Date? = nil, writer: String? = nil) {
        self.event = event
        self.attempt = attempt
        self.serverTime = serverTime
        self.writer = writer
    }
}
