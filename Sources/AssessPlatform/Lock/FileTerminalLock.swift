import AssessCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The terminal lock as a file held with `flock(2)`: `terminal.lock` in the lock directory.
///
/// How it works, so that `assess status` and a newcomer can reason about it:
/// - **Holding.** `acquire` opens (creating) the file and takes `flock(LOCK_EX|LOCK_NB)`
///   on it. The descriptor stays open until `release` or the end of the process, so the
///   kernel itself drops the lock when the holder dies, however it dies.
/// - **The record.** While holding, `acquire` writes the `LockRecord` as JSON, truncates,
///   `fsync`s and reads it back; a read-back that differs throws `verificationFailed`.
/// - **Live or stale.** A file whose `flock` someone holds is live. A file nobody holds
///   is what a crashed holder leaves: with a record from this boot it is `.stale` and
///   blocks new exams until `clearStale`; with a record from another boot (its `bootID`
///   differs from the one this lock was made with) the reboot ended it, and `acquire`
///   replaces it and reports it. A file nobody holds that is empty or does not decode is
///   a leftover of a holder that died before writing, and counts as free.
/// - **The unlink race.** `release` and `clearStale` remove the file while holding it;
///   another process may have opened the old file just before and win its `flock` just
///   after. So after every successful `flock` the descriptor's inode is compared with
///   the path's, and on a mismatch the file is closed and opened again.
/// - **Probes.** `inspect` tests for a holder with a momentary `LOCK_SH|LOCK_NB` and drops
///   it at once. Because a probe can make a simultaneous `acquire` fail for a moment,
///   `acquire` and `clearStale` try again a few times over about 50 ms before
///   concluding that the holder is live.
/// - **A holder caught before it wrote.** Between creating the file and writing the
///   record a live holder's file is empty. A live lock is then reported with a
///   placeholder record: the holder's pid from `/proc/locks` (0 if not found), the file
///   owner's login name, this boot's id, `FileTerminalLock.unwrittenMarker` as exam id
///   and candidate, an empty exam key, and the file's modification time as both dates.
///
/// Record dates go through `LockRecord.encoded()`, which keeps whole seconds only, so
/// the verified read-back is compared with the record as it decodes from those bytes.
public final class FileTerminalLock: TerminalLock {
    /// The lock file's name inside the lock directory.
    public static let fileName = "terminal.lock"
    /// Exam id and candidate of the placeholder record of a holder that has not written yet.
    public static let unwrittenMarker = "(record not yet written)"

    /// The directory holding the lock file.
    public let directory: String
    /// The lock file's full path.
    public let location: String

    /// The boot id of this boot; records with another one are from an earlier boot.
    private let bootID: String
    /// The open, `flock`ed lock file while this object holds the lock.
    private let held = Mutex<FileDescriptor?>(nil)

    /// How many times a busy `flock` is tried before the holder counts as live, and the
    /// pause between tries (5 × 10 ms, the ~50 ms that outlasts any `inspect` probe).
    private static let busyAttempts = 5
    private static let busyPause: useconds_t = 10_000
    /// How many times the file is reopened when it was replaced under us before giving up.
    private static let reopenAttempts = 20

    /// A lock in `directory`, judging records against `bootID` (this boot's id; see
    /// `ProcessContext.current()`). Nothing is touched until a method is called.
    public init(directory: String, bootID: String) {
        self.directory = directory
        self.location = (directory as NSString).appendingPathComponent(Self.fileName)
        self.bootID = bootID
    }

    /// A lock in the directory `FileTerminalLock.directory(environment:)` picks.
    public convenience init(environment: [String: String], bootID: String) {
        self.init(directory: Self.directory(environment: environment), bootID: bootID)
    }

    /// Where the lock lives: `$ASSESS_LOCK_DIR` if set, else `$XDG_RUNTIME_DIR/assess`,
    /// else `/run/assess`. The runtime directories are tmpfs, so a reboot empties them.
    /// `acquire` creates the directory (mode 0700) when it is missing.
    public static func directory(environment: [String: String]) -> String {
        if let directory = environment.nonEmpty("ASSESS_LOCK_DIR") {
            return directory
        }
        if let runtime = environment.nonEmpty("XDG_RUNTIME_DIR") {
            return (runtime as NSString).appendingPathComponent("assess")
        }
        return "/run/assess"
    }

    // MARK: - TerminalLock

    /// Looks at the lock without taking it and without disturbing a holder.
    public func inspect() throws -> LockInspection {
        try translatingSystemErrors {
            let file: FileDescriptor
            do {
                file = try FileDescriptor.open(location, flags: O_RDONLY | O_NOFOLLOW)
            } catch let error as SystemCallError where error.errorNumber == .noSuchFile {
                return .free
            }
            defer { file.close() }
            guard try file.tryLock(.shared) else {
                return .live(try holderRecord(file))
            }
            let leftover = try leftoverRecord(file)
            try file.unlock()
            guard let record = leftover else { return .free }
            return record.bootID == bootID ? .stale(record) : .fromPreviousBoot(record)
        }
    }

