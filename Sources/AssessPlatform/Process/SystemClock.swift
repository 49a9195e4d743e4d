import AssessCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The real clock: wall time from `Date()`, durations from `CLOCK_MONOTONIC`, which
/// never goes backwards when the wall clock is set.
public struct SystemClock: AssessCore.Clock {
    public init() {}

    /// The wall-clock time now.
    public var now: Date { Date() }

    /// Nanoseconds since an arbitrary point (boot), on `CLOCK_MONOTONIC`.
    public var monotonicNanoseconds: UInt64 {
        var time = timespec()
        // CLOCK_MONOTONIC is always available on Linux; the call cannot fail here.
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
