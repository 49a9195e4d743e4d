import AssessCore
import AssessExam
import Foundation

/// The question on screen: header with progress and time left, the prompt, the answer
/// control for its type, the notice line and the keys.
enum QuestionScreen {
    static func render(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        let sitting = flow.sitting
        let presented = sitting.presented
        let question = presented.question
        let width = ExamScreens.answerWidth(columns: grid.columns)

        let text = ScreenKit.text
        header(flow, now: now, into: &grid)
        let flagged = sitting.flagged.contains(question.id) ? "   ⚑ " + text("question.flagged") : ""
        let points =
            question.points == question.points.rounded() && abs(question.points) < 1e9
            ? text.plural("question.points", count: Int(question.points))
            : text("question.points-fraction", ["points": question.points])
        // The screen reader's layout says the flag in the header's words: one column.
        let flagWidth = ScreenKit.look.linear || flagged.isEmpty ? 0 : flagged.displayWidth + 1
        // The heading wraps whole beside the flag; the prompt starts a line below it.
        // The screen reader's layout says where the student is in the state line already.
        let heading =
            ScreenKit.look.linear
            ? points
            : text(
                "question.position",
                ["number": sitting.current + 1, "count": sitting.questions.count, "points": points])
        let headingEnd = ScreenKit.paragraph(
            heading, row: 2,
            width: grid.columns - 2 * ScreenKit.margin - flagWidth, style: ScreenKit.dim, into: &grid,
            lastRow: grid.rows - 9)
        if !ScreenKit.look.linear {
            grid.put(
                flagged, row: 2, column: grid.columns - ScreenKit.margin - flagged.displayWidth,
                style: ScreenKit.warning)
        }
        let prompt = PromptView.render(
            flow, row: max(4, headingEnd + 1), width: width, lastRow: grid.rows - 8, into: &grid)
        var promptEnd = prompt.end
        if case .code(let code) = question.kind {
            promptEnd = ScreenKit.paragraph(
                codeBrief(code), row: promptEnd + 1, width: width, into: &grid, lastRow: grid.rows - 8)
        }
        var answerTop = promptEnd + 1
        if let image = question.image {
            // The picture takes what the answer leaves: the rows its control needs stay free.
            let lastRow = grid.rows - 6 - AnswerView.rowsNeeded(flow.control)
            answerTop =
                PictureView.render(
                    image, shelf: flow.pictures, row: promptEnd + 1, width: width, lastRow: lastRow, into: &grid) + 1
        }
        var area = CellRect(
            row: answerTop, column: ScreenKit.margin,
            height: grid.rows - 4 - answerTop, width: width)
        // The sample runs' panel under a program's editor, which keeps three lines at least.
        let panelRows = min(SampleRunPanel.rows(flow), max(0, area.height - 3))
        if panelRows > 0 {
            area.height -= panelRows
            SampleRunPanel.render(
                flow, row: area.row + area.height, column: area.column, width: width, into: &grid)
        }
        AnswerView.render(
            flow.control, struck: sitting.annotations[question.id]?.struck ?? [], suggestions: flow.suggestions,
            in: area, into: &grid)
        // While the prompt is read, the cursor stays there, where a screen reader reads it.
        if let cursor = prompt.cursor { grid.cursor = cursor }
        SuggestionView.offer(flow.suggestions.offer(for: flow.control), row: grid.rows - 4, into: &grid)

        if let notice = flow.notice?.text ?? flow.suggestions.note {
            // The screen reader's layout says a time warning in the state line, once.
            if !ScreenKit.look.linear || notice != flow.timeWarning { ScreenKit.notice(notice, into: &grid) }
        } else if flow.savedOnThisTerminal {
            // Quiet: nothing is lost and the student need do nothing.
            ScreenKit.notice(
                ScreenKit.text("notice.saved-on-terminal"), style: ScreenKit.dim,
                into: &grid)
        }
        ScreenKit.footer(keys(flow), pinned: pinnedKeys(flow), into: &grid)
    }

