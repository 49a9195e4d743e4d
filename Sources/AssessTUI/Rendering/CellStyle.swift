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

/// The colours of one cell of a picture's mosaic: its symbol's (ink) and the rest of the
/// cell's (paper), each one of the terminal's eight basic colours (0 black, 1 red, 2 green,
/// 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white), never the same.
public struct PictureColours: Hashable, Sendable {
    public let ink: UInt8
    public let paper: UInt8

    /// Colours `ink` on `paper`; both below 8 and different.
    public init(ink: UInt8, paper: UInt8) {
        precondition(ink < 8 && paper < 8 && ink != paper, "a picture's cell has two different basic colours")
        self.ink = ink
        self.paper = paper
    }
}

/// How one cell looks: text attributes and a colour role, or a picture's colours.
public struct CellStyle: Hashable, Sendable {
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool
    public var color: ColorRole
    /// A mosaic cell's own colours, drawn instead of the role's where the terminal has
    /// colour pairs enough; `nil` for everything else.
    public var picture: PictureColours? {
        get {
            pictureCode == 0 ? nil : PictureColours(ink: (pictureCode >> 3) & 7, paper: pictureCode & 7)
        }
        set { pictureCode = newValue.map { 0x40 | $0.ink << 3 | $0.paper } ?? 0 }
    }
    /// ``picture`` in one byte, so that a cell stays plain bits of 24 bytes: 0 for none,
    /// else 0x40 with the ink in bits 3–5 and the paper in bits 0–2.
    private var pictureCode: UInt8 = 0

    /// Creates a style; every attribute is off and the colour is ``ColorRole/normal`` unless given.
    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false,
        reverse: Bool = false, color: ColorRole = .normal, picture: PictureColours? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.color = color
        self.picture = picture
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
