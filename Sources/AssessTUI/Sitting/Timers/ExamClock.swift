/// The exam's timer. It starts when the first question shows, stands still while it is
/// stopped (a pause, a break, the proctor at the panel), moves with added time, and says
/// when a warning is due. Pure state: moments are the flow's monotonic nanoseconds
/// (``MonotonicTime``), spans are `Duration`s.
public struct ExamClock: Sendable, Equatable {
    /// The minutes left at which the student is warned, largest first.
    public static let warningMinutes = WarningMarks.minutes

    /// The seconds this candidate is allowed, extra and added time included.
    public private(set) var secondsAllowed: Int
    /// The seconds already used before this sitting began (a resumed attempt).
    public let secondsUsedBefore: Int
    /// When time runs out; `nil` until the clock starts.
    public private(set) var deadline: UInt64?
    /// When the clock was stopped, while it is.
    private var stoppedAt: UInt64?
    /// The warnings already given (or passed before they could be).
    private var warnings = WarningMarks()

    public init(secondsAllowed: Int, secondsUsedBefore: Int = 0) {
        self.secondsAllowed = secondsAllowed
        self.secondsUsedBefore = secondsUsedBefore
    }

    /// True while the clock is stopped.
    public var isStopped: Bool { stoppedAt != nil }

    /// When the clock was stopped, while it is.
    var stoppedSince: UInt64? { stoppedAt }

    /// Starts the clock at `now` with the time not yet used (at least a second). Returns
    /// the nearest warning mark a resumed attempt had already passed (its time ran past
    /// it before a crash or during the downtime), for the first question to say; `nil`
    /// when it passed none.
    @discardableResult
    mutating func start(now: UInt64) -> Int? {
        let remaining = max(1, secondsAllowed - secondsUsedBefore)
        deadline = MonotonicTime.moment(now, plus: .seconds(remaining))
        warnings.rearm(secondsLeft: remaining)
        return Self.warningMinutes.filter { $0 * 60 >= remaining && $0 * 60 < secondsAllowed }.min()
    }

    /// Seconds left, rounded up; `nil` before the clock starts. Frozen while stopped.
    public func secondsLeft(now: UInt64) -> Int? {
        guard let deadline else { return nil }
        return MonotonicTime.seconds(until: deadline, from: stoppedAt.map { min($0, now) } ?? now)
    }

    /// The seconds of the allowance used so far; `nil` before the clock starts.
    public func secondsUsed(now: UInt64) -> Int? {
        secondsLeft(now: now).map { max(0, secondsAllowed - $0) }
    }

    /// Stops the clock at `now`; a clock already stopped stays stopped from when it was.
    mutating func stop(now: UInt64) {
        if stoppedAt == nil { stoppedAt = now }
    }

    /// Starts a stopped clock again: the deadline moves by the time it stood still.
    mutating func restart(now: UInt64) {
        if let stopped = stoppedAt, let current = deadline {
            deadline = MonotonicTime.moment(current, plus: MonotonicTime.span(from: stopped, to: now))
        }
        stoppedAt = nil
    }

    /// The proctor added `minutes`: the allowance and the deadline grow, and the warnings
    /// still ahead are armed again.
    mutating func add(minutes: Int, now: UInt64) {
        secondsAllowed += minutes * 60
        deadline = deadline.map { MonotonicTime.moment($0, plus: .seconds(minutes * 60)) }
        if let left = secondsLeft(now: now) { warnings.rearm(secondsLeft: left) }
    }

    /// The span from `now` to the timer's next whole second, when it runs; `nil` otherwise.
    func untilNextSecond(now: UInt64) -> Duration? {
        guard let deadline, deadline > now, stoppedAt == nil else { return nil }
        let left = MonotonicTime.span(from: now, to: deadline)
        let part = left - .seconds(MonotonicTime.seconds(left))
        return part == .zero ? .seconds(1) : part
    }

    /// The warning due at `now` (minutes left), once each; `nil` when none is.
    mutating func dueWarning(now: UInt64) -> Int? {
        secondsLeft(now: now).flatMap { warnings.due(secondsLeft: $0) }
    }
}

/// The marks (minutes left) at which a countdown warns the student, each once: the exam's
/// clock, and the lock's longest time when that ends first.
struct WarningMarks: Sendable, Equatable {
    /// The minutes left at which a warning is given, largest first.
    static let minutes = [10, 5, 1]
    /// The marks already warned of (or passed before they could be).
    private var given: Set<Int> = []

    /// The warning due with `left` seconds left, once each; `nil` when none is.
    mutating func due(secondsLeft left: Int) -> Int? {
        // The nearest mark passed: at 50 s left that is "one minute", not "five minutes".
        for minutes in Self.minutes.reversed() where left <= minutes * 60 && !given.contains(minutes) {
            // The larger marks it passed too are pointless now: they count as given.
            given.formUnion(Self.minutes.filter { $0 >= minutes })
            return minutes
        }
        return nil
    }

    /// Warns again at every mark still ahead; a mark at or beyond the time left would
    /// warn at once, so it counts as given.
    mutating func rearm(secondsLeft: Int) {
        given = Set(Self.minutes.filter { $0 * 60 >= secondsLeft })
    }
}
