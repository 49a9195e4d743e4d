import AssessExam
import CChafa
import Foundation
import Synchronization

/// A picture drawn in character cells: one block symbol a cell, each in two of the
/// terminal's eight basic colours.
public struct PictureMosaic: Sendable, Hashable {
    /// The cells across.
    public var columns: Int
    /// Each row's characters, `columns` of them.
    public var rows: [String]
    /// Each row's cells' colours, `columns` of them.
    public var colours: [[PictureColours]]

    /// Converts `picture` to a mosaic of `columns` × `rows` cells with chafa (see
    /// `assess_chafa_mosaic`); `nil` when chafa cannot, or cannot be loaded.
    public static func convert(_ picture: DecodedPicture, columns: Int, rows: Int) -> PictureMosaic? {
        guard columns > 0, rows > 0, let chafa = LibChafa.loaded else { return nil }
        let count = columns * rows
        var cells = [UInt32](repeating: 0x20, count: count)
        var inks = [UInt8](repeating: 7, count: count)
        var papers = [UInt8](repeating: 0, count: count)
        let status = withUnsafePointer(to: chafa.functions) { library in
            picture.rgba.withUnsafeBufferPointer { pixels in
                assess_chafa_mosaic(
                    library, pixels.baseAddress, Int32(picture.size.width), Int32(picture.size.height),
                    Int32(columns), Int32(rows), &cells, &inks, &papers)
            }
        }
        guard status == 0 else { return nil }
        var lines: [String] = []
        var colours: [[PictureColours]] = []
        for row in 0..<rows {
            var line = String.UnicodeScalarView()
            var rowColours: [PictureColours] = []
            for index in (row * columns)..<((row + 1) * columns) {
                // Only one-column block symbols are drawn; a cell of one colour is a space.
                var scalar = Unicode.Scalar(cells[index]).flatMap { drawable($0) ? $0 : nil } ?? " "
                var ink = inks[index]
                if ink == papers[index] {
                    scalar = " "
                    ink = papers[index] == 0 ? 7 : 0
                }
                line.append(scalar)
                rowColours.append(PictureColours(ink: ink, paper: papers[index]))
            }
            lines.append(String(line))
            colours.append(rowColours)
        }
        return PictureMosaic(columns: columns, rows: lines, colours: colours)
    }

    /// True for the characters a mosaic may hold: the space and the block elements (U+2580–U+259F).
    static func drawable(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || (0x2580...0x259F).contains(scalar.value)
    }
}

/// How a student asked for pictures to be shown (`take --pictures`).
public enum PictureRequest: String, CaseIterable, Sendable {
    /// The picture itself where the terminal says it can draw one, else a mosaic where the
    /// terminal shows them, else the alt text alone.
    case auto
    /// A mosaic where the terminal shows them (the terminal is not asked for more), else the alt text.
    case mosaic
    /// The alt text alone, in a frame titled "Picture".
    case text
}

/// chafa's functions, found in `libchafa.so.0` the first time a picture is converted
/// rather than linked into `assess`: a sitting without pictures never loads chafa nor GLib.
struct LibChafa: @unchecked Sendable {
    var functions: assess_chafa_library

    /// chafa, loaded once for the process; `nil` when it cannot be (pictures then show
    /// their alt text alone).
    static let loaded: LibChafa? = {
        var functions = assess_chafa_library()
        var message = [CChar](repeating: 0, count: 256)
        return assess_chafa_load(&functions, &message, 256) == 0 ? LibChafa(functions: functions) : nil
    }()
}

/// The pictures of one sitting, as mosaics or in a graphics protocol, made off the key thread.
///
/// A screen asks for a picture at a size with ``mosaic(of:columns:rows:)`` or
/// ``graphics(of:columns:rows:)``; the first time, that starts decoding and converting it
/// on a thread of its own and returns `nil` (the screen shows the picture's alt text in a
/// frame, or its mosaic, meanwhile); when it is made, ``ready`` wakes the program loop,
/// which draws again and finds it. Each picture is decoded and converted once per form and
/// size; the key thread never waits for either.
public final class PictureShelf: Sendable {
    private enum Entry: Sendable {
        case converting
        case mosaic(PictureMosaic)
        case graphics(PictureGraphics)
        case failed
    }

    private struct Request: Hashable {
        var file: String
        var columns: Int
        var rows: Int
        /// `nil` for a mosaic.
        var graphicsProtocol: GraphicsProtocol?
        var cell: CellPixels?
    }

