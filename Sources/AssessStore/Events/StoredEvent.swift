import AssessCore

/// One record of the event log, with the attempt it was appended during.
public struct StoredEvent: Sendable, Equatable, Codable {
    /// The record as the engine's `EventLog` contract describes it.
    public var event: LoggedEvent
    /// The attempt that was current when the record was appended, if any
    /// (see `EventStore.currentAttempt`).
    public var attempt: String?

    /// Pairs a record with its attempt.
    public init(event: LoggedEvent, attempt: String?) {
        self.event = event
        self.attempt = attempt
    }
}
