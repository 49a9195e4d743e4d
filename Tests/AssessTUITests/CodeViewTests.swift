import Testing

@testable import AssessTUI

/// A program in its editor: numbered lines, no wrapping (the view scrolls sideways with
/// the cursor, `‹` and `›` marking what is cut off), and the bracket at the cursor with its
/// match in bold and underlined.
@Suite struct CodeViewTests {
    static func draw(_ editor: TextEditor, width: Int = 30, height: Int = 7) -> CellGrid {
        var grid = CellGrid(rows: height + 1, columns: width + 2)
        CodeView.render(editor, in: CellRect(row: 0, column: 0, height: height, width: width), into: &grid)
        return grid
    }

    @Test func linesAreNumberedInTheMarginAndNeverWrap() {
        let editor = TextEditor(text: "def f(n):\n    return n + 1\n\nprint(f(2))")
        let lines = Self.draw(editor).lines()
        #expect(lines[1].hasPrefix("│ 1 def f(n):"))
        #expect(lines[2].hasPrefix("│ 2     return n + 1"))
        #expect(lines[3].hasPrefix("│ 3 "))
        #expect(lines[4].hasPrefix("│ 4 print(f(2))"))
        #expect(lines[6].hasPrefix("Line 4, column 12 · Words: "))
    }

    @Test func aLongLineScrollsSidewaysWithTheCursorInsteadOfWrapping() {
        var editor = TextEditor(text: "x = 1\n" + "y = " + String(repeating: "7", count: 40))
        let far = Self.draw(editor).lines()
        // The cursor at the end of a 44-column line in 25 columns of text: every line shifts left.
        #expect(far[1].hasPrefix("│ 1‹") == false)
        #expect(far[2].hasPrefix("│ 2‹" + String(repeating: "7", count: 24)), "\(far)")
        let home = editor.apply(.home, width: AnswerControl.codeLineWidth)
        #expect(home == .moved)
        let near = Self.draw(editor).lines()
        #expect(near[2].hasPrefix("│ 2 y = " + String(repeating: "7", count: 20) + "›"), "\(near)")
        #expect(near[1].hasPrefix("│ 1 x = 1"))
    }

    @Test func theBracketAtTheCursorAndItsMatchAreBoldAndUnderlined() {
        var editor = TextEditor(text: "print((1 + 2) * 3)")
        // The cursor after the last ")": it and the first "(" are marked, and nothing else.
        let grid = Self.draw(editor)
        let marked = (0..<grid.columns).filter { grid[1, $0].style.bold && grid[1, $0].style.underline }
        #expect(marked == [4 + 5, 4 + 17])
        _ = editor.apply(.home, width: AnswerControl.codeLineWidth)
        for _ in 0..<6 { _ = editor.apply(.right, width: AnswerControl.codeLineWidth) }
        let inner = Self.draw(editor)
        let innerMarked = (0..<inner.columns).filter { inner[1, $0].style.bold && inner[1, $0].style.underline }
        #expect(innerMarked == [4 + 6, 4 + 12])
    }
}
