import AssessCore
import AssessTUI

/// The sitting's terminal, started on a thread of its own while the command thread reads
/// the policy and the exam: curses' start (the terminal's description, its modes) and the
/// interface's strings take as long as reading a published form, and a seat has two cores
/// or more. ``started()`` waits for it.
final class TerminalStarting: @unchecked Sendable {
    private let terminal: BackgroundValue<CursesTerminal?>
    /// Whether the signal handlers are in (``started()`` is only called on the command's thread).
    private var trapped = false

    /// Starts a terminal, and reads the strings of `language` (the one the screen will
    /// most likely be in), on a new thread.
    init(language: InterfaceLanguage) {
        terminal = BackgroundValue(named: "assess terminal") {
            let starting = CursesTerminal()
            let started = (try? starting.start()) != nil
            _ = Catalogue.of(language)
            return started ? starting : nil
        }
    }

    /// The started terminal, or `nil` when it could not start (the sitting starts one again
    /// and explains why it cannot). Signal handlers are installed once curses' own are.
    func started() -> CursesTerminal? {
        let started = terminal.value
        if !trapped {
            trapped = true
            if started != nil { SignalTrap.install() }
        }
        return started
    }
}
