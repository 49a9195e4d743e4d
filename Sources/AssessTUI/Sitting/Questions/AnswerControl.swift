import AssessCore
import AssessExam

/// The state of one question's answer area on screen: which choice is highlighted,
/// the text being edited, which matching row or ordering item has the cursor.
/// Keys change it through `handle(_:)`; the response it produces is what gets saved.
public struct AnswerControl: Sendable, Equatable {
    /// What kind of control the question needs, with its state.
    public enum Field: Sendable, Equatable {
        /// Choices in displayed order (true/false shows "True" and "False").
        case choices(highlight: Int)
        /// A one-line field (short text, numeric).
        case line(TextEditor)
        /// A multi-line essay editor.
        case essay(TextEditor)
        /// One row per left item; the highlighted row's match cycles with ←/→.
        case matching(row: Int)
        /// The student's current order (file indices), the cursor, and whether the
        /// item under the cursor is picked up (then ↑/↓ move it).
        case ordering(order: [Int], cursor: Int, picked: Bool)
    }

    /// The question this control answers, with its displayed option order.
    public let presented: PresentedQuestion
    /// The control's state.
    public private(set) var field: Field
    /// The answer as it stands, in file indices; `nil` when unanswered.
    public private(set) var response: Response?
    /// The changes to the text since ``takeEdits()``, for the typing journal.
    private var edits: [TextEdit] = []
    /// In a program, Enter starts the new line with the indentation of the line before;
    /// false makes it a plain line break (the student switched auto-indent off).
    public var autoIndents = true

    /// A control for `presented`, showing `response` when it was answered before.
    public init(for presented: PresentedQuestion, response: Response?) {
        self.presented = presented
        self.response = response
        switch presented.question.kind {
        case .singleChoice, .multipleResponse, .trueFalse:
            field = .choices(highlight: 0)
        case .shortText:
            field = .line(Self.keepingEdits(TextEditor(text: Self.text(of: response), mode: .singleLine)))
        case .numeric:
            field = .line(Self.keepingEdits(TextEditor(text: Self.text(of: response), mode: .numeric)))
        case .essay(let wordLimit):
            field = .essay(
                Self.keepingEdits(TextEditor(text: Self.text(of: response), mode: .multiLine, wordLimit: wordLimit)))
        case .code(let code):
            // A program is written in the essay's editor, starting from the starter text.
            field = .essay(
                Self.keepingEdits(
                    TextEditor(text: response == nil ? code.starter : Self.text(of: response), mode: .multiLine)))
        case .matching:
            field = .matching(row: 0)
        case .ordering:
            if case .ordering(let saved) = response {
                field = .ordering(order: saved, cursor: 0, picked: false)
            } else {
                field = .ordering(order: presented.optionOrder, cursor: 0, picked: false)
            }
        }
    }

    private static func keepingEdits(_ editor: TextEditor) -> TextEditor {
        var editor = editor
        editor.keepEdits()
        return editor
    }

    /// The text of a text field (short text, numeric, essay, a program) and the kind of
    /// answer it makes; `nil` for the other controls.
    public var typedText: (kind: TypedAnswerKind, text: String)? {
        switch (field, presented.question.kind) {
        case (.essay(let editor), .code): return (.code, editor.text)
        case (.essay(let editor), _): return (.essay, editor.text)
        case (.line(let editor), .numeric): return (.numeric, editor.text)
        case (.line(let editor), _): return (.shortText, editor.text)
        default: return nil
        }
    }

    /// The changes to the text made since the last call, in order.
    public mutating func takeEdits() -> [TextEdit] {
        defer { edits = [] }
        return edits
    }

    /// The labels shown for a choice question, in displayed order.
    public var choiceLabels: [String] {
        if case .trueFalse = presented.question.kind { return ["True", "False"] }
        return presented.displayedOptions
    }

    /// The width essay text wraps at in an answer area `answerWidth` wide: the box's two
    /// borders and one column for the cursor after a full line are taken off. The screen
    /// draws with it and the keys move by it, so both see the same lines.
    public static func essayTextWidth(answerWidth: Int) -> Int {
        max(1, answerWidth - 3)
    }

    /// The width a program's lines are laid out at: wider than any line, so that a line
    /// never wraps and ↑ ↓ move by the program's own lines; the screen scrolls sideways
    /// instead (``CodeView``).
    public static let codeLineWidth = 1 << 20

    /// What a key did to the answer.
    public enum Outcome: Sendable, Equatable {
        /// The key was not for this control.
        case ignored
        /// The control moved (highlight, cursor) but the answer is the same.
        case moved
        /// The answer changed.
        case changed
        /// The key was refused; the catalogue key of the sentence for the student (e.g.
        /// the word limit), shown in the sitting's language.
        case refused(String)
    }

