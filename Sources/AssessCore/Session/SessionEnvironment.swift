/// The terminal's size in character cells.
public struct TerminalSize: Sendable, Equatable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)x\(rows)" }
}

/// Turns paste rejection on and off. The front end implements it with bracketed paste
/// (`ESC[?2004h` / `ESC[?2004l`) and drops whatever arrives between the markers.
public protocol PasteGuard: Sendable {
    func enablePasteRejection() throws
    func disablePasteRejection() throws
}

/// Asks the student whether to lock the terminal. The front end shows the consent screen.
public protocol ConsentPrompt: Sendable {
    /// Returns true when the student accepts; `maximumHours` is the lock's longest life.
    func askToLock(_ exam: ExamDescriptor, maximumHours: Double) async -> Bool
}

/// Looks at the surroundings that cannot be read from the environment variables alone.
public protocol SurroundingsProbe: Sendable {
    /// The terminal's size now, or `nil` when there is no terminal.
    func terminalSize() -> TerminalSize?
    /// A sentence saying why the data directory cannot be written, or `nil` when it can.
    func dataDirectoryProblem() -> String?
}

/// Everything the session reaches the outside world through.
public struct SessionDependencies: Sendable {
    public var clock: any Clock
    public var lock: any TerminalLock
    public var clipboards: [any ClipboardBackend]
    public var eventLog: any EventLog
    public var pasteGuard: any PasteGuard
    public var consent: any ConsentPrompt
    public var surroundings: any SurroundingsProbe
    public var process: ProcessContext
    /// The process environment (`LANG`, `TMUX`, `STY` ...).
    public var environment: [String: String]

    public init(
        clock: any Clock, lock: any TerminalLock, clipboards: [any ClipboardBackend],
        eventLog: any EventLog, pasteGuard: any PasteGuard, consent: any ConsentPrompt,
        surroundings: any SurroundingsProbe, process: ProcessContext,
        environment: [String: String]
    ) {
        self.clock = clock
        self.lock = lock
        self.clipboards = clipboards
        self.eventLog = eventLog
        self.pasteGuard = pasteGuard
        self.consent = consent
        self.surroundings = surroundings
        self.process = process
        self.environment = environment
    }
}
