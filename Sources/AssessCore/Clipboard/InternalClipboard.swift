import Synchronization

/// The app's own cut-and-paste buffer. It is a clipboard like any other, so the engine
/// clears it when the exam begins and ends. The editor has no cut or copy yet, so today
/// it is always empty; a kill buffer added to the editor belongs here, and is covered.
public final class InternalClipboard: ClipboardBackend {
    private let contents = Mutex<String>("")

    public init() {}

    public var name: String { "internal" }

    /// The text last cut or copied inside `assess`.
    public var text: String { contents.withLock { $0 } }

    /// Replaces the buffer's text (the editor's cut and copy).
    public func store(_ text: String) { contents.withLock { $0 = text } }

    public func clear() async throws -> String {
        let count = contents.withLock { value -> Int in
            let count = value.count
            value = ""
            return count
        }
        return count == 0 ? "already empty" : "emptied"
    }
}
