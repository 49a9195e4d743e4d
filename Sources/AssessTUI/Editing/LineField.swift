/// A one-line text field outside the answers: the welcome screen's start code, the
/// proctor panel's password, minutes and reason, the monitor's message, reason and find,
/// the marking screen's points, comment and reason.
///
/// It edits as the answers do, with the same keys (``TextEditor/apply(_:width:)``):
/// typing, Backspace, Delete, ← → and Home / End (Ctrl-A / Ctrl-E) move the caret, Ctrl-W /
/// Ctrl-F by word, Ctrl-U undoes and Ctrl-R redoes a change (a run of typing or of deleting
/// is one). What it takes is limited to ``characters`` and ``maximumLength``; a password
/// field is drawn masked, one `•` a character.
///
/// ```swift
/// var reason = LineField()
/// _ = reason.handle(.character("o"))
/// _ = reason.handle(.control("u"))   // undone: empty again
/// let (shown, caret) = reason.visible(width: 40)   // draw shown, put the cursor at caret
/// ```
public struct LineField: Hashable, Sendable {
    /// Which characters the field takes.
    public enum Characters: Hashable, Sendable {
        /// Any printable character.
        case any
        /// The ASCII digits (a number of minutes).
        case digits
        /// The ASCII digits, `.` and `,` (points, halves included).
        case decimal
        /// ASCII letters and digits, letters made capitals (a start code).
        case code

        /// `character` as the field takes it, or `nil` when it does not.
        func accept(_ character: Character) -> Character? {
            switch self {
            case .any: return character
            case .digits: return character.isASCII && character.isNumber ? character : nil
            case .decimal:
                return character.isASCII && (character.isNumber || character == "." || character == ",")
                    ? character : nil
            case .code:
                guard character.isASCII && (character.isLetter || character.isNumber) else { return nil }
                return Character(character.uppercased())
            }
        }
    }

    /// What a key did.
    public enum Outcome: Hashable, Sendable {
        /// The text changed.
        case changed
        /// The caret moved, or the key had nothing to act on.
        case moved
        /// A character the field does not take, or one too many.
        case refused
        /// Not a key of the field (Enter, Tab, Esc …): the screen's.
        case ignored
    }

    /// The characters the field takes.
    public let characters: Characters
    /// The most characters the field holds.
    public let maximumLength: Int
    /// True for a password: drawn as one `•` a character.
    public let isMasked: Bool
    private var editor: TextEditor

    /// A field holding `text` (what a field shows when it opens), the caret at its end and
    /// nothing to undo.
    public init(_ text: String = "", characters: Characters = .any, maximumLength: Int = 200, masked: Bool = false) {
        self.characters = characters
        self.maximumLength = maximumLength
        self.isMasked = masked
        editor = TextEditor(text: text, mode: .singleLine)
    }

    /// The text typed.
    public var text: String { editor.text }

    /// The caret: an index into ``text``, on a character boundary.
    public var caret: String.Index { editor.cursor }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        var key = key
        if case .character(let character) = key {
            guard let accepted = characters.accept(character), text.count < maximumLength else { return .refused }
            key = .character(accepted)
        }
        switch editor.apply(key, width: 1) {
        case .changed: return .changed
        case .moved: return .moved
        case .refused: return .refused
        case .notEditing: return .ignored
        }
    }

    /// The part of the field to draw `width` columns wide (masked for a password) and the
    /// caret's column in it: the text scrolls only as far as keeps the caret in sight.
    public func visible(width: Int) -> (text: String, caretColumn: Int) {
        guard isMasked else {
            let slice = editor.visibleSlice(width: width)
            return (String(slice.text), slice.cursorColumn)
        }
        let bullets = String(repeating: "•", count: text.count)
        let caret = bullets.index(bullets.startIndex, offsetBy: text[..<editor.cursor].count)
        let slice = TextEditor.visibleSlice(of: bullets, cursor: caret, width: width)
        return (String(slice.text), slice.cursorColumn)
    }
}
