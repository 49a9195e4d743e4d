extension TextEditor {
    /// What an editing key did to the text.
    public enum KeyResult: Hashable, Sendable {
        /// The text changed.
        case changed
        /// The cursor moved, or the key had nothing to act on (Backspace at the start).
        case moved
        /// An insertion was refused, and why.
        case refused(InsertOutcome)
        /// Not an editing key: what it does is the screen's business.
        case notEditing
    }

    /// Applies one of the editing keys every text field shares, in the answers, the
    /// scratchpad and the one-line fields (``LineField``) alike: typing, Backspace, Delete,
    /// ← →, Home / End (Ctrl-A / Ctrl-E), Ctrl-W / Ctrl-F by word, Ctrl-U undo and Ctrl-R
    /// redo. A multi-line editor also takes Enter (a new line) and ↑ ↓, and its Home / End
    /// work on the visual line at wrap `width`; in a one-line field they go to either end.
    public mutating func apply(_ key: Key, width: Int) -> KeyResult {
        let multiLine = mode == .multiLine
        switch key {
        case .character(let character):
            let outcome = insert(String(character))
            return outcome == .inserted ? .changed : .refused(outcome)
        case .enter where multiLine:
            return insertNewline() ? .changed : .refused(.wordLimitReached)
        case .backspace: return backspace() ? .changed : .moved
        case .delete: return deleteForward() ? .changed : .moved
        case .left:
            _ = moveLeft()
            return .moved
        case .right:
            _ = moveRight()
            return .moved
        case .control("a"), .home:
            multiLine ? moveToLineStart(width: width) : moveToStart()
            return .moved
        case .control("e"), .end:
            multiLine ? moveToLineEnd(width: width) : moveToEnd()
            return .moved
        case .up where multiLine:
            moveUp(width: width)
            return .moved
        case .down where multiLine:
            moveDown(width: width)
            return .moved
        case .control("w"):
            moveWordLeft()
            return .moved
        case .control("f"):
            moveWordRight()
            return .moved
        case .control("u"): return undo() ? .changed : .moved
        case .control("r"): return redo() ? .changed : .moved
        default: return .notEditing
        }
    }
}
