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
        ScreenKit.drawing(with: ScreenLook(flow.screenAccessibility), into: &grid) { grid in
            if grid.columns < minimumSize.columns || grid.rows < minimumSize.rows {
                tooSmall(columns: grid.columns, rows: grid.rows, into: &grid)
                return
            }
            phase(flow.phase, of: flow, now: now, into: &grid)
            // The screen reader's layout keeps the last message on a line of its own.
            if ScreenKit.look.linear, flow.isInExam, let announcement = flow.announcement {
                grid.put("Notice: " + announcement, row: 1, column: ScreenKit.margin, style: ScreenKit.warning,
                         maxWidth: grid.columns - 2 * ScreenKit.margin)
            }
        }
    }

    /// The key pinned to the right of every footer of the student's: the help, which
    /// lists the keys a narrow footer leaves out.
    static let helpFooterKey = [("F1", "help")]

    private static func phase(_ phase: ExamFlow.Phase, of flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        switch phase {
        case .launchSetup(let setup): LaunchSetupScreen.render(setup, into: &grid)
        case .welcome: welcome(flow, into: &grid)
        case .starting:
            let text = flow.practice ? "Starting the practice…" : "Locking this terminal…"
            ScreenKit.centeredBox([(text, ScreenKit.title)], width: 50, into: &grid)
        case .consent(let request): consent(title: request.title, maximumHours: request.maximumHours, into: &grid)
        case .startBanner: startBanner(flow, into: &grid)
        case .question: QuestionScreen.render(flow, now: now, into: &grid)
        case .palette(let selection): PaletteScreen.render(flow, selection: selection, now: now, into: &grid)
        case .review(let selection): ReviewScreen.render(flow, selection: selection, now: now, into: &grid)
        case .confirmSubmit: confirm(flow, into: &grid)
        case .confirmBreak: confirmBreak(flow, into: &grid)
        case .confirmLeave: confirmLeave(flow, into: &grid)
        case .submitting:
            ScreenKit.centeredBox([("Submitting your answers…", ScreenKit.title)], width: 50, into: &grid)
        case .endBanner: endBanner(flow, into: &grid)
        case .receipt: receipt(flow, into: &grid)
        case .refused(let reason, _): refused(reason, into: &grid)
        case .leaving:
            ScreenKit.centeredBox([("Saving your answers…", ScreenKit.title)], width: 50, into: &grid)
        case .paused: ProctorScreens.paused(flow, into: &grid)
        case .onBreak(_, let until): ProctorScreens.onBreak(flow, until: until, now: now, into: &grid)
        case .proctor: ProctorScreens.panel(flow, now: now, into: &grid)
        case .scratchpad: scratchpad(flow, now: now, into: &grid)
        case .help(let returningTo): HelpScreen.render(flow, keysOf: returningTo, now: now, into: &grid)
        case .settings(let selection, _): SettingsScreen.render(flow, selection: selection, now: now, into: &grid)
        }
    }

    static func welcome(_ flow: ExamFlow, into grid: inout CellGrid) {
        let exam = flow.sitting.exam
        let width = grid.columns - 2 * ScreenKit.margin
        ScreenKit.headerBar(left: "assess", right: flow.practice ? "practice" : "exam", into: &grid)
        var row = ScreenKit.paragraph(exam.title, row: 2, width: width, style: ScreenKit.title, into: &grid)
        row += 1
        grid.put("Candidate  \(flow.candidate)", row: row, column: ScreenKit.margin)
        var time = ScreenKit.duration(flow.secondsAllowed - flow.secondsUsedBefore)
        if flow.secondsAllowed != exam.durationSeconds {
            time += " (with extra time; the exam is \(ScreenKit.duration(exam.durationSeconds)))"
        }
        if flow.isResumed {
            time += " left: this attempt continues"
        }
        if flow.breaks.count > 0 {
            time += "; breaks: \(flow.breaksLeft) of up to \(flow.breaks.minutes) minutes"
        }
        grid.put("Time       \(time)", row: row + 1, column: ScreenKit.margin, maxWidth: width - 11)
        grid.put("Questions  \(flow.sitting.questions.count)", row: row + 2, column: ScreenKit.margin)
        grid.put("Exam key   \(flow.shortKey)", row: row + 3, column: ScreenKit.margin)
        row += 5
        if !flow.sitting.canGoBack {
            row = ScreenKit.paragraph("There is no going back in this exam: once you leave a question you cannot return to it. You are asked before you leave each one.",
                                      row: row, width: width, style: ScreenKit.warning, into: &grid) + 1
        }
        if flow.practice {
            row = ScreenKit.paragraph("Practice mode: the terminal will not be locked and nothing is graded.",
                                      row: row, width: width, style: ScreenKit.warning, into: &grid) + 1
        }
        if !exam.instructions.isEmpty {
            if !ScreenKit.look.linear {
                grid.horizontalRule(row: row, columns: ScreenKit.margin..<(grid.columns - ScreenKit.margin), style: ScreenKit.dim)
            }
            ScreenKit.paragraph(exam.instructions, row: row + 1, width: width, into: &grid, lastRow: grid.rows - 4)
        }
        if ScreenKit.look.linear { grid.cursor = CellPosition(row: 2, column: ScreenKit.margin) }
        ScreenKit.footer([("Enter", flow.practice ? "begin practice" : "begin"), ("q", "quit")],
                         pinned: helpFooterKey, into: &grid)
    }

    /// The consent screen the session shows before it locks the terminal.
    public static func consent(title: String, maximumHours: Double, into grid: inout CellGrid) {
        grid.clear()
        let hours = ScreenKit.duration(Int((maximumHours * 3600).rounded()))
        ScreenKit.headerBar(left: title, right: "before the exam", into: &grid)
        ScreenKit.centeredBox([
            ("Lock this terminal for the exam?", ScreenKit.title),
            ("", .plain),
            ("It stays locked until you submit, or at most \(hours).", .plain),
            ("", .plain),
            ("While it is locked, every clipboard is emptied, pasting is blocked, spell check and other suggestions are off unless the exam allows them, and keys such as Ctrl-C do not leave the exam.", .plain),
            ("", .plain),
            ("y  lock and begin        n  decline", CellStyle(bold: true)),
        ], width: 70, focus: 6, into: &grid)
        ScreenKit.footer([("y", "lock and begin"), ("n", "decline")], into: &grid)
    }

    static func startBanner(_ flow: ExamFlow, into grid: inout CellGrid) {
        let hours = ScreenKit.duration(Int((flow.maximumLockHours * 3600).rounded()))
        let lines: [(String, CellStyle)] = flow.practice
            ? [("Practice: this terminal is not locked.", ScreenKit.title)]
            : [("This terminal is locked", ScreenKit.title), ("",  .plain),
               ("It stays locked until you submit, or until \(hours) pass.", .plain)]
        ScreenKit.centeredBox(lines + [("", .plain), ("The exam begins in a moment. Enter begins now.", ScreenKit.dim)],
                              width: 64, into: &grid)
    }

    static func scratchpad(_ flow: ExamFlow, now: UInt64, into grid: inout CellGrid) {
        QuestionScreen.header(flow, now: now, into: &grid)
        grid.put("Scratchpad: notes for yourself, never saved, submitted or marked; gone when the exam ends.",
                 row: 2, column: ScreenKit.margin, style: ScreenKit.dim, maxWidth: grid.columns - 2 * ScreenKit.margin)
        let area = CellRect(row: 4, column: ScreenKit.margin, height: grid.rows - 8,
                            width: ExamScreens.answerWidth(columns: grid.columns))
        AnswerView.essay(flow.scratchpad, suggestions: flow.suggestions, in: area, into: &grid)
        ScreenKit.notice(flow.notice?.text, into: &grid)
        ScreenKit.footer([("F5", "back to the question"), ("Esc", "back")], pinned: helpFooterKey, into: &grid)
    }

    static func confirm(_ flow: ExamFlow, into grid: inout CellGrid) {
        let tally = flow.sitting.tally
        ScreenKit.centeredBox([
            ("Submit your answers?", ScreenKit.title),
            ("", .plain),
            ("This cannot be undone: after submitting you cannot change any answer.", .plain),
            ("Answered \(tally.answered) of \(flow.sitting.questions.count); unanswered \(tally.unanswered); flagged \(tally.flagged).", .plain),
            ("", .plain),
            ("y  submit now        n  go back", CellStyle(bold: true)),
        ], width: 64, focus: 5, into: &grid)
        ScreenKit.footer([("y", "submit now"), ("n", "go back")], pinned: helpFooterKey, into: &grid)
    }

    static func confirmBreak(_ flow: ExamFlow, into grid: inout CellGrid) {
        let left = flow.breaksLeft
        ScreenKit.centeredBox([
            ("Take a break now?", ScreenKit.title),
            ("", .plain),
            ("The exam is hidden and its timer stops for up to \(ScreenKit.duration(flow.breaks.minutes * 60)); Enter comes back early.", .plain),
            ("This uses one of your breaks: \(left == 1 ? "it is your last" : "\(left - 1) will be left").", .plain),
            ("", .plain),
            ("y  take the break        n  not now", CellStyle(bold: true)),
        ], width: 64, focus: 5, into: &grid)
        ScreenKit.footer([("y", "take the break"), ("n", "not now")], pinned: helpFooterKey, into: &grid)
    }

    static func confirmLeave(_ flow: ExamFlow, into grid: inout CellGrid) {
        let number = flow.sitting.current + 1
        ScreenKit.centeredBox([
            ("Leave question \(number) for good?", ScreenKit.title),
            ("", .plain),
            ("This exam does not go back: once you move on you cannot see or change question \(number) again.", .plain),
            (flow.sitting.isAnswered(flow.sitting.question.id) ? "Your answer is saved." : "It has no answer yet.", .plain),
            ("", .plain),
            ("y  move on        n  stay on this question", CellStyle(bold: true)),
        ], width: 64, focus: 5, into: &grid)
        ScreenKit.footer([("y", "move on"), ("n", "stay")], pinned: helpFooterKey, into: &grid)
    }

    static func endBanner(_ flow: ExamFlow, into grid: inout CellGrid) {
        let text = flow.practice ? "Practice finished." : "This terminal is no longer locked."
        ScreenKit.centeredBox([(text, ScreenKit.success), ("", .plain), ("Your receipt follows. Enter shows it now.", ScreenKit.dim)],
                              width: 56, into: &grid)
    }

    static func receipt(_ flow: ExamFlow, into grid: inout CellGrid) {
        guard let receipt = flow.receipt else { return }
        let heading = receipt.reason == .timeUp ? "Time is up: your answers were submitted." : "Your answers were submitted."
        ScreenKit.headerBar(left: flow.sitting.exam.title, right: "submitted", into: &grid)
        ScreenKit.centeredBox([
            (heading, ScreenKit.success),
            ("", .plain),
            ("Receipt    \(receipt.code)", ScreenKit.title),
            ("Submitted  \(receipt.submittedAt)", .plain),
            ("Exam key   \(flow.shortKey)", .plain),
            ("Candidate  \(flow.candidate)", .plain),
            ("", .plain),
            ("Keep the receipt code: it proves what you submitted.", ScreenKit.dim),
        ] + (flow.savedOnThisTerminal ? [
            ("", .plain),
            ("The server is away: your submission is saved on this terminal and will be delivered when the server is back. It counts once the server has it.", ScreenKit.dim),
        ] : []), width: 64, into: &grid)
        ScreenKit.footer([("Enter", "finish")], into: &grid)
    }

    static func refused(_ reason: String, into grid: inout CellGrid) {
        ScreenKit.headerBar(left: "assess", right: "not started", into: &grid)
        ScreenKit.centeredBox([
            ("The exam cannot start", ScreenKit.error),
            ("", .plain),
            (reason, .plain),
            ("", .plain),
            ("No exam content was shown. Ask your proctor.", ScreenKit.dim),
        ], width: 72, into: &grid)
        ScreenKit.footer([("Enter", "leave")], into: &grid)
    }

    static func tooSmall(columns: Int, rows: Int, into grid: inout CellGrid) {
        let needed = minimumSize
        ScreenKit.paragraph("The terminal is \(columns)x\(rows); the exam needs at least \(needed.columns)x\(needed.rows). Please make the window larger; keys do nothing until then. The timer keeps running.",
                            row: 0, column: 0, width: max(1, columns), style: ScreenKit.warning, into: &grid)
    }
}
