import AssessCore

/// The position of the cursor in a laid-out editor, in display cells.
public struct EditorLayout: Hashable, Sendable {
    /// The visual lines, wrapped at the width the layout was made for.
    public let lines: [WrappedLine]
    /// The cursor's visual line (an index into ``lines``) and column in display cells.
    /// The column is kept below the width: at the end of a full line, or after spaces
    /// hanging past the edge, the cursor sits on the last column.
    public let cursor: CellPosition
}

/// A text buffer with a cursor, for essay answers (many lines, wrapped) and for short
/// text and numeric fields (one line).
///
/// Every position is on a grapheme-cluster boundary, so multibyte and combined
/// characters (é, 日, ㅎ, ế written as e + two combining marks) move and delete as one.
/// Vertical movement and Home/End work on *visual* lines at the width the screen
/// draws with, and up/down keep the column the cursor started from (in display cells),
/// so moving through a short or CJK line and on does not drift.
///
/// Word limit: when ``wordLimit`` is set, an insertion that would raise the word count
/// above it is refused as a whole (``InsertOutcome/wordLimitReached``) and the text is
/// unchanged; typing inside or at the end of an existing word stays possible, and text
/// already over the limit (restored from an autosave) can still be edited and shortened.
///
/// Undo: each undo step is a run of typing, or a run of deleting, without moving the
/// cursor in between; a newline, a move, or switching between typing and deleting starts
/// a new step. A word replaced with ``replace(_:with:)`` (a chosen spelling suggestion,
/// a completion, an autocorrection) is a step of its own, so undo brings the old word
/// back. Which suggestions to offer is ``SuggestionControl``'s business, not the editor's.
/// The history keeps what each step changed, not copies of the text: only the step in
/// progress holds the text as it was when it began (shared with the text until the
/// first change), so a long essay's history costs about what was typed in it.
///
/// ```swift
/// var editor = TextEditor(text: "Xin chào", wordLimit: 250)
/// editor.insert(" thế giới")
/// editor.moveUp(width: 60)
/// let layout = editor.layout(width: 60)   // draw layout.lines, put the cursor at layout.cursor
/// editor.undo()
/// ```
public struct TextEditor: Hashable, Sendable {
    /// What kind of field the editor is.
    public enum Mode: Hashable, Sendable {
        /// Many lines; Enter inserts a newline.
        case multiLine
        /// One line; newlines are dropped from insertions.
        case singleLine
        /// One line of a number: only ASCII digits, signs, `.`, `,`, `/` and `e`/`E`
        /// are accepted. Whether the whole is a valid number is the exam's question.
        case numeric
    }

    /// What became of an insertion.
    public enum InsertOutcome: Hashable, Sendable {
        /// The text (possibly with disallowed characters removed) was inserted.
        case inserted
        /// Nothing allowed was left to insert (e.g. letters in a numeric field).
        case nothingToInsert
        /// Inserting would exceed ``TextEditor/wordLimit``; nothing was inserted.
        case wordLimitReached
    }

    /// The field's kind.
    public let mode: Mode
    /// The most words the answer may have, or `nil` for no limit.
    public var wordLimit: Int?
    /// The text.
    public private(set) var text: String
    /// The cursor: an index into ``text`` on a grapheme-cluster boundary.
    public private(set) var cursor: String.Index

    /// The column up/down try to keep, set by the first vertical move and forgotten by
    /// any other move or edit.
    private var preferredColumn: Int?
    private var undoStack: [Change] = []
    private var redoStack: [Change] = []
    /// The text and cursor when the step in progress began; it becomes a ``Change`` once
    /// the next step begins or an undo comes.
    private var stepStart: Snapshot?
    private var lastEdit: EditKind?
    /// ``wordCount``, kept up to date by each edit from the words around the change
    /// (``countWords(after:becomes:was:)``), so a key in a long essay does not count all of it.
    private var words: Int
    /// The changes made since ``takeEdits()``, when the editor keeps them (an answer's, for
    /// the typing journal); `nil` when it does not.
    private var editLog: [TextEdit]?

    private static let undoDepth = 500

    private struct Snapshot: Hashable, Sendable {
        var text: String
        var cursorOffset: Int
    }

    /// One step of the history: the UTF-8 bytes `start ..< start + replacedLength` of the
    /// text are to become `text` again, with the cursor at `cursorOffset`.
    private struct Change: Hashable, Sendable {
        var start: Int
        var replacedLength: Int
        var text: String
        var cursorOffset: Int
    }

