import AssessExam
import Foundation

/// The question palette (F3): every question as a numbered cell, to jump to any.
enum PaletteScreen {
    static func render(_ flow: ExamFlow, selection: Int, now: UInt64, into grid: inout CellGrid) {
        let text = ScreenKit.text
        QuestionScreen.header(flow, now: now, into: &grid)
        grid.put(text("palette.title"), row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        if ScreenKit.look.linear {
            linear(flow, selection: selection, into: &grid)
            return
        }
        grid.put(text("palette.legend"), row: 3, column: ScreenKit.margin, style: ScreenKit.dim)
        // With timed sections, the marks of the questions the palette does not go to.
        if flow.sitting.openSection != nil {
            grid.put(text("palette.legend-sections"), row: 4, column: ScreenKit.margin, style: ScreenKit.dim)
        }
        let cellWidth = 8
        let perRow = max(1, (grid.columns - 2 * ScreenKit.margin) / cellWidth)
        for (index, presented) in flow.sitting.questions.enumerated() {
            let id = presented.question.id
            let access = flow.sitting.sectionAccess(of: index)
            let state =
                access == .closed ? "✕" : access == .notYetOpen ? "–" : flow.sitting.isAnswered(id) ? "●" : "○"
            let mark = state + (access == .open && flow.sitting.flagged.contains(id) ? "⚑" : " ")
            let row = 5 + index / perRow
            guard row < grid.rows - 3 else { break }
            let column = ScreenKit.margin + (index % perRow) * cellWidth
            grid.put(
                " \(index + 1) \(mark)", row: row, column: column,
                style: index == selection ? ScreenKit.selected : access == .open ? .plain : ScreenKit.dim,
                maxWidth: cellWidth - 1)
            if index == selection { grid.cursor = CellPosition(row: row, column: column + 1) }
        }
        ScreenKit.footer(
            [("←→", text("key.choose")), ("Enter", text("key.go")), ("Esc", text("key.back"))],
            pinned: ExamScreens.helpFooterKey, into: &grid)
    }

    /// The screen reader's layout: one question a line, its state in words, scrolled to
    /// keep the highlighted one in view, with the cursor on it.
    private static func linear(_ flow: ExamFlow, selection: Int, into grid: inout CellGrid) {
        let sitting = flow.sitting
        let firstRow = 4
        let visible = grid.rows - 3 - firstRow
        let first = max(0, selection - visible + 1)
        for (offset, index) in (first..<sitting.questions.count).prefix(visible).enumerated() {
            let id = sitting.questions[index].question.id
            let access = sitting.sectionAccess(of: index)
            let state =
                access == .closed
                ? "closed"
                : access == .notYetOpen
                    ? "not-open"
                    : (sitting.isAnswered(id) ? "answered" : "unanswered")
                        + (sitting.flagged.contains(id) ? "-flagged" : "")
            grid.put(
                ScreenKit.text("words.palette-" + state, ["number": index + 1]), row: firstRow + offset,
                column: ScreenKit.margin,
                style: index == selection ? ScreenKit.selected : access == .open ? .plain : ScreenKit.dim,
                maxWidth: grid.columns - 2 * ScreenKit.margin)
            if index == selection { grid.cursor = CellPosition(row: firstRow + offset, column: ScreenKit.margin) }
        }
        ScreenKit.footer(
            [
                ("↑↓", ScreenKit.text("key.choose")), ("Enter", ScreenKit.text("key.go")),
                ("Esc", ScreenKit.text("key.back")),
            ], pinned: ExamScreens.helpFooterKey, into: &grid)
    }
}

/// The review screen (F4): answered, unanswered and flagged questions; jump or submit.
enum ReviewScreen {
    static func render(_ flow: ExamFlow, selection: Int, now: UInt64, into grid: inout CellGrid) {
        QuestionScreen.header(flow, now: now, into: &grid)
        let sitting = flow.sitting
        let tally = sitting.tally
        let text = ScreenKit.text
        grid.put(text("review.title"), row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        grid.put(
            text(
                "review.tally", ["answered": tally.answered, "unanswered": tally.unanswered, "flagged": tally.flagged]),
            row: 3, column: ScreenKit.margin, maxWidth: grid.columns - 2 * ScreenKit.margin)
        // The states share one column's width, measured in cells, in every language.
        let answered = text("review.answered")
        let unanswered = text("review.unanswered")
        // A question of a closed section, or of one not open yet, says so in place of its state.
        let closed = text("review.closed")
        let notOpen = text("review.not-open")
        let states = sitting.openSection == nil ? [answered, unanswered] : [answered, unanswered, closed, notOpen]
        let stateWidth = states.map(\.displayWidth).max() ?? 0
        let firstRow = 5
        let visible = grid.rows - 4 - firstRow
        let first = max(0, selection - visible + 1)
        for (offset, index) in (first..<sitting.questions.count).prefix(visible).enumerated() {
            let question = sitting.questions[index].question
            let access = sitting.sectionAccess(of: index)
            let state =
                access == .closed
                ? closed : access == .notYetOpen ? notOpen : sitting.isAnswered(question.id) ? answered : unanswered
            let flagged = sitting.flagged.contains(question.id)
            let prompt = question.prompt.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let style: CellStyle =
                index == selection
                ? ScreenKit.selected
                : access != .open ? ScreenKit.dim : (sitting.isAnswered(question.id) ? .plain : ScreenKit.warning)
            let line =
                ScreenKit.look.linear
                ? text(
                    flagged ? "words.review-flagged" : "words.review",
                    ["number": index + 1, "state": state, "prompt": prompt])
                : "\(flagged ? "⚑" : " ") \(index + 1). \(state)"
                    + String(repeating: " ", count: stateWidth - state.displayWidth + 2) + prompt
            let width = grid.columns - 2 * ScreenKit.margin
            grid.put(
                line.fitted(to: width), row: firstRow + offset, column: ScreenKit.margin, style: style, maxWidth: width)
            // The cursor sits on the highlighted row, where a screen reader or a magnifier looks.
            if index == selection { grid.cursor = CellPosition(row: firstRow + offset, column: ScreenKit.margin) }
        }
        ScreenKit.notice(flow.notice?.text, into: &grid)
        var keys = [("↑↓", text("key.choose"))]
        if sitting.canGoBack && sitting.sectionAccess(of: selection) == .open {
            keys.append(("Enter", text("key.go-to-question")))
        }
        keys += [("s", text("key.submit")), ("Esc", text("key.back"))]
        ScreenKit.footer(keys, pinned: ExamScreens.helpFooterKey, into: &grid)
    }
}
