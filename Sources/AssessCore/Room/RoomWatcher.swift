/// Waits for a change in the store: to a room (an event, an answer, a lease renewed, a
/// command), for the proctor's monitor, or for one seat (a command for it, its sitting
/// opened), for that seat's command poller. The store makes them; the monitor and the
/// sitting wait on them, each on a thread of its own.
public protocol RoomWatcher: AnyObject, Sendable {
    /// Waits up to `milliseconds` for a change since the last call; returns true when the
    /// room may have changed (at once when it already has), false when the time ran out.
    func waitForChange(milliseconds: Int) -> Bool

    /// Makes a wait in progress (or the next) return at once, from any thread.
    func interrupt()

    /// Forgets the changes heard so far: the caller is about to read all it watches
    /// afresh, and a change made before that read began needs no second look.
    func discardChanges()
}
