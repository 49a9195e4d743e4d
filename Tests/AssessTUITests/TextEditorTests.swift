import Testing

@testable import AssessTUI

@Suite("Text editor")
struct TextEditorTests {
    /// The cursor's offset in characters, for readable expectations.
    private func offset(_ editor: TextEditor) -> Int {
        editor.text.distance(from: editor.text.startIndex, to: editor.cursor)
    }

    // MARK: Inserting and deleting

    @Test("Typing inserts at the cursor and multibyte characters stay intact")
    func typingInsertsMultibyteCharacters() {
        var editor = TextEditor()
        for character in ["X", "i", "n", " ", "c", "h", "à", "o", " ", "日", "本", " ", "ㅎ", "ế"] {
            editor.insert(character)
        }
        #expect(editor.text == "Xin chào 日本 ㅎế")
        #expect(editor.cursor == editor.text.endIndex)
    }

    @Test("Combining marks typed one by one join the letter before them")
    func combiningMarksJoin() {
        var editor = TextEditor()
        editor.insert("e")
        editor.insert("\u{0302}")
        editor.insert("\u{0301}")
        #expect(editor.text.count == 1)
        #expect(editor.cursor == editor.text.endIndex)
        let deleted = editor.backspace()
        #expect(deleted)
        #expect(editor.text.isEmpty)
    }

    @Test("Inserting in the middle moves the cursor after the insertion")
    func insertInTheMiddle() {
        var editor = TextEditor(text: "ac")
        editor.moveLeft()
        editor.insert("日b")
        #expect(editor.text == "a日bc")
        #expect(offset(editor) == 3)
    }

    @Test("Backspace and delete remove whole graphemes")
    func backspaceAndDelete() {
        var editor = TextEditor(text: "日ế한")
        let deleted = editor.backspace()
        #expect(deleted)
        #expect(editor.text == "日ế")
        editor.moveToStart()
        let deleted2 = editor.backspace()
        #expect(!deleted2)
        let deleted3 = editor.deleteForward()
        #expect(deleted3)
        #expect(editor.text == "ế")
        editor.moveToEnd()
        let deleted4 = editor.deleteForward()
        #expect(!deleted4)
    }

    @Test("Control characters are dropped and line endings become LF")
    func insertionIsCleaned() {
        var editor = TextEditor()
        editor.insert("a\tb\u{7}c\r\nd\re")
        #expect(editor.text == "abc\nd\ne")
        #expect(editor.insert("\u{1B}") == .nothingToInsert)
    }

    @Test("Single-line fields drop newlines")
    func singleLineDropsNewlines() {
        var editor = TextEditor(mode: .singleLine)
        editor.insert("one\ntwo")
        #expect(editor.text == "onetwo")
        let inserted = editor.insertNewline()
        #expect(!inserted)
    }

    @Test("Numeric fields accept only number characters")
    func numericFields() {
        var editor = TextEditor(mode: .numeric)
        #expect(editor.insert("x") == .nothingToInsert)
        editor.insert("-3.5e2 kg")
        #expect(editor.text == "-3.5e2")
    }

    // MARK: Words

    @Test("Words are counted by spaces, and CJK ideographs and kana count one each")
    func wordCount() {
        #expect(TextEditor(text: "").wordCount == 0)
        #expect(TextEditor(text: "  Xin chào   thế giới \n").wordCount == 4)
        #expect(TextEditor(text: "日本語").wordCount == 3)
        #expect(TextEditor(text: "hello世界").wordCount == 3)
        #expect(TextEditor(text: "안녕 하세요").wordCount == 2)
        #expect(TextEditor(text: "don't - stop").wordCount == 2)
    }

    @Test("The word limit refuses insertions that would add a word")
    func wordLimitRefusesNewWords() {
        var editor = TextEditor(text: "one two", wordLimit: 2)
        #expect(editor.insert("s") == .inserted)
        #expect(editor.text == "one twos")
        #expect(editor.insert(" ") == .inserted)
        #expect(editor.insert("three") == .wordLimitReached)
        #expect(editor.text == "one twos ")
        #expect(editor.insert("日") == .wordLimitReached)
    }

    @Test("Text already over the limit can still be edited without adding words")
    func overLimitTextStaysEditable() {
        var editor = TextEditor(text: "one two three", wordLimit: 2)
        #expect(editor.isOverWordLimit)
        #expect(editor.insert("s") == .inserted)
        #expect(editor.insert(" four") == .wordLimitReached)
        let deleted = editor.backspace()
        #expect(deleted)
    }

    @Test("Word left and right jump over whitespace then a word")
    func wordMovement() {
        var editor = TextEditor(text: "Xin chào  thế")
        editor.moveWordLeft()
        #expect(offset(editor) == 10)
        editor.moveWordLeft()
        #expect(offset(editor) == 4)
        editor.moveWordRight()
        #expect(offset(editor) == 8)
        editor.moveWordRight()
        #expect(offset(editor) == 13)
    }

