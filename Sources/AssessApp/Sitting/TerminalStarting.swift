import AssessCore
import AssessTUI
import Foundation

/// The sitting's terminal, started on a thread of its own while the command thread reads
/// the policy and the exam: curses' start (the terminal's description, its modes) and the
/// interface's strings take as long as reading a published form, and a seat has two cores
/// or more. ``started()`` waits for it.
final class TerminalStarting: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written by the starting thread before `done` is signalled; read after waiting on it.
    private var terminal: CursesTerminal?
    /// Whether ``started()`` has waited already (it is only called on the command's thread).
    private var waited = false

    /// Starts a terminal, and reads the strings of `language` (the one the screen will
    /// most likely be in), on a new thread.
    init(language: InterfaceLanguage) {
        let thread = Thread { [self] in
            let starting = CursesTerminal()
            if (try? starting.start()) != nil { terminal = starting }
            _ = Catalogue.of(language)
            done.signal()
        }
        thread.name = "assess terminal"
        thread.start()
    }

    /// The started terminal, or `nil` when it could not start (the sitting starts one again
    /// and explains why it cannot). Signal handlers are installed once curses' own are.
    func started() -> CursesTerminal? {
        if !waited {
            done.wait()
            waited = true
            if terminal != nil { SignalTrap.install() }
        }
        return terminal
    }
}