    private enum EditKind: Hashable, Sendable {
        case typing, deleting
    }

    /// Creates an editor holding `text` with the cursor at its end and no undo history.
    /// `text` is taken as it is (even over the word limit), after removing what `mode`
    /// does not allow.
    public init(text: String = "", mode: Mode = .multiLine, wordLimit: Int? = nil) {
        self.mode = mode
        self.wordLimit = wordLimit
        let cleaned = Self.allowed(text, in: mode)
        self.text = cleaned
        self.cursor = cleaned.endIndex
        self.words = Self.countWords(in: cleaned)
    }

    /// Keeps every change from now on, for ``takeEdits()``.
    public mutating func keepEdits() {
        if editLog == nil { editLog = [] }
    }

    /// The changes made since the last call (in order), when the editor keeps them.
    public mutating func takeEdits() -> [TextEdit] {
        guard let edits = editLog, !edits.isEmpty else { return [] }
        editLog = []
        return edits
    }

    // MARK: Reading

    /// The number of words: runs of characters between whitespace that contain a letter
    /// or digit, where each CJK ideograph or kana counts as a word of its own (Chinese
    /// and Japanese do not put spaces between words). Korean is counted by spaces.
    public var wordCount: Int { words }

    /// True when the text has more words than ``wordLimit``.
    public var isOverWordLimit: Bool {
        guard let wordLimit else { return false }
        return wordCount > wordLimit
    }

    /// The text wrapped at `width` columns (see ``TextWrap``) and where the cursor is on it.
    public func layout(width: Int) -> EditorLayout {
        let (lines, row) = wrappedAtCursor(width: width)
        let column = lines[row].text[..<cursor].displayWidth
        return EditorLayout(lines: lines, cursor: CellPosition(row: row, column: min(column, max(0, width - 1))))
    }

    /// For single-line fields drawn `width` columns wide: the part of the text to show
    /// and the cursor's column in it. The text scrolls only as far as needed to keep the
    /// cursor visible, with one column left for the cursor after the last character.
    public func visibleSlice(width: Int) -> (text: Substring, cursorColumn: Int) {
        Self.visibleSlice(of: text, cursor: cursor, width: width)
    }

    /// ``visibleSlice(width:)`` of any one line of `text` with the cursor at `cursor`.
    static func visibleSlice(of text: String, cursor: String.Index, width: Int) -> (text: Substring, cursorColumn: Int)
    {
        let width = max(1, width)
        var start = text.startIndex
        var widthBeforeCursor = text[start..<cursor].displayWidth
        while widthBeforeCursor > width - 1 && start < cursor {
            widthBeforeCursor -= text[start].displayWidth
            start = text.index(after: start)
        }
        var end = start
        var shown = 0
        while end < text.endIndex && shown + text[end].displayWidth <= width {
            shown += text[end].displayWidth
            end = text.index(after: end)
        }
        return (text[start..<end], widthBeforeCursor)
    }

    // MARK: Editing

    /// Inserts `newText` at the cursor and moves the cursor after it. Control characters
    /// are dropped (so are newlines outside ``Mode/multiLine``; CR and CRLF become LF),
    /// and so is anything a numeric field does not accept.
    @discardableResult
    public mutating func insert(_ newText: String) -> InsertOutcome {
        let cleaned = Self.allowed(newText, in: mode)
        guard !cleaned.isEmpty else { return .nothingToInsert }
        let offset = utf8Offset(of: cursor)
        let newCount = Self.countWords(in: text, replacing: offset..<offset, with: cleaned, was: words)
        if let wordLimit, newCount > wordLimit && newCount > wordCount { return .wordLimitReached }
        // A byte, not Foundation's search for a string (`allowed` made every newline LF).
        let hasNewline = cleaned.utf8.contains(UInt8(ascii: "\n"))
        if lastEdit != .typing || hasNewline { recordUndoStep() }
        redoStack.removeAll()
        edit(cursor..<cursor, with: cleaned, words: newCount, cursorOffset: offset + cleaned.utf8.count)
        lastEdit = hasNewline ? nil : .typing
        return .inserted
    }

    /// Inserts a newline (multi-line mode only; otherwise does nothing and returns false).
    @discardableResult
    public mutating func insertNewline() -> Bool {
        insert("\n") == .inserted
    }

    /// Deletes the character before the cursor. Returns false at the start of the text.
    @discardableResult
    public mutating func backspace() -> Bool {
        guard cursor > text.startIndex else { return false }
        delete(text.index(before: cursor)..<cursor)
        return true
    }

