/// When a sitting's answers and progress are due for the store: an answer within
/// 0.3 s of the last change and at least every half second while typing goes on; the time
/// used, the question on screen and "still alive" (the lease's renewal) every 5 s, or,
/// while the loop sleeps from one minute of the clock to the next (``Pace/whenAwake``),
/// whenever the loop wakes 5 s or more after the last: at the minute's change, with a key
/// or an answer's save, never on a wake of its own. The progress keeps its own 5 s however
/// often answers are saved: a save of a typing student's answer (twice a second) is the
/// answer and its log record, not the progress and the lease besides. Pure: the flow asks it on every tick and hands what is
/// due to the writer.
struct AutosaveSchedule: Sendable, Equatable {
    /// How the progress is kept.
    enum Pace: Sendable, Equatable {
        /// Every ``AutosaveSchedule/progressEvery``: the schedule asks the loop to wake for it.
        case timed
        /// When the loop is awake anyway and ``AutosaveSchedule/progressEvery`` has passed:
        /// for a screen that shows whole minutes, whose loop wakes at least once a minute.
        /// The lease then lives on its holder being known alive between renewals (see
        /// `Lease`), and a crash may leave up to about a minute unaccounted for.
        case whenAwake
    }

    /// Answers are saved this long after the last change, and at least this often while typing.
    static let afterIdle: Duration = .milliseconds(300)
    static let atLeastEvery: Duration = .milliseconds(500)
    /// The progress is saved this often (at a ``Pace/timed`` pace), so that a crashed
    /// attempt resumes with at most this much time unaccounted for.
    static let progressEvery: Duration = .seconds(5)

    /// The pace of the progress; the flow sets it from the screen's clock.
    var pace: Pace = .timed

    /// Questions changed since their last save.
    private(set) var unsaved: Set<String> = []
    private var lastChange: UInt64 = 0
    /// When the oldest unsaved change began waiting (the "at least every half second" clock).
    private var waitingSince: UInt64 = 0
    private var lastProgress: UInt64 = 0

    /// Question `id` changed at `now`.
    mutating func changed(_ id: String, now: UInt64) {
        if unsaved.isEmpty { waitingSince = now }
        unsaved.insert(id)
        lastChange = now
    }

    /// These questions could not be saved: they wait for the next save.
    mutating func failed(_ ids: [String], now: UInt64) {
        for id in ids { changed(id, now: now) }
    }

    /// The questions to save now, emptied from the schedule; empty when none is due.
    mutating func dueAnswers(now: UInt64) -> [String] {
        guard !unsaved.isEmpty,
            now >= MonotonicTime.moment(lastChange, plus: Self.afterIdle)
                || now >= MonotonicTime.moment(waitingSince, plus: Self.atLeastEvery)
        else { return [] }
        return takeAll(now: now)
    }

    /// Every unsaved question, emptied from the schedule (leaving a question, submitting).
    mutating func takeAll(now: UInt64) -> [String] {
        let ids = unsaved.sorted()
        unsaved = []
        return ids
    }

    /// The progress is being saved at `now` besides its own schedule (leaving a question,
    /// submitting, a pause): the next is 5 s after it.
    mutating func progressSaved(now: UInt64) {
        lastProgress = now
    }

    /// True when the progress should be saved now (with an answer's save, if one goes).
    mutating func progressDue(now: UInt64) -> Bool {
        guard now >= MonotonicTime.moment(lastProgress, plus: Self.progressEvery) else { return false }
        lastProgress = now
        return true
    }

    /// How long from `now` until the progress is due; nil at the ``Pace/whenAwake`` pace,
    /// where it asks for no wake-up of its own.
    func untilProgressDue(now: UInt64) -> Duration? {
        guard pace == .timed else { return nil }
        return MonotonicTime.span(from: now, to: MonotonicTime.moment(lastProgress, plus: Self.progressEvery))
    }

    /// How long from `now` until the next answer save is due; `nil` when none waits.
    func untilDue(now: UInt64) -> Duration? {
        guard !unsaved.isEmpty else { return nil }
        let due = min(
            MonotonicTime.moment(lastChange, plus: Self.afterIdle),
            MonotonicTime.moment(waitingSince, plus: Self.atLeastEvery))
        return MonotonicTime.span(from: now, to: due)
    }
}
