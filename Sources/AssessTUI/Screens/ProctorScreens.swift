/// The screens that hide the exam: the proctor's pause, the candidate's break, and the
/// proctor's panel behind the hidden key.
enum ProctorScreens {
    static func paused(_ flow: ExamFlow, into grid: inout CellGrid) {
        ScreenKit.headerBar(left: flow.sitting.exam.title, right: "paused", into: &grid)
        ScreenKit.centeredBox([
            ("The exam is paused", ScreenKit.title),
            ("", .plain),
            ("Your proctor paused the exam. The timer is stopped and your answers are saved.", .plain),
            ("Wait for your proctor to resume it.", ScreenKit.dim),
        ], width: 60, into: &grid)
    }

    static func onBreak(_ flow: ExamFlow, until: UInt64, now: UInt64, into grid: inout CellGrid) {
        let left = MonotonicTime.seconds(until: until, from: now)
        ScreenKit.headerBar(left: flow.sitting.exam.title, right: "on a break", into: &grid)
        ScreenKit.centeredBox([
            ("On a break", ScreenKit.title),
            ("", .plain),
            ("The exam's timer is stopped. The exam comes back by itself in \(ScreenKit.clock(left)).", .plain),
            ("Breaks left after this one: \(flow.breaksLeft).", ScreenKit.dim),
        ], width: 60, into: &grid)
        ScreenKit.footer([("Enter", "back to the exam now")], into: &grid)
    }

    static func panel(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        guard let panel = flow.panel else { return }
        ScreenKit.headerBar(left: "Proctor", right: flow.candidate, into: &grid)
        let width = grid.columns - 2 * ScreenKit.margin
        var row = 2
        if let seconds = flow.promptLockSecondsLeft(now: now) {
            ScreenKit.paragraph("Too many wrong passwords: the prompt is locked for \(seconds) more seconds.",
                                row: row, width: width, style: ScreenKit.error, into: &grid)
            ScreenKit.footer([("Esc", "close")], into: &grid)
            return
        }
        switch panel.step {
        case .password(let entry):
            let masked = String(repeating: "•", count: entry.count)
            column(grid: &grid, row: row, label: "Proctor password: ", value: masked)
            ScreenKit.footer([("Enter", "check"), ("Esc", "cancel")], into: &grid)
        case .checking:
            grid.put("Checking…", row: row, column: ScreenKit.margin)
        case .menu(let selection):
            if let left = flow.secondsLeft(now: now) {
                grid.put("Time left \(ScreenKit.clock(left)) of \(ScreenKit.clock(flow.secondsAllowed))",
                         row: row, column: ScreenKit.margin, style: ScreenKit.dim)
                row += 2
            }
            for (index, action) in panel.actions.enumerated() {
                let style = index == selection ? ScreenKit.selected : CellStyle.plain
                grid.put(" \(action.title) ", row: row + index, column: ScreenKit.margin, style: style, maxWidth: width)
            }
            ScreenKit.footer([("↑↓", "choose"), ("Enter", "do it"), ("Esc", "close")], into: &grid)
        case .minutes(let entry):
            column(grid: &grid, row: row, label: "Minutes to add: ", value: entry)
            ScreenKit.footer([("Enter", "next"), ("Esc", "cancel")], into: &grid)
        case .reason(let action, let minutes, let entry):
            let what = action == .addTime ? "Add \(minutes) minutes" : action.title
            grid.put(what, row: row, column: ScreenKit.margin, style: ScreenKit.title, maxWidth: width)
            column(grid: &grid, row: row + 2, label: "Reason (written to the log): ", value: entry)
            ScreenKit.footer([("Enter", "confirm"), ("Esc", "cancel")], into: &grid)
        }
        if let message = panel.message {
            ScreenKit.notice(message, style: ScreenKit.error, into: &grid)
        }
    }

    /// A label and the text typed after it, with the cursor at its end.
    private static func column(grid: inout CellGrid, row: Int, label: String, value: String) {
        var column = ScreenKit.margin
        column += grid.put(label, row: row, column: column, style: CellStyle(bold: true))
        column += grid.put(value, row: row, column: column, maxWidth: grid.columns - column - ScreenKit.margin)
        grid.cursor = CellPosition(row: row, column: column)
    }
}