    /// Deletes the character after the cursor. Returns false at the end of the text.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < text.endIndex else { return false }
        delete(cursor..<text.index(after: cursor))
        return true
    }

    /// Replaces `range` of the text with `replacement` as one undo step of its own. A
    /// cursor after the range keeps its place in the text around it; one inside or
    /// before the range ends up after the replacement. Returns false, changing nothing,
    /// when the text would stay the same or the word limit would be passed.
    @discardableResult
    public mutating func replace(_ range: Range<String.Index>, with replacement: String) -> Bool {
        let cleaned = Self.allowed(replacement, in: mode)
        guard text[range] != cleaned else { return false }
        let lower = utf8Offset(of: range.lowerBound)
        let upper = utf8Offset(of: range.upperBound)
        let newCount = Self.countWords(in: text, replacing: lower..<upper, with: cleaned, was: words)
        if let wordLimit, newCount > wordLimit && newCount > wordCount { return false }
        let cursorOffset = utf8Offset(of: cursor)
        recordUndoStep()
        redoStack.removeAll()
        let after = lower + cleaned.utf8.count
        edit(
            range, with: cleaned, words: newCount,
            cursorOffset: cursorOffset > upper ? cursorOffset - upper + after : after)
        endStep()
        return true
    }

    /// Undoes the last step. Returns false when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool { restore(from: \.undoStack, saving: \.redoStack) }

    /// Redoes the last undone step. Returns false when there is nothing to redo.
    @discardableResult
    public mutating func redo() -> Bool { restore(from: \.redoStack, saving: \.undoStack) }

    // MARK: Moving

    /// Moves one character left. Returns false at the start.
    @discardableResult
    public mutating func moveLeft() -> Bool {
        guard cursor > text.startIndex else { return false }
        moveCursor(to: text.index(before: cursor))
        return true
    }

    /// Moves one character right. Returns false at the end.
    @discardableResult
    public mutating func moveRight() -> Bool {
        guard cursor < text.endIndex else { return false }
        moveCursor(to: text.index(after: cursor))
        return true
    }

    /// Moves to the start of the word before the cursor (skipping whitespace first).
    public mutating func moveWordLeft() {
        var index = cursor
        while index > text.startIndex && text[text.index(before: index)].isWhitespace {
            index = text.index(before: index)
        }
        while index > text.startIndex && !text[text.index(before: index)].isWhitespace {
            index = text.index(before: index)
        }
        moveCursor(to: index)
    }

    /// Moves past the end of the word at or after the cursor (skipping whitespace first).
    public mutating func moveWordRight() {
        var index = cursor
        while index < text.endIndex && text[index].isWhitespace { index = text.index(after: index) }
        while index < text.endIndex && !text[index].isWhitespace { index = text.index(after: index) }
        moveCursor(to: index)
    }

    /// Moves to the start of the whole text.
    public mutating func moveToStart() { moveCursor(to: text.startIndex) }

    /// Moves to the end of the whole text.
    public mutating func moveToEnd() { moveCursor(to: text.endIndex) }

    /// Moves up one visual line at wrap `width`, keeping the preferred column; on the
    /// first line, moves to the start of the text.
    public mutating func moveUp(width: Int) { moveVertically(by: -1, width: width) }

    /// Moves down one visual line at wrap `width`, keeping the preferred column; on the
    /// last line, moves to the end of the text.
    public mutating func moveDown(width: Int) { moveVertically(by: 1, width: width) }

    /// Moves to the start of the cursor's visual line at wrap `width`.
    public mutating func moveToLineStart(width: Int) {
        let (lines, row) = wrappedAtCursor(width: width)
        moveCursor(to: lines[row].range.lowerBound)
    }

    /// Moves to the end of the cursor's visual line at wrap `width`. On a line the wrap
    /// broke, that is before its last character (usually the space it broke at), because
    /// the position after it is shown at the start of the next line.
    public mutating func moveToLineEnd(width: Int) {
        let (lines, row) = wrappedAtCursor(width: width)
        moveCursor(to: Self.lastPosition(on: lines[row]))
    }

    // MARK: Private

    private var currentSnapshot: Snapshot {
        Snapshot(text: text, cursorOffset: utf8Offset(of: cursor))
    }

    private func utf8Offset(of index: String.Index) -> Int {
        text.utf8.distance(from: text.startIndex, to: index)
    }

    private mutating func delete(_ range: Range<String.Index>) {
        if lastEdit != .deleting { recordUndoStep() }
        redoStack.removeAll()
        let offset = utf8Offset(of: range.lowerBound)
        let newCount = Self.countWords(
            in: text, replacing: offset..<utf8Offset(of: range.upperBound), with: "", was: words)
        edit(range, with: "", words: newCount, cursorOffset: offset)
        lastEdit = .deleting
    }

    private mutating func recordUndoStep() {
        closeStep()
        stepStart = currentSnapshot
    }

    /// Turns the step in progress into a change on the undo stack: the part of the old
    /// text between what it shares with the current text at both ends.
    private mutating func closeStep() {
        guard let start = stepStart else { return }
        stepStart = nil
        guard let change = Self.change(undoing: text, to: start.text, cursorOffset: start.cursorOffset) else { return }
        undoStack.append(change)
        if undoStack.count > Self.undoDepth { undoStack.removeFirst() }
    }

    /// The change that turns `current` back into `old`; `nil` when they are the same.
    private static func change(undoing current: String, to old: String, cursorOffset: Int) -> Change? {
        var current = current
        var old = old
        return current.withUTF8 { new in
            old.withUTF8 { before in
                var prefix = 0
                while prefix < new.count && prefix < before.count && new[prefix] == before[prefix] { prefix += 1 }
                var suffix = 0
                while suffix < new.count - prefix && suffix < before.count - prefix
                    && new[new.count - 1 - suffix] == before[before.count - 1 - suffix]
                { suffix += 1 }
                // Cut between scalars: a shared lead byte (é and è both start with 0xC3) stays in the change.
                let isContinuation = { (byte: UInt8) in byte & 0xC0 == 0x80 }
                while prefix > 0
                    && ((prefix < new.count && isContinuation(new[prefix]))
                        || (prefix < before.count && isContinuation(before[prefix])))
                { prefix -= 1 }
                while suffix > 0
                    && (isContinuation(new[new.count - suffix]) || isContinuation(before[before.count - suffix]))
                {
                    suffix -= 1
                }
                guard prefix + suffix < max(new.count, before.count) else { return nil }
                return Change(
                    start: prefix, replacedLength: new.count - prefix - suffix,
                    text: String(
                        decoding: UnsafeBufferPointer(rebasing: before[prefix..<before.count - suffix]), as: UTF8.self),
                    cursorOffset: cursorOffset)
            }
        }
    }

    /// Applies the change on top of `history` after pushing its opposite onto `other`, so
    /// the opposite command can come back; false when `history` is empty.
    private mutating func restore(
        from history: WritableKeyPath<TextEditor, [Change]>,
        saving other: WritableKeyPath<TextEditor, [Change]>
    ) -> Bool {
        closeStep()
        guard let change = self[keyPath: history].popLast() else { return false }
        let range = change.start..<change.start + change.replacedLength
        let utf8 = text.utf8
        let replaced =
            utf8.index(
                utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        let opposite = Change(
            start: change.start, replacedLength: change.text.utf8.count,
            text: String(text.utf8[replaced])!, cursorOffset: utf8Offset(of: cursor))
        self[keyPath: other].append(opposite)
        let newCount = Self.countWords(in: text, replacing: range, with: change.text, was: words)
        edit(replaced, with: change.text, words: newCount, cursorOffset: change.cursorOffset)
        endStep()
        return true
    }

    /// Replaces `range` of the text with `replacement` in place, sets the word count to
    /// `words` (``countWords(in:replacing:with:was:)``), and puts the cursor at
    /// `cursorOffset` UTF-8 bytes, rounded down to a character boundary (an inserted
    /// combining mark can merge with its neighbour). Nothing here copies the text: when
    /// nothing else holds it (see ``AnswerControl``), a key in a long essay moves only the
    /// bytes after the cursor.
    private mutating func edit(_ range: Range<String.Index>, with replacement: String, words: Int, cursorOffset: Int) {
        self.words = words
        if editLog != nil {
            let change = TextEdit(
                start: utf8Offset(of: range.lowerBound),
                removed: text.utf8.distance(from: range.lowerBound, to: range.upperBound), inserted: replacement)
            editLog?.append(change)
        }
        // By scalars: an undone change may begin or end inside a character (a combining mark).
        text.unicodeScalars.replaceSubrange(range, with: replacement.unicodeScalars)
        let utf8Index = text.utf8.index(text.startIndex, offsetBy: min(cursorOffset, text.utf8.count))
        if let boundary = utf8Index.samePosition(in: text) {
            cursor = boundary
        } else {
            cursor = text.indices.last { $0 <= utf8Index } ?? text.startIndex
        }
        preferredColumn = nil
    }

    private mutating func moveCursor(to index: String.Index) {
        cursor = index
        endStep()
    }

    /// Ends the current undo step and forgets the preferred column.
    private mutating func endStep() {
        lastEdit = nil
        preferredColumn = nil
    }

    private mutating func moveVertically(by delta: Int, width: Int) {
        let (lines, row) = wrappedAtCursor(width: width)
        let column = preferredColumn ?? lines[row].text[..<cursor].displayWidth
        let target = row + delta
        if target < 0 {
            cursor = text.startIndex
        } else if target >= lines.count {
            cursor = text.endIndex
        } else {
            cursor = Self.position(atColumn: column, on: lines[target])
        }
        lastEdit = nil
        preferredColumn = column
    }

    /// The text wrapped at `width`, and the visual line showing the cursor: a position at
    /// the very end of a line the wrap broke is shown at the start of the next one.
    private func wrappedAtCursor(width: Int) -> (lines: [WrappedLine], row: Int) {
        let lines = TextWrap.wrap(text, width: width)
        let row =
            lines.firstIndex { line in
                line.range.lowerBound <= cursor
                    && (cursor < line.range.upperBound || (cursor == line.range.upperBound && line.endsParagraph))
            } ?? lines.count - 1
        return (lines, row)
    }

    /// The last position a cursor can take on `line` and still be shown on it.
    private static func lastPosition(on line: WrappedLine) -> String.Index {
        if line.endsParagraph || line.text.isEmpty { return line.range.upperBound }
        return line.text.index(before: line.range.upperBound)
    }

    /// The rightmost position on `line` whose column does not pass `column`.
    private static func position(atColumn column: Int, on line: WrappedLine) -> String.Index {
        let last = lastPosition(on: line)
        var index = line.range.lowerBound
        var x = 0
        while index < last {
            let width = line.text[index].displayWidth
            if x + width > column { break }
            x += width
            index = line.text.index(after: index)
        }
        return index
    }

    private static func allowed(_ input: String, in mode: Mode) -> String {
        var result = ""
        for character in input {
            if character.isNewline {
                if mode == .multiLine { result.append("\n") }
                continue
            }
            if character.unicodeScalars.first?.properties.generalCategory == .control { continue }
            if mode == .numeric && !numericCharacters.contains(character) { continue }
            result.append(character)
        }
        return result
    }

    private static let numericCharacters = Set("0123456789+-.,/eE")

    /// The word count of `text` once its UTF-8 bytes `range` become `replacement`, where
    /// it has `count` words: only the words around the change are counted again. The part
    /// recounted stretches from the change to an ASCII whitespace byte (or the end) on
    /// each side, and a character that begins with whitespace ends a word in
    /// ``countWords(in:)``, so the words outside it are the same before and after.
    static func countWords(in text: String, replacing range: Range<Int>, with replacement: String, was count: Int)
        -> Int
    {
        var text = text
        return text.withUTF8 { bytes in
            let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            var start = range.lowerBound
            while start > 0 && !isSpace(bytes[start - 1]) { start -= 1 }
            var end = range.upperBound
            while end < bytes.count && !isSpace(bytes[end]) { end += 1 }
            let text = { (part: Range<Int>) in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[part]), as: UTF8.self)
            }
            let removed = countWords(in: text(start..<end))
            let added = countWords(in: text(start..<range.lowerBound) + replacement + text(range.upperBound..<end))
            return count - removed + added
        }
    }

    private static func countWords(in text: String) -> Int {
        if let count = countASCIIWords(in: text) { return count }
        var count = 0
        var inWord = false
        for character in text {
            if character.isWhitespace {
                inWord = false
            } else if isIdeographicWord(character) {
                count += 1
                inWord = false
            } else if character.isLetter || character.isNumber {
                if !inWord { count += 1 }
                inWord = true
            }
        }
        return count
    }

    /// ``countWords(in:)`` for text that is all ASCII, read byte by byte: the same count
    /// (ASCII has no ideographs, and CR LF is whitespace either way) without splitting
    /// grapheme clusters, which costs milliseconds a frame on a long essay. `nil` as soon
    /// as a byte is not ASCII.
    private static func countASCIIWords(in text: String) -> Int? {
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case 0x09...0x0D, 0x20: inWord = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"):
                if !inWord { count += 1 }
                inWord = true
            default: break
            }
        }
        return count
    }

    /// CJK ideographs and kana, each of which counts as a word.
    private static func isIdeographicWord(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.properties.isIdeographic { return true }
        return (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }
}
