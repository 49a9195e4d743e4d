import AssessCore
import AssessStore
import Foundation

/// Whether an attempt in progress may still be running on some terminal, so that
/// `resume` and `end` do not take over a live sitting.
package enum AttemptLiveness {
    /// An attempt saved this recently may still be running: progress is saved every 5 s.
    /// (With the clock by the minute, about once a minute: its lease tells, see `liveSeat`;
    /// `resume` is refused by the lease itself while its holder is known alive.)
    package static let quietSeconds: TimeInterval = 15

    /// The seconds to wait before the attempt may be taken over, or `nil` when it may be
    /// now: a stale lock of it here shows its process is gone, as does a record of its
    /// session being interrupted (a hang-up, SIGTERM) since it last started.
    package static func secondsToWait(for attempt: Attempt, events: EventStore, now: Date, staleLockHere: Bool) throws
        -> Int?
    {
        if staleLockHere { return nil }
        let started = SessionEvent.examStarted(attemptID: "", examID: "", candidate: "").kind
        let interrupted = SessionEvent.sessionInterrupted(reason: "").kind
        if try events.latestKind(attempt: attempt.id, among: [started, interrupted]) == interrupted { return nil }
        let quietFor = now.timeIntervalSince(attempt.lastActiveAt ?? attempt.startedAt)
        return quietFor < quietSeconds ? Int((quietSeconds - quietFor).rounded(.up)) : nil
    }

    /// The seat that holds the lease of `attempt`'s exam and candidate and is not lost (it
    /// renewed within `lostAfter`, or its holder is known alive: a sitting whose clock shows
    /// whole minutes saves only about once a minute); nil when there is none, or the store
    /// keeps no room this account may read (a seat's role on PostgreSQL). Without a room
    /// the caller still waits out `quietSeconds` (`secondsToWait`).
    package static func liveSeat(of attempt: Attempt, database: any ExamStore, lostAfter: Double, now: Date)
        -> SeatView?
    {
        guard let room = database.room,
            let seats = try? room.room(exams: [attempt.examID], at: now)
        else { return nil }
        return seats.first { seat in
            seat.candidate == attempt.candidate && seat.leaseAge != nil && seat.state(lostAfter: lostAfter) != .lost
        }
    }

    /// The refusal when the attempt must be left alone for `seconds` more.
    package static func refusal(_ attempt: Attempt, seconds: Int) -> CommandFailure {
        CommandFailure(
            .locked,
            """
            attempt \(attempt.id) was saved moments ago and may still be running on another terminal; \
            if that terminal is really gone, try again in \(seconds) seconds
            """)
    }
}
