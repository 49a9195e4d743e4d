import Synchronization

/// One visual line produced by ``TextWrap``: a slice of the original text.
public struct WrappedLine: Hashable, Sendable {
    /// The line's text, without the newline that ended its paragraph. Its indices are
    /// indices into the wrapped string, so editors can map a position to a line.
    public let text: Substring
    /// True when this is the last visual line of a paragraph (a newline or the end of the
    /// text follows), false when the wrap broke the paragraph here.
    public let endsParagraph: Bool

    /// Where the line lies in the wrapped string.
    public var range: Range<String.Index> { text.startIndex..<text.endIndex }
}

/// Wraps text into lines of at most a given number of display columns.
///
/// Rules, in order:
/// - explicit newlines always end a line (an empty paragraph gives an empty line, and
///   text ending with a newline ends with an empty line);
/// - a line breaks after a space where possible, and the spaces stay at the end of the
///   line they follow, even past the width ("hanging"), so no line starts with the
///   space that broke it — only trailing spaces ever exceed the width;
/// - a line may also break before or after any wide character other than Hangul
///   (CJK ideographs, kana, fullwidth forms), since Chinese and Japanese do not separate
///   words with spaces; Korean does, so it breaks at spaces like Latin text;
/// - kinsoku: a line never begins with closing punctuation (`。`, `、`, `」`, `）`, `！` …)
///   nor ends with opening punctuation (`「`, `（` …); the character before moves down with
///   it instead, unless that would leave the line empty;
/// - a word longer than the width is broken wherever it must be;
/// - a single character wider than the width (a wide character at width 1) gets a
///   line of its own.
///
/// ```swift
/// TextWrap.lines("The quick brown fox", width: 10)  // ["The quick ", "brown fox"]
/// ```
public enum TextWrap {
    /// The wrapped lines as strings, for display.
    ///
    /// A screen drawn again for every key wraps the same prompt, brief and notices at the
    /// same width each time: the lines of short texts are remembered (see ``Remembered``).
    public static func lines(_ text: String, width: Int) -> [String] {
        guard text.utf8.count <= Remembered.longestText else { return wrap(text, width: width).map { String($0.text) } }
        let key = Remembered.Key(text: text, width: width)
        if let lines = Remembered.lines.withLock({ $0[key] }) { return lines }
        let lines = wrap(text, width: width).map { String($0.text) }
        Remembered.lines.withLock { remembered in
            if remembered.count >= Remembered.most { remembered.removeAll(keepingCapacity: true) }
            remembered[key] = lines
        }
        return lines
    }

    /// The wrapped lines of the texts wrapped last, for every thread that draws: texts up
    /// to ``longestText`` bytes (an answer being typed is longer, or changes with each
    /// key), at most ``most`` of them, all forgotten at once past that: with their lines,
    /// about a megabyte at most.
    enum Remembered {
        struct Key: Hashable {
            let text: String
            let width: Int
        }
        static let longestText = 4_096
        static let most = 128
        static let lines = Mutex<[Key: [String]]>([:])
    }

    /// The wrapped lines as slices of `text`, for editors that need positions.
    public static func wrap(_ text: String, width: Int) -> [WrappedLine] {
        wrap(text[...], width: width)
    }

    /// The wrapped lines of part of a string; their indices are the whole string's.
    public static func wrap(_ text: Substring, width: Int) -> [WrappedLine] {
        let width = max(1, width)
        var result: [WrappedLine] = []
        var paragraphStart = text.startIndex
        while true {
            let paragraphEnd = text[paragraphStart...].firstIndex(where: \.isNewline) ?? text.endIndex
            wrapParagraph(text[paragraphStart..<paragraphEnd], width: width, into: &result)
            guard paragraphEnd < text.endIndex else { break }
            paragraphStart = text.index(after: paragraphEnd)
        }
        return result
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int, into result: inout [WrappedLine]) {
        let wrapped = paragraph.utf8.withContiguousStorageIfAvailable { bytes in
            wrapPrintableASCII(bytes, of: paragraph, width: width, into: &result)
        }
        if wrapped == true { return }
        wrapByCharacter(paragraph, width: width, into: &result)
    }

