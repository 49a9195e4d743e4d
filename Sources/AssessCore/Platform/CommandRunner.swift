/// The outcome of running an external program.
public struct CommandResult: Sendable, Equatable {
    public var exitStatus: Int32
    public var standardOutput: String
    public var standardError: String

    public init(exitStatus: Int32, standardOutput: String = "", standardError: String = "") {
        self.exitStatus = exitStatus
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// True when the program exited with status 0.
    public var succeeded: Bool { exitStatus == 0 }
}

/// Runs external programs (tmux, screen, xsel, wl-copy ...). Clipboard backends
/// reach the outside world only through this, so tests can record the calls.
public protocol CommandRunner: Sendable {
    /// Runs `executable` (a name looked up on `PATH`, or a path) with `arguments`,
    /// waits at most `timeoutSeconds`, and returns what it printed and its exit status.
    /// Throws when the program cannot be started or does not finish in time.
    func run(_ executable: String, _ arguments: [String], timeoutSeconds: Double) throws -> CommandResult

    /// The full path of `name` on `PATH`, or `nil` when it is not installed.
    func locate(_ name: String) -> String?
}
