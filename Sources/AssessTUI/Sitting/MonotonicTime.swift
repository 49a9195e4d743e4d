/// The flow's moments are the monotonic clock's nanoseconds (`Clock.monotonicNanoseconds`,
/// as the app reads them); the spans between them are `Duration`s. These convert between
/// the two, so that no code writes out how many nanoseconds a second has.
enum MonotonicTime {
    /// The moment `span` after `moment` (spans below zero count as zero).
    static func moment(_ moment: UInt64, plus span: Duration) -> UInt64 {
        moment + nanoseconds(span)
    }

    /// The span from `start` to `end`; zero when `end` is not later.
    static func span(from start: UInt64, to end: UInt64) -> Duration {
        end > start ? .nanoseconds(Int64(clamping: end - start)) : .zero
    }

    /// `span` in whole nanoseconds; zero for a span below zero.
    static func nanoseconds(_ span: Duration) -> UInt64 {
        let (seconds, attoseconds) = span.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }

    /// `span` in whole seconds, rounded up (a second that has begun counts).
    static func secondsRoundedUp(_ span: Duration) -> Int {
        let (seconds, attoseconds) = span.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// `span` in whole seconds, rounded down.
    static func seconds(_ span: Duration) -> Int {
        Int(span.components.seconds)
    }

    /// Whole seconds from `now` until `moment`, rounded up; 0 once it has passed.
    static func seconds(until moment: UInt64, from now: UInt64) -> Int {
        secondsRoundedUp(span(from: now, to: moment))
    }

    /// Whole seconds from `start` to `now`, rounded down; 0 when `start` is later.
    static func seconds(from start: UInt64, to now: UInt64) -> Int {
        seconds(span(from: start, to: now))
    }
}
