/// Why a lock request did not lock the terminal. An expected refusal is an answer,
/// never a thrown error.
public enum LockFailureReason: Sendable, Equatable, CustomStringConvertible {
    /// The policy does not allow this exam to lock this terminal.
    case notPermitted(String)
    /// The surroundings are not fit for an exam (locale, size, data directory, multiplexer).
    case surroundings([SurroundingsProblem])
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

    /// The English sentence, for the event log.
    public var description: String { sentence(in: .english) }
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

/// One thing about the terminal's surroundings that stops an exam from locking. Its
/// description is the English sentence of the event log; ``sentence(in:)`` is the
/// student's.
public enum SurroundingsProblem: Sendable, Equatable, CustomStringConvertible {
    /// The locale (`LC_ALL`, `LC_CTYPE`, `LANG`) is not UTF-8; empty when none is set.
    case localeNotUTF8(String)
    /// The terminal is smaller than the policy's minimum.
    case terminalTooSmall(TerminalSize, minimum: TerminalSize)
    /// There is no terminal to show the exam in.
    case noTerminal
    /// The data directory cannot be written: the platform's sentence, naming it and the error.
    case dataDirectory(String)
    /// A multiplexer the policy refuses ("tmux", "GNU screen") runs this terminal.
    case multiplexer(String)

    public var description: String { sentence(in: .english) }

    /// What is wrong and what to do, in `text`'s language.
    public func sentence(in text: Catalogue) -> String {
        switch self {
        case .localeNotUTF8(let locale):
            return locale.isEmpty ? text("surroundings.no-locale") : text("surroundings.locale", ["locale": locale])
        case .terminalTooSmall(let size, let minimum):
            return text("surroundings.too-small", ["size": size.description, "minimum": minimum.description])
        case .noTerminal:
            return text("surroundings.no-terminal")
        case .dataDirectory(let problem):
            return text("surroundings.data-directory", ["problem": problem])
        case .multiplexer(let name):
            return text("surroundings.multiplexer", ["multiplexer": name])
        }
    }
}

extension LockFailureReason {
    /// The reason in `text`'s language, for the student's screen and the terminal after
    /// it: what is wrong and what to do. What the platform says (a file's error, the
    /// policy's list) stays as it said it, inside the sentence.
    public func sentence(in text: Catalogue) -> String {
        switch self {
        case .notPermitted(let why): return text("reason.not-permitted", ["detail": why])
        case .surroundings(let problems):
            let sentences = problems.map { $0.sentence(in: text) }
            return sentences.dropFirst().reduce(sentences.first ?? "") {
                text("reason.join", ["first": $0, "next": $1])
            }
        case .declined: return text("reason.declined")
        case .alreadyLocked: return text("reason.already-locked")
        case .heldByAnother(let record):
            return text(
                "reason.held-by-another",
                ["pid": String(record.pid), "exam": record.examID, "candidate": record.candidate])
        case .staleLock(let record):
            return text(
                "reason.stale-lock", ["pid": String(record.pid), "exam": record.examID, "candidate": record.candidate])
        case .lockUnavailable(let why): return text("reason.lock-unavailable", ["detail": why])
        case .clipboardNotCleared(let why): return text("reason.clipboard-not-cleared", ["detail": why])
        case .pasteRejectionUnavailable(let why): return text("reason.paste-rejection", ["detail": why])
        case .eventLogUnavailable(let why): return text("reason.event-log", ["detail": why])
        }
    }
}
