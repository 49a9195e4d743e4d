import AssessCore
import AssessPlatform
import AssessStore
import Foundation
import Synchronization

/// Builds the real dependencies of a command from the process environment: the policy,
/// the lock file, the data directory and its store. The one place where the program
/// decides which real implementation backs each of the engine's protocols.
package struct Runtime {
    /// The process environment the command reads its settings from.
    package let environment: [String: String]
    /// This process: its user, terminal and boot.
    package let process: ProcessContext
    /// The wall clock and the monotonic clock.
    package let clock = SystemClock()
    /// The policy once read: a command reads its file once, however many of its steps ask.
    private let readPolicy = PolicyOnceRead()

    /// The runtime of a process with `environment` (by default its own).
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        self.process = ProcessContext.current(environment: environment)
    }

    /// The policy in force (see `PolicyFile`), read from its file the first time it is
    /// asked for.
    package func policy() throws -> Policy {
        try readPolicy.value { try PolicyFile.load(environment: environment) }
    }

    /// The terminal's lock file, in `$ASSESS_LOCK_DIR` or the runtime directory.
    package func terminalLock() -> FileTerminalLock {
        FileTerminalLock(environment: environment, bootID: process.bootID)
    }

    /// The data directory, created when missing.
    package func dataDirectory() throws -> DataDirectory {
        let directory = DataDirectory(environment: environment)
        do {
            try directory.create()
        } catch {
            throw CommandFailure(
                .cannotWrite,
                "cannot create the data directory \(directory.path): \(error); set ASSESS_DATA_DIR to a writable folder"
            )
        }
        return directory
    }

    /// The PostgreSQL URL of the store in force, or nil for SQLite in the data directory:
    /// `$ASSESS_STORE` when set, else the policy's `store:`.
    package func storeURL() throws -> String? {
        if let override = environment.nonEmpty("ASSESS_STORE") {
            guard Policy.isStore(override) else {
                throw CommandFailure(
                    .policyInvalid,
                    "ASSESS_STORE must be sqlite or a PostgreSQL URL such as postgresql:///assess?host=/run/postgresql, not \(override)"
                )
            }
            return override == "sqlite" ? nil : override
        }
        return try policy().store
    }

    /// Which store is in force and where, without opening it (for `assess status`).
    package func storeLocation() throws -> String {
        if let url = try storeURL() {
            return "PostgreSQL " + PostgresStore.redacted(url)
        }
        return "SQLite "
            + (DataDirectory(environment: environment).path as NSString).appendingPathComponent(SQLiteStore.fileName)
    }

    /// The store in force, opened: the PostgreSQL store of `storeURL()`, else SQLite in
    /// `directory` (by default the data directory), migrated.
    package func database(in directory: DataDirectory? = nil) throws -> any ExamStore {
        if let url = try storeURL() {
            return try server(at: url)
        }
        return try sqlite(in: directory)
    }

    /// The PostgreSQL store at `url`, opened.
    private func server(at url: String) throws -> PostgresStore {
        do {
            return try PostgresStore(url: url)
        } catch {
            throw CommandFailure(.cannotWrite, "cannot open the store at \(PostgresStore.redacted(url)): \(error)")
        }
    }

    /// The SQLite store in `directory` (by default the data directory), migrated.
    private func sqlite(in directory: DataDirectory?) throws -> SQLiteStore {
        let directory = try directory ?? dataDirectory()
        do {
            return try SQLiteStore(dataDirectory: URL(fileURLWithPath: directory.path))
        } catch {
            throw CommandFailure(.cannotWrite, "cannot open the store in \(directory.path): \(error)")
        }
    }

    /// Where a seat's journals live: `journal` in the exam account's data directory, which
    /// a reboot keeps (an outage and a reboot together lose nothing).
    package func journalDirectory() -> String {
        (DataDirectory(environment: environment).path as NSString).appendingPathComponent("journal")
    }

    /// Where journals lived before: the runtime directory, beside the terminal lock, which
    /// a reboot empties. A journal still there (written before an upgrade) is moved to
    /// `journalDirectory()` by the next sitting, and delivered.
    package func formerJournalDirectory() -> String {
        FileTerminalLock.directory(environment: environment)
    }

    /// The journals on this terminal that still hold writes the server has not had.
    package func waitingJournals() -> [SeatJournal] {
        SeatJournal.waiting(in: journalDirectory()) + SeatJournal.waiting(in: formerJournalDirectory())
    }

    /// The store a sitting of `candidate` at `examID` writes to: with PostgreSQL, the
    /// server journaled on this terminal (`JournaledStore`), after sending what an earlier
    /// sitting here left waiting (a `kill -9` while the server was away); SQLite as it is.
    package func sittingDatabase(in directory: DataDirectory, exam examID: String, candidate: String) throws
        -> any ExamStore
    {
        guard let url = try storeURL() else { return try sqlite(in: directory) }
        let server = try server(at: url)
        let clock = clock
        // A journal left in the runtime directory (before an upgrade) goes where a reboot
        // keeps it; one that cannot move (a folder that cannot be written, another journal
        // of its name there) is sent from where it is, first.
        _ = try? SeatJournal.move(from: formerJournalDirectory(), to: journalDirectory())
        let former = SeatJournal(directory: formerJournalDirectory(), exam: examID, candidate: candidate)
        let journaled = JournaledStore(
            server: server,
            journal: SeatJournal(directory: journalDirectory(), exam: examID, candidate: candidate),
            eventTime: { EventTime(clock) })
        for store in [JournaledStore(server: server, journal: former, eventTime: { EventTime(clock) }), journaled] {
            let waiting = store.deliver()
            guard waiting == 0 else {
                throw CommandFailure(
                    .cannotWrite,
                    """
                    \(Counted.english(waiting, "write")) of an earlier sitting wait on this terminal in \(store.journalPath) and the server \
                    \(PostgresStore.redacted(server.url)) does not take them yet; try again when it is back
                    """)
            }
        }
        return journaled
    }
}

/// A policy read at most once: the first successful read is kept; a failed one is tried
/// again (and fails again, with its message) on the next ask.
private final class PolicyOnceRead: Sendable {
    private let policy = Mutex<Policy?>(nil)

    func value(reading read: () throws -> Policy) throws -> Policy {
        try policy.withLock { kept in
            if let kept { return kept }
            let read = try read()
            kept = read
            return read
        }
    }
}
