import AssessCore
import Foundation
import Synchronization

/// A clock that moves only when a test says so.
public final class ManualClock: Clock {
    private let state: Mutex<(wall: Date, monotonic: UInt64)>

    public init(wall: Date = Date(timeIntervalSince1970: 1_800_000_000), monotonicNanoseconds: UInt64 = 1_000_000_000) {
        state = Mutex((wall, monotonicNanoseconds))
    }

    public var now: Date { state.withLock { $0.wall } }
    public var monotonicNanoseconds: UInt64 { state.withLock { $0.monotonic } }

    /// Moves both clocks forward by `seconds`.
    public func advance(by seconds: Double) {
        state.withLock {
            $0.wall = $0.wall.addingTimeInterval(seconds)
            $0.monotonic += UInt64(seconds * 1e9)
        }
    }
}