    /// Takes the lock and writes `record` into it; see the type's documentation.
    public func acquire(_ record: LockRecord) throws -> LockAcquisition {
        let bytes: Data
        do {
            bytes = try record.encoded()
        } catch {
            throw TerminalLockError.unavailable(path: location, reason: "the record cannot be encoded: \(error)")
        }
        return try held.withLock { held in
            try translatingSystemErrors {
                try FileSystem.makeDirectory(directory, permissions: 0o700)
                let (file, locked) = try openLockedFile(flags: O_RDWR | O_CREAT)
                guard locked else {
                    defer { file.close() }
                    return .refused(.live(try holderRecord(file)))
                }
                let endedByReboot: LockRecord?
                do {
                    endedByReboot = try leftoverRecord(file)
                } catch {
                    file.close() // a lock we cannot use must not stay held
                    throw error
                }
                if let stale = endedByReboot, stale.bootID == bootID {
                    file.close()
                    return .refused(.stale(stale))
                }
                do {
                    try writeAndVerify(bytes, to: file)
                } catch {
                    try? file.truncate()
                    try? FileSystem.removeFile(location)
                    file.close()
                    throw error
                }
                held = file
                return .acquired(endedByReboot: endedByReboot)
            }
        }
    }

    /// Empties and removes the lock file, then closes it, which drops the `flock`.
    /// Does nothing when this object does not hold the lock.
    public func release() throws {
        try held.withLock { held in
            guard let file = held else { return }
            held = nil
            defer { file.close() }
            try translatingSystemErrors {
                try file.truncate()
                // Only remove the path if it is still our file (someone may have deleted
                // it by hand and another process created a new one).
                if try isStillAtPath(file) {
                    try FileSystem.removeFile(location)
                }
            }
        }
    }

    /// Removes a lock file nobody holds (stale, or from an earlier boot) and returns its
    /// record. Throws `holderIsAlive` when a process holds it, `noStaleLock` when there
    /// is no file or it holds no record.
    public func clearStale() throws -> LockRecord {
        try translatingSystemErrors {
            let opened: (file: FileDescriptor, locked: Bool)
            do {
                opened = try openLockedFile(flags: O_RDWR)
            } catch let error as SystemCallError where error.errorNumber == .noSuchFile {
                throw TerminalLockError.noStaleLock
            }
            defer { opened.file.close() }
            guard opened.locked else {
                throw TerminalLockError.holderIsAlive(try holderRecord(opened.file))
            }
            guard let record = try leftoverRecord(opened.file) else {
                throw TerminalLockError.noStaleLock
            }
            try opened.file.truncate()
            try FileSystem.removeFile(location)
            return record
        }
    }

    // MARK: - Steps

    /// Opens the lock file with `flags` and takes its `flock` exclusively
    /// (`lockExclusively`). When the path no longer names the file once it is locked (the
    /// unlink race), closes it and opens the path again. Returns the open file, which the
    /// caller closes, and whether the lock was taken: false means a live process holds it.
    private func openLockedFile(flags: Int32) throws -> (file: FileDescriptor, locked: Bool) {
        for _ in 0..<Self.reopenAttempts {
            let file = try FileDescriptor.open(location, flags: flags | O_NOFOLLOW)
            do {
                guard try lockExclusively(file) else { return (file, false) }
                if try isStillAtPath(file) { return (file, true) }
            } catch {
                file.close()
                throw error
            }
            file.close()
        }
        throw TerminalLockError.unavailable(
            path: location, reason: "the lock file kept being replaced while it was being opened")
    }

    /// `flock(LOCK_EX|LOCK_NB)`, tried `busyAttempts` times so that a momentary
    /// `inspect` probe is not mistaken for a holder. False when still busy.
    private func lockExclusively(_ file: FileDescriptor) throws(SystemCallError) -> Bool {
        for attempt in 1...Self.busyAttempts {
            if try file.tryLock(.exclusive) { return true }
            if attempt < Self.busyAttempts { usleep(Self.busyPause) }
        }
        return false
    }

    /// True when the lock path still names the open file (it was not removed or
    /// replaced between our `open` and our `flock`).
    private func isStillAtPath(_ file: FileDescriptor) throws(SystemCallError) -> Bool {
        try FileSystem.identity(ofPath: location) == file.status().identity
    }

    /// The record in a file nobody else holds, or `nil` for an empty or unreadable one.
    private func leftoverRecord(_ file: FileDescriptor) throws(SystemCallError) -> LockRecord? {
        let contents = try file.readAll()
        guard !contents.isEmpty else { return nil }
        return try? LockRecord.decode(contents)
    }

    /// Writes the encoded record, then reads it back and checks it decodes to the same.
    private func writeAndVerify(_ bytes: Data, to file: FileDescriptor) throws {
        try file.replaceContents(with: bytes)
        let readBack = try file.readAll()
        guard let written = try? LockRecord.decode(readBack),
            written == (try? LockRecord.decode(bytes))
        else {
            throw TerminalLockError.verificationFailed(path: location)
        }
    }

    /// The record of the live holder of `file`, or a placeholder when the holder has not
    /// written it yet (see the type's documentation).
    private func holderRecord(_ file: FileDescriptor) throws(SystemCallError) -> LockRecord {
        if let record = try leftoverRecord(file) { return record }
        let status = try file.status()
        let holder = FlockTable.holder(of: status.identity) ?? 0
        return LockRecord(
            pid: holder, bootID: bootID, user: UserDatabase.loginName(of: status.owner) ?? "uid \(status.owner)",
            tty: nil, examID: Self.unwrittenMarker, examKey: "", candidate: Self.unwrittenMarker,
            startedAt: status.modified, expiresAt: status.modified)
    }

    /// Runs `body`, turning a failed system call into `TerminalLockError.unavailable`.
    private func translatingSystemErrors<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemCallError {
            throw TerminalLockError.unavailable(path: location, reason: error.description)
        }
    }
}
