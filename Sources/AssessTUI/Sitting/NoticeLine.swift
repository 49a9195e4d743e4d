/// The notice line: a one-line message for the student, how long it stays, and the last
/// message shown, kept until the next for the screen reader's layout (which writes it on a
/// line of its own, so that it is never only a transient overlay).
///
/// A notice lasts as its kind says: one about something that happened goes after a few
/// seconds; one about a key the student pressed goes then too, or as soon as the student
/// leaves the question or screen it was about; a time warning stays until the student
/// presses a key, so that it is seen whatever the motion settings.
struct NoticeLine: Sendable {
    /// Where a notice about a key belongs: a screen (a phase, whatever its highlight) and
    /// the question on screen.
    struct Place: Sendable, Equatable {
        var screen: String
        var question: Int
    }

    /// How long a notice stays.
    enum Kind: Sendable, Equatable {
        /// Until its time is over.
        case passing
        /// Until its time is over or the student leaves `place`.
        case aboutKey(Place)
        /// Until the student presses a key.
        case warning
        /// Until the student presses a key, announced as any notice (a feature the exam
        /// cannot offer, said once).
        case untilKey
    }

    /// The message on the notice line, when its time is over (`nil`: never by itself) and its kind.
    private(set) var current: (text: String, until: UInt64?, kind: Kind)?
    /// The last message shown (none while a warning stands: the screen reader's layout says
    /// it in the state line).
    private(set) var announcement: String?

    /// Shows `text` as a notice of `kind` until `until`, when given.
    mutating func show(_ text: String, until: UInt64?, kind: Kind = .passing) {
        current = (text, until, kind)
        announcement = kind == .warning ? nil : text
    }

    /// The time warning on the notice line, while it stands.
    var warning: String? {
        guard let current, current.kind == .warning else { return nil }
        return current.text
    }

    /// When the notice on the line goes by itself; `nil` when none does.
    var expiry: UInt64? { current?.until }

    /// Takes the message down once its time is over.
    mutating func expire(now: UInt64) {
        if let until = current?.until, now >= until { current = nil }
    }

    /// The student pressed a key: a time warning, or a notice that waits for a key, has been seen.
    mutating func keyPressed() {
        if current?.kind == .warning || current?.kind == .untilKey { current = nil }
    }

    /// The student is at `place` now: a notice about a key pressed elsewhere goes, and so
    /// does its announcement.
    mutating func follow(to place: Place) {
        guard case .aboutKey(let shownAt)? = current?.kind, shownAt != place else { return }
        if announcement == current?.text { announcement = nil }
        current = nil
    }
}
