import AssessCore

/// One cell of a ``CellGrid``.
public struct Cell: Hashable, Sendable {
    /// What the cell shows, packed (see ``Glyph``): cells are plain bits, so a grid is
    /// filled, copied and compared without reference counting.
    private var glyph: Glyph
    /// How the cell looks.
    public var style: CellStyle
    /// True for the right half of a wide (two-column) character, which lives in the cell to the left.
    public var isContinuation: Bool

    /// What the cell shows: one grapheme cluster of display width 1 or 2 (a space when blank).
    /// Meaningless when ``isContinuation`` is true.
    public var grapheme: Character {
        get { glyph.character }
        set { glyph = Glyph(newValue) }
    }

    /// True when the grapheme is two columns wide.
    public var isWide: Bool { glyph.isWide }

    /// Creates a cell.
    public init(grapheme: Character, style: CellStyle = .plain, isContinuation: Bool = false) {
        self.init(glyph: Glyph(grapheme), style: style, isContinuation: isContinuation)
    }

    fileprivate init(glyph: Glyph, style: CellStyle, isContinuation: Bool) {
        self.glyph = glyph
        self.style = style
        self.isContinuation = isContinuation
    }

    /// A space in the plain style.
    public static let blank = Cell(glyph: .space, style: .plain, isContinuation: false)

    /// A space in `style` (reverse or underlined blanks are visible).
    public static func blank(_ style: CellStyle) -> Cell { Cell(glyph: .space, style: style, isContinuation: false) }

    /// The right half of a wide character, in `style`.
    static func continuation(_ style: CellStyle) -> Cell { Cell(glyph: .space, style: style, isContinuation: true) }
}

/// The corners a box is drawn with; its edges are always ─ and │.
public enum BoxStyle: Hashable, Sendable {
    /// ┌─┐ │ └─┘
    case light
    /// ╭─╮ │ ╰─╯
    case rounded

    var corners: (topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character) {
        switch self {
        case .light: ("┌", "┐", "└", "┘")
        case .rounded: ("╭", "╮", "╰", "╯")
        }
    }
}

/// A screen's worth of cells, in memory: screens draw into it, tests compare its
/// ``lines(trimmingTrailingSpaces:)`` with golden text, and the terminal layer copies
/// what changed to curses.
///
/// Invariant: a wide character occupies its cell and the next one, which is marked
/// ``Cell/isContinuation``; it never straddles the right edge. Every writing method keeps
/// this true: overwriting either half of a wide character turns the other half into a space.
///
/// ```swift
/// var grid = CellGrid(rows: 24, columns: 80)
/// grid.drawBox(CellRect(row: 0, column: 0, height: 24, width: 80), title: "Question 1")
/// grid.put("日本語 and English", row: 2, column: 2, style: CellStyle(bold: true), maxWidth: 40)
/// grid.cursor = CellPosition(row: 5, column: 2)
/// ```
public struct CellGrid: Hashable, Sendable {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let columns: Int
    /// Where the terminal's cursor should be shown, or `nil` to hide it.
    public var cursor: CellPosition?
    /// How the terminal turns the cells' colour roles into colours.
    public var palette: ScreenPalette = .standard
    /// True when the cursor should not blink (reduced motion).
    public var steadyCursor = false
    /// What did not fit since the last ``clear(style:)``: each text ``put(_:row:column:style:maxWidth:)``
    /// clipped, each text a screen left out for want of room (``recordCut(_:row:)``), and
    /// each wide character an overwrite broke in half. Drawn, a screen that fits has none;
    /// the tests check every screen in every language.
    public private(set) var cuts: [Cut] = []
    /// The pictures drawn in a graphics protocol over the grid's blank cells, in the order placed.
    public private(set) var pictures: [PicturePlacement] = []

    /// Something that did not fit on `row`.
    public struct Cut: Hashable, Sendable, CustomStringConvertible {
        public var row: Int
        public var text: String
        public var description: String { "row \(row): \(text)" }
    }

    private var cells: [Cell]

    /// Creates a grid of blank cells with a hidden cursor. Negative sizes count as zero.
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        self.cursor = nil
        self.cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    /// Creates a grid as big as the terminal.
    public init(size: TerminalSize) {
        self.init(rows: size.rows, columns: size.columns)
    }

