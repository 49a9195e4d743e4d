/// One clipboard the terminal can reach: tmux's paste buffers, GNU screen's, the
/// terminal emulator's (OSC 52), X11's CLIPBOARD and PRIMARY, Wayland's, the app's own.
///
/// Implementations must: clear every piece of text the clipboard holds, not only the
/// newest; report failure by throwing (the engine logs it and, under a strict policy,
/// refuses to lock); never read or log the clipboard's content.
public protocol ClipboardBackend: Sendable {
    /// A short stable name used in the event log, e.g. `tmux`, `x11-clipboard`.
    var name: String { get }

    /// Empties this clipboard. Returns a short human-readable note for the log
    /// (e.g. "deleted 3 buffers"); throws when it could not be cleared.
    func clear() async throws -> String
}

/// A clipboard backend failed; `reason` is what the tool or system said.
public struct ClipboardError: Error, Sendable, Equatable, CustomStringConvertible {
    public var backend: String
    public var reason: String

    public init(backend: String, reason: String) {
        self.backend = backend
        self.reason = reason
    }

    public var description: String { "\(backend): \(reason)" }
}
