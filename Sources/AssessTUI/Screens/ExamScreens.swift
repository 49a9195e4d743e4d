import AssessCore
import AssessExam

/// Draws the student's screens. Each is a function of the flow's state: no curses,
/// so tests compare the grid's lines with what the student should see.
public enum ExamScreens {
    /// The smallest terminal the exam screens are laid out for.
    public static let minimumSize = TerminalSize(columns: 80, rows: 24)

    /// The width of the answer area on a terminal `columns` wide.
    public static func answerWidth(columns: Int) -> Int {
        max(10, columns - 2 * ScreenKit.margin)
    }

    /// Draws the screen for `flow` at monotonic time `now` into `grid`, in the look its
    /// accessibility settings ask for.
    public static func render(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        grid.clear()
        grid.cursor = nil
        ScreenKit.drawing(with: ScreenLook(flow.screenAccessibility), text: flow.text, into: &grid) { grid in
            if grid.columns < minimumSize.columns || grid.rows < minimumSize.rows {
                tooSmall(columns: grid.columns, rows: grid.rows, into: &grid)
                return
            }
            // A message from the proctor takes the screen until the student has read it.
            if let message = flow.proctorMessage {
                proctorMessage(message, of: flow, now: now, into: &grid)
                return
            }
            // The screen reader's layout keeps the last message on a line of its own.
            let announcement = ScreenKit.look.linear && flow.isInExam ? flow.announcement : nil
            ScreenKit.$announced.withValue(announcement) { phase(flow.phase, of: flow, now: now, into: &grid) }
            if let announcement {
                grid.put(
                    ScreenKit.text("notice.line", ["notice": announcement]), row: 1, column: ScreenKit.margin,
                    style: ScreenKit.warning,
                    maxWidth: grid.columns - 2 * ScreenKit.margin)
            }
        }
    }

    /// The key pinned to the right of every footer of the student's and of the proctor's
    /// screens at the seat: the help, which lists the keys a narrow footer leaves out.
    static var helpFooterKey: [(String, String)] { [("F1", ScreenKit.text("key.help"))] }

    private static func phase(_ phase: ExamFlow.Phase, of flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        let text = ScreenKit.text
        switch phase {
        case .launchSetup(let setup): LaunchSetupScreen.render(setup, in: flow.language, into: &grid)
        case .welcome: welcome(flow, into: &grid)
        case .starting:
            let starting = text(
                flow.practice ? "starting.practice" : flow.lockAgreed ? "starting.locking" : "starting.exam")
            ScreenKit.centeredBox([(starting, ScreenKit.title)], width: 50, into: &grid)
        case .consent(let request): consent(title: request.title, maximumHours: request.maximumHours, into: &grid)
        case .startBanner: startBanner(flow, into: &grid)
        case .question: QuestionScreen.render(flow, now: now, into: &grid)
        case .palette(let selection): PaletteScreen.render(flow, selection: selection, now: now, into: &grid)
        case .review(let selection): ReviewScreen.render(flow, selection: selection, now: now, into: &grid)
        case .confirmSubmit: confirm(flow, into: &grid)
        case .confirmBreak: confirmBreak(flow, into: &grid)
        case .confirmLeave: confirmLeave(flow, into: &grid)
        case .submitting:
            ScreenKit.centeredBox([(text("submitting"), ScreenKit.title)], width: 50, into: &grid)
        case .endBanner: endBanner(flow, into: &grid)
        case .receipt: receipt(flow, into: &grid)
        case .refused(let reason, _): refused(reason, into: &grid)
        case .leaving:
            ScreenKit.centeredBox([(text("leaving.saving"), ScreenKit.title)], width: 50, into: &grid)
        case .paused: ProctorScreens.paused(flow, into: &grid)
        case .onBreak(_, let until): ProctorScreens.onBreak(flow, until: until, now: now, into: &grid)
        case .proctor: ProctorScreens.panel(flow, now: now, into: &grid)
        case .scratchpad: scratchpad(flow, now: now, into: &grid)
        case .calculator: CalculatorScreen.render(flow, now: now, into: &grid)
        case .reference(let top): reference(flow, top: top, now: now, into: &grid)
        case .help(let returningTo): HelpScreen.render(flow, keysOf: returningTo, now: now, into: &grid)
        case .settings(let selection, _): SettingsScreen.render(flow, selection: selection, now: now, into: &grid)
        }
    }