    /// What a code question says under its prompt: the language, then each sample's input
    /// and expected output, line ends shown as ⏎ so that both fit on one line.
    static func codeBrief(_ code: CodeQuestion) -> String {
        lastBrief(BriefInputs(code: code, text: ScreenKit.text)) { inputs in
            let shown = { (value: String) in value.isEmpty ? "∅" : value.replacingOccurrences(of: "\n", with: "⏎") }
            let samples = inputs.code.samples.enumerated().map { index, sample in
                inputs.text(
                    "question.code-sample",
                    ["number": index + 1, "input": shown(sample.standardInput), "output": shown(sample.expectedOutput)])
            }
            let language = CodeView.languageNames[inputs.code.language] ?? inputs.code.language.rawValue
            return ([inputs.text("question.code-language", ["language": language])] + samples).joined(separator: "\n")
        }
    }

    /// What a code question's brief is made of: the brief is drawn with every key.
    private struct BriefInputs: Equatable, Sendable {
        let code: CodeQuestion
        let text: Catalogue
    }
    private static let lastBrief = LastDrawn<BriefInputs, String>()

    /// The keys at the right end of the footer, which always show: the settings (F9) when
    /// the student may switch any, and the help.
    static func pinnedKeys(_ flow: ExamFlow) -> [(String, String)] {
        (flow.switchableSettings.isEmpty ? [] : [("F9", ScreenKit.text("key.settings"))]) + ExamScreens.helpFooterKey
    }

    /// The top bar: exam title and section on the left; question number and time on the
    /// right. In the screen reader's layout, one sentence: where the student is, the
    /// question's state and the time left, in words.
    static func header(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        let sitting = flow.sitting
        let section = sitting.presented.sectionTitle.map { " — \($0)" } ?? ""
        let secondsLeft = flow.secondsLeft(now: now)
        let hidden = secondsLeft.map(flow.hidesTime(secondsLeft:)) ?? false
        let time =
            hidden ? ScreenKit.text("time.hidden") : secondsLeft.map { ScreenKit.look.timeLeft($0) } ?? ""
        let mode =
            (flow.practice ? ScreenKit.text("header.practice") + "  " : "")
            + (flow.hand == .down
                ? "" : ScreenKit.text(flow.hand == .raised ? "header.hand-raised" : "header.proctor-coming") + "  ")
        if ScreenKit.look.linear {
            ScreenKit.headerBar(left: stateInWords(flow, time: time), right: "", into: &grid)
            return
        }
        ScreenKit.headerBar(
            left: sitting.exam.title + section,
            right: mode
                + ScreenKit.text(
                    "header.answered",
                    [
                        "answered": sitting.tally.answered,
                        "count": sitting.questions.count,
                    ]) + "   " + time,
            into: &grid)
        // The last minutes: the clock stands out by its attributes, not by its colour alone.
        if let left = secondsLeft, !hidden, let from = markedFrom(secondsAllowed: flow.secondsAllowed),
            left <= from
        {
            grid.put(time, row: 0, column: max(0, grid.columns - time.displayWidth - 1), style: clockMarked)
        }
    }

    /// From how many seconds left the header's clock is marked: the last 5 minutes; in an
    /// exam of 5 minutes or less (all of it "the last 5 minutes"), its last minute.
    static func markedFrom(secondsAllowed: Int) -> Int? {
        [5, 1].first { $0 * 60 < secondsAllowed }.map { $0 * 60 }
    }

    /// The header's clock in its last minutes: out of the bar's reverse video, bold and underlined.
    static var clockMarked: CellStyle {
        ScreenKit.look.adjusted(CellStyle(bold: true, underline: true, color: .warning))
    }

