import AssessCore
import AssessSpelling

/// The editor's suggestions for answers written in words: misspelled words marked,
/// spelling suggestions for the word at the cursor (F7), completion of the word being
/// typed (Ctrl-N), and autocorrect of common misspellings as a word ends.
///
/// Every feature follows ``settings``, a copy of the engine's `SuggestionSettings`
/// (the single source of truth) that the app refreshes on every turn of its loop. A
/// feature that is off shows no marks, offers no list, and its key does nothing: the
/// key goes on to the answer control like any other, which ignores it. Without a
/// dictionary for the exam's language nothing is offered either.
///
/// Text shortcuts (replacing an abbreviation with a phrase, as macOS does) do not exist
/// in the editor, so there is nothing for that setting to turn on.
public struct SuggestionControl: Sendable {
    /// Words offered for one word of the answer, one of which the student may choose.
    public struct Offer: Sendable, Equatable {
        /// What the words are offered as.
        public enum Kind: Sendable, Equatable {
            /// Spelling suggestions for a misspelled word.
            case spelling
            /// Dictionary words that start with what was typed.
            case completion
        }

        public var kind: Kind
        /// The question whose answer the word is in.
        public var questionID: String
        /// The word (or beginning of a word) the chosen one replaces.
        public var word: String
        /// Where ``word`` is in the answer's text.
        public var range: Range<String.Index>
        /// The words offered, best first; at most ``SuggestionControl/offerLimit``.
        public var candidates: [String]
        /// The highlighted candidate.
        public var selection: Int
    }

    /// The most words an offer lists, chosen with keys 1 to 6: few enough to fit on one
    /// line of an 80-column terminal.
    public static let offerLimit = 6

    /// The dictionary, or `nil` when none is installed for the exam's language.
    public let speller: (any Speller)?
    /// The exam's language, for the note about a missing dictionary.
    public let language: String
    /// The engine's settings as last seen. Starts with everything off.
    public private(set) var settings = SuggestionSettings(enabled: [])
    /// The open list of words, if any. It belongs to one question: see ``offer(for:)``.
    public private(set) var offer: Offer?
    /// A sentence about the last suggestion key ("no suggestions", "autocorrected ...");
    /// cleared by the next key.
    public private(set) var note: String?
    /// The strings of the notes and keys, in the interface's language.
    public var text = Catalogue.english

    /// Suggestions from `speller` for an exam in `language`.
    public init(speller: (any Speller)? = nil, language: String = "en") {
        self.speller = speller
        self.language = language
    }

    /// Takes the engine's current settings. An open list whose feature was turned off
    /// (the lock began) closes.
    public mutating func follow(_ settings: SuggestionSettings) {
        self.settings = settings
        // The dictionary opens once a feature that needs it is on (the attempt has
        // started), in the background: never before the first frame, and not at the first
        // key either, where a room of seats starting to type at once would all open theirs
        // in the same moment.
        if isOn(.spellCheck) || isOn(.wordCompletion) || isOn(.autocorrect) { speller?.prepare() }
        if let kind = offer?.kind, !isOn(kind == .spelling ? .spellCheck : .wordCompletion) {
            offer = nil
        }
    }

    /// True when `feature` is on in the engine and there is a dictionary to serve it.
    public func isOn(_ feature: SuggestionFeature) -> Bool {
        settings.isEnabled(feature) && speller != nil
    }

    /// What practice mode tells the student, once, when there is no dictionary for the
    /// exam's language (or, for an exam in several languages, no one dictionary to use);
    /// `nil` when there is one.
    public var missingDictionaryNote: String? {
        guard speller == nil else { return nil }
        return language.lowercased() == "mul"
            ? text("suggestions.no-dictionary-multilingual")
            : text("suggestions.no-dictionary", ["language": language])
    }

    /// The open list for `control`'s question; `nil` when there is none, or when the
    /// list was opened on another question (Tab moved on while it was open).
    public func offer(for control: AnswerControl) -> Offer? {
        offer?.questionID == control.presented.question.id ? offer : nil
    }

    // MARK: - Marks

    /// The misspelled words in `text` (a part of the answer on screen), when spell check
    /// is on; empty otherwise. Only the text asked about is checked, and the speller
    /// remembers words it has seen, so drawing a long essay checks only what is visible.
    public func misspelledWords(in text: Substring) -> [Range<String.Index>] {
        guard isOn(.spellCheck), let speller else { return [] }
        return WordScanner.words(in: text).filter { !speller.isCorrect(String(text[$0])) }
    }

    // MARK: - Keys

    /// The keys to show under a prose answer, each only while its feature is on.
    public func keys(for control: AnswerControl) -> [(String, String)] {
        guard control.proseEditor != nil, speller != nil else { return [] }
        var keys: [(String, String)] = []
        if isOn(.spellCheck) { keys.append(("F7", text("key.spelling"))) }
        if isOn(.wordCompletion) { keys.append(("^N", text("key.complete"))) }
        if settings.isAvailable(.autocorrect) {
            keys.append(("F8", text(isOn(.autocorrect) ? "key.autocorrect-off" : "key.autocorrect-on")))
        }
        return keys
    }

    /// What F8 asks the engine for: autocorrect on (`true`) or off (`false`); `nil`, and
    /// F8 does nothing, unless the answer is prose and the engine lets the student
    /// change autocorrect now.
    public func autocorrectToggle(for control: AnswerControl) -> Bool? {
        guard control.proseEditor != nil, speller != nil, settings.isAvailable(.autocorrect) else { return nil }
        return !settings.isEnabled(.autocorrect)
    }

