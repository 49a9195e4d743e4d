import AssessCore

/// What a screen's run loop needs from a terminal: its size, a way to show a frame,
/// and keys. ``CursesTerminal`` is the real one; tests can supply a scripted one that
/// records frames and replays keys.
public protocol TerminalDevice: AnyObject {
    /// The terminal's size now (it changes after ``Key/resize``).
    var size: TerminalSize { get }
    /// Shows `grid` as the whole screen, including its cursor.
    func draw(_ grid: CellGrid)
    /// Waits up to `timeoutMilliseconds` (forever when `nil`) for a key; `nil` when none came.
    func readKey(timeoutMilliseconds: Int?) -> Key?
    /// As ``readKey(timeoutMilliseconds:)``, and returns `nil` as soon as `wakeDescriptor`
    /// becomes readable (``LoopWaker``): a signal or a result for the loop.
    func readKey(timeoutMilliseconds: Int?, wakeDescriptor: Int32?) -> Key?
    /// True when more input is already waiting, so a frame drawn now would be replaced
    /// at once (a paste, key repeat, keys typed while the program was busy).
    var hasPendingInput: Bool { get }
    /// Throws away every key typed before now, unread (see ``ProgramModel/awaitsBeingSeen``).
    func discardTypedAhead()
}

extension TerminalDevice {
    /// A terminal that cannot wait on two things waits for a key only.
    public func readKey(timeoutMilliseconds: Int?, wakeDescriptor: Int32?) -> Key? {
        readKey(timeoutMilliseconds: timeoutMilliseconds)
    }

    /// A terminal that cannot tell says no input is waiting, so every frame is drawn.
    public var hasPendingInput: Bool { false }
}