    static func welcome(_ flow: ExamFlow, into grid: inout CellGrid) {
        let exam = flow.sitting.exam
        let text = ScreenKit.text
        let width = grid.columns - 2 * ScreenKit.margin
        ScreenKit.headerBar(left: "assess", right: text(flow.practice ? "header.practice" : "header.exam"), into: &grid)
        var row = ScreenKit.paragraph(exam.title, row: 2, width: width, style: ScreenKit.title, into: &grid)
        row += 1
        var time = ScreenKit.duration(flow.secondsAllowed - flow.secondsUsedBefore)
        if flow.secondsAllowed != exam.durationSeconds {
            time = text("welcome.time-extra", ["time": time, "exam": ScreenKit.duration(exam.durationSeconds)])
        }
        if flow.isResumed {
            time = text("welcome.time-resumed", ["time": time])
        }
        if flow.breaks.count > 0 {
            time = text(
                "welcome.time-breaks",
                [
                    "time": time, "breaks": flow.breaksLeft,
                    "length": ScreenKit.duration(flow.breaks.minutes * 60),
                ])
        }
        row =
            ScreenKit.labelled(
                [
                    (text("label.candidate"), flow.candidate), (text("label.time"), time),
                    (text("label.questions"), text.language.number(flow.sitting.questions.count)),
                    (text("label.exam-key"), flow.shortKey),
                ],
                row: row, width: width, into: &grid) + 1
        if !flow.sitting.canGoBack {
            row =
                ScreenKit.paragraph(
                    text("welcome.linear"),
                    row: row, width: width, style: ScreenKit.warning, into: &grid) + 1
        }
        if flow.practice {
            row =
                ScreenKit.paragraph(
                    text("welcome.practice"),
                    row: row, width: width, style: ScreenKit.warning, into: &grid) + 1
        }
        switch flow.commonStart {
        case .waiting(let refused):
            row = ScreenKit.paragraph(
                text("welcome.waiting"), row: row, width: width, style: ScreenKit.title, into: &grid)
            if refused {
                row = ScreenKit.paragraph(
                    text("welcome.start-code-wrong"), row: row, width: width, style: ScreenKit.warning,
                    into: &grid)
            }
            // Every language's label ends with the code: the field is drawn after it.
            let label = grid.put(
                text("welcome.start-code", ["code": ""]), row: row, column: ScreenKit.margin, maxWidth: width)
            ScreenKit.field(
                flow.startCode, row: row, column: ScreenKit.margin + label, width: width - label, into: &grid)
            row += 2
        case .checking(let typed):
            row = ScreenKit.paragraph(
                text("welcome.waiting"), row: row, width: width, style: ScreenKit.title, into: &grid)
            row = startCode(typed, then: text("welcome.start-code-checking"), row: row, width: width, into: &grid) + 1
        case .none, .opened:
            // Nothing to type: the cursor sits on the exam's title, where a screen reader starts.
            grid.cursor = CellPosition(row: 2, column: ScreenKit.margin)
        }
        if !exam.instructions.isEmpty {
            if !ScreenKit.look.linear {
                grid.horizontalRule(
                    row: row, columns: ScreenKit.margin..<(grid.columns - ScreenKit.margin), style: ScreenKit.dim)
            }
            ScreenKit.paragraph(exam.instructions, row: row + 1, width: width, into: &grid, lastRow: grid.rows - 4)
        }
        // A message from the proctor's monitor, or a start code that could not be checked.
        ScreenKit.notice(flow.notice?.text, into: &grid)
        if flow.isWaitingForOpening {
            ScreenKit.footer(
                [("Enter", text("key.start-with-code")), ("Esc", text("key.quit")), ScreenKit.undoRedoKey],
                pinned: helpFooterKey, into: &grid)
            return
        }
        ScreenKit.footer(
            [("Enter", text(flow.practice ? "key.begin-practice" : "key.begin")), ("q", text("key.quit"))],
            pinned: helpFooterKey, into: &grid)
    }

    /// The start code's field at `row`, followed by `then` when given, with the cursor
    /// after the code typed so far; returns the row after it.
    private static func startCode(
        _ typed: String, then: String, row: Int, width: Int,
        into grid: inout CellGrid
    ) -> Int {
        let field = ScreenKit.text("welcome.start-code", ["code": typed])
        let end = ScreenKit.paragraph(field + "  " + then, row: row, width: width, into: &grid)
        let lines = TextWrap.lines(field, width: max(1, width))
        grid.cursor = CellPosition(
            row: row + lines.count - 1, column: ScreenKit.margin + (lines.last?.displayWidth ?? 0))
        return end
    }

