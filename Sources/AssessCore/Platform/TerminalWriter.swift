/// Writes raw control sequences to the student's terminal (OSC 52, bracketed-paste
/// switches). The front end owns the terminal and supplies the real one.
public protocol TerminalWriter: Sendable {
    /// Writes `sequence` to the terminal as it is, and flushes it.
    func write(_ sequence: String) throws
}
