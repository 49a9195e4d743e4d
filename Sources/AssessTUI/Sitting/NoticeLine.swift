/// The notice line: a one-line message for the student and when it disappears, and the
/// last message shown, kept until the next for the screen reader's layout (which writes
/// it on a line of its own, so that it is never only a transient overlay).
struct NoticeLine: Sendable {
    /// The message on the notice line, and when it disappears.
    private(set) var current: (text: String, until: UInt64)?
    /// The last message shown.
    private(set) var announcement: String?

    /// Shows `text` until `until`.
    mutating func show(_ text: String, until: UInt64) {
        current = (text, until)
        announcement = text
    }

    /// Takes the message down once its time is over.
    mutating func expire(now: UInt64) {
        if let shown = current, now >= shown.until { current = nil }
    }
}