    /// Applies `key` to `control`: first to an open list, then as a suggestion key when
    /// its feature is on, else to the control itself, autocorrecting the word the key
    /// ended. `width` is the answer area's width, as for ``AnswerControl/handle(_:width:)``.
    public mutating func handle(_ key: Key, in control: inout AnswerControl, width: Int) -> AnswerControl.Outcome {
        note = nil
        // The editor is read only where a key needs it: holding a copy while the key edits
        // would make the edit copy the whole text.
        guard control.proseEditor != nil else {
            offer = nil
            return control.handle(key, width: width)
        }
        if offer(for: control) == nil {
            offer = nil
        } else if let outcome = handleOffer(key, in: &control) {
            return outcome
        }
        switch key {
        case .function(7) where isOn(.spellCheck):
            offerSpelling(of: control)
            return .moved
        case .control("n") where isOn(.wordCompletion):
            return complete(in: &control)
        default:
            let outcome = control.handle(key, width: width)
            guard outcome == .changed, isOn(.autocorrect), Self.endsWord(key) else { return outcome }
            return autocorrect(&control)
        }
    }

    // MARK: - Offers

    /// Keys while a list is open: 1–6 choose, arrows move, Enter chooses, Escape closes.
    /// Any other key closes the list and is handled as usual (`nil`).
    private mutating func handleOffer(_ key: Key, in control: inout AnswerControl) -> AnswerControl.Outcome? {
        guard var current = offer else { return nil }
        switch key {
        case .escape:
            offer = nil
            return .moved
        case .left, .up:
            current.selection = max(0, current.selection - 1)
            offer = current
            return .moved
        case .right, .down:
            current.selection = min(current.candidates.count - 1, current.selection + 1)
            offer = current
            return .moved
        case .enter:
            return choose(current.selection, in: &control)
        case .character(let character):
            guard let number = character.wholeNumberValue, number >= 1, number <= current.candidates.count else {
                break
            }
            return choose(number - 1, in: &control)
        default:
            break
        }
        offer = nil
        return nil
    }

    /// Puts the offered word at `index` in place of the offer's word.
    private mutating func choose(_ index: Int, in control: inout AnswerControl) -> AnswerControl.Outcome {
        guard let current = offer else { return .ignored }
        offer = nil
        let stillThere = control.proseEditor.map { editor in
            current.range.upperBound <= editor.text.endIndex && editor.text[current.range] == current.word
        }
        guard stillThere == true else { return .moved }
        let outcome = control.replaceText(current.range, with: current.candidates[index])
        if outcome != .changed { note = text("suggestions.over-limit") }
        return outcome == .changed ? .changed : .moved
    }

    private mutating func offerSpelling(of control: AnswerControl) {
        guard let speller, let editor = control.proseEditor,
            let range = WordScanner.word(at: editor.cursor, in: editor.text[...])
        else {
            note = text("suggestions.no-word")
            return
        }
        let word = String(editor.text[range])
        if speller.isCorrect(word) {
            note = text("suggestions.correct", ["word": word])
            return
        }
        let candidates = Array(speller.suggestions(for: word).prefix(Self.offerLimit))
        guard !candidates.isEmpty else {
            note = text("suggestions.none", ["word": word])
            return
        }
        offer = Offer(
            kind: .spelling, questionID: control.presented.question.id, word: word, range: range,
            candidates: candidates, selection: 0)
    }

    /// Completes the word before the cursor: at once when one word fits, with a list when several do.
    private mutating func complete(in control: inout AnswerControl) -> AnswerControl.Outcome {
        let typed = control.proseEditor.flatMap { editor in
            WordScanner.word(at: editor.cursor, in: editor.text[...]).flatMap { range in
                range.upperBound == editor.cursor ? (range, String(editor.text[range])) : nil
            }
        }
        guard let speller, let typed else {
            note = text("suggestions.no-prefix")
            return .moved
        }
        let (range, prefix) = typed
        let capital = prefix.first?.isUppercase == true
        let candidates = speller.completions(of: prefix, limit: Self.offerLimit).map { word in
            capital ? word.prefix(1).uppercased() + word.dropFirst() : word
        }
        guard !candidates.isEmpty else {
            note = text("suggestions.no-completion", ["prefix": prefix])
            return .moved
        }
        offer = Offer(
            kind: .completion, questionID: control.presented.question.id, word: prefix, range: range,
            candidates: candidates, selection: 0)
        return candidates.count == 1 ? choose(0, in: &control) : .moved
    }

    // MARK: - Autocorrect

    /// Keys that end a word: a space, a newline, or punctuation other than the
    /// apostrophe and hyphen that join words.
    private static func endsWord(_ key: Key) -> Bool {
        switch key {
        case .enter: return true
        case .character(let character):
            return character.isWhitespace || (character.isPunctuation && !["'", "’", "-"].contains(character))
        default: return false
        }
    }

    /// Replaces the word just ended when it is a common misspelling; one undo restores it.
    private mutating func autocorrect(_ control: inout AnswerControl) -> AnswerControl.Outcome {
        guard let speller, let editor = control.proseEditor, editor.cursor > editor.text.startIndex else {
            return .changed
        }
        let end = editor.text.index(before: editor.cursor)
        guard let range = WordScanner.word(at: end, in: editor.text[...]), range.upperBound == end else {
            return .changed
        }
        let word = String(editor.text[range])
        guard let correction = speller.autocorrection(for: word),
            control.replaceText(range, with: correction) == .changed
        else { return .changed }
        note = text("suggestions.autocorrected", ["word": word, "correction": correction])
        return .changed
    }
}
