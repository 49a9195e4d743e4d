/// What the editor asks of a dictionary: is a word spelled correctly, what might it
/// have been, which words start with what is typed, and which common misspelling to
/// correct as a word ends. The real one is ``HunspellSpeller``; tests use `FakeSpeller` (AssessTestSupport).
///
/// Every method answers at once from memory (a spell check of one word takes
/// microseconds), so the editor may call them while drawing. Implementations must be
/// safe to call from any thread.
public protocol Speller: Sendable {
    /// The dictionary's name, such as `en_US`, for messages.
    var dictionaryName: String { get }

    /// True when `word` (letters, possibly with apostrophes; see ``WordScanner``) is in
    /// the dictionary, allowing for its affixes and capitalisation.
    func isCorrect(_ word: String) -> Bool

    /// Likely intended words for a misspelled `word`, best first; empty when there are none.
    func suggestions(for word: String) -> [String]

    /// Up to `limit` dictionary words that start with `prefix` (ignoring case) and are
    /// longer than it, shortest first, then alphabetically.
    func completions(of prefix: String, limit: Int) -> [String]

    /// The correction for a common misspelling (`teh` → `the`), or `nil` when `word` is
    /// not one. Capitalisation follows `word`'s first letter.
    func autocorrection(for word: String) -> String?

    /// Starts loading what the answers need, when that takes time (``BackgroundSpeller``),
    /// for an answer about to be written; the answers may say nothing until it is done.
    func prepare()
}

extension Speller {
    /// A speller that answers from memory at once has nothing to prepare.
    public func prepare() {}
}
