import Foundation

/// A ``Speller`` for what needs no spell check: completion from the dictionary's word
/// list (see ``WordList``) and autocorrect from the language's table in
/// ``Autocorrections``, without Hunspell, whose affix and word tables cost a process
/// about 7 MB for en_US (and more while they are built). Every word counts as correct and there are no spelling suggestions: a
/// sitting uses it when no feature it offers checks spelling (see ``BackgroundSpeller``).
public final class WordListSpeller: Speller {
    public let dictionaryName: String
    private let words: WordList
    private let autocorrections: [String: String]

    /// Opens the word list of `files` for a language (a BCP 47 tag, for its autocorrect
    /// table). Throws when the files cannot be read or use an encoding other than UTF-8
    /// or ISO 8859-1.
    public init(files: DictionaryFiles, language: String) throws {
        dictionaryName = files.name
        words = try WordList(contentsOfDicFile: files.wordsPath, isUTF8: try files.isUTF8())
        autocorrections = Autocorrections.table(forLanguage: language)
    }

    public func isCorrect(_ word: String) -> Bool { true }

    public func suggestions(for word: String) -> [String] { [] }

    public func completions(of prefix: String, limit: Int) -> [String] {
        words.completions(of: prefix, limit: limit)
    }

    public func autocorrection(for word: String) -> String? {
        Autocorrections.correction(of: word, in: autocorrections)
    }
}
