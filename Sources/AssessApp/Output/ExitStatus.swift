/// The exit statuses `assess` uses, from sysexits.h so that scripts can tell them apart.
/// Commands never pick one: they throw a ``CommandFailure`` with a ``FailureReason``, and
/// ``FailureReason/status`` is the one place that decides the status.
package enum ExitStatus: Int32, CaseIterable {
    /// Everything went as asked.
    case success = 0
    /// The command ran but did not do what was asked (EX_SOFTWARE is not used: nothing crashed).
    case notDone = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// An exam file or a roster file is not valid (EX_DATAERR).
    case dataError = 65
    /// An exam file or folder, or a roster file, does not exist or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// The candidate is not on the exam's roster (EX_NOUSER).
    case notOnRoster = 68
    /// The data directory, the store, the lock directory or the policy file cannot be
    /// used (EX_CANTCREAT).
    case cannotCreate = 73
    /// The terminal is locked, or the candidate's attempt is in progress (EX_TEMPFAIL).
    case locked = 75
    /// The proctor password was wrong, or none is set (EX_NOPERM).
    case notPermitted = 77
    /// The policy file is not valid (EX_CONFIG).
    case configuration = 78

    /// What the status means, in the words of the table of exit statuses in docs/commands.md
    /// (a test checks that it says exactly this).
    package var meaning: String {
        switch self {
        case .success: return "done"
        case .notDone:
            return
                "not done: declined, refused by the policy or the surroundings, interrupted, aborted, nothing found, or tampering found"
        case .usage: return "bad arguments"
        case .dataError: return "an exam file or a roster file that is not valid"
        case .noInput: return "an exam file or folder, or a roster file, that does not exist or cannot be read"
        case .notOnRoster: return "the candidate is not on the exam's roster"
        case .cannotCreate:
            return "the data directory, the store, the lock or the policy file cannot be read or written"
        case .locked: return "the terminal is locked (live or stale), or the candidate's attempt is still in progress"
        case .notPermitted: return "a wrong or missing proctor password"
        case .configuration: return "a policy file that is not valid"
        }
    }
}

/// Why a command failed. Each reason has exactly one exit status.
package enum FailureReason: CaseIterable {
    /// Declined, refused by the policy or the surroundings, interrupted, aborted, not found,
    /// or a check that found tampering.
    case notDone
    /// The command line asks for something that cannot be (a bad value, two options that exclude each other).
    case commandLine
    /// An exam file is not valid.
    case examInvalid
    /// An exam file or folder does not exist or cannot be read.
    case examMissing
    /// The exam has a roster and the candidate is not on it.
    case notOnRoster
    /// The data directory, the store or a file `assess` writes cannot be used.
    case cannotWrite
    /// The lock file cannot be read, so whether the terminal is locked is unknown.
    case lockUnreadable
    /// A lock holds the terminal, or the attempt is running or may be running elsewhere.
    case locked
    /// The proctor password was wrong, or none is set.
    case proctorPassword
    /// The policy file cannot be read or is not valid.
    case policyInvalid

    /// The exit status for this reason: the only place that decides one.
    package var status: ExitStatus {
        switch self {
        case .notDone: return .notDone
        case .commandLine: return .usage
        case .examInvalid: return .dataError
        case .examMissing: return .noInput
        case .notOnRoster: return .notOnRoster
        case .cannotWrite, .lockUnreadable: return .cannotCreate
        case .locked: return .locked
        case .proctorPassword: return .notPermitted
        case .policyInvalid: return .configuration
        }
    }
}

/// An expected failure of a command: a one-paragraph message for the person at the
/// terminal and why it failed, which decides the exit status.
package struct CommandFailure: Error, CustomStringConvertible {
    /// Why the command failed; decides the exit status.
    package var reason: FailureReason
    /// What the person at the terminal reads after `assess: `.
    package var message: String

    package var description: String { message }
    /// The exit status the process ends with.
    package var status: ExitStatus { reason.status }

    /// A failure for `reason`, saying `message`.
    package init(_ reason: FailureReason, _ message: String) {
        self.reason = reason
        self.message = message
    }
}
