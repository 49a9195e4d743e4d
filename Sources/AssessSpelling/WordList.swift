import Foundation

/// A sorted list of dictionary words for completion by prefix. Hunspell has no prefix
/// search, so the words come from the `.dic` file: its stems, without the forms the
/// affix rules make ("walk" is there, "walked" is not).
///
/// Lookup is a binary search over the words' lower-cased UTF-8 bytes, so every word
/// that starts with a prefix sits in one run of the list. The words and their keys are
/// two byte buffers with an offset per word, built without a string or an array per
/// word: the list of an English dictionary (about 77,000 words) takes about 2 MB, and
/// building it little more, where a dictionary of keys took over 10 MB at its peak.
public struct WordList: Sendable {
    /// The words' UTF-8 bytes, one after another in sorted order, and where each starts
    /// (with the total length at the end).
    private let wordBytes: [UInt8]
    private let wordStarts: [Int32]
    /// Each word lower-cased, in precomposed form, as UTF-8 bytes, in the same order.
    private let keyBytes: [UInt8]
    private let keyStarts: [Int32]

    /// A list of `words`. Words that differ only in case are kept once, in lower case
    /// when the list has that form (`Governor` and `governor` give `governor`).
    public init<Words: Sequence<String>>(_ words: Words) {
        var builder = Builder()
        for word in words { builder.add(Array(word.utf8)) }
        self = builder.list()
    }

    /// The words of a Hunspell `.dic` file's text: the first line is the count, then one
    /// entry a line as `word/FLAGS` followed by optional morphological fields. Entries
    /// without a letter (numbers) are left out.
    public init(dicFileText text: String) {
        var builder = Builder()
        var bytes: [UInt8] = []
        var escaped = false, inEntry = true, firstLine = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if !firstLine { builder.add(bytes) }
                bytes.removeAll(keepingCapacity: true)
                escaped = false
                inEntry = true
                firstLine = false
                continue
            }
            guard inEntry, !firstLine else { continue }
            if escaped {
                bytes.append(byte)
                escaped = false
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "/"), UInt8(ascii: "\t"), UInt8(ascii: " "), UInt8(ascii: "\r"): inEntry = false
            default: bytes.append(byte)
            }
        }
        if !firstLine { builder.add(bytes) }
        self = builder.list()
    }

    private init(wordBytes: [UInt8], wordStarts: [Int32], keyBytes: [UInt8], keyStarts: [Int32]) {
        self.wordBytes = wordBytes
        self.wordStarts = wordStarts
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
    }

    /// How many words the list holds.
    public var count: Int { wordStarts.count - 1 }

    /// Up to `limit` words that start with `prefix` (ignoring case), other than `prefix`
    /// itself, shortest first and then alphabetically.
    public func completions(of prefix: String, limit: Int) -> [String] {
        let wanted = Self.key(Array(prefix.utf8))
        guard !wanted.isEmpty, limit > 0 else { return [] }
        return keyBytes.withUnsafeBufferPointer { keys in
            let key = { (index: Int) in UnsafeBufferPointer(rebasing: keys[Int(keyStarts[index])..<Int(keyStarts[index + 1])]) }
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                if key(middle).lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
            }
            var found: [String] = []
            var index = low
            while index < count, key(index).starts(with: wanted) {
                if key(index).count > wanted.count {
                    found.append(String(decoding: wordBytes[Int(wordStarts[index])..<Int(wordStarts[index + 1])], as: UTF8.self))
                }
                index += 1
            }
            return Array(found.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(limit))
        }
    }

    /// The key of a word's UTF-8 bytes: lower-cased, accents composed.
    private static func key(_ word: [UInt8]) -> [UInt8] {
        // ASCII, nearly every word of an English dictionary, needs no string.
        if word.allSatisfy({ $0 < 0x80 }) {
            return word.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        }
        let lowered = String(decoding: word, as: UTF8.self).lowercased()
        return Array(lowered.precomposedStringWithCanonicalMapping.utf8)
    }

    /// Collects words and their keys in two byte buffers, then sorts an index of them.
    private struct Builder {
        var words: [UInt8] = []
        var wordStarts: [Int32] = [0]
        var keys: [UInt8] = []
        var keyStarts: [Int32] = [0]

        /// Adds a word (its UTF-8 bytes) unless it has no letter.
        mutating func add(_ word: [UInt8]) {
            guard Self.hasLetter(word) else { return }
            words += word
            wordStarts.append(Int32(words.count))
            keys += WordList.key(word)
            keyStarts.append(Int32(keys.count))
        }

        private static func hasLetter(_ word: [UInt8]) -> Bool {
            if word.allSatisfy({ $0 < 0x80 }) {
                return word.contains { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
            }
            return String(decoding: word, as: UTF8.self).contains(where: \.isLetter)
        }

        /// The list: sorted by key; of the words with one key, the first in lower case,
        /// or else the last.
        func list() -> WordList {
            let count = wordStarts.count - 1
            var order = (0..<count).map { Int32($0) }
            keys.withUnsafeBufferPointer { keys in
                let key = { (index: Int32) in
                    UnsafeBufferPointer(rebasing: keys[Int(keyStarts[Int(index)])..<Int(keyStarts[Int(index) + 1])])
                }
                // Equal keys keep their order (the index breaks ties), so "first" and "last" mean the input's.
                order.sort { left, right in
                    let (a, b) = (key(left), key(right))
                    if a.elementsEqual(b) { return left < right }
                    return a.lexicographicallyPrecedes(b)
                }
                var kept: [Int32] = []
                kept.reserveCapacity(count)
                var start = 0
                while start < order.count {
                    var end = start + 1
                    while end < order.count, key(order[end]).elementsEqual(key(order[start])) { end += 1 }
                    let group = order[start..<end]
                    kept.append(group.first { isLowerCase($0) } ?? group.last!)
                    start = end
                }
                order = kept
            }
            var list = (words: [UInt8](), wordStarts: [Int32](), keys: [UInt8](), keyStarts: [Int32]())
            list.wordStarts.reserveCapacity(order.count + 1)
            list.keyStarts.reserveCapacity(order.count + 1)
            for index in order.map(Int.init) {
                list.wordStarts.append(Int32(list.words.count))
                list.words += words[Int(wordStarts[index])..<Int(wordStarts[index + 1])]
                list.keyStarts.append(Int32(list.keys.count))
                list.keys += keys[Int(keyStarts[index])..<Int(keyStarts[index + 1])]
            }
            list.wordStarts.append(Int32(list.words.count))
            list.keyStarts.append(Int32(list.keys.count))
            return WordList(wordBytes: list.words, wordStarts: list.wordStarts, keyBytes: list.keys, keyStarts: list.keyStarts)
        }

        /// True when the word at `index` is its own lower case.
        private func isLowerCase(_ index: Int32) -> Bool {
            let word = words[Int(wordStarts[Int(index)])..<Int(wordStarts[Int(index) + 1])]
            if word.allSatisfy({ $0 < 0x80 }) { return !word.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } }
            let text = String(decoding: word, as: UTF8.self)
            return text == text.lowercased()
        }
    }
}
