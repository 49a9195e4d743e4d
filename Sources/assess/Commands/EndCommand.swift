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

    @Argument(
        help: ArgumentHelp(
            "The attempt's id as `assess status` shows it, or enough of its start to name one attempt.",
            valueName: "attempt"))
    var attemptID: String?

    @Option(name: .customLong("exam"), help: ArgumentHelp("With --candidate: the exam's id.", valueName: "id"))
    var examID: String?

    @Option(help: "With --exam: the candidate whose attempt in progress ends.")
    var candidate: String?

    @OptionGroup var password: PasswordInputOptions

    func validate() throws {
        try checkCandidate(candidate)
        switch (attemptID, examID, candidate) {
        case (.some, nil, nil), (nil, .some, .some):
            return
        case (.some, _, _):
            throw ValidationError("name the attempt once: its id, or --exam ID --candidate ID")
        default:
            throw ValidationError(
                "Missing expected argument '<attempt>': the attempt's id (or its start), or --exam ID --candidate ID")
        }
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let database = try runtime.database()
        let events = EventStore(database: database)
        let attempt = try chosenAttempt(in: database)
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

    /// The attempt the command line names: by `--exam` and `--candidate` (the one in
    /// progress), by its whole id, or by the start of one id among the store's attempts.
    private func chosenAttempt(in database: any ExamStore) throws -> Attempt {
        if let examID, let candidate {
            guard let attempt = try database.inProgressAttempt(exam: examID, candidate: candidate) else {
                throw CommandFailure(
                    .notDone,
                    "candidate \(candidate) has no attempt at \(examID) in progress; `assess status` lists the ones in progress"
                )
            }
            return attempt
        }
        let typed = attemptID ?? ""
        if let attempt = try database.attempt(typed) { return attempt }
        let matching = try database.attempts(exam: nil, candidate: nil, status: nil).filter {
            !typed.isEmpty && $0.id.lowercased().hasPrefix(typed.lowercased())
        }
        guard let attempt = matching.first else {
            throw CommandFailure(.notDone, "no attempt has the id \(typed); `assess status` lists the ones in progress")
        }
        guard matching.count == 1 else {
            let listed = matching.map { "\($0.id) (exam \($0.examID), candidate \($0.candidate))" }
            throw CommandFailure(
                .commandLine,
                "\(matching.count) attempts start with \(typed): \(listed.joined(separator: ", ")); type more of the id"
            )
        }
        return attempt
    }
}
