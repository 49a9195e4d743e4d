import Foundation
import Synchronization

/// Where the work a program's effects started off the loop posts its results, which the
/// loop takes as events at its next turn. Posting never blocks on the loop, and wakes it
/// (``LoopWaker``).
public final class ProgramInbox<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])
    /// Signalled at every post, for a loop that waits without a terminal (after a hang-up).
    private let posted = DispatchSemaphore(value: 0)

    public init() {}

    /// Leaves `event` for the loop.
    public func post(_ event: Event) {
        events.withLock { $0.append(event) }
        posted.signal()
        LoopWaker.wake()
    }

    /// Every event posted since the last call, oldest first.
    func takeAll() -> [Event] {
        events.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// Waits up to `milliseconds` for a post (returns at once when one is waiting).
    func wait(milliseconds: Int) {
        _ = posted.wait(timeout: .now() + .milliseconds(milliseconds))
    }
}
