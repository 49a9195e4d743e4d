import AssessCore
import AssessExam

/// Draws the proctor's screen before the hand-over: the first phase of a sitting
/// launched by the proctor (``ExamFlow/Phase/launchSetup(_:)``).
public enum LaunchSetupScreen {
    /// Draws `setup` into `grid` in `language` (the sitting's).
    public static func render(
        _ setup: LaunchSetup, in language: InterfaceLanguage = .english, into grid: inout CellGrid
    ) {
        ScreenKit.$text.withValue(Catalogue.of(language)) { draw(setup, into: &grid) }
    }

    private static func draw(_ setup: LaunchSetup, into grid: inout CellGrid) {
        grid.clear()
        grid.cursor = nil
        let exam = setup.exam
        let text = ScreenKit.text
        let width = grid.columns - 2 * ScreenKit.margin
        ScreenKit.headerBar(left: text("launch.header"), right: exam.id, into: &grid)
        grid.put(exam.title, row: 2, column: ScreenKit.margin, style: ScreenKit.title, maxWidth: width)
        grid.put(
            text("launch.candidate", ["candidate": setup.candidate, "time": ScreenKit.duration(exam.durationSeconds)]),
            row: 3, column: ScreenKit.margin, maxWidth: width)
        // The rows scroll to keep the highlighted one in view; the cursor sits on it.
        let firstRow = 5
        let visible = max(1, grid.rows - 5 - firstRow)
        let first = max(0, setup.selection - visible + 1)
        // The values line up after the widest label, measured in cells.
        let labelWidth = setup.rows.map { self.text(of: $0, in: setup).0.displayWidth }.max() ?? 0
        for (offset, index) in (first..<setup.rows.count).prefix(visible).enumerated() {
            let (label, value) = self.text(of: setup.rows[index], in: setup)
            let style = index == setup.selection ? ScreenKit.selected : CellStyle.plain
            let cell = " " + ScreenKit.padded(label, to: labelWidth) + " " + value + " "
            grid.put(cell, row: firstRow + offset, column: ScreenKit.margin, style: style, maxWidth: width)
            if index == setup.selection { grid.cursor = CellPosition(row: firstRow + offset, column: ScreenKit.margin) }
        }
        let detail = detail(of: setup.rows[setup.selection], in: setup)
        ScreenKit.paragraph(
            detail, row: grid.rows - 4, width: width, style: ScreenKit.dim, into: &grid, lastRow: grid.rows - 3)
        ScreenKit.footer(
            [
                ("↑↓", text("key.setting")), ("←→ Space", text("key.change")), ("Enter", text("key.hand-over")),
                ("Esc", text("key.cancel")),
            ], pinned: ExamScreens.helpFooterKey, into: &grid)
    }

    private static func text(of row: LaunchSetup.Row, in setup: LaunchSetup) -> (String, String) {
        let text = ScreenKit.text
        switch row {
        case .extraTime:
            let extra = setup.settings.extraTime == .none ? text("launch.none") : "\(setup.settings.extraTime)"
            return (text("launch.extra-time"), extra)
        case .breaks:
            let breaks = setup.settings.breaks
            return (text("launch.breaks"), breaks.count == 0 ? text("launch.none") : breaks.description)
        case .restriction(let restriction):
            return (restriction.title, text(setup.isAllowed(restriction) ? "state.allowed" : "state.denied"))
        case .suggestion(let feature):
            let off = setup.settings.disabledSuggestions.contains(feature)
            return (
                text("launch.suggestion", ["feature": text("suggestion." + feature.rawValue)]),
                text(off ? "state.off" : "launch.exam-allows")
            )
        case .accessibility(let option):
            return (
                text("launch.accessibility", ["setting": text("setting." + option.rawValue)]),
                text(setup.settings.accessibility.isOn(option) ? "state.on" : "state.off")
            )
        }
    }

    private static func detail(of row: LaunchSetup.Row, in setup: LaunchSetup) -> String {
        let text = ScreenKit.text
        switch row {
        case .extraTime:
            // The time in all goes here, where it wraps, rather than on the row, where a
            // long label column leaves it too little room at 80 columns.
            let seconds = setup.settings.secondsAllowed(for: setup.exam)
            return text("launch.extra-time.detail") + " "
                + text("launch.time-in-all", ["time": ScreenKit.duration(seconds)])
        case .breaks: return text("launch.breaks.detail")
        case .restriction(let restriction): return restriction.detail
        case .suggestion: return text("launch.suggestion.detail")
        case .accessibility(let option): return text("setting." + option.rawValue + ".detail")
        }
    }
}
