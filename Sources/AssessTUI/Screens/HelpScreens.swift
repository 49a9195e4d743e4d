import AssessCore
import AssessExam

/// The help screen (F1, or `?` where it is not text): every key of the screen the
/// student came from, since a narrow footer leaves some out.
enum HelpScreen {
    static func render(_ flow: ExamFlow, keysOf phase: ExamFlow.Phase, now: UInt64, into grid: inout CellGrid) {
        if flow.isInExam {
            QuestionScreen.header(flow, now: now, into: &grid)
        } else {
            ScreenKit.headerBar(left: flow.sitting.exam.title, right: "help", into: &grid)
        }
        grid.put("Keys on this screen", row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        let entries = keys(of: phase, in: flow)
        let keyWidth = min(24, (entries.map(\.0.displayWidth).max() ?? 0) + 2)
        let width = grid.columns - 2 * ScreenKit.margin
        var row = 4
        for (key, action) in entries where row < grid.rows - 3 {
            if ScreenKit.look.linear {
                // One line a key, read as a sentence: "F4: review and submit".
                row = ScreenKit.paragraph("\(key): \(action)", row: row, width: width, into: &grid, lastRow: grid.rows - 3)
            } else {
                grid.put(key, row: row, column: ScreenKit.margin, style: ScreenKit.look.adjusted(CellStyle(bold: true)),
                         maxWidth: keyWidth)
                row = ScreenKit.paragraph(action, row: row, column: ScreenKit.margin + keyWidth, width: width - keyWidth,
                                          into: &grid, lastRow: grid.rows - 3)
            }
        }
        grid.cursor = CellPosition(row: 2, column: ScreenKit.margin)
        ScreenKit.footer([("Esc or F1", "back")], into: &grid)
    }

    /// Every key of `phase`'s screen with what it does, the help key last.
    static func keys(of phase: ExamFlow.Phase, in flow: ExamFlow) -> [(String, String)] {
        let sitting = flow.sitting
        var keys: [(String, String)]
        var typing = false
        switch phase {
        case .welcome:
            keys = [("Enter", flow.practice ? "begin the practice" : "begin: the terminal is locked after you agree"),
                    ("q or Esc", "quit without beginning")]
        case .question:
            keys = [("Tab or PageDown", sitting.canGoBack ? "next question" : "next question (no going back; you are asked first)")]
            if sitting.canGoBack { keys.append(("Shift-Tab or PageUp", "previous question")) }
            switch flow.control.field {
            case .choices:
                keys += [("↑ ↓", "move between the choices"), ("Space or Enter", "choose (or unchoose, where several apply)"),
                         ("1 to 9", "choose by number")]
            case .line, .essay:
                typing = true
                keys += [("typing", "write the answer"), ("← → Home End", "move in the text"),
                         ("Ctrl-U / Ctrl-R", "undo / redo")]
                keys += flow.suggestions.keys(for: flow.control)
            case .matching:
                keys += [("↑ ↓", "choose a row"), ("← →", "change its match")]
            case .ordering:
                keys += [("↑ ↓", "move between the items"), ("Space", "pick up or put down; ↑ ↓ then move it")]
            }
            if sitting.canFlag { keys.append(("F2", "flag or unflag for review")) }
            if sitting.canJump { keys.append(("F3", "the list of questions")) }
            keys.append(("F4", "review and submit"))
            if sitting.canUseScratchpad { keys.append(("F5", "notes for yourself, never saved or marked")) }
            if flow.breaksLeft > 0 { keys.append(("F6", "take a break (\(flow.breaksLeft) left; you are asked first)")) }
            if !flow.switchableSettings.isEmpty { keys.append(("F9", "accessibility settings")) }
        case .palette:
            keys = [("← → ↑ ↓", "choose a question"), ("Enter", "go to it"), ("Esc or F3", "back to the question")]
        case .review:
            keys = [("↑ ↓", "choose a question")]
            if sitting.canGoBack { keys.append(("Enter", "go to it")) }
            keys += [("s", "submit (you are asked first)"), ("Esc or F4", "back to the question")]
        case .confirmSubmit:
            keys = [("y", "submit now: this cannot be undone"), ("n or Esc", "go back to the review")]
        case .confirmBreak:
            keys = [("y", "take the break now"), ("n or Esc", "not now: back to the question")]
        case .confirmLeave:
            keys = [("y", "move on: this question cannot be seen again"), ("n or Esc", "stay on this question")]
        case .scratchpad:
            typing = true
            keys = [("typing", "write notes"), ("← → ↑ ↓ Home End", "move in the notes"), ("Ctrl-U / Ctrl-R", "undo / redo"),
                    ("F5 or Esc", "back to the question")]
        case .settings:
            keys = [("↑ ↓", "choose a setting"), ("Space or Enter", "switch it on or off"), ("Esc or F9", "back to the question")]
        default:
            keys = []
        }
        return keys + [(typing ? "F1" : "F1 or ?", "this help; Esc goes back")]
    }
}

/// The accessibility settings the student may switch inside the exam (F9).
enum SettingsScreen {
    static func render(_ flow: ExamFlow, selection: Int, now: UInt64, into grid: inout CellGrid) {
        QuestionScreen.header(flow, now: now, into: &grid)
        grid.put("Settings", row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        let width = grid.columns - 2 * ScreenKit.margin
        var row = 4
        for (index, option) in flow.switchableSettings.enumerated() where row < grid.rows - 5 {
            let state = flow.accessibility.isOn(option) ? "on" : "off"
            let label = option.title.prefix(1).uppercased() + option.title.dropFirst()
            let text = ScreenKit.look.linear ? "\(label), \(state)" : " " + label.padding(toLength: 24, withPad: " ", startingAt: 0) + " \(state) "
            grid.put(text, row: row, column: ScreenKit.margin, style: index == selection ? ScreenKit.selected : .plain,
                     maxWidth: width)
            if index == selection { grid.cursor = CellPosition(row: row, column: ScreenKit.margin) }
            row += 1 + ScreenKit.look.choiceGap
        }
        if flow.switchableSettings.indices.contains(selection) {
            ScreenKit.paragraph(flow.switchableSettings[selection].detail, row: grid.rows - 5, width: width,
                                style: ScreenKit.dim, into: &grid, lastRow: grid.rows - 4)
        }
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer([("↑↓", "setting"), ("Space", "switch"), ("Esc", "back")], pinned: ExamScreens.helpFooterKey,
                         into: &grid)
    }
}