    /// "Question 3 of 12, answered, flagged. 14 minutes left." on a question; elsewhere
    /// the exam's title and how many are answered.
    static func stateInWords(_ flow: ExamFlow, time: String) -> String {
        let sitting = flow.sitting
        let text = ScreenKit.text
        var sentences: [String]
        if flow.phase == .question {
            let id = sitting.question.id
            let state = sitting.isAnswered(id) ? "answered" : "unanswered"
            sentences = [
                text(
                    "words.question-" + state + (sitting.flagged.contains(id) ? "-flagged" : ""),
                    ["number": sitting.current + 1, "count": sitting.questions.count])
            ]
        } else {
            sentences = [
                text("words.title", ["title": sitting.exam.title]),
                text("words.answered", ["answered": sitting.tally.answered, "count": sitting.questions.count]),
            ]
        }
        if flow.practice { sentences.insert(text("words.practice"), at: 1) }
        if flow.hand != .down {
            sentences.append(text(flow.hand == .raised ? "words.hand-raised" : "words.proctor-coming"))
        }
        if !time.isEmpty {
            sentences.append(text("words.sentence", ["text": time.prefix(1).uppercased() + time.dropFirst()]))
        }
        // A time warning stands in the state line until the student presses a key.
        if let warning = flow.timeWarning { sentences.append(text("words.warning", ["warning": warning])) }
        return sentences.dropFirst().reduce(sentences[0]) { text("words.join", ["first": $0, "next": $1]) }
    }

    /// The keys for the footer, in the order they show. Tab, the keys that answer (while an
    /// item of an ordering is held, those that carry and put it down) and review & submit
    /// are kept whatever the width; the raise-hand key comes next; the rest take what room is
    /// left, in order (the pinned ones, ``pinnedKeys(_:)``, always show; F1 help lists all).
    static func keys(_ flow: ExamFlow) -> [ScreenKit.FooterKey] {
        typealias FooterKey = ScreenKit.FooterKey
        let sitting = flow.sitting
        let text = ScreenKit.text
        var keys: [FooterKey] =
            flow.control.isCode
            ? [FooterKey("PgDn", text("key.next"), .kept), FooterKey("Tab", text("key.indent"), .kept)]
            : [FooterKey("Tab", text("key.next"), .kept)]
        switch flow.control.field {
        case .choices:
            keys += [FooterKey("↑↓", text("key.move"), .kept), FooterKey("Space", text("key.choose"), .kept)]
            if sitting.canStrikeOut, flow.control.canStrikeOut { keys.append(FooterKey("x", text("key.strike-out"))) }
        case .line, .essay:
            keys +=
                [FooterKey("^U", text("key.undo"))]
                + flow.suggestions.keys(for: flow.control).map { FooterKey($0.0, $0.1) }
        case .matching: keys += [FooterKey("↑↓", text("key.row"), .kept), FooterKey("←→", text("key.match"), .kept)]
        case .ordering(_, _, let picked):
            keys +=
                picked
                ? [FooterKey("↑↓", text("key.carry"), .kept), FooterKey("Space", text("key.put-down"), .kept)]
                : [FooterKey("↑↓", text("key.move"), .kept), FooterKey("Space", text("key.pick-up"), .kept)]
        }
        if flow.currentReading != nil {
            // Reading the prompt: its keys in place of the answer's.
            keys = [FooterKey("↑↓", text("key.line"), .kept)]
            if sitting.canHighlight {
                keys += [FooterKey("←→", text("key.word"), .kept), FooterKey("Space", text("key.highlight"), .kept)]
            }
            keys.append(FooterKey("Esc", text("key.back-to-answer"), .kept))
        }
        keys.append(FooterKey("F4", text("key.review-submit"), .kept))
        // The panel names the run key too.
        if (flow.runsAllowedHere ?? 0) > 0 { keys.append(FooterKey("^G", text("key.run-samples"))) }
        if sitting.calculator != nil { keys.append(FooterKey("^K", text("key.calculator"))) }
        if sitting.reference != nil { keys.append(FooterKey("^L", text("key.reference"))) }
        if flow.currentReading == nil, sitting.canUseLineReader || sitting.canHighlight {
            keys.append(FooterKey("^G", text("key.read")))
        }
        if !flow.practice, sitting.canRaiseHand {
            keys.append(FooterKey("F12", text(flow.hand == .down ? "key.raise-hand" : "key.lower-hand"), .high))
        }
        if flow.breaksLeft > 0 { keys.append(FooterKey("F6", text("key.break"))) }
        if sitting.canGoBack { keys.append(FooterKey("S-Tab", text("key.back"))) }
        if sitting.canFlag { keys.append(FooterKey("F2", text("key.flag"))) }
        if sitting.canJump { keys.append(FooterKey("F3", text("key.list"))) }
        if sitting.canUseScratchpad { keys.append(FooterKey("F5", text("key.notes"))) }
        return keys
    }
}

