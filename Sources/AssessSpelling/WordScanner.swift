/// Finds the words a spell checker should look at: runs of letters, with an apostrophe
/// (' or ’) or hyphen allowed between two letters ("don't", "well-known"). Numbers and
/// words that touch a digit ("2nd", "A4") are left alone.
public enum WordScanner {
    /// The ranges of the words in `text`, in order.
    public static func words(in text: Substring) -> [Range<String.Index>] {
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
                          text[text.index(after: end)].isLetter, end > start {
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
        var start = position, end = position
        while start > text.startIndex && !text[text.index(before: start)].isWhitespace {
            start = text.index(before: start)
        }
        while end < text.endIndex && !text[end].isWhitespace { end = text.index(after: end) }
        return words(in: text[start..<end]).first { $0.lowerBound <= position && position <= $0.upperBound }
    }

    private static func isJoiner(_ character: Character) -> Bool {
        character == "'" || character == "’" || character == "-"
    }
}
