import AssessCore
import AssessExam

/// Draws the proctor's screen before the hand-over: the first phase of a sitting
/// launched by the proctor (``ExamFlow/Phase/launchSetup(_:)``).
public enum LaunchSetupScreen {
    /// Draws `setup` into `grid`.
    public static func render(_ setup: LaunchSetup, into grid: inout CellGrid) {
        grid.clear()
        grid.cursor = nil
        let exam = setup.exam
        let width = grid.columns - 2 * ScreenKit.margin
        ScreenKit.headerBar(left: "Proctor: before the hand-over", right: exam.id, into: &grid)
        grid.put(exam.title, row: 2, column: ScreenKit.margin, style: ScreenKit.title, maxWidth: width)
        grid.put("Candidate \(setup.candidate)   Exam time \(ScreenKit.duration(exam.durationSeconds))",
                 row: 3, column: ScreenKit.margin, maxWidth: width)
        // The rows scroll to keep the highlighted one in view; the cursor sits on it.
        let firstRow = 5
        let visible = max(1, grid.rows - 5 - firstRow)
        let first = max(0, setup.selection - visible + 1)
        // The labels' column is as wide as the longest label, so the values fit at 80 columns.
        let labelWidth = setup.rows.map { DisplayWidth.of(text: text(of: $0, in: setup).0) }.max() ?? 0
        for (offset, index) in (first..<setup.rows.count).prefix(visible).enumerated() {
            let (label, value) = text(of: setup.rows[index], in: setup)
            let style = index == setup.selection ? ScreenKit.selected : CellStyle.plain
            let padding = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(text: label)))
            let cell = " " + label + padding + "  " + value + " "
            grid.put(cell, row: firstRow + offset, column: ScreenKit.margin, style: style, maxWidth: width)
            if index == setup.selection { grid.cursor = CellPosition(row: firstRow + offset, column: ScreenKit.margin) }
        }
        let detail = detail(of: setup.rows[setup.selection], in: setup)
        ScreenKit.paragraph(detail, row: grid.rows - 4, width: width, style: ScreenKit.dim, into: &grid, lastRow: grid.rows - 3)
        ScreenKit.footer([("↑↓", "setting"), ("←→ Space", "change"), ("Enter", "hand over"), ("Esc", "cancel")],
                         into: &grid)
    }

    private static func text(of row: LaunchSetup.Row, in setup: LaunchSetup) -> (String, String) {
        switch row {
        case .extraTime:
            let seconds = setup.settings.secondsAllowed(for: setup.exam)
            return ("Extra time", "\(setup.settings.extraTime)  (\(ScreenKit.duration(seconds)) in all)")
        case .breaks:
            return ("Breaks", setup.settings.breaks.description)
        case .restriction(let restriction):
            return (restriction.title, setup.isAllowed(restriction) ? "allowed" : "denied")
        case .suggestion(let feature):
            let off = setup.settings.disabledSuggestions.contains(feature)
            return ("Suggestion: \(feature.title)", off ? "off" : "on (the exam allows it)")
        case .accessibility(let option):
            return ("Accessibility: \(option.title)", setup.settings.accessibility.isOn(option) ? "on" : "off")
        }
    }

    private static func detail(of row: LaunchSetup.Row, in setup: LaunchSetup) -> String {
        switch row {
        case .extraTime: return "A multiplier of the exam's time, or minutes added to it."
        case .breaks: return "Breaks the candidate may take (F6); the timer stops during a break."
        case .restriction(let restriction): return restriction.detail
        case .suggestion: return "The exam allows this suggestion feature; the proctor can turn it off, never on."
        case .accessibility(let option): return option.detail
        }
    }
}
