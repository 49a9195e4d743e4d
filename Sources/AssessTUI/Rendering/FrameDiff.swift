/// Which cells of a new frame must be written to the terminal, given the frame already
/// on it: only what changed, so a keystroke costs a few bytes, not a screen. A pure
/// function of the two grids; ``CursesTerminal`` writes what it lists.
public enum FrameDiff {
    /// What to write for `frame` when the terminal shows `previous`.
    public struct Changes: Equatable, Sendable {
        /// True when the whole screen must be written (no frame before, or a new size).
        public var redrawsEverything: Bool
        /// The cells to write, row by row, left to right. A wide character is written at
        /// its left cell; its right half (a continuation) is never listed.
        public var cells: [CellPosition]
    }

    /// The cells of `frame` that differ from `previous`. A wide character is rewritten
    /// when either half changed (the terminal would otherwise keep half of the old one).
    public static func changes(from previous: CellGrid?, to frame: CellGrid) -> Changes {
        guard let previous, previous.rows == frame.rows, previous.columns == frame.columns else {
            return Changes(redrawsEverything: true, cells: allCells(of: frame))
        }
        var cells: [CellPosition] = []
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let cell = frame[row, column]
                guard previous[row, column] != cell else { continue }
                if !cell.isContinuation {
                    cells.append(CellPosition(row: row, column: column))
                } else if column > 0, cells.last != CellPosition(row: row, column: column - 1) {
                    // Only the right half changed: the wide character is written again.
                    cells.append(CellPosition(row: row, column: column - 1))
                }
            }
        }
        return Changes(redrawsEverything: false, cells: cells)
    }

    private static func allCells(of frame: CellGrid) -> [CellPosition] {
        var cells: [CellPosition] = []
        for row in 0..<frame.rows {
            for column in 0..<frame.columns where !frame[row, column].isContinuation {
                cells.append(CellPosition(row: row, column: column))
            }
        }
        return cells
    }
}