    private let pictures: [String: Data]
    private let sizes: [String: PictureSize]
    private let entries = Mutex<[Request: Entry]>([:])
    private let ready: @Sendable () -> Void
    /// False when the terminal cannot show block symbols (the Linux console, a locale that
    /// is not UTF-8), or mosaics were not wanted: pictures are then shown as their alt text alone.
    public let showsMosaics: Bool
    /// What the terminal said it can draw; `nil` when it was not asked (pictures are then
    /// never drawn in a graphics protocol).
    public let terminalGraphics: TerminalGraphics?

    /// The shelf for `pictures` (an exam's ``Exam/pictures``), on a terminal that can show
    /// mosaics when `showsMosaics`, and pictures in a graphics protocol when
    /// `terminalGraphics` says so; `ready` is called on a converting thread when a picture is made.
    public init(
        pictures: [String: Data], showsMosaics: Bool, terminalGraphics: TerminalGraphics? = nil,
        ready: @escaping @Sendable () -> Void = { LoopWaker.wake() }
    ) {
        self.pictures = pictures
        // The header alone: 33 bytes each, no pixels.
        self.sizes = pictures.compactMapValues { try? PictureFile.checkedSize(of: $0).get() }
        self.showsMosaics = showsMosaics
        self.terminalGraphics = showsMosaics ? terminalGraphics : nil
        self.ready = ready
    }

    /// True when terminal `name` (`TERM`) in a UTF-8 locale can show block mosaics: not
    /// the Linux console, whose font lacks most block symbols, and not a dumb terminal.
    public static func showsMosaics(term: String?, isUTF8Locale: Bool) -> Bool {
        guard isUTF8Locale, let term, !term.isEmpty else { return false }
        return term != "linux" && term != "dumb" && !term.hasPrefix("vt")
    }

    /// The cells a picture takes at most `columns` across and `rows` down, keeping its
    /// shape (a cell is about twice as tall as it is wide); `nil` for an unknown picture.
    public func cells(of file: String, columns: Int, rows: Int) -> (columns: Int, rows: Int)? {
        guard let size = sizes[file], columns > 0, rows > 0 else { return nil }
        var across = columns
        var down = max(1, Int((Double(across) * Double(size.height) / Double(size.width) / 2).rounded()))
        if down > rows {
            down = rows
            across = max(1, min(columns, Int((Double(down) * 2 * Double(size.width) / Double(size.height)).rounded())))
        }
        return (across, down)
    }

    /// The mosaic of `file` at `columns` × `rows`, once it is made; the first call starts
    /// making it and returns `nil`, as do the calls until it is made, and every call for a
    /// picture that could not be decoded.
    public func mosaic(of file: String, columns: Int, rows: Int) -> PictureMosaic? {
        let request = Request(file: file, columns: columns, rows: rows)
        guard case .mosaic(let mosaic)? = entry(for: request) else { return nil }
        return mosaic
    }

    /// `file` drawn in the terminal's graphics protocol to fill `columns` × `rows` cells,
    /// once the terminal has said which it speaks and the picture is made: `nil` until
    /// then, and always where the terminal speaks none, as ``mosaic(of:columns:rows:)``.
    public func graphics(of file: String, columns: Int, rows: Int) -> PictureGraphics? {
        guard let drawing = terminalGraphics?.drawing else { return nil }
        let request = Request(
            file: file, columns: columns, rows: rows, graphicsProtocol: drawing.graphicsProtocol, cell: drawing.cell)
        guard case .graphics(let graphics)? = entry(for: request) else { return nil }
        return graphics
    }

    /// The entry of `request`; the first call starts making it on a thread of its own.
    private func entry(for request: Request) -> Entry? {
        let start: Bool = entries.withLock { entries in
            guard entries[request] == nil else { return false }
            entries[request] = .converting
            return true
        }
        guard start else { return entries.withLock { $0[request] } }
        // The call that starts the conversion returns nil whatever its thread does
        // meanwhile, so the first frame is always the same.
        guard let data = pictures[request.file] else {
            entries.withLock { $0[request] = .failed }
            return nil
        }
        Thread.detachNewThread { [self] in
            let made = (try? PictureFile.decode(data).get()).flatMap { picture -> Entry? in
                if let graphicsProtocol = request.graphicsProtocol, let cell = request.cell {
                    return PictureGraphics.encode(
                        picture, as: graphicsProtocol, columns: request.columns, rows: request.rows, cell: cell
                    ).map { .graphics($0) }
                }
                return PictureMosaic.convert(picture, columns: request.columns, rows: request.rows).map { .mosaic($0) }
            }
            entries.withLock { $0[request] = made ?? .failed }
            ready()
        }
        return nil
    }
}