    // MARK: Moving

    @Test("Left and right move by grapheme and stop at the ends")
    func leftAndRight() {
        var editor = TextEditor(text: "e\u{0302}\u{0301}日")
        let moved = editor.moveLeft()
        #expect(moved)
        #expect(offset(editor) == 1)
        let moved2 = editor.moveLeft()
        #expect(moved2)
        let moved3 = editor.moveLeft()
        #expect(!moved3)
        let moved4 = editor.moveRight()
        #expect(moved4)
        let moved5 = editor.moveRight()
        #expect(moved5)
        let moved6 = editor.moveRight()
        #expect(!moved6)
    }

    @Test("Layout wraps the text and places the cursor in display cells")
    func layoutPlacesTheCursor() {
        var editor = TextEditor(text: "日本語の文章です")
        let layout = editor.layout(width: 6)
        #expect(layout.lines.map { String($0.text) } == ["日本語", "の文章", "です"])
        #expect(layout.cursor == CellPosition(row: 2, column: 4))
        editor.moveLeft()
        #expect(editor.layout(width: 6).cursor == CellPosition(row: 2, column: 2))
    }

    @Test("At a soft wrap the cursor shows at the start of the next line")
    func cursorAtASoftWrap() {
        let editor = TextEditor(text: "abcdef", cursorAt: 3)
        #expect(editor.layout(width: 3).cursor == CellPosition(row: 1, column: 0))
    }

    @Test("At the end of a full last line the cursor stays inside the width")
    func cursorAtTheEdge() {
        let editor = TextEditor(text: "abc")
        #expect(editor.layout(width: 3).cursor == CellPosition(row: 0, column: 2))
    }

    @Test("A trailing newline puts the cursor on an empty last line")
    func trailingNewline() {
        let editor = TextEditor(text: "ab\n")
        #expect(editor.layout(width: 10).cursor == CellPosition(row: 1, column: 0))
    }

    @Test("Up and down move by visual line and keep the preferred display column")
    func upAndDownKeepTheColumn() {
        // Lines at width 8: "Xin chào " / "thế giới " / "và 日本" / "語"
        var editor = TextEditor(text: "Xin chào thế giới và 日本語", cursorAt: 7)
        #expect(editor.layout(width: 8).cursor == CellPosition(row: 0, column: 7))
        editor.moveDown(width: 8)
        #expect(editor.layout(width: 8).cursor == CellPosition(row: 1, column: 7))
        // Column 7 would be after 本, which shows on the next line: stop before 本.
        editor.moveDown(width: 8)
        #expect(editor.layout(width: 8).cursor == CellPosition(row: 2, column: 5))
        editor.moveDown(width: 8)
        #expect(editor.layout(width: 8).cursor == CellPosition(row: 3, column: 2))
        editor.moveUp(width: 8)
        editor.moveUp(width: 8)
        #expect(editor.layout(width: 8).cursor == CellPosition(row: 1, column: 7))
    }

    @Test("Moving down into CJK lands on a character boundary at or before the column")
    func downIntoWideCharacters() {
        var editor = TextEditor(text: "abc\n日本語", cursorAt: 3)
        editor.moveDown(width: 20)
        #expect(editor.layout(width: 20).cursor == CellPosition(row: 1, column: 2))
        editor.moveUp(width: 20)
        #expect(editor.layout(width: 20).cursor == CellPosition(row: 0, column: 3))
    }

    @Test("Up on the first line goes to the start, down on the last to the end")
    func verticalMovesAtTheEdges() {
        var editor = TextEditor(text: "ab\ncd")
        editor.moveDown(width: 10)
        #expect(editor.cursor == editor.text.endIndex)
        editor.moveLeft()
        editor.moveUp(width: 10)
        editor.moveUp(width: 10)
        #expect(editor.cursor == editor.text.startIndex)
    }

    @Test("Home and End work on the visual line")
    func homeAndEndOnVisualLines() {
        var editor = TextEditor(text: "The quick brown fox", cursorAt: 5)
        editor.moveToLineEnd(width: 10)
        // "The quick " was broken by the wrap: End stops on its hanging space.
        #expect(offset(editor) == 9)
        #expect(editor.layout(width: 10).cursor == CellPosition(row: 0, column: 9))
        editor.moveToEnd()
        editor.moveToLineStart(width: 10)
        #expect(offset(editor) == 10)
        editor.moveToLineEnd(width: 10)
        #expect(editor.cursor == editor.text.endIndex)
    }

    // MARK: Undo

