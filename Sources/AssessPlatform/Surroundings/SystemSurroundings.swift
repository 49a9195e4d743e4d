import AssessCore

/// The real `SurroundingsProbe`: the terminal's size comes from the front end (which
/// owns the terminal) through a closure; the data directory is checked by writing to it.
public struct SystemSurroundings: SurroundingsProbe {
    /// The directory whose writability is checked.
    public let dataDirectory: DataDirectory
    private let size: @Sendable () -> TerminalSize?

    /// A probe checking `dataDirectory` and asking `terminalSize` for the size (it
    /// returns `nil` when there is no terminal).
    public init(dataDirectory: DataDirectory, terminalSize: @escaping @Sendable () -> TerminalSize?) {
        self.dataDirectory = dataDirectory
        self.size = terminalSize
    }

    /// The terminal's size now, as the front end reports it.
    public func terminalSize() -> TerminalSize? { size() }

    /// Why the data directory cannot be written, or `nil` when it can.
    public func dataDirectoryProblem() -> String? { dataDirectory.writeProblem() }
}
