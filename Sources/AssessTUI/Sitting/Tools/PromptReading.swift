import AssessCore

/// A question's prompt wrapped to the screen, with its words: which line each word starts
/// on. A word is a run of characters between white space (a run of Chinese or Japanese
/// without spaces is one word), numbered from the prompt's start whatever the width, so
/// that a highlight saved at one width shows on the same words at another.
public struct PromptLayout: Sendable {
    /// The prompt's visual lines.
    public let lines: [WrappedLine]
    /// Each word's place in the prompt.
    public let words: [Range<String.Index>]
    /// The line each word starts on.
    public let wordLines: [Int]

    /// `prompt` wrapped at `width` columns.
    public init(_ prompt: String, width: Int) {
        lines = TextWrap.wrap(prompt, width: width)
        var words: [Range<String.Index>] = []
        var start: String.Index?
        for index in prompt.indices {
            if prompt[index].isWhitespace {
                if let from = start { words.append(from..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let from = start { words.append(from..<prompt.endIndex) }
        self.words = words
        let lines = self.lines
        wordLines = words.map { word in
            lines.lastIndex { $0.range.lowerBound <= word.lowerBound } ?? 0
        }
    }

    /// The first word of line `line`, or of the nearest line after it with one.
    public func firstWord(onOrAfter line: Int) -> Int? {
        wordLines.firstIndex { $0 >= line }
    }
}

/// Where the student reads a question's prompt (the read key): the line the line reader
/// leaves bright, and the word the highlighter's cursor is on.
public struct PromptReading: Sendable, Equatable {
    /// The question whose prompt is read; another question on screen ends the reading.
    public var questionID: String
    /// The visual line being read.
    public var line: Int
    /// The word under the cursor, when the prompt has words.
    public var word: Int?
}

extension ExamFlow {
    /// The key that starts (and ends) reading the prompt, with the line reader and the highlighter.
    public static let readKey = Key.control("g")

    /// The prompt of the question on screen as the screen wraps it.
    public var promptLayout: PromptLayout {
        PromptLayout(sitting.question.prompt, width: answerWidth)
    }

    /// The reading of the question on screen, if the student is reading its prompt.
    public var currentReading: PromptReading? {
        guard let reading, reading.questionID == sitting.question.id else { return nil }
        return reading
    }

    /// The read key on a question: reading starts on the prompt's first line and word,
    /// where the exam allows the line reader or the highlighter; again, it ends.
    mutating func toggleReading(now: UInt64) -> [FlowEffect] {
        guard sitting.canUseLineReader || sitting.canHighlight else { return refuse("notice.no-reading", now: now) }
        if currentReading != nil {
            reading = nil
            return []
        }
        reading = PromptReading(questionID: sitting.question.id, line: 0, word: promptLayout.words.isEmpty ? nil : 0)
        let tool = sitting.canUseLineReader ? "line-reader" : "highlight"
        return [.log(.toolUsed(tool: tool, action: "opened", questionID: sitting.question.id))]
    }

    /// A key while the prompt is read: ↑ ↓ move the line, ← → the word (and the line
    /// with it), Space or `h` highlights the word or takes its highlight off, Esc ends the
    /// reading; `nil` for a key that is not the reading's (it goes to the question).
    mutating func handleInReading(_ key: Key, _ current: PromptReading, now: UInt64) -> [FlowEffect]? {
        let layout = promptLayout
        let lastLine = max(0, min(layout.lines.count, promptRows) - 1)
        var next = current
        switch key {
        case .escape:
            reading = nil
            return []
        case .up, .down:
            next.line = max(0, min(lastLine, current.line + (key == .up ? -1 : 1)))
            if let word = layout.firstWord(onOrAfter: next.line), layout.wordLines[word] == next.line {
                next.word = word
            }
        case .left, .right:
            guard sitting.canHighlight, let word = current.word else { return nil }
            let moved = max(0, min(layout.words.count - 1, word + (key == .left ? -1 : 1)))
            guard layout.wordLines[moved] <= lastLine else { return [] }
            next.word = moved
            next.line = layout.wordLines[moved]
        case .character(" "), .character("h"):
            guard sitting.canHighlight, let word = current.word else { return nil }
            let on = sheet.sitting.toggleHighlight(word)
            timers.autosave.changed(sitting.question.id, now: now)
            let shown = String(sitting.question.prompt[layout.words[word]])
            showAboutKey(text(on ? "notice.highlighted" : "notice.unhighlighted", ["word": shown]), now: now)
            return [
                .log(
                    .toolUsed(tool: "highlight", action: on ? "marked" : "unmarked", questionID: sitting.question.id))
            ]
        default:
            return nil
        }
        reading = next
        return []
    }

    /// How many rows the prompt may take on this screen: the rows above the answer area.
    var promptRows: Int { max(1, size.rows - 11) }
}
