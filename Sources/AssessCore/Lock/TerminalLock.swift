/// What is found in the lock directory when nobody in this process holds the lock.
public enum LockInspection: Sendable, Equatable {
    /// No lock: the terminal is free.
    case free
    /// A live process holds the lock (its `flock` is held).
    case live(LockRecord)
    /// A lock file from this boot whose holder is gone (it crashed or was killed).
    /// It blocks new exams until a proctor clears or resumes it.
    case stale(LockRecord)
    /// A lock file left from an earlier boot: the reboot ended it.
    case fromPreviousBoot(LockRecord)
}

/// The answer to an attempt to take the lock.
public enum LockAcquisition: Sendable, Equatable {
    /// The lock is ours. `endedByReboot` is the record of a lock from an earlier boot
    /// that was removed on the way, so the caller can log it.
    case acquired(endedByReboot: LockRecord?)
    /// Someone else holds it, live or stale; nothing was changed.
    case refused(LockInspection)
}

/// Errors of the lock store itself (as opposed to a refusal, which is an answer).
public enum TerminalLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The lock directory or file cannot be created, opened or written.
    case unavailable(path: String, reason: String)
    /// After writing, the file did not read back as our record.
    case verificationFailed(path: String)
    /// `clearStale` was asked to remove a lock whose holder is alive.
    case holderIsAlive(LockRecord)
    /// There is nothing to clear.
    case noStaleLock

    public var description: String {
        switch self {
        case .unavailable(let path, let reason): return "cannot use the lock file \(path): \(reason)"
        case .verificationFailed(let path): return "the lock file \(path) did not read back as written"
        case .holderIsAlive(let record): return "the lock is held by a live process (pid \(record.pid))"
        case .noStaleLock: return "there is no stale lock to clear"
        }
    }
}

/// One exclusive lock per lock directory: a kiosk uses one directory for the machine,
/// an SSH lab one per student account. The real store is a file held with `flock` for
/// the life of the process (`AssessPlatform.FileTerminalLock`).
///
/// Implementations must guarantee: among any number of processes calling `acquire` at
/// once, at most one gets `.acquired`; a lock whose holder died stays visible as
/// `.stale` until `clearStale` removes it; `release` is harmless when nothing is held.
public protocol TerminalLock: Sendable {
    /// Where the lock lives, for messages (e.g. `/run/user/1000/assess/terminal.lock`).
    var location: String { get }

    /// Looks at the lock without taking it.
    func inspect() throws -> LockInspection

    /// Takes the lock and writes `record` into it, then reads it back to verify.
    /// A lock from an earlier boot is removed and reported; any other existing lock
    /// refuses with what was found.
    func acquire(_ record: LockRecord) throws -> LockAcquisition

    /// Releases the lock this process holds and removes the file. Harmless when not held.
    func release() throws

    /// Removes a stale lock (or one from an earlier boot) and returns its record.
    /// Throws `holderIsAlive` for a live lock and `noStaleLock` when there is none.
    func clearStale() throws -> LockRecord
}