    /// Applies `key`; `width` is the answer area's width, for moving by visual line.
    public mutating func handle(_ key: Key, width: Int) -> Outcome {
        switch field {
        case .choices(let highlight):
            return handleChoice(key, highlight: highlight)
        case .line:
            return editText { Self.edit(&$0, key, width: width) }
        case .essay where key == .enter && isCode && autoIndents:
            return editText(Self.newLineKeepingIndentation)
        case .essay where key == .tab && isCode:
            return editText(Self.indent)
        case .essay where isCode:
            return editText { Self.edit(&$0, key, width: Self.codeLineWidth) }
        case .essay:
            return editText { Self.edit(&$0, key, width: Self.essayTextWidth(answerWidth: width)) }
        case .matching(let row):
            return handleMatching(key, row: row)
        case .ordering(let order, let cursor, let picked):
            return handleOrdering(key, order: order, cursor: cursor, picked: picked)
        }
    }

    // MARK: - Choices

    private mutating func handleChoice(_ key: Key, highlight: Int) -> Outcome {
        let count = choiceLabels.count
        switch key {
        case .up where highlight > 0:
            field = .choices(highlight: highlight - 1)
            return .moved
        case .down where highlight < count - 1:
            field = .choices(highlight: highlight + 1)
            return .moved
        case .character(" "), .enter:
            return choose(displayed: highlight)
        case .character(let character):
            guard let number = character.wholeNumberValue, number >= 1, number <= count else { return .ignored }
            field = .choices(highlight: number - 1)
            return choose(displayed: number - 1)
        default:
            return .ignored
        }
    }

    /// Selects (or for multiple response, toggles) the choice at displayed position `displayed`.
    private mutating func choose(displayed: Int) -> Outcome {
        switch presented.question.kind {
        case .trueFalse:
            response = .trueFalse(displayed == 0)
        case .singleChoice:
            response = .singleChoice(presented.fileIndex(ofDisplayed: displayed))
        case .multipleResponse:
            var chosen: Set<Int> = []
            if case .multipleResponse(let previous) = response { chosen = previous }
            let index = presented.fileIndex(ofDisplayed: displayed)
            if chosen.contains(index) { chosen.remove(index) } else { chosen.insert(index) }
            response = .multipleResponse(chosen)
        default:
            return .ignored
        }
        return .changed
    }

    /// True for the choices of a single-choice or multiple-response question, which may be
    /// struck out (true and false are left alone).
    public var canStrikeOut: Bool {
        switch presented.question.kind {
        case .singleChoice, .multipleResponse: return true
        default: return false
        }
    }

    /// True when the choice at displayed position `displayed` is selected.
    public func isChosen(displayed: Int) -> Bool {
        switch response {
        case .trueFalse(let value): return value == (displayed == 0)
        case .singleChoice(let index): return presented.fileIndex(ofDisplayed: displayed) == index
        case .multipleResponse(let chosen): return chosen.contains(presented.fileIndex(ofDisplayed: displayed))
        default: return false
        }
    }

    // MARK: - Text

    /// Applies an editing key to a text field (``TextEditor/apply(_:width:)``); the
    /// scratchpad edits with it too. A refusal names the sentence for the student.
    static func edit(_ editor: inout TextEditor, _ key: Key, width: Int) -> Outcome {
        switch editor.apply(key, width: width) {
        case .changed: return .changed
        case .moved: return .moved
        case .notEditing: return .ignored
        case .refused(.wordLimitReached):
            return .refused(key == .enter ? "refusal.word-limit" : "refusal.word-limit-delete")
        case .refused: return .refused(editor.mode == .numeric ? "refusal.only-number" : "refusal.character")
        }
    }

    /// True for a code question, whose editor indents with Tab and keeps indentation on Enter.
    public var isCode: Bool { presented.question.kind.typeName == "code" }

    /// The columns one Tab indents a program by.
    static let indentWidth = 4

    /// Tab in a program: spaces up to the next multiple of ``indentWidth`` columns.
    static func indent(_ editor: inout TextEditor) -> Outcome {
        let text = editor.text
        let lineStart = text[..<editor.cursor].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
        let column = text[lineStart..<editor.cursor].count
        let spaces = String(repeating: " ", count: indentWidth - column % indentWidth)
        return editor.replace(editor.cursor..<editor.cursor, with: spaces) ? .changed : .ignored
    }

    /// Enter in a program: a new line indented as the cursor's line is (its leading spaces).
    static func newLineKeepingIndentation(_ editor: inout TextEditor) -> Outcome {
        let text = editor.text
        let lineStart = text[..<editor.cursor].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
        let indentation = text[lineStart..<editor.cursor].prefix { $0 == " " }
        return editor.replace(editor.cursor..<editor.cursor, with: "\n" + indentation) ? .changed : .ignored
    }

    /// The editor of an answer written in words (short text, essay); `nil` for a number
    /// or a choice. Suggestions are offered only here.
    public var proseEditor: TextEditor? {
        switch field {
        case .line(let editor) where editor.mode == .singleLine: return editor
        case .essay(let editor): if case .code = presented.question.kind { return nil } else { return editor }
        default: return nil
        }
    }

