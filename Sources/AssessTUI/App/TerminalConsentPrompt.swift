import AssessCore

/// Asks the student on the terminal whether to lock it: draws the consent screen and
/// waits for `y` (or Enter) to accept, `n` (or Esc) to decline.
///
/// `@unchecked Sendable`: the session calls `askToLock` while the app awaits
/// `requestLock`, so the terminal is never used from two places at once; curses
/// itself is single-threaded and this type adds no state of its own.
public final class TerminalConsentPrompt: ConsentPrompt, @unchecked Sendable {
    private let terminal: any TerminalDevice

    public init(terminal: any TerminalDevice) {
        self.terminal = terminal
    }

    public func askToLock(_ exam: ExamDescriptor, maximumHours: Double) async -> Bool {
        while true {
            var grid = CellGrid(size: terminal.size)
            ExamScreens.consent(title: exam.title, maximumHours: maximumHours, into: &grid)
            terminal.draw(grid)
            switch terminal.readKey(timeoutMilliseconds: 1000) {
            case .character("y"), .character("Y"), .enter: return true
            case .character("n"), .character("N"), .escape, .hangup: return false
            default:
                if SignalTrap.pendingSignal != nil { return false }
            }
        }
    }
}
