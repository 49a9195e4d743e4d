import CLibpng
import Foundation

/// The most a picture may be. A picture file comes from the teacher but is opened on every
/// seat, by `validate` and by `import`, so each limit is checked from the file's header
/// before a single pixel is decoded: a small file that claims a huge picture (a
/// decompression bomb) is refused without the memory it asks for. `Exams/FORMAT.md` states them.
public enum PictureLimits {
    /// One picture file's size in bytes (1 MiB).
    public static let fileBytes = 1 << 20
    /// The widest or tallest picture, in pixels.
    public static let side = 2_048
    /// The most pixels in one picture (2048 × 2048: 16 MiB once decoded).
    public static let pixels = side * side
    /// Every picture file of one exam together, in bytes (8 MiB): a published exam carries them all.
    public static let examBytes = 8 << 20
    /// The widths, in columns, a picture may ask for (`width:`).
    public static let columns = 4...200

    /// True when `name` is a relative path to a `.png` file that stays inside the exam's
    /// folder: no leading `/`, no `..` part, no empty part, no backslash.
    public static func isPlainFileName(_ name: String) -> Bool {
        guard name.lowercased().hasSuffix(".png"), !name.hasPrefix("/"), !name.contains("\\") else { return false }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.contains { $0.isEmpty || $0 == ".." || $0 == "." }
    }
}

/// A picture's size in pixels.
public struct PictureSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A decoded picture: 8-bit RGBA pixels, row after row.
public struct DecodedPicture: Sendable, Equatable {
    public var size: PictureSize
    /// `4 × width × height` bytes.
    public var rgba: [UInt8]

    /// A picture of `size` with `rgba`, which must hold `4 × width × height` bytes.
    public init(size: PictureSize, rgba: [UInt8]) {
        precondition(rgba.count == 4 * size.width * size.height, "a picture's pixels must fill its size")
        self.size = size
        self.rgba = rgba
    }
}

/// Why a picture file was refused, as a sentence that ends with what to do.
public struct PictureProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// Reading PNG files: the header by hand (so the size is known before libpng allocates
/// anything), then the pixels with libpng's simplified API.
public enum PictureFile {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The size the PNG header in `data` declares, checked against ``PictureLimits``.
    public static func checkedSize(of data: Data) -> Result<PictureSize, PictureProblem> {
        guard data.count <= PictureLimits.fileBytes else {
            return .failure(
                PictureProblem(
                    description: """
                        the file is \(ExamLimits.grouped(data.count)) bytes; a picture may be at most \
                        \(ExamLimits.grouped(PictureLimits.fileBytes)) bytes: make it smaller
                        """))
        }
        let bytes = [UInt8](data.prefix(33))
        guard bytes.count == 33, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return .failure(PictureProblem(description: "this is not a PNG file; save the picture as PNG"))
        }
        func number(at offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let size = PictureSize(width: number(at: 16), height: number(at: 20))
        guard size.width > 0, size.height > 0 else {
            return .failure(PictureProblem(description: "the PNG header says the picture is empty; save it again"))
        }
        guard size.width <= PictureLimits.side, size.height <= PictureLimits.side,
            size.width * size.height <= PictureLimits.pixels
        else {
            return .failure(
                PictureProblem(
                    description: """
                        the picture is \(ExamLimits.grouped(size.width)) × \(ExamLimits.grouped(size.height)) pixels; \
                        a picture may be at most \(PictureLimits.side) × \(PictureLimits.side): scale it down
                        """))
        }
        return .success(size)
    }

