import AssessCore
import AssessExam

/// A code answer on the marking screen: the program with its line numbers in a dim margin
/// (lines cut at the box's edge with `›`, never wrapped, so that its indentation reads as
/// written), and each hidden test's outcome as `results` kept it: ✓ or ✗ with the verdict
/// in words, and for a failure what was expected and what the program printed. A failure
/// is bold and underlined as well as coloured, so that no meaning rests on colour alone.
enum MarkedProgram {
    /// The program's lines as the marking screen shows them: unwrapped.
    static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The box title (or, in the screen reader's layout, the heading) over the program.
    static func label(_ item: MarkingItem, _ code: CodeQuestion) -> String {
        let language = CodeView.languageNames[code.language] ?? code.language.rawValue
        guard item.codeTests != nil else { return "Program · \(language) · hidden tests not run yet" }
        return "Program · \(language) · scored \(MarkRules.number(item.automatic.awarded)) of "
            + MarkRules.number(item.automatic.maximum)
    }

    /// The heading over the tests: how many passed, or why there are no outcomes to show.
    static func testsHeading(_ item: MarkingItem, _ code: CodeQuestion) -> String {
        guard let outcomes = item.codeTests else { return "Hidden tests: not run; assess results runs them" }
        let passed = outcomes.count { $0.verdict == .passed }
        return "Hidden tests: \(passed) of \(code.tests.count) passed"
    }

    /// One line per hidden test, in order, or the failures first when `room` cannot hold
    /// them all (each line says its test's number, so the order stays plain).
    static func testLines(_ item: MarkingItem, _ code: CodeQuestion, room: Int, width: Int) -> [(
        String, CellStyle
    )] {
        guard let outcomes = item.codeTests else { return [] }
        var numbered = Array(zip(code.tests, outcomes).enumerated())
        if numbered.count > room {
            numbered =
                numbered.filter { $0.element.1.verdict != .passed }
                + numbered.filter {
                    $0.element.1.verdict == .passed
                }
        }
        return numbered.prefix(room).map { index, pair in
            let (test, outcome) = pair
            let passed = outcome.verdict == .passed
            var line =
                (passed ? "✓ " : "✗ ") + "Test \(index + 1) (\(MarkingScreen.points(test.points))): "
                + ScreenKit.text("run." + outcome.verdict.rawValue)
            if !passed {
                // Each part gets a share of the width, so that "got" shows beside a long "expected".
                let share = max(8, (width - line.displayWidth) / 3 - 12)
                if outcome.verdict == .wrongOutput {
                    line += " · expected " + shown(test.expectedOutput, share)
                }
                if let output = outcome.output, !output.isEmpty || outcome.verdict == .wrongOutput {
                    line += (outcome.verdict == .compileError ? " · compiler: " : " · got ") + shown(output, share)
                }
                if outcome.verdict != .compileError {
                    line += " · input " + shown(test.standardInput, share)
                }
            }
            let style = ScreenKit.look.adjusted(
                passed ? CellStyle(color: .success) : CellStyle(bold: true, underline: true, color: .error))
            return (line, style)
        }
    }

    /// `text` on one line, line ends as ⏎, control characters written out, cut to `width` with `…`.
    static func shown(_ text: String, _ width: Int) -> String {
        guard !text.isEmpty else { return "∅" }
        let line = SampleRunPanel.shown(text)
        return line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }

    /// The program in a box over a box of the tests' outcomes, both within `area`.
    static func drawBoxed(
        _ desk: inout MarkingDesk, _ item: MarkingItem, _ code: CodeQuestion, in area: CellRect,
        into grid: inout CellGrid
    ) {
        let wanted = max(1, item.codeTests?.count ?? 1)
        let testsHeight = min(wanted, max(1, (area.height - 2) / 2 - 1)) + 2
        let box = CellRect(row: area.row, column: area.column, height: area.height - testsHeight, width: area.width)
        let testsBox = CellRect(row: box.row + box.height, column: area.column, height: testsHeight, width: area.width)

        let layout = desk.answerLayout(width: box.width - 4)
        let visible = box.height - 2
        desk.fit(visibleLines: visible, totalLines: layout.lines.count)
        grid.drawBox(box, title: label(item, code), line: .rounded)
        let gutter = max(2, String(layout.lines.count).count) + 1
        let shown = layout.lines.dropFirst(desk.scroll).prefix(visible)
        for (offset, line) in shown.enumerated() {
            let row = box.row + 1 + offset
            let number = String(desk.scroll + offset + 1)
            grid.put(
                String(repeating: " ", count: gutter - 1 - number.count) + number, row: row, column: box.column + 2,
                style: ScreenKit.dim)
            putCut(line, row: row, column: box.column + 2 + gutter, width: box.width - 4 - gutter, into: &grid)
        }
        if layout.lines.count > visible {
            let more = " lines \(desk.scroll + 1)-\(desk.scroll + shown.count) of \(layout.lines.count) "
            grid.put(
                more, row: box.row + box.height - 1, column: box.column + box.width - 2 - more.displayWidth,
                style: ScreenKit.dim)
        }

        grid.drawBox(testsBox, title: testsHeading(item, code), line: .rounded)
        let lines = testLines(item, code, room: testsHeight - 2, width: testsBox.width - 4)
        for (offset, (line, style)) in lines.enumerated() {
            grid.put(
                line, row: testsBox.row + 1 + offset, column: testsBox.column + 2, style: style,
                maxWidth: testsBox.width - 4)
        }
        if let outcomes = item.codeTests, outcomes.count > lines.count {
            let more = " \(lines.count) of \(outcomes.count) shown, failures first "
            grid.put(
                more, row: testsBox.row + testsBox.height - 1,
                column: testsBox.column + testsBox.width - 2 - more.displayWidth, style: ScreenKit.dim)
        }
    }

    /// The screen reader's layout: a heading with the lines shown, each line of the program
    /// after its number and a colon, then the tests under their own heading, in one column.
    static func drawLinear(
        _ desk: inout MarkingDesk, _ item: MarkingItem, _ code: CodeQuestion, in area: CellRect,
        into grid: inout CellGrid
    ) {
        let wanted = max(1, item.codeTests?.count ?? 0)
        let testsRows = min(wanted, max(1, area.height / 2 - 1)) + 1
        let layout = desk.answerLayout(width: area.width)
        let visible = max(1, area.height - 1 - testsRows)
        desk.fit(visibleLines: visible, totalLines: layout.lines.count)
        let shown = layout.lines.dropFirst(desk.scroll).prefix(visible)
        let position =
            layout.lines.count > visible
            ? ", lines \(desk.scroll + 1)-\(desk.scroll + shown.count) of \(layout.lines.count)" : ""
        grid.put(
            label(item, code) + position + ":", row: area.row, column: area.column, style: ScreenKit.title,
            maxWidth: area.width)
        for (offset, line) in shown.enumerated() {
            let number = "\(desk.scroll + offset + 1): "
            grid.put(number, row: area.row + 1 + offset, column: area.column)
            putCut(
                line, row: area.row + 1 + offset, column: area.column + number.count,
                width: area.width - number.count, into: &grid)
        }
        let heading = area.row + 1 + visible
        grid.put(
            testsHeading(item, code) + ":", row: heading, column: area.column, style: ScreenKit.title,
            maxWidth: area.width)
        for (offset, (line, style)) in testLines(item, code, room: testsRows - 1, width: area.width).enumerated() {
            grid.put(line, row: heading + 1 + offset, column: area.column, style: style, maxWidth: area.width)
        }
    }

    /// One line of the program from `column`, cut with a dim `›` when wider than `width`;
    /// tabs as four spaces and control characters written out, as everywhere else.
    private static func putCut(_ line: String, row: Int, column: Int, width: Int, into grid: inout CellGrid) {
        let text = VisibleText.visible(line.replacingOccurrences(of: "\t", with: "    "), keepingLayout: false)
        guard text.displayWidth > width else {
            grid.put(text, row: row, column: column)
            return
        }
        grid.put(text, row: row, column: column, maxWidth: width - 1)
        grid.put("›", row: row, column: column + width - 1, style: ScreenKit.dim)
    }
}
