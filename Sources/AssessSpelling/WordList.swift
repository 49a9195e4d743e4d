import Foundation

/// A sorted list of dictionary words for completion by prefix. Hunspell has no prefix
/// search, so the words come from the `.dic` file: its stems, without the forms the
/// affix rules make ("walk" is there, "walked" is not).
///
/// Lookup is a binary search over the words' keys (lower-cased, accents composed, as
/// UTF-8 bytes), so every word that starts with a prefix sits in one run of the list.
///
/// The words stay in the `.dic` file, mapped read-only (``init(contentsOfDicFile:isUTF8:)``):
/// its pages are the page cache's, one copy for every process on the machine that reads
/// the dictionary, and after the list is built only the pages a lookup reads are mapped.
/// What each process keeps of its own is the order: one 4-byte offset a word, about
/// 300 KB for an English dictionary of 79,000 lines (the words and keys copied into the
/// process took about 2 MB). A word is copied, with its key, only when the file's bytes
/// are not its key once ASCII letters are lower-cased: a word with an escape (`AT\/T`),
/// with capitals or decomposed accents outside ASCII, or in a file that is not UTF-8.
public struct WordList: Sendable {
    /// The text the words are read from: the mapped `.dic` file, or bytes of its own.
    private let source: Source
    /// The words in key order. Each is the offset in ``source`` where the word starts (it
    /// ends at the first `/`, tab, space, CR or newline, or at the end), or, with
    /// ``copied`` set, the index of a word in ``copiedWords``.
    private let entries: [UInt32]
    /// The words not read from ``source``: their UTF-8 bytes and keys, one after
    /// another, and where each starts (with the total length at the end).
    private let copiedWords: Words

    /// The bit of an entry that marks a copied word.
    private static let copied: UInt32 = 1 << 31

    /// A list of `words`. Words that differ only in case are kept once, in lower case
    /// when the list has that form (`Governor` and `governor` give `governor`).
    public init<Words: Sequence<String>>(_ words: Words) {
        var builder = Builder(source: Source(bytes: []))
        for word in words { builder.add(copying: Array(word.utf8)) }
        self = builder.list()
    }

    /// The words of a Hunspell `.dic` file's text: the first line is the count, then one
    /// entry a line as `word/FLAGS` followed by optional morphological fields. Entries
    /// without a letter (numbers) are left out.
    public init(dicFileText text: String) {
        self.init(source: Source(bytes: Array(text.utf8)), isUTF8: true)
    }

    /// The words of the `.dic` file at `path` (as ``init(dicFileText:)``), mapped
    /// read-only; `isUTF8` is false for a dictionary in ISO 8859-1. Throws when the file
    /// cannot be read.
    public init(contentsOfDicFile path: String, isUTF8: Bool) throws {
        self.init(source: try Source(mapping: path), isUTF8: isUTF8)
        source.release()
    }

    private init(source: Source, isUTF8: Bool) {
        var builder = Builder(source: source)
        let text = source.bytes
        var start = 0
        // The first line is the count of entries.
        while start < text.count && text[start] != UInt8(ascii: "\n") { start += 1 }
        start += 1
        var word: [UInt8] = []
        while start < text.count {
            var end = start
            var escaped = false
            word.removeAll(keepingCapacity: true)
            while end < text.count && !Self.endsWord(text[end]) {
                // A backslash keeps the byte after it in the word (`AT\/T`), but not a newline.
                if text[end] == UInt8(ascii: "\\") {
                    escaped = true
                    end += 1
                    guard end < text.count && text[end] != UInt8(ascii: "\n") else { break }
                }
                word.append(text[end])
                end += 1
            }
            if !isUTF8 && word.contains(where: { $0 >= 0x80 }) {
                // ISO 8859-1: each byte is the code point.
                builder.add(copying: Array(String(String.UnicodeScalarView(word.map { Unicode.Scalar($0) })).utf8))
            } else if escaped {
                builder.add(copying: word)
            } else {
                builder.add(at: start, word)
            }
            while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
            start = end + 1
        }
        self = builder.list()
    }

    private init(source: Source, entries: [UInt32], copiedWords: Words) {
        self.source = source
        self.entries = entries
        self.copiedWords = copiedWords
    }

