import AssessCalculator
import AssessCore

/// The calculator's panel: over the question in a box (the prompt's first lines stay in
/// sight above it), or in the screen reader's layout as plain lines from the top, one a
/// result, without the question beneath.
enum CalculatorScreen {
    static func render(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        guard let panel = flow.calculatorPanel else { return }
        let text = ScreenKit.text
        let linear = ScreenKit.look.linear
        QuestionScreen.header(flow, now: now, into: &grid)
        // The box from row 6 to above the notice line, the prompt's first lines above it;
        // in the screen reader's layout the lines start below the notice line's row.
        let top = linear ? 3 : 6
        if !linear {
            let lines = TextWrap.lines(flow.sitting.question.prompt, width: grid.columns - 2 * ScreenKit.margin)
            for (offset, line) in lines.prefix(top - 3).enumerated() {
                grid.put(line, row: 2 + offset, column: ScreenKit.margin, style: CellStyle(bold: true))
            }
        }
        let bottom = grid.rows - 4
        let column = linear ? ScreenKit.margin : ScreenKit.margin - 1
        let width = linear ? grid.columns - 2 * ScreenKit.margin : grid.columns - 2 * column
        if !linear {
            let box = CellRect(row: top, column: column, height: bottom - top + 1, width: width)
            grid.fill(box)
            grid.drawBox(box, line: .rounded)
        }
        let inner = linear ? width : width - 4
        let left = linear ? column : column + 2
        var row = linear ? top : top + 1
        grid.put(title(panel), row: row, column: left, style: ScreenKit.title, maxWidth: inner)
        row += linear ? 2 : 1
        // The field and an error take the last lines; the newest results fill those above.
        let fieldRow = linear ? bottom : bottom - 1
        let errorRows = panel.error == nil ? 0 : 1
        let historyRows = max(0, fieldRow - errorRows - row - (linear ? 1 : 0))
        if panel.history.isEmpty {
            ScreenKit.paragraph(
                text("calculator.start"), row: row, column: left, width: inner, style: ScreenKit.dim, into: &grid,
                lastRow: fieldRow - errorRows - 1)
        }
        for entry in panel.history.suffix(historyRows) {
            grid.put(
                text("calculator.line", ["expression": entry.expression, "result": entry.result.description]),
                row: row, column: left, maxWidth: inner)
            row += 1
        }
        if let error = panel.error {
            grid.put(sentence(for: error), row: fieldRow - 1, column: left, style: ScreenKit.error, maxWidth: inner)
        }
        let prompt = text("calculator.expression") + " "
        let promptWidth = grid.put(prompt, row: fieldRow, column: left, style: CellStyle(bold: true))
        ScreenKit.field(
            panel.field, row: fieldRow, column: left + promptWidth, width: inner - promptWidth,
            style: ScreenKit.look.adjusted(CellStyle(underline: true)), into: &grid)
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer(keys(flow, panel), pinned: ExamScreens.helpFooterKey, into: &grid)
    }

    /// "Scientific calculator · degrees · M = 12": the kind, the angle unit and the memory.
    static func title(_ panel: CalculatorPanel) -> String {
        let text = ScreenKit.text
        let calculator = panel.calculator
        var parts = [text("calculator.title." + calculator.kind.rawValue)]
        if calculator.kind == .scientific { parts.append(text("calculator." + calculator.angleUnit.rawValue)) }
        parts.append(text("calculator.memory", ["value": CalculatorNumber(calculator.memory).description]))
        return parts.joined(separator: " · ")
    }

    static func keys(_ flow: ExamFlow, _ panel: CalculatorPanel) -> [(String, String)] {
        let text = ScreenKit.text
        var keys = [("Enter", text("key.calculate")), ("Esc", text("key.back"))]
        if case .numeric = flow.sitting.question.kind { keys.append(("^P", text("key.into-answer"))) }
        if panel.calculator.kind == .scientific { keys.append(("Tab", text("key.angle-unit"))) }
        keys += [("F2", "M+"), ("F3", "M−"), ("F4", "MC")]
        return keys
    }

    /// The sentence that says why an expression has no result.
    static func sentence(for error: CalculationError) -> String {
        let text = ScreenKit.text
        switch error {
        case .empty: return text("calculator.error.empty")
        case .unknownCharacter(let character): return text("calculator.error.unknown-character", ["text": character])
        case .unknownName(let name): return text("calculator.error.unknown-name", ["text": name])
        case .scientificOnly(let name): return text("calculator.error.scientific-only", ["text": name])
        case .badNumber(let number): return text("calculator.error.bad-number", ["text": number])
        case .numberMissing: return text("calculator.error.number-missing")
        case .unexpected(let token): return text("calculator.error.unexpected", ["text": token])
        case .bracketNotClosed: return text("calculator.error.bracket-not-closed")
        case .bracketNotOpened: return text("calculator.error.bracket-not-opened")
        case .divisionByZero: return text("calculator.error.division-by-zero")
        case .outsideDomain(let function): return text("calculator.error.outside-domain", ["text": function])
        case .noPreviousResult: return text("calculator.error.no-previous")
        case .tooLarge: return text("calculator.error.too-large")
        }
    }
}
