import AssessCore
import Foundation

/// Reports a busy room's changes at most once an interval. In a room of a hundred typing
/// seats something is written many times a second, and a monitor that read the room at
/// each change read it without pause: `assess monitor --json` cost the PostgreSQL server a
/// third of a core, and the SQLite monitor as much of its own. A change after a quiet
/// spell is reported at once; one within the interval of the last report waits out the
/// rest of it, so that one read covers every change made meanwhile. A change shows at most
/// the interval later than it would have, well inside the monitor's second.
final class PacedWatcher: RoomWatcher, @unchecked Sendable {
    /// The shortest time between two reports: at most five reads of the room a second.
    static let interval: Duration = .milliseconds(200)

    private let watcher: any RoomWatcher
    private let interval: Duration
    private let lock = NSLock()
    // Guarded by `lock`.
    private var lastReport: ContinuousClock.Instant?

    /// Paces `watcher`'s reports to one every `interval`.
    init(_ watcher: any RoomWatcher, interval: Duration = PacedWatcher.interval) {
        self.watcher = watcher
        self.interval = interval
    }

    func waitForChange(milliseconds: Int) -> Bool {
        lock.withLock {
            guard watcher.waitForChange(milliseconds: milliseconds) else { return false }
            if let lastReport {
                let rest = lastReport + interval - ContinuousClock.now
                if rest > .zero { Thread.sleep(forTimeInterval: rest / .seconds(1)) }
            }
            lastReport = .now
            return true
        }
    }

    /// Interrupts the wrapped watcher's wait at once (not under the lock, which a wait holds);
    /// a wait already pacing itself ends within the interval.
    func interrupt() {
        watcher.interrupt()
    }

    func discardChanges() {
        watcher.discardChanges()
    }
}