    @Test("A run of typing is undone in one step, and redone")
    func typingIsOneUndoStep() {
        var editor = TextEditor()
        for character in ["h", "e", "l", "l", "o"] { editor.insert(character) }
        let undone = editor.undo()
        #expect(undone)
        #expect(editor.text == "")
        let redone = editor.redo()
        #expect(redone)
        #expect(editor.text == "hello")
        #expect(editor.cursor == editor.text.endIndex)
        let redone2 = editor.redo()
        #expect(!redone2)
    }

    @Test("Moving the cursor, newlines and switching to deleting start new undo steps")
    func undoStepBoundaries() {
        var editor = TextEditor()
        editor.insert("a")
        editor.insert("b")
        editor.insertNewline()
        editor.insert("c")
        editor.moveLeft()
        editor.insert("d")
        editor.moveToEnd()
        editor.backspace()
        editor.backspace()
        #expect(editor.text == "ab\n")
        editor.undo()
        #expect(editor.text == "ab\ndc")
        editor.undo()
        #expect(editor.text == "ab\nc")
        editor.undo()
        #expect(editor.text == "ab\n")
        editor.undo()
        #expect(editor.text == "ab")
        editor.undo()
        #expect(editor.text == "")
        editor.undo() // nothing left to undo
        #expect(editor.text == "")
    }

    @Test("A new edit after undo forgets the redo history")
    func editClearsRedo() {
        var editor = TextEditor()
        editor.insert("a")
        editor.undo()
        editor.insert("b")
        editor.redo() // the "a" undone before is gone for good
        #expect(editor.text == "b")
    }

    @Test("Undo restores the cursor position")
    func undoRestoresTheCursor() {
        var editor = TextEditor(text: "日本")
        editor.moveToStart()
        editor.insert("x")
        editor.undo()
        #expect(editor.cursor == editor.text.startIndex)
    }

    @Test("Undo and redo go back through every step of a long text, accents and combining marks included")
    func undoThroughManyStepsOfALongText() {
        var editor = TextEditor()
        var states: [String] = [""]
        for paragraph in 0..<40 {
            editor.insert("Paragraph \(paragraph): café, naïve, e\u{301}, 日本. ")
            states.append(editor.text)
            editor.insertNewline()
            states.append(editor.text)
        }
        // A replacement that shares a lead byte with what it replaces (é and è: 0xC3 …).
        let accent = editor.text.range(of: "café")!
        editor.replace(accent, with: "cafè")
        states.append(editor.text)
        editor.moveToStart()
        editor.backspace()
        editor.deleteForward()
        states.append(editor.text)
        for expected in states.reversed().dropFirst() {
            let undone = editor.undo()
            #expect(undone)
            #expect(editor.text == expected)
        }
        let undoneAtTheStart = editor.undo()
        #expect(!undoneAtTheStart)
        for expected in states.dropFirst() {
            let redone = editor.redo()
            #expect(redone)
            #expect(editor.text == expected)
        }
        let redoneAtTheEnd = editor.redo()
        #expect(!redoneAtTheEnd)
    }

    @Test("The word count follows every edit as a full count of the text would")
    func wordCountFollowsEveryEdit() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "word ", "two words", " ", "\n", "\r\n", "日本語", "한국어 ", "café", "e\u{301}", "\u{3000}", "x\u{200D}",
            "42", "—", "  ", "\t", "ünïcode ", "a",
        ]
        var editor = TextEditor(text: "Start of an essay with some words. ")
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5: editor.insert(pieces.randomElement(using: &generator)!)
            case 5, 6: editor.backspace()
            case 7: editor.deleteForward()
            case 8:
                for _ in 0..<Int.random(in: 1...12, using: &generator) { editor.moveLeft() }
            default:
                if step.isMultiple(of: 3) { editor.undo() } else { editor.moveToEnd() }
            }
            #expect(
                editor.wordCount == TextEditor(text: editor.text).wordCount, "after \(editor.text.debugDescription)")
        }
    }

    // MARK: Single line

    @Test("A single-line field scrolls to keep the cursor visible")
    func singleLineScrolls() {
        var editor = TextEditor(text: "abcdefgh", mode: .singleLine)
        var view = editor.visibleSlice(width: 5)
        #expect(view.text == "efgh")
        #expect(view.cursorColumn == 4)
        editor.moveToStart()
        view = editor.visibleSlice(width: 5)
        #expect(view.text == "abcde")
        #expect(view.cursorColumn == 0)
    }

    @Test("A single-line field scrolls by display width with CJK")
    func singleLineScrollsCJK() {
        let editor = TextEditor(text: "日本語です", mode: .singleLine)
        let view = editor.visibleSlice(width: 6)
        #expect(view.text == "です")
        #expect(view.cursorColumn == 4)
    }
}

extension TextEditor {
    /// A multi-line editor holding `text` with the cursor `offset` characters from the start.
    fileprivate init(text: String, cursorAt offset: Int) {
        self.init(text: text)
        moveToStart()
        for _ in 0..<offset { moveRight() }
    }
}
