import AssessSpelling
import Synchronization

/// A ``Speller`` with a small word list, for tests of the editor's suggestions. It
/// records every word it was asked to check, so tests can see what was checked.
public final class FakeSpeller: Speller {
    public let dictionaryName = "fake"
    private let words: Set<String>
    private let suggestionTable: [String: [String]]
    private let corrections: [String: String]
    private let asked = Mutex<[String]>([])

    /// A speller that knows `words` (any case), suggests from `suggestions` and
    /// autocorrects by `autocorrections`.
    public init(words: [String], suggestions: [String: [String]] = [:], autocorrections: [String: String] = [:]) {
        self.words = Set(words.map { $0.lowercased() })
        self.suggestionTable = suggestions
        self.corrections = autocorrections
    }

    /// Every word `isCorrect` was asked about, in order.
    public var checkedWords: [String] { asked.withLock { $0 } }

    public func isCorrect(_ word: String) -> Bool {
        asked.withLock { $0.append(word) }
        return words.contains(word.lowercased())
    }

    public func suggestions(for word: String) -> [String] {
        suggestionTable[word] ?? []
    }

    public func completions(of prefix: String, limit: Int) -> [String] {
        Array(
            words.filter { $0.hasPrefix(prefix.lowercased()) && $0.count > prefix.count }
                .sorted { ($0.count, $0) < ($1.count, $1) }.prefix(limit))
    }

    public func autocorrection(for word: String) -> String? {
        Autocorrections.correction(of: word, in: corrections)
    }
}
