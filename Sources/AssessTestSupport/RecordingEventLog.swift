import AssessCore
import Synchronization

/// An in-memory `EventLog` that keeps every event, optionally failing on demand.
public final class RecordingEventLog: EventLog {
    private let state = Mutex<(events: [SessionEvent], failing: Bool)>(([], false))

    public init() {}

    /// The events appended so far, in order.
    public var events: [SessionEvent] { state.withLock { $0.events } }

    /// The kinds of the events appended so far (`lock.granted` ...).
    public var kinds: [String] { events.map(\.kind) }

    /// When true, `append` throws as a full disk would.
    public func setFailing(_ failing: Bool) { state.withLock { $0.failing = failing } }

    @discardableResult
    public func append(_ event: SessionEvent, at time: EventTime) throws -> LoggedEvent {
        try state.withLock {
            if $0.failing { throw FakeFailure("the event log is not writable") }
            $0.events.append(event)
            return LoggedEvent(
                sequence: Int64($0.events.count), wallTime: time.wall,
                monotonicNanoseconds: time.monotonicNanoseconds,
                kind: event.kind, details: event.details, hash: "")
        }
    }
}

/// An error a fake throws when told to fail.
public struct FakeFailure: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