    /// The rules above for a paragraph of printable ASCII only (an English essay's): every
    /// byte is a character one column wide that allows no break around it, so only spaces
    /// break lines and widths are counts of bytes. False, adding nothing, for a paragraph
    /// with any other byte. The lines on screen are wrapped again at every keystroke.
    private static func wrapPrintableASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, of paragraph: Substring, width: Int,
        into result: inout [WrappedLine]
    ) -> Bool {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
        let utf8 = paragraph.utf8
        // Byte offsets in the paragraph; each is a character boundary.
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var lineStart = 0
        var lineWidth = 0
        var lastBreak: Int?
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x20 {
                lineWidth += 1
                lastBreak = offset + 1
                continue
            }
            if lineWidth + 1 > width && offset > lineStart {
                if let breakOffset = lastBreak, breakOffset > lineStart {
                    result.append(
                        WrappedLine(text: paragraph[index(lineStart)..<index(breakOffset)], endsParagraph: false))
                    lineStart = breakOffset
                    lineWidth = offset - breakOffset
                }
                if lineWidth + 1 > width && offset > lineStart {
                    result.append(WrappedLine(text: paragraph[index(lineStart)..<index(offset)], endsParagraph: false))
                    lineStart = offset
                    lineWidth = 0
                }
                lastBreak = nil
            }
            lineWidth += 1
        }
        result.append(WrappedLine(text: paragraph[index(lineStart)...], endsParagraph: true))
        return true
    }

    /// The rules above for any paragraph, one grapheme cluster at a time.
    static func wrapByCharacter(_ paragraph: Substring, width: Int, into result: inout [WrappedLine]) {
        var lineStart = paragraph.startIndex
        var lineWidth = 0
        /// The latest place the current line may break, if any, and the one before it (where
        /// the line breaks instead when the latest would start a line with closing punctuation).
        var lastBreak: String.Index?
        var earlierBreak: String.Index?
        func mayBreak(at place: String.Index) {
            guard place != lastBreak else { return }
            earlierBreak = lastBreak
            lastBreak = place
        }
        /// True when the character before was opening punctuation: no break follows it.
        var afterOpening = false
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let character = paragraph[index]
            let next = paragraph.index(after: index)
            let characterWidth = character.displayWidth
            if character == " " {
                lineWidth += characterWidth
                mayBreak(at: next)
                afterOpening = false
                index = next
                continue
            }
            let breaksAround = allowsBreakAround(character)
            if closing.contains(character) {
                // No line starts with it: the break just before it is not one.
                if lastBreak == index { lastBreak = earlierBreak }
            } else if breaksAround && index > lineStart && !afterOpening {
                mayBreak(at: index)
            }
            if lineWidth + characterWidth > width && index > lineStart {
                if let breakIndex = lastBreak, breakIndex > lineStart {
                    result.append(WrappedLine(text: paragraph[lineStart..<breakIndex], endsParagraph: false))
                    lineStart = breakIndex
                    lineWidth = paragraph[breakIndex..<index].displayWidth
                }
                if lineWidth + characterWidth > width && index > lineStart {
                    result.append(WrappedLine(text: paragraph[lineStart..<index], endsParagraph: false))
                    lineStart = index
                    lineWidth = 0
                }
                lastBreak = nil
                earlierBreak = nil
            }
            lineWidth += characterWidth
            afterOpening = opening.contains(character)
            if breaksAround && !afterOpening { mayBreak(at: next) }
            index = next
        }
        result.append(WrappedLine(text: paragraph[lineStart..<paragraph.endIndex], endsParagraph: true))
    }

    /// Closing punctuation no line may begin with (kinsoku): Japanese and Chinese full stops
    /// and commas, closing brackets and quotes, and the fullwidth marks that end a phrase.
    private static let closing: Set<Character> = [
        "。", "、", "，", "．", "｡", "､", "」", "』", "）", "］", "｝", "】", "〕", "〉", "》", "〙", "〗",
        "！", "？", "：", "；", "・", "…", "ー", "ゝ", "ゞ", "々",
    ]
    /// Opening brackets and quotes no line may end with.
    private static let opening: Set<Character> = ["「", "『", "（", "［", "｛", "【", "〔", "〈", "《", "〘", "〖"]

    /// Wide characters a line may break before or after: all but Hangul.
    private static func allowsBreakAround(_ character: Character) -> Bool {
        guard character.displayWidth == 2, let scalar = character.unicodeScalars.first else { return false }
        return !hangulRanges.contains { $0.contains(scalar.value) }
    }

    private static let hangulRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, // Hangul Jamo
        0x3130...0x318F, // Hangul compatibility jamo
        0xA960...0xA97F, // Hangul Jamo extended A
        0xAC00...0xD7FF, // Hangul syllables, Jamo extended B
    ]
}
