/// The exit statuses `assess` uses, from sysexits.h so that scripts can tell them apart.
enum ExitStatus: Int32 {
    /// Everything went as asked.
    case success = 0
    /// Something failed that fits no other status (e.g. `log --verify` found tampering).
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// An input file is not valid: an exam or policy file (EX_DATAERR).
    case dataError = 65
    /// A file could not be opened or read (EX_NOINPUT).
    case noInput = 66
    /// The terminal is locked by someone else, or a stale lock blocks it (EX_TEMPFAIL).
    case locked = 75
    /// A needed file or directory cannot be written (EX_CANTCREAT).
    case cannotCreate = 73
    /// The proctor password was wrong, or none is set (EX_NOPERM).
    case notPermitted = 77
    /// The policy file is not valid (EX_CONFIG).
    case configuration = 78
}

/// An expected failure of a command: a one-paragraph message for the person at the
/// terminal and the exit status that goes with it.
struct CommandFailure: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String

    var description: String { message }

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}