/// Draws an answer control inside a rectangle.
enum AnswerView {
    /// Draws `control`; `struck` are the choices struck out, by file index.
    static func render(
        _ control: AnswerControl, struck: Set<Int>, suggestions: SuggestionControl, in area: CellRect,
        into grid: inout CellGrid
    ) {
        switch control.field {
        case .choices(let highlight):
            choices(control, highlight: highlight, struck: struck, in: area, into: &grid)
        case .line(let editor):
            line(control, editor: editor, suggestions: suggestions, in: area, into: &grid)
        case .essay(let editor) where control.isCode:
            var colouring: CodeLanguage?
            if case .code(let code) = control.presented.question.kind, code.syntaxColour { colouring = code.language }
            CodeView.render(editor, colouring: colouring, in: area, into: &grid)
        case .essay(let editor):
            essay(editor, suggestions: suggestions, in: area, into: &grid)
        case .matching(let row):
            matching(control, row: row, in: area, into: &grid)
        case .ordering(_, let cursor, let picked):
            ordering(control, cursor: cursor, picked: picked, in: area, into: &grid)
        }
    }

    /// The rows `control` needs below a question's picture: every choice, or a few lines
    /// for a typed answer, so that a picture never pushes the answer off the screen.
    static func rowsNeeded(_ control: AnswerControl) -> Int {
        switch control.field {
        case .choices:
            let multiple: Bool
            if case .multipleResponse = control.presented.question.kind { multiple = true } else { multiple = false }
            return (multiple ? 2 : 0) + control.choiceLabels.count * (1 + ScreenKit.look.choiceGap)
        case .line: return 3
        case .essay: return 6
        case .matching, .ordering: return min(8, control.choiceLabels.count + 2)
        }
    }

    /// The choices, one a row; a struck-out one is dim and marked ✗ (the screen reader's
    /// layout says "struck"), so that it shows by an attribute and a mark, not colour alone.
    static func choices(
        _ control: AnswerControl, highlight: Int, struck: Set<Int>, in area: CellRect, into grid: inout CellGrid
    ) {
        let multiple: Bool
        if case .multipleResponse = control.presented.question.kind { multiple = true } else { multiple = false }
        if multiple {
            grid.put(ScreenKit.text("answer.choose-every"), row: area.row, column: area.column, style: ScreenKit.dim)
        }
        let look = ScreenKit.look
        // True and false are the interface's words; every other choice is the exam's.
        var labels = control.choiceLabels
        if case .trueFalse = control.presented.question.kind {
            labels = [ScreenKit.text("answer.true"), ScreenKit.text("answer.false")]
        }
        let pictures = control.presented.question.choiceImages
        if !pictures.isEmpty {
            labels = labels.indices.map { index in
                PictureView.label(labels[index], picture: pictures[control.presented.fileIndex(ofDisplayed: index)])
            }
        }
        for (index, label) in labels.enumerated() {
            let row = area.row + (multiple ? 2 : 0) + index * (1 + look.choiceGap)
            guard row < area.row + area.height else { break }
            let chosen = control.isChosen(displayed: index)
            // True and false have no file order, and are never struck out.
            let isStruck =
                control.canStrikeOut && !struck.isEmpty
                && struck.contains(control.presented.fileIndex(ofDisplayed: index))
            let mark = multiple ? (chosen ? "[x]" : "[ ]") : (chosen ? "(•)" : "( )")
            var style = index == highlight ? ScreenKit.selected : (chosen ? CellStyle(bold: true) : .plain)
            if isStruck { style = look.adjusted(CellStyle(dim: true, reverse: index == highlight)) }
            // A screen reader reads words, not brackets: "2. Toronto, chosen".
            let words = "words.choice" + (chosen ? "-chosen" : "") + (isStruck ? "-struck" : "")
            let text =
                look.linear
                ? ScreenKit.text(words, ["number": index + 1, "choice": label])
                : "\(mark) \(index + 1). \(isStruck ? "✗ " : "")\(label)"
            grid.put(text, row: row, column: area.column, style: style, maxWidth: area.width)
            if index == highlight { grid.cursor = CellPosition(row: row, column: area.column + (look.linear ? 0 : 1)) }
        }
    }

