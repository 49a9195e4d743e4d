import AssessCore
import AssessTUI
import Foundation
import Synchronization

/// A seat's line to the monitor for run-loop tests: the test issues commands, the sitting
/// reads and acknowledges them, and the first acknowledgements may be made to fail (the
/// server away). Its watcher wakes at each command issued, as a store's does.
public final class InMemoryCommandLink: SeatCommandLink {
    /// A store error for an acknowledgement made to fail.
    public struct Unreachable: Error {}

    private struct State {
        var pending: [SeatCommand] = []
        var acknowledged: [Int64] = []
        var acknowledgementsToFail = 0
        var keepAlives = 0
        var reads = 0
    }

    private let state = Mutex(State())
    private let watcher = InMemoryNewsWatcher()

    public init() {}

    /// Keeps `command` for the sitting until it is acknowledged, and wakes the watcher.
    public func issue(_ command: SeatCommand) {
        state.withLock { $0.pending.append(command) }
        watcher.wake()
    }

    /// The next `count` acknowledgements fail, and the command stays pending.
    public func failAcknowledgements(_ count: Int) {
        state.withLock { $0.acknowledgementsToFail = count }
    }

    /// Every successful acknowledgement, oldest first.
    public var acknowledged: [Int64] { state.withLock { $0.acknowledged } }

    /// How many times the lease was renewed through the link.
    public var keepAlives: Int { state.withLock { $0.keepAlives } }

    /// How many times the pending commands were read.
    public var reads: Int { state.withLock { $0.reads } }

    public func pendingCommands() throws -> [SeatCommand] {
        state.withLock { state in
            state.reads += 1
            return state.pending
        }
    }

    public func acknowledge(_ id: Int64) throws {
        try state.withLock { state in
            if state.acknowledgementsToFail > 0 {
                state.acknowledgementsToFail -= 1
                throw Unreachable()
            }
            state.pending.removeAll { $0.id == id }
            state.acknowledged.append(id)
        }
    }

    public func keepAlive() throws {
        state.withLock { $0.keepAlives += 1 }
    }

    public func secondsSinceOpening() throws -> Double? { nil }

    public func startCodeMatches(_ code: String) throws -> Bool { false }

    public func newsWatcher() throws -> any RoomWatcher { watcher }
}

/// Wakes at each command issued to an ``InMemoryCommandLink``.
final class InMemoryNewsWatcher: RoomWatcher {
    private let news = DispatchSemaphore(value: 0)

    func wake() { news.signal() }

    func waitForChange(milliseconds: Int) -> Bool {
        news.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }

    func interrupt() { news.signal() }

    func discardChanges() {
        while news.wait(timeout: .now()) == .success {}
    }
}
