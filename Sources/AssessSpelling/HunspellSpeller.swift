import CHunspell
import Foundation
import Synchronization

/// Why a dictionary could not be opened.
public struct SpellerError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

/// A ``Speller`` backed by Hunspell and one installed dictionary (see
/// ``DictionaryLocator``). Completion and autocorrect are a ``WordListSpeller``'s: the
/// dictionary's word list (its stems; see ``WordList``) and the language's table in
/// ``Autocorrections``.
///
/// Answers to `isCorrect` are cached, so a word already checked costs one dictionary
/// lookup; the cache is emptied when it grows past ``cacheLimit`` words. Hunspell is not
/// thread-safe: every call goes through one lock.
public final class HunspellSpeller: Speller {
    public let dictionaryName: String
    private let words: WordListSpeller
    private let state: Mutex<State>

    /// The most words whose spelling is remembered.
    public static let cacheLimit = 50_000

    private struct State {
        let handle: OpaquePointer
        /// The dictionary's encoding is UTF-8; otherwise ISO 8859-1.
        let isUTF8: Bool
        var cache: [String: Bool] = [:]
    }

    /// Opens `files` for a language (a BCP 47 tag, for its autocorrect table). Throws
    /// when the files cannot be read or use an encoding other than UTF-8 or ISO 8859-1.
    public init(files: DictionaryFiles, language: String) throws {
        words = try WordListSpeller(files: files, language: language)
        guard FileManager.default.isReadableFile(atPath: files.affixPath),
            let handle = Hunspell_create(files.affixPath, files.wordsPath)
        else {
            throw SpellerError(description: "cannot open the dictionary \(files.name)")
        }
        let encoding = String(cString: Hunspell_get_dic_encoding(handle)).uppercased()
        let isUTF8 = encoding == "UTF-8" || encoding == "UTF8"
        guard isUTF8 || encoding == "ISO8859-1" || encoding == "ISO-8859-1" else {
            Hunspell_destroy(handle)
            throw SpellerError(description: "the dictionary \(files.name) uses \(encoding), which is not supported")
        }
        dictionaryName = files.name
        state = Mutex(State(handle: handle, isUTF8: isUTF8))
        // Building the tables freed about 13 MB of temporaries that glibc would keep for
        // the life of the process; a lab server runs a hundred of these.
        malloc_trim(0)
    }

    deinit {
        state.withLock { Hunspell_destroy($0.handle) }
    }

    public func isCorrect(_ word: String) -> Bool {
        state.withLock { state in
            if let known = state.cache[word] { return known }
            // A word the dictionary's encoding cannot hold is not marked.
            let correct = Self.encoded(word, utf8: state.isUTF8).map { Hunspell_spell(state.handle, $0) != 0 } ?? true
            if state.cache.count >= Self.cacheLimit { state.cache.removeAll(keepingCapacity: true) }
            state.cache[word] = correct
            return correct
        }
    }

    public func suggestions(for word: String) -> [String] {
        state.withLock { state in
            guard let encoded = Self.encoded(word, utf8: state.isUTF8) else { return [] }
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Int(Hunspell_suggest(state.handle, &list, encoded))
            guard count > 0, let strings = list else { return [] }
            let found = (0..<count).compactMap { strings[$0].map { Self.decoded($0, utf8: state.isUTF8) } }
            Hunspell_free_list(state.handle, &list, Int32(count))
            return found
        }
    }

    public func completions(of prefix: String, limit: Int) -> [String] {
        words.completions(of: prefix, limit: limit)
    }

    public func autocorrection(for word: String) -> String? {
        words.autocorrection(for: word)
    }

    // MARK: - Encoding

    private static func encoded(_ word: String, utf8: Bool) -> [CChar]? {
        if utf8 { return word.utf8CString.map { $0 } }
        guard let data = word.data(using: .isoLatin1) else { return nil }
        return data.map { CChar(bitPattern: $0) } + [0]
    }

    private static func decoded(_ string: UnsafePointer<CChar>, utf8: Bool) -> String {
        if utf8 { return String(cString: string) }
        let bytes = Data(bytes: string, count: strlen(string))
        return String(data: bytes, encoding: .isoLatin1) ?? ""
    }
}
