import Foundation

/// A sorted list of dictionary words for completion by prefix. Hunspell has no prefix
/// search, so the words come from the `.dic` file: its stems, without the forms the
/// affix rules make ("walk" is there, "walked" is not).
///
/// Lookup is a binary search over the words' lower-cased UTF-8 bytes, so every word
/// that starts with a prefix sits in one run of the list.
public struct WordList: Sendable {
    /// The words, sorted by their keys.
    private let words: [String]
    /// Each word lower-cased, in precomposed form, as UTF-8 bytes, one after another in
    /// the words' order: one buffer instead of an array per word keeps the list of an
    /// English dictionary (about 77,000 words) near 1 MB instead of over 10.
    private let keyBytes: [UInt8]
    /// Where each word's key starts in `keyBytes`, and at the end its total length.
    private let keyStarts: [Int32]

    /// A list of `words`. Words that differ only in case are kept once, in lower case
    /// when the list has that form (`Governor` and `governor` give `governor`).
    public init<Words: Sequence<String>>(_ words: Words) {
        var byKey: [[UInt8]: String] = [:]
        for word in words {
            let key = Self.key(word)
            if let kept = byKey[key], kept == kept.lowercased() { continue }
            byKey[key] = word
        }
        let pairs = byKey.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        self.words = pairs.map(\.value)
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        starts.reserveCapacity(pairs.count + 1)
        for (key, _) in pairs {
            starts.append(Int32(bytes.count))
            bytes += key
        }
        starts.append(Int32(bytes.count))
        self.keyBytes = bytes
        self.keyStarts = starts
    }

    /// The key of the word at `index`.
    private func key(at index: Int) -> ArraySlice<UInt8> {
        keyBytes[Int(keyStarts[index])..<Int(keyStarts[index + 1])]
    }

    /// The words of a Hunspell `.dic` file's text: the first line is the count, then one
    /// entry a line as `word/FLAGS` followed by optional morphological fields. Entries
    /// without a letter (numbers) are left out.
    public init(dicFileText text: String) {
        var words: [String] = []
        for line in text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst() {
            var bytes: [UInt8] = []
            var escaped = false
            entry: for byte in line {
                if escaped {
                    bytes.append(byte)
                    escaped = false
                    continue
                }
                switch byte {
                case UInt8(ascii: "\\"): escaped = true
                case UInt8(ascii: "/"), UInt8(ascii: "\t"), UInt8(ascii: " "), UInt8(ascii: "\r"): break entry
                default: bytes.append(byte)
                }
            }
            let word = String(decoding: bytes, as: UTF8.self)
            if word.contains(where: \.isLetter) { words.append(word) }
        }
        self.init(words)
    }

    /// How many words the list holds.
    public var count: Int { words.count }

    /// Up to `limit` words that start with `prefix` (ignoring case), other than `prefix`
    /// itself, shortest first and then alphabetically.
    public func completions(of prefix: String, limit: Int) -> [String] {
        let wanted = Self.key(prefix)
        guard !wanted.isEmpty, limit > 0 else { return [] }
        var low = 0, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if key(at: middle).lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
        }
        var found: [String] = []
        var index = low
        while index < words.count, key(at: index).starts(with: wanted) {
            if key(at: index).count > wanted.count { found.append(words[index]) }
            index += 1
        }
        return Array(found.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(limit))
    }

    private static func key(_ word: String) -> [UInt8] {
        let lowered = word.lowercased()
        // Only text beyond ASCII can have decomposed accents to compose.
        if lowered.utf8.allSatisfy({ $0 < 0x80 }) { return Array(lowered.utf8) }
        return Array(lowered.precomposedStringWithCanonicalMapping.utf8)
    }
}
