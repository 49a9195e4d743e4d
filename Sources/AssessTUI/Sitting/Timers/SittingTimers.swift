import AssessCore

/// The sitting's timers: the exam's clock, the lock's longest time with its warnings, the
/// autosave schedule, and the retries of delivery to the store's server while what was
/// saved waits on this terminal. Pure state; moments are the flow's monotonic nanoseconds.
struct SittingTimers: Sendable, Equatable {
    /// What comes due on a tick of the running exam, the most pressing first.
    enum Alarm: Sendable, Equatable {
        /// The lock reached its longest time: the answers are submitted.
        case lockExpired
        /// The exam's time is up.
        case timeUp
        /// The open timed section's time is up (not the last section's: that is ``timeUp``).
        case sectionTimeUp
        /// The open section's clock warns that this many minutes are left in it.
        case sectionMinutesLeft(Int)
        /// The exam's clock warns that this many minutes are left.
        case minutesLeft(Int)
        /// The lock's longest time ends (and the answers are submitted) in this many minutes.
        case lockEnds(minutes: Int)
    }

    /// How often the writer tries the server again while writes wait, whatever the phase
    /// (on the receipt screen nothing else would).
    static let deliveryEvery: Duration = .seconds(2)

    /// The exam's timer: it starts when the first question shows and is moved by pauses,
    /// breaks and added time.
    var clock: ExamClock
    /// The clock of the timed sections, for an exam that has them.
    var sections: SectionClock?
    /// When the answers and the progress are due for the store.
    var autosave = AutosaveSchedule()
    /// When the lock reaches its longest allowed time (from the moment the attempt started).
    private(set) var lockDeadline: UInt64?
    /// The warnings that the lock's longest time ends given so far.
    private var lockWarnings = WarningMarks()
    /// True while what the sitting saved waits on this terminal for the store's server.
    private(set) var savedOnThisTerminal = false
    /// When to ask the writer to try the server again while writes wait.
    private var nextDelivery: UInt64 = 0

    init(clock: ExamClock, settings: AccessibilitySettings) {
        self.clock = clock
        autosave.pace = Self.progressPace(settings)
    }

    /// The progress's pace for `settings`: while the clock shows whole minutes the loop
    /// sleeps from one minute to the next, and the progress (the lease's renewal) waits for
    /// it to wake rather than waking it every 5 s.
    static func progressPace(_ settings: AccessibilitySettings) -> AutosaveSchedule.Pace {
        ScreenLook(settings).clockByTheMinute ? .whenAwake : .timed
    }

    /// The attempt started at `now`: a locked sitting's lock may last `lockHours` from here
    /// (`nil` for practice, which has no lock).
    mutating func attemptStarted(lockHours: Double?, now: UInt64) {
        if let lockHours { lockDeadline = MonotonicTime.moment(now, plus: .seconds(lockHours * 3600)) }
        if let lockDeadline { lockWarnings.rearm(secondsLeft: MonotonicTime.seconds(until: lockDeadline, from: now)) }
    }

    /// What the sitting saved waits on this terminal (`waiting`), or the server has it all.
    mutating func deliveryWaits(_ waiting: Bool, now: UInt64) {
        savedOnThisTerminal = waiting
        nextDelivery = MonotonicTime.moment(now, plus: Self.deliveryEvery)
    }

    /// True when the writer should try the server again now.
    mutating func deliveryDue(now: UInt64) -> Bool {
        guard savedOnThisTerminal, now >= nextDelivery else { return false }
        nextDelivery = MonotonicTime.moment(now, plus: Self.deliveryEvery)
        return true
    }

