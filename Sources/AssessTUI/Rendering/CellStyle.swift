/// What a colour means on screen. The terminal layer maps each role to a curses
/// colour pair; on a terminal without colours every role draws in the terminal's own
/// colours and the attributes carry the meaning.
public enum ColorRole: Int, Hashable, Sendable, CaseIterable {
    /// The terminal's own foreground and background.
    case normal
    /// Highlights: titles, the focused control, the selected answer.
    case accent
    /// Something the student should notice: time running out, a word limit near.
    case warning
    /// Something went wrong: a refused action, an invalid answer.
    case error
    /// Something went right: saved, submitted.
    case success
}

/// How the terminal turns colour roles into colours for a whole screen.
public enum ScreenPalette: Hashable, Sendable {
    /// The terminal's own background, a colour per role.
    case standard
    /// The strongest pairs: every role on black, in white, yellow or cyan; errors white on red.
    case highContrast
    /// No colour at all: the attributes and the words carry the meaning.
    case monochrome
}

/// How one cell looks: text attributes and a colour role.
public struct CellStyle: Hashable, Sendable {
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool
    public var color: ColorRole

    /// Creates a style; every attribute is off and the colour is ``ColorRole/normal`` unless given.
    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false,
        reverse: Bool = false, color: ColorRole = .normal
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.color = color
    }

    /// No attributes, normal colour.
    public static let plain = CellStyle()
}

/// A row and column on the screen, counted in cells from the top left, from 0.
public struct CellPosition: Hashable, Sendable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    /// Creates a position.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    public var description: String { "(\(row), \(column))" }
}

/// A rectangle of cells: its top-left corner and its size.
public struct CellRect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var height: Int
    public var width: Int

    /// Creates a rectangle with its top-left corner at (`row`, `column`).
    public init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = height
        self.width = width
    }

    /// The rows it covers.
    public var rows: Range<Int> { row..<(row + max(0, height)) }
    /// The columns it covers.
    public var columns: Range<Int> { column..<(column + max(0, width)) }

    /// The rectangle shrunk by `amount` cells on every side (never below zero size).
    public func inset(by amount: Int) -> CellRect {
        CellRect(
            row: row + amount, column: column + amount,
            height: max(0, height - 2 * amount), width: max(0, width - 2 * amount))
    }
}
