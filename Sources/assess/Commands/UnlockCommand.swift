import ArgumentParser
import AssessApp
import AssessCore
import AssessStore
import Foundation

/// `assess unlock --stale`: the proctor's way out of a crashed session.
struct UnlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Clear a stale lock left by a crashed session (a live lock is never cleared).",
        discussion: """
            Check `assess status` first. Asks for the proctor password and logs the clearing. \
            The attempt the lock belonged to stays in progress with its answers and accommodations: \
            `assess resume` continues it (at any terminal), `assess end` ends it. A new `assess take` \
            of that candidate is refused while it is in progress.
            """)

    @Flag(help: "Clear the lock only if its holder is gone (required).")
    var stale = false

    @OptionGroup var password: PasswordInputOptions

    func validate() throws {
        if !stale {
            throw ValidationError("only --stale is supported: a live lock ends when its exam is submitted")
        }
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let lock = runtime.terminalLock()
        let database = try runtime.database()
        let events = EventStore(database: database)
        let inspection = try LockMessages.inspect(lock, consequence: "nothing was cleared")
        guard case .stale(let found) = inspection else {
            if case .live(let record) = inspection {
                throw CommandFailure(
                    .locked,
                    """
                    refused: the lock is held by a live session: \(LockMessages.holder(record)). \
                    It ends when that exam is submitted.
                    """)
            }
            throw CommandFailure(.notDone, "there is no stale lock at \(lock.location); nothing to clear")
        }
        try ProctorAuthorization(policy: policy, source: password.source, events: events, clock: runtime.clock)
            .require(for: "clearing a stale lock")
        let proctor = runtime.process.userName
        let record = try ProctorActions.clearStaleLock(lock, events: events, by: proctor, clock: runtime.clock)
        print("cleared the stale lock of \(LockMessages.holder(record))")
        if let attempt = try database.inProgressAttempt(exam: found.examID, candidate: found.candidate) {
            let published = (try? database.published?.cover(exam: found.examID)) != nil ? [found.examID] : []
            print(
                """
                attempt \(attempt.id) stays in progress with its saved answers and accommodations
                  continue it:  \(StatusCommand.resumeCommand(exam: found.examID, candidate: found.candidate, published: Set(published)))
                  end it:       assess end --exam \(found.examID) --candidate \(found.candidate)
                """)
        }
    }
}
