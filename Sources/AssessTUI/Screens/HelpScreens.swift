import AssessCore
import AssessExam

/// The help screen (F1, or `?` where it is not text): every key of the screen the
/// student came from, since a narrow footer leaves some out.
enum HelpScreen {
    static func render(_ flow: ExamFlow, keysOf phase: ExamFlow.Phase, now: UInt64, into grid: inout CellGrid) {
        if flow.isInExam {
            QuestionScreen.header(flow, now: now, into: &grid)
        } else {
            ScreenKit.headerBar(left: flow.sitting.exam.title, right: ScreenKit.text("header.help"), into: &grid)
        }
        grid.put(ScreenKit.text("help.title"), row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        let entries = keys(of: phase, in: flow)
        let keyWidth = min(24, (entries.map(\.0.displayWidth).max() ?? 0) + 2)
        let width = grid.columns - 2 * ScreenKit.margin
        var row = 4
        for (key, action) in entries {
            guard row < grid.rows - 3 else {
                grid.recordCut(key, row: row)
                break
            }
            if ScreenKit.look.linear {
                // One line a key, read as a sentence: "F4: review and submit".
                row = ScreenKit.paragraph(
                    ScreenKit.text("help.line", ["key": key, "action": action]), row: row, width: width, into: &grid,
                    lastRow: grid.rows - 3)
            } else {
                grid.put(
                    key, row: row, column: ScreenKit.margin, style: ScreenKit.look.adjusted(CellStyle(bold: true)),
                    maxWidth: keyWidth)
                row = ScreenKit.paragraph(
                    action, row: row, column: ScreenKit.margin + keyWidth, width: width - keyWidth,
                    into: &grid, lastRow: grid.rows - 3)
            }
        }
        grid.cursor = CellPosition(row: 2, column: ScreenKit.margin)
        ScreenKit.footer([(ScreenKit.text("help.keys.esc-f1"), ScreenKit.text("key.back"))], into: &grid)
    }

    /// Every key of `phase`'s screen with what it does, the help key last.
    static func keys(of phase: ExamFlow.Phase, in flow: ExamFlow) -> [(String, String)] {
        let sitting = flow.sitting
        let t = ScreenKit.text
        // Keys named in words ("q or Esc") come from the catalogue too.
        func k(_ name: String) -> String { t("help.keys." + name) }
        var keys: [(String, String)]
        var typing = false
        switch phase {
        case .launchSetup:
            keys = [
                ("↑ ↓ Tab", t("help.launch-row")), ("← → Space", t("help.launch-change")),
                ("Enter", t("help.launch-hand-over")),
                (k("q-esc"), t("help.launch-cancel")),
            ]
        case .welcome where flow.isWaitingForOpening:
            // Letters are the code's here, so q is typed, not a key; ? is not a code's.
            keys = [
                (k("typing"), t("help.type-start-code")), ("Enter", t("help.start-with-code")),
                ("← → Home End", t("help.move-text")), ("Ctrl-U / Ctrl-R", t("help.undo-redo")),
                ("Esc", t("help.quit")),
            ]
        case .welcome:
            keys = [
                ("Enter", t(flow.practice ? "help.begin-practice" : "help.begin")),
                (k("q-esc"), t("help.quit")),
            ]
        case .consent:
            keys = [(k("y-enter"), t("help.consent-lock")), (k("n-esc"), t("help.consent-decline"))]
        case .startBanner:
            keys = [(k("space-enter"), t("help.first-question"))]
        case .onBreak:
            keys = [("Enter", t("help.end-break"))]
        case .receipt:
            keys = [(k("enter-q"), t("help.finish"))]
        case .refused:
            keys = [(k("enter-q"), t("help.leave-refused"))]
        case .proctor(let panel, _):
            switch panel.step {
            case .password, .checking:
                keys = [
                    (k("typing"), t("help.panel-password")), ("Enter", t("help.panel-check")),
                    ("Esc", t("help.panel-close")),
                ]
            case .menu:
                keys = [("↑ ↓", t("help.panel-choose")), ("Enter", t("help.panel-do")), ("Esc", t("help.panel-close"))]
            case .minutes:
                keys = [
                    (k("typing"), t("help.panel-minutes")), ("Enter", t("help.panel-next")),
                    ("Esc", t("help.panel-back")),
                ]
            case .reason:
                keys = [
                    (k("typing"), t("help.panel-reason")), ("Enter", t("help.panel-confirm")),
                    ("Esc", t("help.panel-back")),
                ]
            case .confirmAbort:
                keys = [("y", t("help.panel-abort")), (k("n-esc"), t("help.panel-back"))]
            }
            typing = panel.takesText
        case .question:
            keys = [
                (
                    flow.control.isCode ? "PgDn" : k("tab-pagedown"),
                    t(sitting.canGoBack ? "help.next" : "help.next-linear")
                )
            ]
            if flow.control.isCode {
                keys.append(("Tab", t("help.indent")))
                keys.append(("F8", t(flow.autoIndent ? "help.auto-indent-off" : "help.auto-indent-on")))
            }
            if (flow.runsAllowedHere ?? 0) > 0 {
                keys.append(("Ctrl-G", t.plural("help.run-samples", count: flow.runsLeftHere)))
            }
            if sitting.canGoBack { keys.append((k("shift-tab-pageup"), t("help.previous"))) }
            if flow.currentReading != nil {
                keys.append(("↑ ↓", t(sitting.canUseLineReader ? "help.reading-lines" : "help.reading-lines-plain")))
                if sitting.canHighlight {
                    keys += [("← →", t("help.reading-words")), (k("space-h"), t("help.highlight"))]
                }
                keys.append((k("esc-ctrl-g"), t("help.reading-end")))
            }
            // While the prompt is read, its keys stand for the answer's.
            switch flow.currentReading == nil ? flow.control.field : nil {
            case nil: break
            case .choices:
                keys += [
                    ("↑ ↓", t("help.choices-move")), (k("space-enter"), t("help.choices-choose")),
                    (k("one-to-nine"), t("help.choices-number")),
                ]
                if sitting.canStrikeOut, flow.control.canStrikeOut { keys.append(("x", t("help.strike-out"))) }
            case .line, .essay:
                typing = true
                keys += [
                    (k("typing"), t("help.write-answer")), ("← → Home End", t("help.move-text")),
                    ("Ctrl-U / Ctrl-R", t("help.undo-redo")),
                ]
                keys += flow.suggestions.keys(for: flow.control)
            case .matching:
                keys += [("↑ ↓", t("help.matching-row")), ("← →", t("help.matching-change"))]
            case .ordering:
                keys += [("↑ ↓", t("help.ordering-move")), ("Space", t("help.ordering-pick"))]
            }
            if sitting.canFlag { keys.append(("F2", t("help.flag"))) }
            if sitting.canJump { keys.append(("F3", t("help.list"))) }
            keys.append(("F4", t("help.review")))
            if sitting.canUseScratchpad { keys.append(("F5", t("help.scratchpad"))) }
            if sitting.calculator != nil { keys.append(("Ctrl-K", t("help.calculator"))) }
            if sitting.reference != nil { keys.append(("Ctrl-L", t("help.reference"))) }
            if flow.currentReading == nil, sitting.canUseLineReader || sitting.canHighlight {
                keys.append(("Ctrl-G", t("help.read")))
            }
            if sitting.canAskTimeLeft { keys.append(("Ctrl-T", t("help.time-left"))) }
            if !flow.practice, sitting.canRaiseHand {
                keys.append(("F12", t(flow.hand == .down ? "help.raise-hand" : "help.lower-hand")))
            }
            if sitting.canHideTimer, !flow.accessibility.isOn(.noCountdown) {
                keys.append(("Ctrl-O", t(flow.timerHidden ? "help.show-timer" : "help.hide-timer")))
            }
            if flow.breaksLeft > 0 { keys.append(("F6", t.plural("help.break", count: flow.breaksLeft))) }
            if !flow.switchableSettings.isEmpty { keys.append(("F9", t("help.settings"))) }
        case .palette:
            keys = [
                ("← → ↑ ↓", t("help.choose-question")), ("Enter", t("help.go-to-it")),
                (k("esc-f3"), t("help.back-to-question")),
            ]
        case .review:
            keys = [("↑ ↓", t("help.choose-question"))]
            if sitting.canGoBack { keys.append(("Enter", t("help.go-to-it"))) }
            keys += [("s", t("help.submit")), (k("esc-f4"), t("help.back-to-question"))]
        case .confirmSubmit:
            keys = [("y", t("help.submit-now")), (k("n-esc"), t("help.back-to-review"))]
        case .confirmBreak:
            keys = [("y", t("help.take-break")), (k("n-esc"), t("help.not-now"))]
        case .confirmLeave:
            keys = [("y", t("help.move-on")), (k("n-esc"), t("help.stay"))]
        case .scratchpad:
            typing = true
            keys = [
                (k("typing"), t("help.write-notes")), ("← → ↑ ↓ Home End", t("help.move-notes")),
                ("Ctrl-U / Ctrl-R", t("help.undo-redo")), (k("f5-esc"), t("help.back-to-question")),
            ]
        case .calculator:
            typing = true
            keys = [(k("typing"), t("help.calculator-typing")), ("Enter", t("help.calculate"))]
            if case .numeric = sitting.question.kind { keys.append(("Ctrl-P", t("help.calculator-put"))) }
            if sitting.calculator == .scientific { keys.append(("Tab", t("help.angle-unit"))) }
            keys += [
                ("F2", t("help.memory-add")), ("F3", t("help.memory-subtract")), ("F4", t("help.memory-clear")),
                ("Ctrl-U / Ctrl-R", t("help.undo-redo")), (k("esc-ctrl-k"), t("help.back-to-question")),
            ]
        case .reference:
            keys = [
                ("↑ ↓ PageUp PageDown Home End", t("help.reference-scroll")),
                (k("esc-ctrl-l"), t("help.back-to-question")),
            ]
        case .settings:
            keys = [
                ("↑ ↓", t("help.choose-setting")), (k("space-enter"), t("help.switch-setting")),
                (k("esc-f9"), t("help.back-to-question")),
            ]
        default:
            keys = []
        }
        return keys + [(typing ? "F1" : k("f1-question"), t("help.help"))]
    }
}

/// The accessibility settings the student may switch inside the exam (F9).
enum SettingsScreen {
    static func render(_ flow: ExamFlow, selection: Int, now: UInt64, into grid: inout CellGrid) {
        QuestionScreen.header(flow, now: now, into: &grid)
        let text = ScreenKit.text
        grid.put(text("settings.title"), row: 2, column: ScreenKit.margin, style: ScreenKit.title)
        let width = grid.columns - 2 * ScreenKit.margin
        var row = 4
        // The states line up after the widest label, measured in cells, with a clear gap
        // after it (three spaces at least, so no label runs into its state).
        let labelWidth =
            flow.switchableSettings.map { text.sentenceStart("setting." + $0.rawValue).displayWidth }.max() ?? 0
        for (index, option) in flow.switchableSettings.enumerated() where row < grid.rows - 5 {
            let state = text(flow.accessibility.isOn(option) ? "state.on" : "state.off")
            let label = text.sentenceStart("setting." + option.rawValue)
            let line =
                ScreenKit.look.linear
                ? text("words.setting", ["setting": label, "state": state])
                : " " + ScreenKit.padded(label, to: max(24, labelWidth + 2)) + " \(state) "
            grid.put(
                line, row: row, column: ScreenKit.margin, style: index == selection ? ScreenKit.selected : .plain,
                maxWidth: width)
            if index == selection { grid.cursor = CellPosition(row: row, column: ScreenKit.margin) }
            row += 1 + ScreenKit.look.choiceGap
        }
        if flow.switchableSettings.indices.contains(selection) {
            ScreenKit.paragraph(
                text("setting." + flow.switchableSettings[selection].rawValue + ".detail"), row: grid.rows - 5,
                width: width,
                style: ScreenKit.dim, into: &grid, lastRow: grid.rows - 4)
        }
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer(
            [("↑↓", text("key.setting")), ("Space", text("key.switch")), ("Esc", text("key.back"))],
            pinned: ExamScreens.helpFooterKey,
            into: &grid)
    }
}
