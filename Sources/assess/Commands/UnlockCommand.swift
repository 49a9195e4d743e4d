import ArgumentParser
import AssessCore
import AssessStore
import Foundation

/// `assess unlock --stale`: the proctor's way out of a crashed session.
struct UnlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Clear a stale lock left by a crashed session (a live lock is never cleared).",
        discussion: "Check `assess status` first. The clearing is written to the event log.")

    @Flag(help: "Clear the lock only if its holder is gone (required).")
    var stale = false

    func validate() throws {
        if !stale {
            throw ValidationError("only --stale is supported: a live lock ends when its exam is submitted")
        }
    }

    func run() async throws {
        let runtime = Runtime()
        let lock = runtime.terminalLock()
        let events = EventStore(database: try runtime.database())
        do {
            let record = try lock.clearStale()
            try events.append(.staleLockCleared(record, by: runtime.process.userName), at: EventTime(runtime.clock))
            print("cleared the stale lock of \(LockMessages.holder(record))")
        } catch TerminalLockError.holderIsAlive(let record) {
            throw CommandFailure(.locked, """
                refused: the lock is held by a live session: \(LockMessages.holder(record)). \
                It ends when that exam is submitted.
                """)
        } catch TerminalLockError.noStaleLock {
            throw CommandFailure(.failure, "there is no stale lock at \(lock.location); nothing to clear")
        }
    }
}
