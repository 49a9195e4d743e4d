/// Why a lock request did not lock the terminal. An expected refusal is an answer,
/// never a thrown error.
public enum LockFailureReason: Sendable, Equatable, CustomStringConvertible {
    /// The policy does not allow this exam to lock this terminal.
    case notPermitted(String)
    /// The surroundings are not fit for an exam (locale, size, data directory, multiplexer).
    case surroundings([String])
    /// The student declined the consent screen.
    case declined
    /// This session already holds the lock; it stays in place.
    case alreadyLocked
    /// Another live process holds the lock.
    case heldByAnother(LockRecord)
    /// A stale lock from a crashed session blocks the terminal.
    case staleLock(LockRecord)
    /// The lock file could not be used.
    case lockUnavailable(String)
    /// A strict policy requires every clipboard to be cleared, and one could not be.
    case clipboardNotCleared(String)
    /// Paste rejection could not be turned on.
    case pasteRejectionUnavailable(String)
    /// The event log could not be written, so the session could not be recorded.
    case eventLogUnavailable(String)

    /// A stable short code for logs and JSON.
    public var code: String {
        switch self {
        case .notPermitted: return "not-permitted"
        case .surroundings: return "surroundings"
        case .declined: return "declined"
        case .alreadyLocked: return "already-locked"
        case .heldByAnother: return "held-by-another"
        case .staleLock: return "stale-lock"
        case .lockUnavailable: return "lock-unavailable"
        case .clipboardNotCleared: return "clipboard-not-cleared"
        case .pasteRejectionUnavailable: return "paste-rejection-unavailable"
        case .eventLogUnavailable: return "event-log-unavailable"
        }
    }

    public var description: String {
        switch self {
        case .notPermitted(let why): return why
        case .surroundings(let problems): return problems.joined(separator: "; ")
        case .declined: return "the student declined to lock the terminal"
        case .alreadyLocked: return "this terminal is already locked by this session"
        case .heldByAnother(let record):
            return "the terminal is locked by pid \(record.pid) for exam \(record.examID), candidate \(record.candidate)"
        case .staleLock(let record):
            return "a stale lock from pid \(record.pid) (exam \(record.examID), candidate \(record.candidate)) is still in place"
        case .lockUnavailable(let why): return why
        case .clipboardNotCleared(let why): return "a clipboard could not be cleared: \(why)"
        case .pasteRejectionUnavailable(let why): return "paste rejection could not be turned on: \(why)"
        case .eventLogUnavailable(let why): return "the event log cannot be written: \(why)"
        }
    }
}

/// The answer to `AssessmentSession.requestLock(_:)`.
public enum LockResult: Sendable, Equatable {
    /// The terminal is locked for the exam; the record is what the lock file holds.
    case locked(LockRecord)
    /// The terminal is not locked (after `requestLock(false)`).
    case unlocked
    /// The request failed and everything it had done was undone.
    case failed(LockFailureReason)
}

/// The session's lock state, as the front end shows it.
public enum LockState: Sendable, Equatable {
    case unlocked
    case locked(LockRecord)
}
