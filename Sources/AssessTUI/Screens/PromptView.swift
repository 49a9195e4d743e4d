/// A question's prompt on screen: bold, its highlighted words underlined. While the student
/// reads it (the read key) the line reader dims every line but the one read, which a `▸`
/// in the margin marks (not in the screen reader's layout), and the highlighter's word is
/// in reverse video; the terminal's cursor stands on that word (or line), where a screen
/// reader reads it.
enum PromptView {
    /// Draws the prompt from `row` to `lastRow` at most; returns the row after it and where
    /// the cursor goes while the prompt is read.
    static func render(_ flow: ExamFlow, row: Int, width: Int, lastRow: Int, into grid: inout CellGrid) -> (
        end: Int, cursor: CellPosition?
    ) {
        let sitting = flow.sitting
        let prompt = sitting.question.prompt
        let highlighted = sitting.annotations[sitting.question.id]?.highlighted ?? []
        let reading = flow.currentReading
        guard !highlighted.isEmpty || reading != nil else {
            let end = ScreenKit.paragraph(
                prompt, row: row, width: width, style: CellStyle(bold: true), into: &grid, lastRow: lastRow)
            return (end, nil)
        }
        let look = ScreenKit.look
        let layout = PromptLayout(prompt, width: width)
        let margin = ScreenKit.margin
        var cursor: CellPosition?
        var y = row
        for (index, line) in layout.lines.enumerated() {
            guard y <= lastRow else {
                grid.recordCut(String(line.text), row: y)
                break
            }
            let read = reading?.line == index
            let dimmed = reading != nil && sitting.canUseLineReader && !read
            let base = dimmed ? CellStyle(dim: true) : CellStyle(bold: true)
            grid.put(String(line.text), row: y, column: margin, style: look.adjusted(base), maxWidth: width)
            if read {
                // A screen reader would read the mark out, and again on the line it leaves.
                if margin >= 2, !look.linear {
                    grid.put("▸", row: y, column: margin - 2, style: look.adjusted(CellStyle(bold: true)))
                }
                cursor = CellPosition(row: y, column: margin)
            }
            for (word, range) in layout.words.enumerated() where range.overlaps(line.range) {
                let isCursor = sitting.canHighlight && reading?.word == word
                guard highlighted.contains(word) || isCursor else { continue }
                let from = max(range.lowerBound, line.range.lowerBound)
                let to = min(range.upperBound, line.range.upperBound)
                let column = margin + prompt[line.range.lowerBound..<from].displayWidth
                var style = base
                style.underline = highlighted.contains(word)
                style.reverse = isCursor
                grid.put(
                    String(prompt[from..<to]), row: y, column: column, style: look.adjusted(style),
                    maxWidth: max(0, margin + width - column))
                if isCursor { cursor = CellPosition(row: y, column: column) }
            }
            y += 1
        }
        return (y, cursor)
    }
}
