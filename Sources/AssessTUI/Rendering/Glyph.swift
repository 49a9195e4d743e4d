import Synchronization

/// One grapheme cluster as a cell keeps it: plain bits, no reference, so a grid of cells
/// is one block of memory that is filled, copied and compared without reference counting
/// or Unicode comparison. A screen is drawn and diffed at every keystroke; this is what
/// makes that cheap.
///
/// The cluster's UTF-8 bytes are stored inline when there are at most 15 (every letter,
/// CJK ideograph, flag, and a letter with several combining marks); a longer one (an
/// emoji sequence joined with zero-width joiners) is stored once in ``LongGraphemes``
/// and kept here by its number there. Either way two glyphs are equal exactly when their
/// clusters have the same scalars.
struct Glyph: Hashable, Sendable {
    /// Bytes 0–7 of the UTF-8, or the number of a long cluster.
    private var low: UInt64
    /// Bytes 8–14 of the UTF-8, and in the top byte the count of bytes (bits 0–3), whether
    /// the cluster is two columns wide (bit 4) and whether it is long (bit 7).
    private var high: UInt64

    private static let wideFlag: UInt64 = 1 << 60
    private static let longFlag: UInt64 = 1 << 63
    private static let countShift: UInt64 = 56

    /// A space, one column wide.
    static let space = Glyph(" ")

    init(_ character: Character) {
        let wide: UInt64 = character.displayWidth == 2 ? Self.wideFlag : 0
        let utf8 = character.utf8
        guard utf8.count <= 15 else {
            low = UInt64(LongGraphemes.number(of: character))
            high = Self.longFlag | wide
            return
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (index, byte) in utf8.enumerated() {
            if index < 8 {
                low |= UInt64(byte) << (8 * UInt64(index))
            } else {
                high |= UInt64(byte) << (8 * UInt64(index - 8))
            }
        }
        self.low = low
        self.high = high | (UInt64(utf8.count) << Self.countShift) | wide
    }

    /// The glyph of one printable ASCII character (0x20–0x7E), the same as
    /// `Glyph(Character(byte))` without looking at the character.
    init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << Self.countShift
    }

    /// True for a cluster two columns wide (CJK, most emoji).
    var isWide: Bool { high & Self.wideFlag != 0 }

    /// The cluster, decoded.
    var character: Character {
        if high & Self.longFlag != 0 { return LongGraphemes.character(numbered: Int(low)) }
        let count = Int((high >> Self.countShift) & 0xF)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for index in 0..<count {
            let word = index < 8 ? low : high
            bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8))))
        }
        return Character(String(decoding: bytes, as: UTF8.self))
    }
}

/// The grapheme clusters too long to keep inside a ``Glyph``, each stored once for the
/// life of the process and known by its number. Few ever occur (long emoji sequences), and
/// a number always means the same cluster, so glyphs compare by number.
enum LongGraphemes {
    private struct Table {
        var characters: [Character] = []
        var numbers: [Character: Int] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of `character`, given it now if it has none.
    static func number(of character: Character) -> Int {
        table.withLock { table in
            if let number = table.numbers[character] { return number }
            table.characters.append(character)
            table.numbers[character] = table.characters.count - 1
            return table.characters.count - 1
        }
    }

    /// The cluster numbered `number` by ``number(of:)``.
    static func character(numbered number: Int) -> Character {
        table.withLock { $0.characters[number] }
    }
}
