import AssessExam
import CChafa
import Glibc

/// A terminal's way of drawing pixels in its cells.
public enum GraphicsProtocol: String, Sendable, Hashable {
    /// DEC's sixel graphics (xterm with sixel, foot, WezTerm, mlterm, Konsole, Windows Terminal).
    case sixel
    /// kitty's graphics protocol (kitty, WezTerm, Ghostty).
    case kitty
}

/// The size of one character cell in pixels.
public struct CellPixels: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A picture's escape sequences in a graphics protocol, made once a picture and size and
/// shared by every frame that shows it (compared by identity, so a frame compares cheaply).
public final class PictureGraphics: Sendable, Hashable {
    /// The protocol the bytes speak.
    public let graphicsProtocol: GraphicsProtocol
    /// The escape sequences that draw the picture from the cursor's cell.
    public let bytes: [UInt8]

    init(graphicsProtocol: GraphicsProtocol, bytes: [UInt8]) {
        self.graphicsProtocol = graphicsProtocol
        self.bytes = bytes
    }

    public static func == (left: PictureGraphics, right: PictureGraphics) -> Bool { left === right }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Draws `picture` in `graphicsProtocol` to fill `columns` × `rows` cells of `cell`
    /// pixels, with chafa (see `assess_chafa_graphics`); `nil` when chafa cannot, or cannot
    /// be loaded.
    public static func encode(
        _ picture: DecodedPicture, as graphicsProtocol: GraphicsProtocol, columns: Int, rows: Int, cell: CellPixels
    ) -> PictureGraphics? {
        guard columns > 0, rows > 0, cell.width > 0, cell.height > 0, let chafa = LibChafa.loaded else { return nil }
        let mode = graphicsProtocol == .sixel ? ASSESS_CHAFA_PIXELS_SIXEL : ASSESS_CHAFA_PIXELS_KITTY
        var length = 0
        let printed = withUnsafePointer(to: chafa.functions) { library in
            picture.rgba.withUnsafeBufferPointer { pixels in
                assess_chafa_graphics(
                    library, pixels.baseAddress, Int32(picture.size.width), Int32(picture.size.height),
                    Int32(columns), Int32(rows), Int32(cell.width), Int32(cell.height), Int32(mode), &length)
            }
        }
        guard let printed else { return nil }
        defer { free(printed) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: printed, count: length))
        return bytes.isEmpty ? nil : PictureGraphics(graphicsProtocol: graphicsProtocol, bytes: bytes)
    }
}

/// A picture drawn in a graphics protocol over a frame's cells, which the frame leaves blank:
/// ``CursesTerminal`` writes its bytes after curses has drawn the frame.
public struct PicturePlacement: Hashable, Sendable {
    /// The top-left cell.
    public var row: Int
    public var column: Int
    /// The cells it covers.
    public var columns: Int
    public var rows: Int
    /// What draws it.
    public var graphics: PictureGraphics

    public init(row: Int, column: Int, columns: Int, rows: Int, graphics: PictureGraphics) {
        self.row = row
        self.column = column
        self.columns = columns
        self.rows = rows
        self.graphics = graphics
    }

    /// True when the cell (`row`, `column`) is under the picture.
    public func covers(row: Int, column: Int) -> Bool {
        (self.row..<(self.row + rows)).contains(row) && (self.column..<(self.column + columns)).contains(column)
    }
}
