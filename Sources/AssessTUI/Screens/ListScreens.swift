import AssessExam

/// The question palette (F3): every question as a numbered cell, to jump to any.
enum PaletteScreen {
    static func render(_ flow: ExamFlow, selection: Int, now: UInt64, into grid: inout CellGrid) {
        QuestionScreen.header(flow, now: now, into: &grid)
        grid.put("Go to a question", row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        grid.put("● answered   ○ unanswered   ⚑ flagged", row: 3, column: ScreenKit.margin, style: ScreenKit.dim)
        let cellWidth = 8
        let perRow = max(1, (grid.columns - 2 * ScreenKit.margin) / cellWidth)
        for (index, presented) in flow.sitting.questions.enumerated() {
            let id = presented.question.id
            let mark = (flow.sitting.isAnswered(id) ? "●" : "○") + (flow.sitting.flagged.contains(id) ? "⚑" : " ")
            let row = 5 + index / perRow
            guard row < grid.rows - 3 else { break }
            let column = ScreenKit.margin + (index % perRow) * cellWidth
            grid.put(" \(index + 1) \(mark)", row: row, column: column,
                     style: index == selection ? ScreenKit.selected : .plain, maxWidth: cellWidth - 1)
        }
        ScreenKit.footer([("←→", "choose"), ("Enter", "go"), ("Esc", "back")], into: &grid)
    }
}

/// The review screen (F4): answered, unanswered and flagged questions; jump or submit.
enum ReviewScreen {
    static func render(_ flow: ExamFlow, selection: Int, now: UInt64, into grid: inout CellGrid) {
        QuestionScreen.header(flow, now: now, into: &grid)
        let sitting = flow.sitting
        let tally = sitting.tally
        grid.put("Review before submitting", row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        grid.put("Answered \(tally.answered)   Unanswered \(tally.unanswered)   Flagged \(tally.flagged)",
                 row: 3, column: ScreenKit.margin)
        let firstRow = 5
        let visible = grid.rows - 4 - firstRow
        let first = max(0, selection - visible + 1)
        for (offset, index) in (first..<sitting.questions.count).prefix(visible).enumerated() {
            let question = sitting.questions[index].question
            let state = sitting.isAnswered(question.id) ? "answered  " : "unanswered"
            let flag = sitting.flagged.contains(question.id) ? "⚑" : " "
            let prompt = question.prompt.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let style: CellStyle = index == selection ? ScreenKit.selected
                : (sitting.isAnswered(question.id) ? .plain : ScreenKit.warning)
            grid.put("\(flag) \(index + 1). \(state)  \(prompt)", row: firstRow + offset, column: ScreenKit.margin,
                     style: style, maxWidth: grid.columns - 2 * ScreenKit.margin)
        }
        ScreenKit.notice(flow.notice?.text, into: &grid)
        var keys = [("↑↓", "choose")]
        if sitting.canGoBack { keys.append(("Enter", "go to question")) }
        keys += [("s", "submit"), ("Esc", "back")]
        ScreenKit.footer(keys, into: &grid)
    }
}
