import ArgumentParser
import AssessApp
import AssessCore
import AssessStore
import Foundation

/// `assess end ATTEMPT`: the proctor ends an attempt that was left in progress and will
/// not be resumed (after a hang-up, a reboot, a crash elsewhere).
struct EndCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end",
        abstract: "End an attempt left in progress: it is marked interrupted and its saved answers are kept.",
        discussion: """
            Asks for the proctor password. `assess status` lists the attempts in progress. An \
            attempt still running on this terminal is ended from the proctor's panel (Ctrl-]) \
            instead; one whose stale lock is here is ended once `assess unlock --stale` cleared the lock. \
            The candidate then sits the exam again only with a proctor's `assess take … --new-attempt`.
            """)

    @Argument(help: ArgumentHelp("The attempt's id, as `assess status` shows it.", valueName: "attempt"))
    var attemptID: String

    @OptionGroup var password: PasswordInputOptions

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let database = try runtime.database()
        let events = EventStore(database: database)
        guard let attempt = try database.attempt(attemptID) else {
            throw CommandFailure(
                .notDone, "no attempt has the id \(attemptID); `assess status` lists the ones in progress")
        }
        guard attempt.status == .inProgress else {
            throw CommandFailure(
                .notDone, "attempt \(attempt.id) already ended (\(attempt.status.rawValue)); nothing to do")
        }
        let lock = runtime.terminalLock()
        let inspection = try LockMessages.inspect(lock, consequence: "nothing was ended")
        switch inspection {
        case .live(let record) where record.examID == attempt.examID && record.candidate == attempt.candidate:
            throw CommandFailure(
                .locked, "attempt \(attempt.id) is running on this terminal; end it from the proctor's panel (Ctrl-])")
        case .stale(let record) where record.examID == attempt.examID && record.candidate == attempt.candidate:
            throw CommandFailure(
                .locked,
                "attempt \(attempt.id) left a stale lock here; clear it with `assess unlock --stale`, then end the attempt with `assess end \(attempt.id)`"
            )
        default:
            break
        }
        if let seat = AttemptLiveness.liveSeat(
            of: attempt, database: database, lostAfter: policy.leaseLostAfter,
            now: runtime.clock.now)
        {
            let place = [seat.host, seat.tty].compactMap { $0 }.joined(separator: " ")
            throw CommandFailure(
                .locked,
                """
                attempt \(attempt.id) is running at \(place.isEmpty ? "another terminal" : place); \
                end it from the monitor (`assess monitor`) or the proctor's panel there (Ctrl-])
                """)
        }
        if let wait = try AttemptLiveness.secondsToWait(
            for: attempt, events: events, now: runtime.clock.now,
            staleLockHere: false)
        {
            throw AttemptLiveness.refusal(attempt, seconds: wait)
        }
        try ProctorAuthorization(policy: policy, source: password.source, events: events, clock: runtime.clock)
            .require(for: "ending an attempt")
        try ProctorActions.markInterrupted(
            attempt, by: runtime.process.userName, database: database, events: events,
            clock: runtime.clock)
        print(
            "attempt \(attempt.id) (candidate \(attempt.candidate), exam \(attempt.examID)) is marked interrupted; its saved answers are kept"
        )
    }
}
