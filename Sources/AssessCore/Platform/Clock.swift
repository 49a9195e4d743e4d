import Foundation

/// Where the engine reads time. Wall time is for people and records; monotonic
/// time is for durations (timers, expiry of elapsed time), because wall time can jump.
public protocol Clock: Sendable {
    /// The wall-clock time now.
    var now: Date { get }
    /// Nanoseconds on a clock that never goes backwards (CLOCK_MONOTONIC on Linux).
    var monotonicNanoseconds: UInt64 { get }
}