    /// The consent screen the session shows before it locks the terminal.
    public static func consent(title: String, maximumHours: Double, into grid: inout CellGrid) {
        grid.clear()
        let text = ScreenKit.text
        let hours = ScreenKit.duration(Int((maximumHours * 3600).rounded()))
        ScreenKit.headerBar(left: title, right: text("header.before-exam"), into: &grid)
        let yes = text("key.lock-and-begin")
        let no = text("key.decline")
        // The screen reader's layout names the keys once, in the footer, the cursor on the question.
        let keys: [(String, CellStyle)] =
            ScreenKit.look.linear ? [] : [("", .plain), ("y  \(yes)        n  \(no)", CellStyle(bold: true))]
        ScreenKit.centeredBox(
            [
                (text("consent.question"), ScreenKit.title),
                ("", .plain),
                (text("consent.until", ["time": hours]), .plain),
                ("", .plain),
                (text("consent.while-locked"), .plain),
            ] + keys, width: 70, focus: keys.isEmpty ? nil : 6, into: &grid)
        ScreenKit.footer([("y", yes), ("n", no)], pinned: helpFooterKey, into: &grid)
    }

    /// The terminal is locked (or it is practice): the banner waits for Enter, and says
    /// when the exam's clock starts.
    static func startBanner(_ flow: ExamFlow, into grid: inout CellGrid) {
        let text = ScreenKit.text
        let hours = ScreenKit.duration(Int((flow.maximumLockHours * 3600).rounded()))
        let lines: [(String, CellStyle)] =
            flow.practice
            ? [(text("start.practice"), ScreenKit.title)]
            : [
                (text("start.locked"), ScreenKit.title), ("", .plain),
                (text("start.until", ["time": hours]), .plain),
            ]
        let begins = text(flow.clockCountsFrom == nil ? "start.enter-begins" : "start.enter-begins-opened")
        ScreenKit.centeredBox(
            lines + [("", .plain), (begins, CellStyle(bold: true))],
            width: 64, focus: lines.count + 1, into: &grid)
        // After a common start the clock runs here: its warnings show (and the lock's).
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer(
            [("Enter", text(flow.practice ? "key.begin-practice" : "key.begin"))], pinned: helpFooterKey,
            into: &grid)
    }

    static func scratchpad(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        QuestionScreen.header(flow, now: now, into: &grid)
        let width = grid.columns - 2 * ScreenKit.margin
        // The heading wraps whole; the pad starts a line below it, and keeps three rows at least.
        let headingEnd = ScreenKit.paragraph(
            ScreenKit.text("scratchpad.about"), row: 2, width: width, style: ScreenKit.dim, into: &grid,
            lastRow: grid.rows - 8)
        let top = max(4, headingEnd + 1)
        let area = CellRect(
            row: top, column: ScreenKit.margin, height: grid.rows - 4 - top,
            width: ExamScreens.answerWidth(columns: grid.columns))
        AnswerView.essay(flow.scratchpad, suggestions: flow.suggestions, in: area, into: &grid)
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer(
            [("F5", ScreenKit.text("key.back-to-question")), ("Esc", ScreenKit.text("key.back"))],
            pinned: helpFooterKey, into: &grid)
    }

