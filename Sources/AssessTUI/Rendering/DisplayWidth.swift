/// How many terminal columns text occupies.
///
/// Computed from Unicode scalar properties and the East Asian Width ranges, in Swift,
/// so the answer does not depend on the C locale: combining marks and zero-width
/// characters take 0 columns, East Asian Wide and Fullwidth characters (CJK
/// ideographs, kana, Hangul syllables, fullwidth forms) and emoji shown as emoji
/// take 2, and everything else takes 1.
public enum DisplayWidth {
    /// The width of one grapheme cluster (what Swift calls a `Character`): 0, 1 or 2.
    ///
    /// A cluster takes the width of its first scalar, except that an emoji made
    /// to look like an emoji (followed by U+FE0F) and a flag (two regional indicators)
    /// take 2. Control characters take 0: they are never drawn.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let firstWidth = of(scalar: first)
        if firstWidth == 2 { return 2 }
        if scalars.count > 1 {
            if first.properties.isEmoji && scalars.contains(emojiPresentationSelector) { return 2 }
            if isRegionalIndicator(first) { return 2 }
        }
        return firstWidth
    }

    /// The width of a string: the sum of its grapheme clusters' widths.
    public static func of(text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The width of one Unicode scalar on its own: 0, 1 or 2.
    public static func of(scalar: Unicode.Scalar) -> Int {
        // Printable ASCII, most of any screen, without looking up Unicode properties.
        if (0x20..<0x7F).contains(scalar.value) { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if isWide(scalar) { return 2 }
        return 1
    }

    private static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0xAD { return false } // soft hyphen: terminals show it
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return true
        default:
            break
        }
        // Hangul medial vowels and final consonants join the syllable before them.
        return (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, plus everything with the
    /// Emoji_Presentation property (which Unicode makes Wide).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        if scalar.properties.isEmojiPresentation { return true }
        return wideRanges.contains { $0.contains(value) }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, // Hangul Jamo leading consonants
        0x2329...0x232A, // angle brackets
        0x2E80...0x303E, // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF, // kana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK strokes, enclosed, compatibility
        0x3400...0x4DBF, // CJK extension A
        0x4DC0...0x4DFF, // Yijing hexagram symbols
        0x4E00...0x9FFF, // CJK unified ideographs
        0xA000...0xA4CF, // Yi syllables and radicals
        0xA960...0xA97F, // Hangul Jamo extended A
        0xAC00...0xD7A3, // Hangul syllables
        0xF900...0xFAFF, // CJK compatibility ideographs
        0xFE10...0xFE19, // vertical forms
        0xFE30...0xFE6F, // CJK compatibility forms, small form variants
        0xFF00...0xFF60, // fullwidth forms
        0xFFE0...0xFFE6, // fullwidth signs
        0x16FE0...0x16FE4, // ideographic symbols
        0x16FF0...0x16FF1,
        0x17000...0x18CFF, // Tangut, Khitan
        0x18D00...0x18D08,
        0x1AFF0...0x1B2FF, // kana extended and supplement, Nushu
        0x1F200...0x1F202, // enclosed ideographic supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x20000...0x2FFFD, // CJK extensions B to F
        0x30000...0x3FFFD, // CJK extensions G and H
    ]
}

extension Character {
    /// The columns this character occupies on a terminal; see ``DisplayWidth``.
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension StringProtocol {
    /// The columns this text occupies on a terminal; see ``DisplayWidth``.
    public var displayWidth: Int { DisplayWidth.of(text: self) }
}

extension String {
    /// This text when it fits `width` columns; else as much of it as fits `width - 1`
    /// columns followed by "…", so that a cut never reads as the whole.
    public func fitted(to width: Int) -> String {
        guard displayWidth > width, width > 1 else { return self }
        var cut = ""
        var used = 0
        for character in self {
            let next = character.displayWidth
            if used + next > width - 1 { break }
            cut.append(character)
            used += next
        }
        return cut + "…"
    }
}
