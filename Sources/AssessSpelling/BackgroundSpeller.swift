import Foundation
import Synchronization

/// A dictionary opened on a background thread when it is first asked something (or told
/// to ``prepare()``: once the attempt turns a suggestion feature on), so that it (about
/// 0.1 s in a release build, 1 s in a debug one) costs nothing before a screen needs it:
/// the welcome and consent screens never do. It is a ``HunspellSpeller`` when the
/// sitting may check spelling, and otherwise a ``WordListSpeller``, which completes and
/// autocorrects without Hunspell's tables (the largest part of a sitting's memory). Until it is open, and if it cannot be opened,
/// every word counts as correct and there are no suggestions, completions or
/// corrections: the editor works as without suggestions for those moments.
public final class BackgroundSpeller: Speller {
    public let dictionaryName: String
    private enum State {
        case waiting(files: DictionaryFiles, language: String, checksSpelling: Bool)
        case opening
        case open(any Speller)
        case failed
    }

    private let state: Mutex<State>

    /// A speller for the dictionary in `files`, for an exam in `language`, with
    /// Hunspell when `checksSpelling` (a feature that marks misspellings or suggests
    /// spellings may be on); the dictionary opens once the speller is first used.
    public init(files: DictionaryFiles, language: String, checksSpelling: Bool) {
        dictionaryName = files.name
        state = Mutex(.waiting(files: files, language: language, checksSpelling: checksSpelling))
    }

    /// True once something asked the speller a question, which starts opening the dictionary.
    public var hasStartedOpening: Bool {
        state.withLock { state in
            if case .waiting = state { return false }
            return true
        }
    }

    /// Starts opening the dictionary (once).
    public func prepare() {
        _ = speller
    }

    /// The dictionary, once it is open; the first call starts opening it.
    private var speller: (any Speller)? {
        let start: (files: DictionaryFiles, language: String, checksSpelling: Bool)? = state.withLock { state in
            guard case .waiting(let files, let language, let checksSpelling) = state else { return nil }
            state = .opening
            return (files, language, checksSpelling)
        }
        if let start {
            Thread.detachNewThread { [self] in
                let speller: (any Speller)? =
                    start.checksSpelling
                    ? try? HunspellSpeller(files: start.files, language: start.language)
                    : try? WordListSpeller(files: start.files, language: start.language)
                state.withLock { $0 = speller.map { .open($0) } ?? .failed }
            }
        }
        return state.withLock { state in
            if case .open(let speller) = state { return speller }
            return nil
        }
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