    /// The cell at (`row`, `column`); both must be inside the grid.
    public subscript(row: Int, column: Int) -> Cell {
        precondition(contains(row: row, column: column), "cell (\(row), \(column)) is outside the grid")
        return cells[row * columns + column]
    }

    /// True when (`row`, `column`) is inside the grid.
    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns
    }

    /// Writes `text` on one row from `column`, clipped to `maxWidth` columns (and to the
    /// grid's edge), and returns how many columns it used.
    ///
    /// Clipping is by display width: a wide character that would not fit whole is
    /// replaced by a space in `style`, and nothing after it is written. Newlines and
    /// other control characters are not drawn (wrap text with ``TextWrap`` first), nor is
    /// any character of no width: the bidirectional controls of `VisibleText` among them,
    /// so text from a file cannot reorder what the screen shows.
    /// Characters left of column 0 are skipped, so centred text wider than the grid
    /// still shows its middle.
    @discardableResult
    public mutating func put(
        _ text: some StringProtocol, row: Int, column: Int,
        style: CellStyle = .plain, maxWidth: Int? = nil
    ) -> Int {
        guard row >= 0 && row < rows else { return 0 }
        let limit = maxWidth.map { min(column + $0, columns) } ?? columns
        let written = text.utf8.withContiguousStorageIfAvailable { bytes in
            putPrintableASCII(bytes, of: text, row: row, column: column, style: style, limit: limit)
        }
        if let written = written ?? nil { return written }
        return putByCharacter(text, row: row, column: column, style: style, limit: limit)
    }

    /// `put` for text of printable ASCII only (a line of an English essay): every byte is
    /// a character one column wide, so the cells come straight from the bytes, without
    /// finding grapheme clusters or looking up widths. Nil, writing nothing, for text with
    /// any other byte.
    private mutating func putPrintableASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, of text: some StringProtocol, row: Int,
        column: Int, style: CellStyle, limit: Int
    ) -> Int? {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        var x = column
        for (offset, byte) in bytes.enumerated() {
            if x >= limit {
                // Spaces that hang past the edge (a wrapped line's last) are no loss.
                if bytes[offset...].contains(where: { $0 != 0x20 }) { cuts.append(Cut(row: row, text: String(text))) }
                break
            }
            if x >= 0 {
                setCell(row: row, column: x, to: Cell(glyph: Glyph(ascii: byte), style: style, isContinuation: false))
            }
            x += 1
        }
        return max(0, x - max(column, 0))
    }

    /// `put` for any text, one grapheme cluster at a time.
    mutating func putByCharacter(_ text: some StringProtocol, row: Int, column: Int, style: CellStyle, limit: Int)
        -> Int
    {
        var x = column
        for (index, character) in zip(text.indices, text) {
            let width = character.displayWidth
            if width == 0 { continue }
            if x + width > limit {
                if x < limit && x >= 0 {
                    setCell(row: row, column: x, to: .blank(style))
                    x += 1
                }
                // Spaces that hang past the edge (a wrapped line's last) are no loss.
                if text[index...].contains(where: { !$0.isWhitespace }) {
                    cuts.append(Cut(row: row, text: String(text)))
                }
                break
            }
            if x >= 0 {
                setCell(row: row, column: x, to: Cell(grapheme: character, style: style))
                if width == 2 { setCell(row: row, column: x + 1, to: .continuation(style)) }
            } else if x + width > 0 {
                // A wide character cut by the left edge: its visible half becomes a space.
                setCell(row: row, column: 0, to: .blank(style))
            }
            x += width
        }
        return max(0, x - max(column, 0))
    }

    /// Fills `rect` (clipped to the grid) with `character`; a character that is not
    /// exactly one column wide fills with spaces instead.
    public mutating func fill(_ rect: CellRect, with character: Character = " ", style: CellStyle = .plain) {
        let cell = Cell(grapheme: character.displayWidth == 1 ? character : " ", style: style)
        for row in rect.rows where row >= 0 && row < rows {
            for column in rect.columns where column >= 0 && column < columns {
                setCell(row: row, column: column, to: cell)
            }
        }
    }

    /// Fills the whole grid with blanks in `style`. Every screen starts with this, so it
    /// replaces the cells at once: no wide character can be split when all are blank.
    public mutating func clear(style: CellStyle = .plain) {
        cells = Array(repeating: .blank(style), count: rows * columns)
        cuts = []
        pictures = []
    }

    /// Places a picture drawn in a graphics protocol over cells left blank; one that does not
    /// fit in the grid is left out.
    public mutating func placePicture(_ placement: PicturePlacement) {
        guard placement.row >= 0, placement.column >= 0, placement.row + placement.rows <= rows,
            placement.column + placement.columns <= columns
        else { return }
        pictures.append(placement)
    }

    /// The placed pictures whose cells are all still blank: one that something was drawn
    /// over since (a dialog) is not shown at all.
    public var uncoveredPictures: [PicturePlacement] {
        pictures.filter { placement in
            (placement.row..<(placement.row + placement.rows)).allSatisfy { row in
                (placement.column..<(placement.column + placement.columns)).allSatisfy { column in
                    self[row, column].grapheme == " "
                }
            }
        }
    }

    /// Notes that `text`, meant for `row`, was left out for want of room.
    public mutating func recordCut(_ text: String, row: Int) {
        cuts.append(Cut(row: row, text: text))
    }

    /// Draws a horizontal line on `row` across `columns` (clipped to the grid).
    public mutating func horizontalRule(row: Int, columns: Range<Int>, style: CellStyle = .plain) {
        fill(CellRect(row: row, column: columns.lowerBound, height: 1, width: columns.count), with: "─", style: style)
    }

    /// Draws the outline of `rect` in Unicode line-drawing characters, with an optional
    /// `title` set into the top edge (clipped to fit). Rectangles smaller than 2×2 draw nothing.
    public mutating func drawBox(
        _ rect: CellRect, title: String? = nil, style: CellStyle = .plain,
        line: BoxStyle = .light
    ) {
        guard rect.height >= 2 && rect.width >= 2 else { return }
        let top = rect.row
        let bottom = rect.row + rect.height - 1
        let left = rect.column
        let right = rect.column + rect.width - 1
        horizontalRule(row: top, columns: (left + 1)..<right, style: style)
        horizontalRule(row: bottom, columns: (left + 1)..<right, style: style)
        fill(CellRect(row: top + 1, column: left, height: rect.height - 2, width: 1), with: "│", style: style)
        fill(CellRect(row: top + 1, column: right, height: rect.height - 2, width: 1), with: "│", style: style)
        let corners = line.corners
        setIfInside(row: top, column: left, Cell(grapheme: corners.topLeft, style: style))
        setIfInside(row: top, column: right, Cell(grapheme: corners.topRight, style: style))
        setIfInside(row: bottom, column: left, Cell(grapheme: corners.bottomLeft, style: style))
        setIfInside(row: bottom, column: right, Cell(grapheme: corners.bottomRight, style: style))
        if let title, rect.width > 4 {
            put(" \(title) ", row: top, column: left + 1, style: style, maxWidth: rect.width - 2)
        }
    }

    /// The grid as text, one string per row; continuation cells add nothing, so each
    /// string is `columns` display columns wide unless trailing spaces are trimmed.
    public func lines(trimmingTrailingSpaces: Bool = false) -> [String] {
        (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let cell = cells[row * columns + column]
                if !cell.isContinuation { line.append(cell.grapheme) }
            }
            if trimmingTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    private mutating func setIfInside(row: Int, column: Int, _ cell: Cell) {
        if contains(row: row, column: column) { setCell(row: row, column: column, to: cell) }
    }

    /// Stores `cell`, first turning into a space whatever half of a wide character it breaks.
    private mutating func setCell(row: Int, column: Int, to cell: Cell) {
        let index = row * columns + column
        let old = cells[index]
        if old.isContinuation && !cell.isContinuation && column > 0 {
            cuts.append(Cut(row: row, text: String(cells[index - 1].grapheme)))
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if !old.isContinuation && old.isWide && column + 1 < columns {
            // The old wide character's right half stays only if the new cell writes it again.
            if !cell.isWide { cuts.append(Cut(row: row, text: String(old.grapheme))) }
            cells[index + 1] = .blank(old.style)
        }
        cells[index] = cell
    }
}
