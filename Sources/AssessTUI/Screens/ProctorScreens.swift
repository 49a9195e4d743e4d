/// The screens that hide the exam: the proctor's pause, the candidate's break, and the
/// proctor's panel behind the hidden key.
enum ProctorScreens {
    static func paused(_ flow: ExamFlow, into grid: inout CellGrid) {
        let text = ScreenKit.text
        ScreenKit.headerBar(left: flow.sitting.exam.title, right: text("header.paused"), into: &grid)
        ScreenKit.centeredBox(
            [
                (text("paused.title"), ScreenKit.title),
                ("", .plain),
                (text("paused.about"), .plain),
                (text("paused.wait"), ScreenKit.dim),
            ], width: 60, into: &grid)
        ScreenKit.notice(flow.notice?.text, into: &grid)
    }

    static func onBreak(_ flow: ExamFlow, until: UInt64, now: UInt64, into grid: inout CellGrid) {
        let left = MonotonicTime.seconds(until: until, from: now)
        let text = ScreenKit.text
        ScreenKit.headerBar(left: flow.sitting.exam.title, right: text("header.on-break"), into: &grid)
        ScreenKit.centeredBox(
            [
                (text("break.title"), ScreenKit.title),
                ("", .plain),
                (text("break.comes-back", ["clock": ScreenKit.look.countdown(left)]), .plain),
                flow.sectionBreakNext.map { (text("break.section-next", ["section": $0]), ScreenKit.dim) }
                    ?? (text("break.left-after", ["breaks": flow.breaksLeft]), ScreenKit.dim),
            ], width: 60, into: &grid)
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer([("Enter", text("key.back-to-exam"))], pinned: ExamScreens.helpFooterKey, into: &grid)
    }

    static func panel(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        guard let panel = flow.panel else { return }
        let text = ScreenKit.text
        ScreenKit.headerBar(left: text("panel.header"), right: flow.candidate, into: &grid)
        let width = grid.columns - 2 * ScreenKit.margin
        var row = 2
        if let seconds = flow.promptLockSecondsLeft(now: now) {
            ScreenKit.paragraph(
                text.plural("panel.locked-for", count: seconds),
                row: row, width: width, style: ScreenKit.error, into: &grid)
            grid.cursor = CellPosition(row: row, column: ScreenKit.margin)
            ScreenKit.footer([("Esc", text("key.close"))], pinned: ExamScreens.helpFooterKey, into: &grid)
            return
        }
        switch panel.step {
        case .password:
            column(grid: &grid, row: row, label: text("panel.password") + " ", field: panel.entry)
            ScreenKit.footer(
                [("Enter", text("key.check")), ("Esc", text("key.cancel")), ScreenKit.undoRedoKey],
                pinned: ExamScreens.helpFooterKey, into: &grid)
        case .checking:
            grid.put(text("panel.checking"), row: row, column: ScreenKit.margin)
            grid.cursor = CellPosition(row: row, column: ScreenKit.margin)
        case .menu(let selection):
            if let left = flow.secondsLeft(now: now) {
                grid.put(
                    text(
                        "panel.time-left",
                        ["left": ScreenKit.clock(left), "allowed": ScreenKit.clock(flow.secondsAllowed)]),
                    row: row, column: ScreenKit.margin, style: ScreenKit.dim)
                row += 2
            }
            for (index, action) in panel.actions.enumerated() {
                let style = index == selection ? ScreenKit.selected : CellStyle.plain
                grid.put(
                    " \(text("panel.action." + action.rawValue)) ", row: row + index, column: ScreenKit.margin,
                    style: style, maxWidth: width)
                if index == selection { grid.cursor = CellPosition(row: row + index, column: ScreenKit.margin + 1) }
            }
            ScreenKit.footer(
                [("↑↓", text("key.choose")), ("Enter", text("key.do-it")), ("Esc", text("key.close"))],
                pinned: ExamScreens.helpFooterKey, into: &grid)
        case .minutes:
            column(grid: &grid, row: row, label: text("panel.minutes") + " ", field: panel.entry)
            ScreenKit.footer(
                [("Enter", text("key.next")), ("Esc", text("key.cancel")), ScreenKit.undoRedoKey],
                pinned: ExamScreens.helpFooterKey, into: &grid)
        case .reason(let action, let minutes):
            let what =
                action == .addTime
                ? text.plural("panel.add-minutes", count: minutes) : text("panel.action." + action.rawValue)
            grid.put(what, row: row, column: ScreenKit.margin, style: ScreenKit.title, maxWidth: width)
            column(grid: &grid, row: row + 2, label: text("panel.reason") + " ", field: panel.entry)
            ScreenKit.footer(
                [("Enter", text("key.confirm")), ("Esc", text("key.cancel")), ScreenKit.undoRedoKey],
                pinned: ExamScreens.helpFooterKey, into: &grid)
        case .confirmAbort:
            let end = ScreenKit.paragraph(
                text("panel.abort-sure"), row: row, width: width, style: ScreenKit.title, into: &grid)
            let yes = text("key.abort-now")
            let no = text("key.go-back")
            grid.put("y  \(yes)        n  \(no)", row: end + 1, column: ScreenKit.margin, style: CellStyle(bold: true))
            grid.cursor = CellPosition(row: end + 1, column: ScreenKit.margin)
            ScreenKit.footer([("y", yes), ("n", no)], pinned: ExamScreens.helpFooterKey, into: &grid)
        }
        if let message = panel.message {
            ScreenKit.notice(message, style: ScreenKit.error, into: &grid)
        }
    }

    /// A label and the field typed after it, with the cursor at its caret.
    private static func column(grid: inout CellGrid, row: Int, label: String, field: LineField) {
        let column =
            ScreenKit.margin + grid.put(label, row: row, column: ScreenKit.margin, style: CellStyle(bold: true))
        ScreenKit.field(field, row: row, column: column, width: grid.columns - column - ScreenKit.margin, into: &grid)
    }
}
