/// The lockout in front of the proctor's panel: three wrong passwords in a row lock
/// the prompt for a minute, even to the right password. Pure state; times are
/// monotonic nanoseconds.
public struct ProctorGate: Sendable, Equatable {
    /// Wrong passwords in a row that lock the prompt, and for how long.
    public static let tries = 3
    public static let lockSeconds = 60

    /// Wrong passwords in a row so far.
    public private(set) var failures = 0
    /// Until when the prompt refuses input.
    public private(set) var lockedUntil: UInt64?

    public init() {}

    /// True while the prompt refuses input.
    public func isLocked(now: UInt64) -> Bool {
        lockedUntil.map { now < $0 } ?? false
    }

    /// Seconds until the prompt opens again; `nil` when it is not locked.
    public func secondsLocked(now: UInt64) -> Int? {
        guard let until = lockedUntil, until > now else { return nil }
        return MonotonicTime.seconds(until: until, from: now)
    }

    /// Forgets a lockout that has run out.
    mutating func tick(now: UInt64) {
        if let until = lockedUntil, now >= until { lockedUntil = nil }
    }

    /// What one checked password leads to.
    enum Verdict: Equatable {
        case accepted
        /// Wrong, with the count of wrong passwords in a row.
        case rejected(failures: Int)
        /// Wrong for the last allowed time: the prompt is locked now.
        case lockedOut(failures: Int)
    }

    /// Counts a checked password.
    mutating func checked(accepted: Bool, now: UInt64) -> Verdict {
        if accepted {
            failures = 0
            return .accepted
        }
        failures += 1
        guard failures >= Self.tries else { return .rejected(failures: failures) }
        let count = failures
        failures = 0
        lockedUntil = MonotonicTime.moment(now, plus: .seconds(Self.lockSeconds))
        return .lockedOut(failures: count)
    }
}