    /// Replaces `range` of a prose answer's text with `replacement`, as one undo step
    /// (see ``TextEditor/replace(_:with:)``). Returns `.changed`, or `.ignored` when
    /// nothing changed.
    public mutating func replaceText(_ range: Range<String.Index>, with replacement: String) -> Outcome {
        guard proseEditor != nil else { return .ignored }
        return editText { $0.replace(range, with: replacement) ? .changed : .ignored }
    }

    /// Replaces a numeric answer with `number` as one undo step (the calculator's result);
    /// `.ignored` for any other question, or when the answer already says it.
    public mutating func putNumber(_ number: String) -> Outcome {
        guard case .numeric = presented.question.kind else { return .ignored }
        return editText { $0.replace($0.text.startIndex..<$0.text.endIndex, with: number) ? .changed : .ignored }
    }

    /// Applies `change` to the text field's editor, and makes the edited text the response
    /// when it changed. While `change` runs, neither the field nor the response holds the
    /// text (the field holds a placeholder), so that the editor changes the one copy in
    /// place: otherwise a key in a long essay copied all of it, into memory mapped afresh
    /// for each key. A response that is not the editor's text (one restored from a save
    /// and cleaned by the editor) stays as it is until the first change.
    private mutating func editText(_ change: (inout TextEditor) -> Outcome) -> Outcome {
        var edited: TextEditor
        switch field {
        case .line(let editor), .essay(let editor): edited = editor
        default: return .ignored
        }
        let follows = response == response(for: edited.text)
        field = .matching(row: 0)
        if follows { response = nil }
        let outcome = change(&edited)
        edits += edited.takeEdits()
        field = edited.mode == .multiLine ? .essay(edited) : .line(edited)
        if follows || outcome == .changed { response = response(for: edited.text) }
        return outcome
    }

    /// The response of a text field holding `text`.
    private func response(for text: String) -> Response? {
        guard !text.isEmpty else { return nil }
        switch presented.question.kind {
        case .numeric: return .numeric(text)
        case .essay: return .essay(text)
        case .code: return .code(text)
        default: return .shortText(text)
        }
    }

    private static func text(of response: Response?) -> String {
        switch response {
        case .shortText(let text), .numeric(let text), .essay(let text), .code(let text): return text
        default: return ""
        }
    }

    // MARK: - Matching

    /// The left items, in file order.
    public var matchingLefts: [String] {
        if case .matching(let pairs, _, _) = presented.question.kind { return pairs.map(\.left) }
        return []
    }

    /// The right item chosen for left item `row`, as text, or `nil`.
    public func match(forRow row: Int) -> String? {
        let options = presented.question.kind.matchingOptions
        guard case .matching(let chosen) = response, let option = chosen[row], options.indices.contains(option) else {
            return nil
        }
        return options[option]
    }

    private mutating func handleMatching(_ key: Key, row: Int) -> Outcome {
        let count = matchingLefts.count
        switch key {
        case .up where row > 0:
            field = .matching(row: row - 1)
            return .moved
        case .down where row < count - 1:
            field = .matching(row: row + 1)
            return .moved
        case .left, .right, .character(" "):
            // Cycle through the right items in displayed order; one step past the end clears.
            let options = presented.optionOrder
            var chosen: [Int: Int] = [:]
            if case .matching(let previous) = response { chosen = previous }
            let position = chosen[row].flatMap { presented.displayedPosition(ofFileIndex: $0) }
            let step = key == .left ? -1 : 1
            let next: Int? =
                switch position {
                case nil: step == 1 ? 0 : options.count - 1
                case let current?: (current + step >= 0 && current + step < options.count) ? current + step : nil
                }
            chosen[row] = next.map { presented.fileIndex(ofDisplayed: $0) }
            response = chosen.isEmpty ? nil : .matching(chosen)
            return .changed
        default:
            return .ignored
        }
    }

    // MARK: - Ordering

    /// The items in the student's current order.
    public var orderingItems: [String] {
        guard case .ordering(let items, _) = presented.question.kind, case .ordering(let order, _, _) = field else {
            return []
        }
        return order.map { items[$0] }
    }

    private mutating func handleOrdering(_ key: Key, order: [Int], cursor: Int, picked: Bool) -> Outcome {
        var order = order
        switch key {
        case .character(" "), .enter:
            field = .ordering(order: order, cursor: cursor, picked: !picked)
            return .moved
        case .up where cursor > 0, .down where cursor < order.count - 1:
            let target = key == .up ? cursor - 1 : cursor + 1
            if picked {
                order.swapAt(cursor, target)
                field = .ordering(order: order, cursor: target, picked: true)
                response = .ordering(order)
                return .changed
            }
            field = .ordering(order: order, cursor: target, picked: false)
            return .moved
        default:
            return .ignored
        }
    }
}