    static func line(
        _ control: AnswerControl, editor: TextEditor, suggestions: SuggestionControl, in area: CellRect,
        into grid: inout CellGrid
    ) {
        let label = ScreenKit.text("answer.label") + " "
        var unit = ""
        var hint: String?
        if case .numeric(_, let questionUnit) = control.presented.question.kind {
            unit = questionUnit.map { " \($0)" } ?? ""
            hint = numberHint(editor.text, unit: questionUnit)
        }
        let fieldWidth = max(10, min(60, area.width - label.displayWidth - unit.displayWidth - 1))
        let visible = editor.visibleSlice(width: fieldWidth)
        grid.put(label, row: area.row, column: area.column)
        let fieldColumn = area.column + label.displayWidth
        grid.fill(
            CellRect(row: area.row, column: fieldColumn, height: 1, width: fieldWidth),
            style: CellStyle(underline: true))
        grid.put(
            visible.text, row: area.row, column: fieldColumn, style: CellStyle(underline: true), maxWidth: fieldWidth)
        grid.put(unit, row: area.row, column: fieldColumn + fieldWidth)
        if control.proseEditor != nil {
            let marked = SuggestionView.markMisspellings(
                in: visible.text, suggestions: suggestions, row: area.row,
                column: fieldColumn, width: fieldWidth, into: &grid)
            hint = SuggestionView.markedCount(marked)
        }
        if let hint {
            ScreenKit.paragraph(
                hint, row: area.row + 2, column: area.column, width: area.width, style: ScreenKit.dim,
                into: &grid, lastRow: area.row + area.height - 1)
        }
        grid.cursor = CellPosition(row: area.row, column: fieldColumn + visible.cursorColumn)
    }

    /// What the student reads under a numeric answer: how to type one, or why the text
    /// typed is not a number; `nil` once it is one.
    static func numberHint(_ typed: String, unit: String?) -> String? {
        let text = ScreenKit.text
        if typed.trimmingCharacters(in: .whitespaces).isEmpty { return text("answer.number-hint") }
        guard NumericInput.value(of: typed, unit: unit) == nil else { return nil }
        let sentence = text("answer.not-a-number", ["text": typed])
        return unit.map { text("answer.unit-note", ["sentence": sentence, "unit": $0]) } ?? sentence
    }