    /// The pixels of the PNG in `data`, after ``checkedSize(of:)``; a damaged file (a cut
    /// or corrupt stream, a bad checksum) is a problem, never a crash.
    public static func decode(_ data: Data) -> Result<DecodedPicture, PictureProblem> {
        let size: PictureSize
        switch checkedSize(of: data) {
        case .success(let checked): size = checked
        case .failure(let problem): return .failure(problem)
        }
        let png: LibPNG
        switch LibPNG.loaded {
        case .success(let loaded): png = loaded
        case .failure(let problem): return .failure(problem)
        }
        var pixels = [UInt8](repeating: 0, count: 4 * size.width * size.height)
        var message = [CChar](repeating: 0, count: 128)
        var headerWidth: UInt32 = 0
        var headerHeight: UInt32 = 0
        let status = withUnsafePointer(to: png.functions) { library in
            data.withUnsafeBytes { raw -> Int32 in
                let measured = assess_png_size(
                    library, raw.baseAddress, raw.count, &headerWidth, &headerHeight, &message, 128)
                guard measured == 0, Int(headerWidth) == size.width, Int(headerHeight) == size.height else {
                    return measured == 0 ? 2 : measured
                }
                return pixels.withUnsafeMutableBytes { out in
                    assess_png_decode_rgba(
                        library, raw.baseAddress, raw.count, out.baseAddress, out.count, &message, 128)
                }
            }
        }
        guard status == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(
                PictureProblem(
                    description:
                        "the PNG file is damaged (\(reason.isEmpty ? "libpng could not read it" : reason)); save the picture again"
                ))
        }
        return .success(DecodedPicture(size: size, rgba: pixels))
    }
}

/// libpng's functions, found in `libpng16.so.16` the first time a picture is decoded
/// rather than linked into `assess`: an exam without pictures never loads it.
struct LibPNG: @unchecked Sendable {
    var functions: assess_png_library

    /// libpng, loaded once for the process; the problem when it cannot be.
    static let loaded: Result<LibPNG, PictureProblem> = {
        var functions = assess_png_library()
        var message = [CChar](repeating: 0, count: 256)
        guard assess_png_load(&functions, &message, 256) == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(
                PictureProblem(
                    description:
                        "cannot load libpng to read pictures (\(reason)); install it: apt-get install libpng16-16"
                ))
        }
        return .success(LibPNG(functions: functions))
    }()
}

/// A picture an exam file names, with where its `file:` is written, for problems.
struct PictureReference {
    var image: ExamImage
    var line: Int
    var column: Int
}

extension ExamLoader {
    /// Reads and checks every picture `references` name from `folder`: each must exist,
    /// be a PNG within ``PictureLimits`` and decode whole. The bytes by file name, or the
    /// problems, each at the line of its `file:`.
    static func loadPictures(_ references: [PictureReference], folder: String, path: String) -> Result<
        [String: Data], ExamProblems
    > {
        var pictures: [String: Data] = [:]
        var problems: [ExamProblem] = []
        var total = 0
        for reference in references {
            let name = reference.image.file
            if pictures[name] != nil { continue }
            func refuse(_ message: String) {
                problems.append(
                    ExamProblem(
                        path: path, line: reference.line, column: reference.column,
                        message: "picture \"\(name)\": \(message)"))
            }
            let filePath = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: filePath, isDirectory: &isFolder) else {
                refuse("no such file beside the exam (\(filePath)); put the picture there or correct \"file\"")
                continue
            }
            guard !isFolder.boolValue, let handle = FileHandle(forReadingAtPath: filePath) else {
                refuse("cannot read \(filePath); it must be a readable file")
                continue
            }
            let data = (try? handle.read(upToCount: PictureLimits.fileBytes + 1)) ?? Data()
            try? handle.close()
            switch PictureFile.decode(data) {
            case .failure(let problem):
                refuse(problem.description)
                continue
            case .success:
                break
            }
            total += data.count
            guard total <= PictureLimits.examBytes else {
                refuse(
                    """
                    the exam's pictures come to more than \(ExamLimits.grouped(PictureLimits.examBytes)) bytes; \
                    make them smaller or use fewer
                    """)
                return .failure(ExamProblems(problems))
            }
            pictures[name] = data
        }
        return problems.isEmpty ? .success(pictures) : .failure(ExamProblems(problems))
    }
}
