import AssessCore
import Testing

@testable import AssessTUI

@Suite("Cell grid")
struct CellGridTests {
    @Test("A new grid is blank with a hidden cursor")
    func newGridIsBlank() {
        let grid = CellGrid(rows: 2, columns: 3)
        #expect(grid.lines() == ["   ", "   "])
        #expect(grid.cursor == nil)
    }

    @Test("Put writes text and returns the columns used")
    func putWritesText() {
        var grid = CellGrid(rows: 1, columns: 10)
        let used = grid.put("hello", row: 0, column: 2, style: CellStyle(bold: true))
        #expect(used == 5)
        #expect(grid.lines() == ["  hello   "])
        #expect(grid[0, 2].style.bold)
        #expect(!grid[0, 1].style.bold)
    }

    @Test(
        "No bidirectional control reaches a cell: the sitting, the marking desk and the monitor draw text from files without them"
    )
    func bidirectionalControlsAreNotDrawn() {
        for control in VisibleText.bidiControls {
            var grid = CellGrid(rows: 1, columns: 12)
            let used = grid.put("gpj\(Character(control)).exe é", row: 0, column: 0)
            #expect(used == 9, "U+\(String(control.value, radix: 16))")
            #expect(grid.lines() == ["gpj.exe é   "])
            let drawn = (0..<12).flatMap { grid[0, $0].grapheme.unicodeScalars }
            #expect(!drawn.contains(where: VisibleText.isBidiControl), "U+\(String(control.value, radix: 16))")
        }
    }

    @Test("Wide characters take two cells, the second a continuation")
    func wideCharactersUseContinuationCells() {
        var grid = CellGrid(rows: 1, columns: 6)
        grid.put("日本", row: 0, column: 0)
        #expect(grid.lines() == ["日本  "])
        #expect(grid[0, 1].isContinuation)
        #expect(!grid[0, 2].isContinuation)
        #expect(grid.lines()[0].displayWidth == 6)
    }

    @Test("Clipping never splits a wide character: the half that fits becomes a space")
    func clippingPadsHalfAWideCharacter() {
        var grid = CellGrid(rows: 1, columns: 6)
        grid.fill(CellRect(row: 0, column: 0, height: 1, width: 6), with: ".")
        let used = grid.put("日本語", row: 0, column: 0, maxWidth: 5)
        #expect(used == 5)
        #expect(grid.lines() == ["日本 ."])
    }

    @Test("Clipping stops at the grid's right edge")
    func clippingAtTheEdge() {
        var grid = CellGrid(rows: 1, columns: 4)
        grid.put("abcdef", row: 0, column: 1)
        #expect(grid.lines() == [" abc"])
        grid.put("한국", row: 0, column: 1)
        #expect(grid.lines() == [" 한 "])
    }

    @Test("Text starting left of the grid shows only its visible part")
    func negativeColumnsAreSkipped() {
        var grid = CellGrid(rows: 1, columns: 4)
        grid.put("abcdef", row: 0, column: -2)
        #expect(grid.lines() == ["cdef"])
        grid.put("日本", row: 0, column: -1)
        #expect(grid.lines() == [" 本f"])
    }

    @Test("Rows outside the grid are ignored")
    func rowsOutsideAreIgnored() {
        var grid = CellGrid(rows: 1, columns: 3)
        #expect(grid.put("abc", row: 1, column: 0) == 0)
        #expect(grid.put("abc", row: -1, column: 0) == 0)
        #expect(grid.lines() == ["   "])
    }

    @Test("Overwriting either half of a wide character blanks the other half")
    func overwritingHalfAWideCharacter() {
        var grid = CellGrid(rows: 1, columns: 4)
        grid.put("日本", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)
        #expect(grid.lines() == [" x本"])
        grid.put("y", row: 0, column: 2)
        #expect(grid.lines() == [" xy "])
        #expect(!grid[0, 3].isContinuation)
    }

    @Test("Combining marks stay in their character's cell")
    func combiningMarksStayInTheirCell() {
        var grid = CellGrid(rows: 1, columns: 5)
        grid.put("the\u{0302}\u{0301}", row: 0, column: 0)
        #expect(grid[0, 2].grapheme == "e\u{0302}\u{0301}")
        #expect(grid.lines() == ["the\u{0302}\u{0301}  "])
    }

    @Test("Control characters and newlines are not drawn")
    func controlCharactersAreSkipped() {
        var grid = CellGrid(rows: 1, columns: 4)
        grid.put("a\nb\tc", row: 0, column: 0)
        #expect(grid.lines() == ["abc "])
    }

    @Test("Boxes draw Unicode line drawing with a clipped title")
    func boxesWithTitles() {
        var grid = CellGrid(rows: 4, columns: 12)
        grid.drawBox(CellRect(row: 0, column: 0, height: 4, width: 12), title: "Question 10")
        grid.put("body", row: 1, column: 2)
        #expect(
            grid.lines() == [
                "┌ Question ┐",
                "│ body     │",
                "│          │",
                "└──────────┘",
            ])
    }

    @Test("Rounded boxes use their own corners")
    func boxStyles() {
        var grid = CellGrid(rows: 2, columns: 3)
        grid.drawBox(CellRect(row: 0, column: 0, height: 2, width: 3), line: .rounded)
        #expect(grid.lines() == ["╭─╮", "╰─╯"])
    }

    @Test("Horizontal rules and fills are clipped to the grid")
    func rulesAndFills() {
        var grid = CellGrid(rows: 3, columns: 5)
        grid.horizontalRule(row: 1, columns: -2..<3)
        grid.fill(CellRect(row: 2, column: 3, height: 4, width: 4), with: "#")
        #expect(grid.lines(trimmingTrailingSpaces: true) == ["", "───", "   ##"])
    }

    @Test("Filling with a wide character fills with spaces, keeping the grid consistent")
    func fillingWithAWideCharacter() {
        var grid = CellGrid(rows: 1, columns: 2)
        grid.fill(CellRect(row: 0, column: 0, height: 1, width: 2), with: "日")
        #expect(grid.lines() == ["  "])
    }

    @Test("Grids with the same cells and cursor are equal, so unchanged frames are detectable")
    func equality() {
        var first = CellGrid(rows: 1, columns: 3)
        var second = CellGrid(rows: 1, columns: 3)
        first.put("a", row: 0, column: 0)
        second.put("a", row: 0, column: 0)
        #expect(first == second)
        second.cursor = CellPosition(row: 0, column: 1)
        #expect(first != second)
    }

    @Test("Rect insets shrink on every side")
    func rectInset() {
        let rect = CellRect(row: 1, column: 2, height: 5, width: 10).inset(by: 1)
        #expect(rect == CellRect(row: 2, column: 3, height: 3, width: 8))
        #expect(CellRect(row: 0, column: 0, height: 1, width: 1).inset(by: 1).height == 0)
    }
}
