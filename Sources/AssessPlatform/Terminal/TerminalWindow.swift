import AssessCore
import Glibc

/// The size of the terminal on standard output, read without curses so that the
/// session can check it from any thread.
public enum TerminalWindow {
    /// Columns and rows, or `nil` when standard output is not a terminal.
    public static func size() -> TerminalSize? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
}
