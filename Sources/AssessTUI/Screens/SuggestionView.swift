/// Draws what ``SuggestionControl`` offers: misspelled words underlined in the error
/// colour, and the open list of suggestions or completions on one line.
enum SuggestionView {
    /// How a misspelled word looks.
    static let misspelled = CellStyle(underline: true, color: .error)

    /// Redraws the misspelled words of `text` (already drawn at `row`, `column`) in the
    /// misspelled style; returns how many were marked. Nothing is marked when spell
    /// check is off.
    @discardableResult
    static func markMisspellings(
        in text: Substring, suggestions: SuggestionControl, row: Int, column: Int,
        width: Int, into grid: inout CellGrid
    ) -> Int {
        let words = suggestions.misspelledWords(in: text)
        for range in words {
            let offset = text[..<range.lowerBound].displayWidth
            guard offset < width else { break }
            grid.put(text[range], row: row, column: column + offset, style: misspelled, maxWidth: width - offset)
        }
        return words.count
    }

    /// "2 words marked for spelling (F7)", or `nil` for none.
    static func markedCount(_ count: Int) -> String? {
        count == 0 ? nil : ScreenKit.text.plural("suggestions.marked", count: count)
    }

    /// The open list on `row`: what it is for, then the numbered words, the highlighted
    /// one in reverse video with the cursor on it, and how to close it.
    static func offer(_ offer: SuggestionControl.Offer?, row: Int, into grid: inout CellGrid) {
        guard let offer else { return }
        let title = ScreenKit.text(
            offer.kind == .spelling ? "suggestions.spelling-of" : "suggestions.words-starting",
            ["word": offer.word])
        var column = ScreenKit.margin
        column += grid.put(title + " ", row: row, column: column, style: ScreenKit.title)
        let closing = ScreenKit.text("suggestions.esc-closes")
        for (index, word) in offer.candidates.enumerated() {
            let item = "\(index + 1) \(word)"
            // On a narrow terminal the words that do not fit are left off the line.
            guard column + item.displayWidth + 2 + closing.displayWidth <= grid.columns else { break }
            let style = index == offer.selection ? ScreenKit.selected : CellStyle.plain
            // Keys go to the open list first: the cursor sits on its highlighted word.
            if index == offer.selection { grid.cursor = CellPosition(row: row, column: column) }
            column += grid.put(item, row: row, column: column, style: style)
            column += grid.put("  ", row: row, column: column)
        }
        grid.put(closing, row: row, column: column, style: ScreenKit.dim)
    }
}
