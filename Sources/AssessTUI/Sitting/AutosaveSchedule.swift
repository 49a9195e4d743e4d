/// When a sitting's answers and progress are due for the store: an answer within
/// 0.3 s of the last change and at least every second while typing goes on; the time
/// used, the question on screen and "still alive" every 5 s. Pure: the flow asks it on
/// every tick and hands what is due to the writer.
struct AutosaveSchedule: Sendable, Equatable {
    /// Answers are saved this long after the last change, and at least this often while typing.
    static let afterIdle: Duration = .milliseconds(300)
    static let atLeastEvery: Duration = .seconds(1)
    /// The progress is saved this often, so that a crashed attempt resumes with at most
    /// this much time unaccounted for.
    static let progressEvery: Duration = .seconds(5)

    /// Questions changed since their last save.
    private(set) var unsaved: Set<String> = []
    private var lastChange: UInt64 = 0
    /// When the oldest unsaved change began waiting (the "at least every second" clock).
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
                || now >= MonotonicTime.moment(waitingSince, plus: Self.atLeastEvery) else { return [] }
        return takeAll(now: now)
    }

    /// Every unsaved question, emptied from the schedule (leaving a question, submitting).
    mutating func takeAll(now: UInt64) -> [String] {
        let ids = unsaved.sorted()
        unsaved = []
        lastProgress = now
        return ids
    }

    /// True when the progress should be saved now (it goes with any answer save too).
    mutating func progressDue(now: UInt64) -> Bool {
        guard now >= MonotonicTime.moment(lastProgress, plus: Self.progressEvery) else { return false }
        lastProgress = now
        return true
    }

    /// How long from `now` until the progress is due.
    func untilProgressDue(now: UInt64) -> Duration {
        MonotonicTime.span(from: now, to: MonotonicTime.moment(lastProgress, plus: Self.progressEvery))
    }

    /// How long from `now` until the next answer save is due; `nil` when none waits.
    func untilDue(now: UInt64) -> Duration? {
        guard !unsaved.isEmpty else { return nil }
        let due = min(MonotonicTime.moment(lastChange, plus: Self.afterIdle),
                      MonotonicTime.moment(waitingSince, plus: Self.atLeastEvery))
        return MonotonicTime.span(from: now, to: due)
    }
}
