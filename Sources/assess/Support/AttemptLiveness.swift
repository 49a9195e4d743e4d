import AssessCore
import AssessStore
import Foundation

/// Whether an attempt in progress may still be running on some terminal, so that
/// `resume` and `end` do not take over a live sitting.
enum AttemptLiveness {
    /// An attempt saved this recently may still be running: progress is saved every 5 s.
    static let quietSeconds: TimeInterval = 15

    /// The seconds to wait before the attempt may be taken over, or `nil` when it may be
    /// now: a stale lock of it here shows its process is gone, as does a record of its
    /// session being interrupted (a hang-up, SIGTERM) since it last started.
    static func secondsToWait(for attempt: Attempt, events: EventStore, now: Date, staleLockHere: Bool) throws -> Int? {
        if staleLockHere { return nil }
        let started = SessionEvent.examStarted(attemptID: "", examID: "", candidate: "").kind
        let interrupted = SessionEvent.sessionInterrupted(reason: "").kind
        if try events.latestKind(attempt: attempt.id, among: [started, interrupted]) == interrupted { return nil }
        let quietFor = now.timeIntervalSince(attempt.lastActiveAt ?? attempt.startedAt)
        return quietFor < quietSeconds ? Int((quietSeconds - quietFor).rounded(.up)) : nil
    }

    /// The refusal when the attempt must be left alone for `seconds` more.
    static func refusal(_ attempt: Attempt, seconds: Int) -> CommandFailure {
        CommandFailure(.locked, """
            attempt \(attempt.id) was saved moments ago and may still be running on another terminal; \
            if that terminal is really gone, try again in \(seconds) seconds
            """)
    }
}
