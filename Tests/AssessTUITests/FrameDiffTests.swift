import Testing

@testable import AssessTUI

/// The cells a new frame writes over the one on the terminal.
@Suite struct FrameDiffTests {
    private func grid(_ lines: [String], columns: Int = 6) -> CellGrid {
        var grid = CellGrid(rows: lines.count, columns: columns)
        for (row, line) in lines.enumerated() { grid.put(line, row: row, column: 0) }
        return grid
    }

    private func at(_ row: Int, _ column: Int) -> CellPosition { CellPosition(row: row, column: column) }

    @Test func theFirstFrameWritesEveryCellButTheRightHalvesOfWideCharacters() {
        let changes = FrameDiff.changes(from: nil, to: grid(["a漢b"], columns: 4))
        #expect(changes.redrawsEverything)
        #expect(changes.cells == [at(0, 0), at(0, 1), at(0, 3)])
    }

    @Test func theSameFrameAgainWritesNothing() {
        let frame = grid(["abc", "d漢"])
        #expect(FrameDiff.changes(from: frame, to: frame) == FrameDiff.Changes(redrawsEverything: false, cells: []))
    }

    @Test func aTypedCharacterWritesOneCell() {
        #expect(FrameDiff.changes(from: grid(["ab", "cd"]), to: grid(["ab", "cdX"])).cells == [at(1, 2)])
    }

    @Test func aStyleChangeAloneIsWritten() {
        var styled = grid(["ab"])
        styled.put("b", row: 0, column: 1, style: CellStyle(bold: true))
        #expect(FrameDiff.changes(from: grid(["ab"]), to: styled).cells == [at(0, 1)])
    }

    @Test func aWideCharacterReplacedByAnotherIsWrittenOnceAtItsLeftCell() {
        #expect(FrameDiff.changes(from: grid(["x漢y"]), to: grid(["x字y"])).cells == [at(0, 1)])
    }

    @Test func whereOnlyTheRightHalfChangedTheWideCharacterIsWrittenAgain() {
        // "ab" became "a漢": cell 1 is now the wide character, cell 2 its right half.
        // Then "漢" moves one to the left over "a漢" → "漢 ": the old right half at 2 is now blank.
        #expect(FrameDiff.changes(from: grid(["ab"]), to: grid(["a漢"])).cells == [at(0, 1)])
        #expect(FrameDiff.changes(from: grid(["漢c"]), to: grid(["漢d"])).cells == [at(0, 2)])
        #expect(FrameDiff.changes(from: grid(["a漢"]), to: grid(["漢"])).cells == [at(0, 0), at(0, 2)])
    }

    @Test func twoNarrowCharactersOverAWideOneAreBothWritten() {
        #expect(FrameDiff.changes(from: grid(["漢"]), to: grid(["ab"])).cells == [at(0, 0), at(0, 1)])
    }

    @Test func aCombiningMarkAddedChangesItsCell() {
        #expect(FrameDiff.changes(from: grid(["cafe"]), to: grid(["cafe\u{301}"])).cells == [at(0, 3)])
    }

    @Test func aNewSizeRedrawsEverything() {
        let changes = FrameDiff.changes(from: grid(["ab"], columns: 6), to: grid(["ab"], columns: 7))
        #expect(changes.redrawsEverything)
        #expect(changes.cells.count == 7)
    }
}