    /// The alarm due at `now` in the running exam, each warning once; `nil` when none is.
    mutating func alarm(now: UInt64) -> Alarm? {
        if let lockDeadline, now >= lockDeadline { return .lockExpired }
        if clock.secondsLeft(now: now) == 0 { return .timeUp }
        if let used = clock.secondsUsed(now: now), let left = sections?.secondsLeft(examSecondsUsed: used),
            let examLeft = clock.secondsLeft(now: now), left < examLeft
        {
            // The section ends first: its own time and warnings count, not the exam's.
            if left == 0 { return sections?.isLastOpen == true ? .timeUp : .sectionTimeUp }
            if let minutes = sections?.dueWarning(examSecondsUsed: used) { return .sectionMinutesLeft(minutes) }
            _ = clock.dueWarning(now: now)
        } else if let minutes = clock.dueWarning(now: now) {
            return .minutesLeft(minutes)
        }
        if let minutes = dueLockWarning(now: now) { return .lockEnds(minutes: minutes) }
        return nil
    }

    /// The time on the header's clock: the open section's when it ends before the exam.
    func secondsLeft(now: UInt64) -> Int? {
        guard let examLeft = clock.secondsLeft(now: now) else { return nil }
        guard let used = clock.secondsUsed(now: now), let left = sections?.secondsLeft(examSecondsUsed: used) else {
            return examLeft
        }
        return min(left, examLeft)
    }

    /// When the header's countdown ends: the exam's deadline, or the open section's end
    /// when it comes first; `nil` before the clock starts.
    func countdownEnd(now: UInt64) -> UInt64? {
        guard let deadline = clock.deadline else { return nil }
        guard let examLeft = clock.secondsLeft(now: now), let left = secondsLeft(now: now), left < examLeft else {
            return deadline
        }
        return deadline - UInt64(examLeft - left) * 1_000_000_000
    }

    /// The proctor added `minutes`: the exam and its open section have them.
    mutating func add(minutes: Int, now: UInt64) {
        clock.add(minutes: minutes, now: now)
        if let used = clock.secondsUsed(now: now) { sections?.add(seconds: minutes * 60, examSecondsUsed: used) }
    }

    /// The warning due at `now` that the lock reaches its longest time, and the answers
    /// are submitted, in so many minutes (at the exam clock's marks, once each); none while
    /// the exam's running clock ends first, since its own warnings say so.
    private mutating func dueLockWarning(now: UInt64) -> Int? {
        guard let lockDeadline else { return nil }
        let left = MonotonicTime.seconds(until: lockDeadline, from: now)
        if !clock.isStopped, let examLeft = clock.secondsLeft(now: now), examLeft <= left { return nil }
        return lockWarnings.due(secondsLeft: left)
    }

    /// How long from `now` until a tick is needed: the timer's next second, a due save, the
    /// end of what is on screen (`screenEnds`: a banner, a break); never more than a second.
    func untilNextTick(now: UInt64, screenEnds: UInt64?) -> Duration {
        var wait = Duration.seconds(1)
        if let nextSecond = clock.untilNextSecond(now: now) { wait = min(wait, nextSecond) }
        if let due = autosave.untilDue(now: now) { wait = min(wait, due) }
        if let screenEnds { wait = min(wait, MonotonicTime.span(from: now, to: screenEnds)) }
        return wait
    }

    /// For a screen that shows a countdown ending at `end` in whole minutes: the wait until
    /// the minutes shown change, the next answer's save (and the progress's, when
    /// `savesProgress`) or the lock's end; `nil` in the last minute, where seconds show.
    func untilMinuteChange(of end: UInt64, now: UInt64, savesProgress: Bool) -> Duration? {
        let countdown = MonotonicTime.span(from: now, to: end)
        // The minutes shown (rounded up) change when the seconds left reach a multiple of 60.
        let left = MonotonicTime.secondsRoundedUp(countdown)
        guard left > 60 else { return nil }
        var wait = countdown - .seconds((left - 1) / 60 * 60)
        if savesProgress, let progress = autosave.untilProgressDue(now: now) { wait = min(wait, progress) }
        if let due = autosave.untilDue(now: now) { wait = min(wait, due) }
        if let lockDeadline { wait = min(wait, MonotonicTime.span(from: now, to: lockDeadline)) }
        return wait
    }
}
