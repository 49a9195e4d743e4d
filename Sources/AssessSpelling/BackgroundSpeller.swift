import Foundation
import Synchronization

/// A ``HunspellSpeller`` opened on a background thread, so that opening the dictionary
/// (about 0.1 s in a release build, 1 s in a debug one) does not hold back the first
/// frame. Until it is open, and if it cannot be opened, every word counts as correct and
/// there are no suggestions, completions or corrections: the editor works as without
/// suggestions for those moments.
public final class BackgroundSpeller: Speller {
    public let dictionaryName: String
    private let opened = Mutex<(any Speller)?>(nil)

    /// Starts opening the dictionary in `files` for an exam in `language`.
    public init(files: DictionaryFiles, language: String) {
        dictionaryName = files.name
        Thread.detachNewThread { [self] in
            let speller = try? HunspellSpeller(files: files, language: language)
            opened.withLock { $0 = speller }
        }
    }

    /// The dictionary, once it is open.
    private var speller: (any Speller)? {
        opened.withLock { $0 }
    }

    public func isCorrect(_ word: String) -> Bool {
        speller?.isCorrect(word) ?? true
    }

    public func suggestions(for word: String) -> [String] {
        speller?.suggestions(for: word) ?? []
    }

    public func completions(of prefix: String, limit: Int) -> [String] {
        speller?.completions(of: prefix, limit: limit) ?? []
    }

    public func autocorrection(for word: String) -> String? {
        speller?.autocorrection(for: word)
    }
}