    static func essay(
        _ editor: TextEditor, suggestions: SuggestionControl, in area: CellRect, into grid: inout CellGrid
    ) {
        guard area.height >= 4 else { return }
        let box = CellRect(row: area.row, column: area.column, height: area.height - 1, width: area.width)
        // The screen reader's layout has no box: the text starts where the box would.
        let inner: CellRect
        if ScreenKit.look.linear {
            inner = CellRect(row: box.row, column: box.column, height: box.height - 1, width: box.width - 2)
        } else {
            grid.drawBox(box, style: ScreenKit.dim)
            inner = box.inset(by: 1)
        }
        let view = editor.viewport(
            width: AnswerControl.essayTextWidth(answerWidth: area.width), rows: max(1, inner.height))
        var marked = 0
        for (offset, line) in view.lines.enumerated() {
            grid.put(line.text, row: inner.row + offset, column: inner.column, maxWidth: inner.width)
            marked += SuggestionView.markMisspellings(
                in: line.text, suggestions: suggestions, row: inner.row + offset,
                column: inner.column, width: inner.width, into: &grid)
        }
        grid.cursor = CellPosition(row: inner.row + view.cursor.row, column: inner.column + view.cursor.column)
        let text = ScreenKit.text
        var words =
            editor.wordLimit.map { text("essay.words-limit", ["words": editor.wordCount, "limit": $0]) }
            ?? text("essay.words", ["words": editor.wordCount])
        if let count = SuggestionView.markedCount(marked) { words += " · " + count }
        if editor.isOverWordLimit { words += " · " + text("essay.over-limit") }
        grid.put(
            words, row: box.row + box.height, column: area.column,
            style: editor.isOverWordLimit ? ScreenKit.warning : ScreenKit.dim)
    }

    static func matching(_ control: AnswerControl, row selectedRow: Int, in area: CellRect, into grid: inout CellGrid) {
        let lefts = control.matchingLefts
        let leftWidth = min(area.width / 2, (lefts.map(\.displayWidth).max() ?? 0) + 1)
        for (index, left) in lefts.enumerated() {
            let row = area.row + index
            guard row < area.row + area.height - 2 else { break }
            let style = index == selectedRow ? ScreenKit.selected : CellStyle.plain
            let match = control.match(forRow: index)
            if ScreenKit.look.linear {
                // A screen reader reads words, not an arrow and a dash: "France: Paris".
                let words = match.map { ScreenKit.text("words.match", ["left": left, "right": $0]) }
                grid.put(
                    words ?? ScreenKit.text("words.match-none", ["left": left]), row: row, column: area.column,
                    style: style, maxWidth: area.width)
            } else {
                grid.put(left, row: row, column: area.column, style: style, maxWidth: leftWidth)
                grid.put(
                    " → \(match ?? "—")", row: row, column: area.column + leftWidth + 1, style: style,
                    maxWidth: area.width - leftWidth - 1)
            }
            if index == selectedRow { grid.cursor = CellPosition(row: row, column: area.column) }
        }
        let options = ScreenKit.text(
            "matching.options", ["options": control.presented.displayedOptions.joined(separator: " · ")])
        ScreenKit.paragraph(
            options, row: area.row + lefts.count + 1, column: area.column, width: area.width,
            style: ScreenKit.dim, into: &grid, lastRow: area.row + area.height - 1)
    }

    static func ordering(
        _ control: AnswerControl, cursor: Int, picked: Bool, in area: CellRect, into grid: inout CellGrid
    ) {
        grid.put(ScreenKit.text("ordering.about"), row: area.row, column: area.column, style: ScreenKit.dim)
        for (index, item) in control.orderingItems.enumerated() {
            let row = area.row + 2 + index * (1 + ScreenKit.look.choiceGap)
            guard row < area.row + area.height else { break }
            let held = index == cursor && picked
            let style = index == cursor ? ScreenKit.selected : CellStyle.plain
            // The screen reader's layout says the item held in words: "2. Two, held".
            let line =
                ScreenKit.look.linear
                ? (held
                    ? ScreenKit.text("words.item-held", ["number": index + 1, "item": item]) : "\(index + 1). \(item)")
                : "\(held ? "⇕" : " ") \(index + 1). \(item)"
            grid.put(line, row: row, column: area.column, style: style, maxWidth: area.width)
            if index == cursor { grid.cursor = CellPosition(row: row, column: area.column) }
        }
    }
}