    /// `text` wrapped for a screen `columns` wide, each of its lines on its own.
    static func referenceLines(_ text: String, columns: Int) -> [String] {
        let width = max(1, columns - 2 * ScreenKit.margin)
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            line.isEmpty ? [""] : TextWrap.lines(String(line), width: width)
        }
    }

    /// The reference sheet: its title and where the lines shown are, then the lines from
    /// `top`; in every layout plain lines at the margin, the cursor on the title.
    static func reference(_ flow: ExamFlow, top: Int, now: UInt64, into grid: inout CellGrid) {
        guard let sheet = flow.sitting.reference else { return }
        QuestionScreen.header(flow, now: now, into: &grid)
        let lines = flow.referenceLines
        let page = max(1, grid.rows - 8)
        let shown = lines.dropFirst(top).prefix(page)
        let width = grid.columns - 2 * ScreenKit.margin
        let position =
            lines.count > page
            ? "  "
                + ScreenKit.text(
                    "reference.position", ["first": top + 1, "last": top + shown.count, "count": lines.count])
            : ""
        grid.put(sheet.title, row: 2, column: ScreenKit.margin, style: ScreenKit.title, maxWidth: width)
        grid.put(
            position, row: 2, column: ScreenKit.margin + min(width, sheet.title.displayWidth), style: ScreenKit.dim,
            maxWidth: max(0, width - sheet.title.displayWidth))
        grid.cursor = CellPosition(row: 2, column: ScreenKit.margin)
        for (offset, line) in shown.enumerated() {
            grid.put(line, row: 4 + offset, column: ScreenKit.margin, maxWidth: width)
        }
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer(
            [("↑↓", ScreenKit.text("key.scroll")), ("Esc", ScreenKit.text("key.back-to-question"))],
            pinned: helpFooterKey, into: &grid)
    }

    static func confirm(_ flow: ExamFlow, into grid: inout CellGrid) {
        let tally = flow.sitting.tally
        let text = ScreenKit.text
        let yes = text("key.submit-now")
        let no = text("key.go-back")
        ScreenKit.centeredBox(
            [
                (text("submit.question"), ScreenKit.title),
                ("", .plain),
                (text("submit.final"), .plain),
                (
                    text(
                        "submit.tally",
                        [
                            "answered": tally.answered, "count": flow.sitting.questions.count,
                            "unanswered": tally.unanswered, "flagged": tally.flagged,
                        ]), .plain
                ),
                ("", .plain),
                ("y  \(yes)        n  \(no)", CellStyle(bold: true)),
            ], width: 64, focus: 5, into: &grid)
        ScreenKit.footer([("y", yes), ("n", no)], pinned: helpFooterKey, into: &grid)
    }

    static func confirmBreak(_ flow: ExamFlow, into grid: inout CellGrid) {
        let left = flow.breaksLeft
        let text = ScreenKit.text
        let yes = text("key.take-break")
        let no = text("key.not-now")
        ScreenKit.centeredBox(
            [
                (text("break.question"), ScreenKit.title),
                ("", .plain),
                (text("break.hidden", ["time": ScreenKit.duration(flow.breaks.minutes * 60)]), .plain),
                (left == 1 ? text("break.uses-last") : text.plural("break.uses-one", count: left - 1), .plain),
                ("", .plain),
                ("y  \(yes)        n  \(no)", CellStyle(bold: true)),
            ], width: 64, focus: 5, into: &grid)
        ScreenKit.footer([("y", yes), ("n", no)], pinned: helpFooterKey, into: &grid)
    }

    static func confirmLeave(_ flow: ExamFlow, into grid: inout CellGrid) {
        if flow.nextLeavesSection, let open = flow.sitting.openSection {
            confirmLeaveSection(flow, section: open, into: &grid)
            return
        }
        let number = flow.sitting.current + 1
        let text = ScreenKit.text
        ScreenKit.centeredBox(
            [
                (text("leave.question", ["number": number]), ScreenKit.title),
                ("", .plain),
                (text("leave.no-going-back", ["number": number]), .plain),
                (
                    text(flow.sitting.isAnswered(flow.sitting.question.id) ? "leave.answered" : "leave.unanswered"),
                    .plain
                ),
                ("", .plain),
                ("y  \(text("key.move-on"))        n  \(text("key.stay-on-question"))", CellStyle(bold: true)),
            ], width: 64, focus: 5, into: &grid)
        ScreenKit.footer([("y", text("key.move-on")), ("n", text("key.stay"))], pinned: helpFooterKey, into: &grid)
    }

    /// "Leave this section for good?": the open timed section closes once the student moves on.
    static func confirmLeaveSection(_ flow: ExamFlow, section: Int, into grid: inout CellGrid) {
        let text = ScreenKit.text
        let unanswered = flow.sitting.questions.filter {
            $0.sectionIndex == section && !flow.sitting.isAnswered($0.question.id)
        }.count
        ScreenKit.centeredBox(
            [
                (text("leave.section-question", ["section": flow.sectionName(section)]), ScreenKit.title),
                ("", .plain),
                (text("leave.section-closes"), .plain),
                (text("leave.section-unanswered", ["count": unanswered]), .plain),
                ("", .plain),
                ("y  \(text("key.move-on"))        n  \(text("key.stay"))", CellStyle(bold: true)),
            ], width: 64, focus: 5, into: &grid)
        ScreenKit.footer([("y", text("key.move-on")), ("n", text("key.stay"))], pinned: helpFooterKey, into: &grid)
    }

    /// The proctor's message, whole, in a box headed as the proctor's (in the screen
    /// reader's layout, below the state line), in place of the screen until the student
    /// presses Enter; during the exam the header keeps its clock.
    static func proctorMessage(
        _ message: ProctorMessages.Message, of flow: ExamFlow, now: UInt64,
        into grid: inout CellGrid
    ) {
        let text = ScreenKit.text
        if flow.isInExam, flow.clock.deadline != nil {
            QuestionScreen.header(flow, now: now, into: &grid)
        } else {
            ScreenKit.headerBar(left: flow.sitting.exam.title, right: "", into: &grid)
        }
        ScreenKit.centeredBox(
            [
                (text("message.title"), ScreenKit.title), ("", .plain), (message.text, .plain), ("", .plain),
                ("Enter  " + text("key.message-read"), CellStyle(bold: true)),
            ],
            width: 64, into: &grid)
        ScreenKit.footer([("Enter", text("key.message-read"))], into: &grid)
    }

    /// Why the exam ended, when the student did not end it, then that the terminal is
    /// no longer locked.
    static func endBanner(_ flow: ExamFlow, into grid: inout CellGrid) {
        let text = ScreenKit.text
        let ended = text(flow.practice ? "end.practice" : "end.unlocked")
        var why: [(String, CellStyle)] = []
        switch flow.receipt?.reason {
        case .proctor?: why = [(text("end.by-proctor"), ScreenKit.title), ("", .plain)]
        case .timeUp?: why = [(text("end.time-up"), ScreenKit.title), ("", .plain)]
        case .lockExpired?: why = [(text("end.lock-expired"), ScreenKit.title), ("", .plain)]
        case .student?, nil: break
        }
        ScreenKit.centeredBox(
            why + [(ended, ScreenKit.success), ("", .plain), (text("end.receipt-follows"), ScreenKit.dim)],
            width: 56, into: &grid)
    }

    static func receipt(_ flow: ExamFlow, into grid: inout CellGrid) {
        guard let receipt = flow.receipt else { return }
        let text = ScreenKit.text
        let heading = text(receipt.reason == .timeUp ? "receipt.time-up" : "receipt.submitted")
        ScreenKit.headerBar(left: flow.sitting.exam.title, right: text("header.submitted"), into: &grid)
        let code = ScreenKit.look.linear ? ScreenKit.characterByCharacter(receipt.code) : receipt.code
        let fields = ScreenKit.aligned([
            (text("label.receipt"), code), (text("label.submitted"), receipt.submittedAt),
            (text("label.exam-key"), flow.shortKey), (text("label.candidate"), flow.candidate),
        ])
        ScreenKit.centeredBox(
            [(heading, ScreenKit.success), ("", .plain), (fields[0], ScreenKit.title)]
                + fields.dropFirst().map { ($0, CellStyle.plain) }
                + [("", .plain), (text("receipt.keep"), ScreenKit.dim)]
                + (flow.savedOnThisTerminal ? [("", .plain), (text("receipt.saved-on-terminal"), ScreenKit.dim)] : []),
            width: 64, into: &grid)
        ScreenKit.footer([("Enter", text("key.finish"))], pinned: helpFooterKey, into: &grid)
    }

    static func refused(_ reason: String, into grid: inout CellGrid) {
        let text = ScreenKit.text
        ScreenKit.headerBar(left: "assess", right: text("header.not-started"), into: &grid)
        ScreenKit.centeredBox(
            [
                (text("refused.title"), ScreenKit.error),
                ("", .plain),
                (reason, .plain),
                ("", .plain),
                (text("refused.nothing-shown"), ScreenKit.dim),
            ], width: 72, into: &grid)
        ScreenKit.footer([("Enter", text("key.leave"))], pinned: helpFooterKey, into: &grid)
    }

    static func tooSmall(columns: Int, rows: Int, into grid: inout CellGrid) {
        let needed = minimumSize
        grid.cursor = CellPosition(row: 0, column: 0)
        ScreenKit.paragraph(
            ScreenKit.text("too-small", ["size": "\(columns)x\(rows)", "needed": "\(needed.columns)x\(needed.rows)"]),
            row: 0, column: 0, width: max(1, columns), style: ScreenKit.warning, into: &grid)
    }
}
