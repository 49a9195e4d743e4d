/// Finds the words a spell checker should look at: runs of letters, with an apostrophe
/// (' or ’) or hyphen allowed between two letters ("don't", "well-known"). Numbers and
/// words that touch a digit ("2nd", "A4") are left alone.
public enum WordScanner {
    /// The ranges of the words in `text`, in order.
    public static func words(in text: Substring) -> [Range<String.Index>] {
        if let ranges = asciiWords(in: text) { return ranges }
        var ranges: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index].isLetter else {
                index = text.index(after: index)
                continue
            }
            let start = index
            var touchesDigit = start > text.startIndex && text[text.index(before: start)].isNumber
            var end = index
            while end < text.endIndex {
                let character = text[end]
                if character.isLetter {
                    end = text.index(after: end)
                } else if isJoiner(character), text.index(after: end) < text.endIndex,
                    text[text.index(after: end)].isLetter, end > start
                {
                    end = text.index(after: end)
                } else {
                    if character.isNumber { touchesDigit = true }
                    break
                }
            }
            if !touchesDigit { ranges.append(start..<end) }
            index = end
        }
        return ranges
    }

    /// The word that contains `position` or ends exactly at it, if any. Only the run of
    /// non-blank characters around `position` is looked at, so this is quick in a long text.
    public static func word(at position: String.Index, in text: Substring) -> Range<String.Index>? {
        var start = position
        var end = position
        while start > text.startIndex && !text[text.index(before: start)].isWhitespace {
            start = text.index(before: start)
        }
        while end < text.endIndex && !text[end].isWhitespace { end = text.index(after: end) }
        return words(in: text[start..<end]).first { $0.lowerBound <= position && position <= $0.upperBound }
    }

    /// ``words(in:)`` for text that is all ASCII, read byte by byte: there a letter is
    /// A–Z or a–z, a number is a digit, and the joiners are `'` and `-`. Every byte is a
    /// character of its own but for CR LF, and neither CR nor LF is a letter, digit or
    /// joiner, so the words are the same, found without looking up each character's
    /// Unicode properties (most of the time of a frame that marks misspellings on a full
    /// screen of an essay). `nil` when a byte is not ASCII.
    private static func asciiWords(in text: Substring) -> [Range<String.Index>]? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> [Range<String.Index>]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            let index = { (offset: Int) in utf8.index(utf8.startIndex, offsetBy: offset) }
            var ranges: [Range<String.Index>] = []
            var start = 0
            while start < bytes.count {
                guard isLetter(bytes[start]) else {
                    start += 1
                    continue
                }
                var touchesDigit = start > 0 && isDigit(bytes[start - 1])
                var end = start + 1
                while end < bytes.count {
                    let byte = bytes[end]
                    if isLetter(byte)
                        || ((byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-"))
                            && end + 1 < bytes.count && isLetter(bytes[end + 1]))
                    {
                        end += 1
                    } else {
                        if isDigit(byte) { touchesDigit = true }
                        break
                    }
                }
                if !touchesDigit { ranges.append(index(start)..<index(end)) }
                start = end
            }
            return ranges
        } ?? nil
    }

    private static func isJoiner(_ character: Character) -> Bool {
        character == "'" || character == "’" || character == "-"
    }
}
