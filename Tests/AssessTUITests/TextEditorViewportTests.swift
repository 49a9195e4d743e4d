import Testing

@testable import AssessTUI

@Suite("Text editor viewport")
struct TextEditorViewportTests {
    /// What the essay view showed before it laid out only what it needs: the whole
    /// layout, scrolled so the cursor is on the last of `rows` rows.
    private func scrolledWholeLayout(_ editor: TextEditor, width: Int, rows: Int) -> EditorLayout {
        let whole = editor.layout(width: width)
        let first = max(0, whole.cursor.row - rows + 1)
        return EditorLayout(
            lines: Array(whole.lines[first..<min(whole.lines.count, first + rows)]),
            cursor: CellPosition(row: whole.cursor.row - first, column: whole.cursor.column))
    }

    @Test(
        "At every cursor position the viewport shows the lines and cursor of the whole layout",
        arguments: [
            "",
            "one short line",
            "The quick brown fox jumps over the lazy dog.\nSecond paragraph here, long enough to wrap twice or more.\n\n\nAfter blank lines.\n",
            "日本語の文章は空白なしで折り返す。\n한국어 문장은 띄어쓰기로 줄을 바꾼다\nXin chào thế giới, ế e\u{0302}\u{0301}",
            "\n\n\n\n\n\n\n\n",
        ])
    func matchesWholeLayout(text: String) {
        for (width, rows) in [(12, 3), (7, 1), (30, 10)] {
            var editor = TextEditor(text: text)
            editor.moveToStart()
            while true {
                let view = editor.viewport(width: width, rows: rows)
                let expected = scrolledWholeLayout(editor, width: width, rows: rows)
                #expect(view.lines.map(\.range) == expected.lines.map(\.range))
                #expect(view.lines == expected.lines)
                #expect(view.cursor == expected.cursor)
                guard editor.moveRight() else { break }
            }
        }
    }

    @Test("A long essay's viewport holds only the rows on screen")
    func longEssayKeepsToTheScreen() {
        let paragraph = String(repeating: "word ", count: 120)
        var editor = TextEditor(text: Array(repeating: paragraph, count: 200).joined(separator: "\n"))
        editor.moveToEnd()
        let view = editor.viewport(width: 60, rows: 15)
        #expect(view.lines.count == 15)
        #expect(view.cursor.row == 14)
        #expect(view == scrolledWholeLayout(editor, width: 60, rows: 15))
    }
}