    /// How many words the list holds.
    public var count: Int { entries.count }

    /// Up to `limit` words that start with `prefix` (ignoring case), other than `prefix`
    /// itself, shortest first and then alphabetically.
    public func completions(of prefix: String, limit: Int) -> [String] {
        let wanted = Self.key(Array(prefix.utf8))
        guard !wanted.isEmpty, limit > 0 else { return [] }
        return wanted.withUnsafeBufferPointer { wanted in
            let compare = { (entry: UInt32, prefix: Bool) in
                Self.withKey(entry, in: source, copiedWords) { Self.compare($0, wanted, prefix: prefix) }
            }
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if compare(entries[middle], false) < 0 { low = middle + 1 } else { high = middle }
            }
            var found: [String] = []
            var index = low
            while index < count, compare(entries[index], true) == 0 {
                Self.withWord(entries[index], in: source, copiedWords) { word in
                    if Self.withKey(entries[index], in: source, copiedWords, \.count) > wanted.count {
                        found.append(String(decoding: word, as: UTF8.self))
                    }
                }
                index += 1
            }
            return Array(found.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(limit))
        }
    }

    /// True for the bytes that end a word of a `.dic` line.
    private static func endsWord(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The key of a word's UTF-8 bytes: lower-cased, accents composed.
    private static func key(_ word: [UInt8]) -> [UInt8] {
        // ASCII, nearly every word of an English dictionary, needs no string.
        if word.allSatisfy({ $0 < 0x80 }) { return word.map(lowered) }
        let lowered = String(decoding: word, as: UTF8.self).lowercased()
        return Array(lowered.precomposedStringWithCanonicalMapping.utf8)
    }

    /// The bytes the words are read from, and how to give them back.
    private final class Source: @unchecked Sendable {
        /// Never written: shared by every copy of the list, on any thread.
        let bytes: UnsafeBufferPointer<UInt8>
        private let mapped: Bool

        init(bytes: [UInt8]) {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = copy.initialize(from: bytes)
            self.bytes = UnsafeBufferPointer(copy)
            mapped = false
        }

        /// The file at `path`, mapped read-only.
        init(mapping path: String) throws {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw SpellerError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                throw SpellerError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            // Offsets are 31 bits (``WordList/copied`` is the 32nd).
            guard status.st_size < Int(WordList.copied) else { throw SpellerError(description: "\(path) is too large") }
            let size = Int(status.st_size)
            mapped = size > 0
            guard size > 0 else {
                bytes = UnsafeBufferPointer(start: nil, count: 0)
                return
            }
            guard let address = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), address != MAP_FAILED else {
                throw SpellerError(description: "cannot map \(path): \(String(cString: strerror(errno)))")
            }
            bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        }

        /// Unmaps the pages the build read from this process; they stay in the page
        /// cache, and a lookup maps back the few it reads.
        func release() {
            guard mapped, let start = bytes.baseAddress else { return }
            madvise(UnsafeMutableRawPointer(mutating: start), bytes.count, MADV_DONTNEED)
        }

        deinit {
            guard let start = bytes.baseAddress else { return }
            if mapped {
                munmap(UnsafeMutableRawPointer(mutating: start), bytes.count)
            } else {
                start.deallocate()
            }
        }
    }

    /// Words and their keys as bytes, one after another.
    private struct Words: Sendable {
        var words: [UInt8] = []
        var wordStarts: [Int32] = [0]
        var keys: [UInt8] = []
        var keyStarts: [Int32] = [0]

        /// The entry of the next word appended.
        var nextEntry: UInt32 { UInt32(wordStarts.count - 1) | WordList.copied }

        mutating func append(word: some Collection<UInt8>, key: some Collection<UInt8>) {
            words += word
            wordStarts.append(Int32(words.count))
            keys += key
            keyStarts.append(Int32(keys.count))
        }
    }

    /// Calls `body` with the word of `entry`.
    private static func withWord<Result>(
        _ entry: UInt32, in source: Source, _ copied: Words,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if entry & Self.copied != 0 {
            let index = Int(entry & ~Self.copied)
            return copied.words.withUnsafeBufferPointer { words in
                body(
                    UnsafeBufferPointer(
                        rebasing: words[Int(copied.wordStarts[index])..<Int(copied.wordStarts[index + 1])]))
            }
        }
        let text = source.bytes
        var end = Int(entry)
        while end < text.count && !endsWord(text[end]) { end += 1 }
        return body(UnsafeBufferPointer(rebasing: text[Int(entry)..<end]))
    }

    /// Calls `body` with the key of `entry`, but for its ASCII capitals: a word read from
    /// the source is its own key once those are lower-cased, which ``compare(_:_:)`` does.
    private static func withKey<Result>(
        _ entry: UInt32, in source: Source, _ copied: Words,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard entry & Self.copied != 0 else { return withWord(entry, in: source, copied, body) }
        let index = Int(entry & ~Self.copied)
        return copied.keys.withUnsafeBufferPointer { keys in
            body(UnsafeBufferPointer(rebasing: keys[Int(copied.keyStarts[index])..<Int(copied.keyStarts[index + 1])]))
        }
    }

    /// Compares two keys byte by byte, ASCII capitals lower-cased: negative when `left`
    /// sorts first, zero when they are equal. With `prefix`, a `left` that starts with
    /// `right` compares equal.
    private static func compare(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>,
        prefix: Bool = false
    ) -> Int {
        for index in 0..<min(left.count, right.count) {
            let (a, b) = (lowered(left[index]), lowered(right[index]))
            if a != b { return a < b ? -1 : 1 }
        }
        if prefix && left.count >= right.count { return 0 }
        return left.count < right.count ? -1 : left.count > right.count ? 1 : 0
    }

    /// Collects entries, then sorts them by key.
    private struct Builder {
        let source: Source
        var entries: [UInt32] = []
        var copied = Words()

        /// Adds the word at `offset` of the source (its UTF-8 bytes `word`) unless it has
        /// no letter; copies it when its bytes are not its key.
        mutating func add(at offset: Int, _ word: [UInt8]) {
            guard Self.hasLetter(word) else { return }
            let key = WordList.key(word)
            if key.elementsEqual(word.lazy.map(WordList.lowered)) {
                entries.append(UInt32(offset))
            } else {
                entries.append(copied.nextEntry)
                copied.append(word: word, key: key)
            }
        }

        /// Adds a word (its UTF-8 bytes) held by the list itself, unless it has no letter.
        mutating func add(copying word: [UInt8]) {
            guard Self.hasLetter(word) else { return }
            entries.append(copied.nextEntry)
            copied.append(word: word, key: WordList.key(word))
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
            let key = { (index: Int32, body: (UnsafeBufferPointer<UInt8>) -> Int) in
                WordList.withKey(entries[Int(index)], in: source, copied, body)
            }
            let compare = { (left: Int32, right: Int32) in key(left) { a in key(right) { b in WordList.compare(a, b) } }
            }
            // Equal keys keep their order (the index breaks ties), so "first" and "last" mean the input's.
            let order = (0..<Int32(entries.count)).sorted { left, right in
                let order = compare(left, right)
                return order == 0 ? left < right : order < 0
            }
            var kept = Words()
            var sorted: [UInt32] = []
            sorted.reserveCapacity(order.count)
            var start = 0
            while start < order.count {
                var end = start + 1
                while end < order.count, compare(order[end], order[start]) == 0 { end += 1 }
                let group = order[start..<end]
                let entry = entries[Int(group.first { isLowerCase($0) } ?? group.last!)]
                if entry & WordList.copied == 0 {
                    sorted.append(entry)
                } else {
                    let index = Int(entry & ~WordList.copied)
                    sorted.append(kept.nextEntry)
                    kept.append(
                        word: copied.words[Int(copied.wordStarts[index])..<Int(copied.wordStarts[index + 1])],
                        key: copied.keys[Int(copied.keyStarts[index])..<Int(copied.keyStarts[index + 1])])
                }
                start = end
            }
            return WordList(source: source, entries: sorted, copiedWords: kept)
        }

        /// True when the word at `index` is its own lower case.
        private func isLowerCase(_ index: Int32) -> Bool {
            WordList.withWord(entries[Int(index)], in: source, copied) { word in
                if word.allSatisfy({ $0 < 0x80 }) {
                    return !word.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
                }
                let text = String(decoding: word, as: UTF8.self)
                return text == text.lowercased()
            }
        }
    }
}
