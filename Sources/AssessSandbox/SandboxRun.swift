/// How a run in the sandbox ended.
public enum SandboxOutcome: Sendable, Equatable, Hashable, Codable {
    /// The program exited with this status (0 is success).
    case exited(Int32)
    /// The program was ended by this signal (not one of the sandbox's limits).
    case signalled(Int32)
    /// The CPU or the wall-clock limit was reached; the run was killed.
    case timeLimit
    /// Standard output or standard error passed its limit; the run was killed.
    case outputLimit
}

/// What one run in the sandbox gave: its end, its output (cut at the output limit and
/// decoded as UTF-8, invalid bytes replaced) and the time it took.
public struct SandboxRun: Sendable, Equatable {
    public var outcome: SandboxOutcome
    public var standardOutput: String
    public var standardError: String
    /// Seconds by the clock from start to end, the sandbox's own start included.
    public var wallSeconds: Double
    /// CPU seconds used by every process of the run.
    public var cpuSeconds: Double

    public init(
        outcome: SandboxOutcome, standardOutput: String, standardError: String, wallSeconds: Double, cpuSeconds: Double
    ) {
        self.outcome = outcome
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.wallSeconds = wallSeconds
        self.cpuSeconds = cpuSeconds
    }

    /// True when the program exited with status 0 within every limit.
    public var succeeded: Bool { outcome == .exited(0) }
}

/// Why the sandbox could not run a program at all (a limit reached is a ``SandboxOutcome``, not an error).
public enum SandboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `bwrap` is not installed.
    case bubblewrapMissing
    /// A program the language needs is not installed: its path and its Debian package.
    case programMissing(path: String, package: String)
    /// The run's folder could not be made or written.
    case folder(String)
    /// bubblewrap could not be started.
    case couldNotStart(String)

    public var description: String {
        switch self {
        case .bubblewrapMissing:
            return
                "bwrap is not installed: code is run only inside a bubblewrap sandbox; install the Debian package bubblewrap (apt-get install bubblewrap)"
        case .programMissing(let path, let package):
            return "\(path) is not installed; install the Debian package \(package) (apt-get install \(package))"
        case .folder(let reason): return "the sandbox's folder could not be made: \(reason)"
        case .couldNotStart(let reason): return "the sandbox could not be started: \(reason)"
        }
    }
}
