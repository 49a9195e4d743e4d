import AssessCore

/// A clipboard that is present but cannot be cleared, typically because its tool is
/// not installed (`$DISPLAY` is set but neither xsel nor xclip is). It stays in the
/// list of backends so that clearing it fails visibly: the event log records why, and
/// a strict policy refuses to lock.
public struct UnavailableClipboard: ClipboardBackend {
    /// The backend's name, as the working backend would have had.
    public let name: String
    /// Why it cannot be cleared and what to install, e.g. "install the xsel package".
    public let reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// Always throws a `ClipboardError` carrying `reason`.
    public func clear() async throws -> String {
        throw ClipboardError(backend: name, reason: reason)
    }
}
