import AssessCore
import AssessExam
import Foundation

/// Draws the monitor into a grid: the header with the room's totals and exam keys, a row
/// per seat (scrolling), a line of status and the keys; or one seat's timeline; with the
/// command prompts over them. Every state has a word and a symbol beside any colour.
public enum MonitorScreen {
    /// Rows taken by everything but the seats: header, totals, keys, column titles above;
    /// status, rule and keys below.
    public static let chromeRows = 7

    /// Draws `model` at `now`; times of the timeline in `timeZone`.
    public static func render(
        _ model: MonitorModel, now: UInt64, timeZone: TimeZone = .current, into grid: inout CellGrid
    ) {
        grid.clear()
        grid.cursor = nil
        ScreenKit.drawing(with: ScreenLook(), text: .english, into: &grid) { grid in
            let watched = model.exams.isEmpty ? "every exam" : model.exams.joined(separator: ", ")
            ScreenKit.headerBar(left: "assess monitor · \(watched)", right: "\(model.seats.count) seats", into: &grid)
            if model.showsHelp {
                ScreenKit.keyHelp("Keys on this screen", keys: model.helpKeys, back: "back", into: &grid)
                return
            }
            if case .timeline(let key) = model.mode {
                timeline(model, key: key, timeZone: timeZone, into: &grid)
            } else {
                list(model, now: now, into: &grid)
            }
            prompt(model, into: &grid)
        }
    }

    // MARK: The list

    private struct Widths {
        var candidate = 10, place = 12, state = 13, left = 5, answered = 5, flagged = 2, last = 11, warnings = 12

        init(columns: Int) {
            let extra = max(0, columns - 80)
            candidate += extra / 4
            place += extra / 4
            last += extra / 4
            warnings = max(1, columns - 2 - (candidate + place + state + left + answered + flagged + last) - 8)
        }

        /// Where each column starts, after the two marks.
        var starts: [Int] {
            var column = 2
            return [candidate, place, state, left, answered, flagged, last, warnings].map { width in
                defer { column += width + 1 }
                return column
            }
        }
    }

    private static func list(_ model: MonitorModel, now: UInt64, into grid: inout CellGrid) {
        let totals = model.totals(now: now)
        let totalsText =
            totals.isEmpty
            ? "no seats yet"
            : totals.map { "\($0.state.symbol) \($0.state.rawValue) \($0.count)" }.joined(separator: " · ")
        let attention = totals.contains { $0.state.needsAttention }
        grid.put(
            totalsText.fitted(to: grid.columns - 2), row: 1, column: 1,
            style: attention ? ScreenKit.error : ScreenKit.title,
            maxWidth: grid.columns - 2)
        // With no seat highlighted the cursor sits on the room's totals; else on the seat's row.
        grid.cursor = CellPosition(row: 1, column: 1)

        let keys = model.keysInUse
        var keysText =
            keys.isEmpty
            ? "exam keys: none in use yet"
            : "exam keys: " + keys.map { "\(ExamKey.short($0.key)) ×\($0.seats)" }.joined(separator: ", ")
        if keys.count > 1 { keysText += "  ⚠ more than one version in the room" }
        let startsText = model.startsText(now: now)
        if !startsText.isEmpty { keysText += " · start: " + startsText }
        grid.put(
            keysText.fitted(to: grid.columns - 2), row: 2, column: 1,
            style: keys.count > 1 ? ScreenKit.warning : .plain, maxWidth: grid.columns - 2)

        let widths = Widths(columns: grid.columns)
        let starts = widths.starts
        let titles: [(MonitorModel.Column, String)] = [
            (.candidate, "candidate"), (.place, "where"), (.state, "state"), (.left, "left"),
            (.answered, "done"), (.flagged, "fl"), (.last, "last event"), (.warnings, "warnings"),
        ]
        let widthList = [
            widths.candidate, widths.place, widths.state, widths.left, widths.answered, widths.flagged,
            widths.last, widths.warnings,
        ]
        for (index, (column, title)) in titles.enumerated() {
            let text = column == model.sort ? title + (model.descending ? "↓" : "↑") : title
            grid.put(
                text, row: 3, column: starts[index], style: CellStyle(bold: true, underline: true),
                maxWidth: widthList[index])
        }

        let rows = model.rows(now: now)
        let elapsed = model.elapsed(now: now)
        let first = 4
        for (offset, seat) in rows.dropFirst(model.top).prefix(model.visibleRows).enumerated() {
            let row = first + offset
            let key = MonitorModel.SeatKey(exam: seat.exam, candidate: seat.candidate)
            let isCursor = key == model.cursor && model.mode != .find
            let state = seat.state(elapsed: elapsed, lostAfter: model.lostAfter)
            let base: CellStyle = isCursor ? ScreenKit.selected : .plain
            if isCursor {
                grid.fill(CellRect(row: row, column: 0, height: 1, width: grid.columns), style: base)
                grid.cursor = CellPosition(row: row, column: starts[0])
            }
            grid.put(
                (model.marked.contains(key) ? "*" : " ") + (seat.pendingCommands > 0 ? "~" : " "),
                row: row, column: 0, style: base)
            let cells = [
                model.exams.count == 1 ? seat.candidate : "\(seat.candidate) \(seat.exam)",
                MonitorText.place(seat),
                "\(state.symbol) \(state.rawValue)",
                seat.secondsLeft(elapsed: elapsed, lostAfter: model.lostAfter).map(MonitorText.timeLeft) ?? "—",
                "\(seat.answered)" + (model.questionCounts[seat.exam].map { "/\($0)" } ?? ""),
                seat.flagged > 0 ? "\(seat.flagged)" : "",
                MonitorText.lastEvent(seat, elapsed: elapsed, width: widths.last),
                MonitorText.warnings(seat),
            ]
            for (index, text) in cells.enumerated() {
                var style = base
                if index == 2 && !isCursor { style = stateStyle(state) }
                if index == 7 && !isCursor && !text.isEmpty { style = ScreenKit.warning }
                grid.put(
                    MonitorText.fit(text, widthList[index]), row: row, column: starts[index], style: style,
                    maxWidth: widthList[index])
            }
        }

        var status: [String] = []
        if let filter = model.filter { status.append("only \(filter.rawValue)") }
        // While finding, what is typed comes first, drawn as a field with the cursor at its caret.
        let finding = model.mode == .find
        if !finding && !model.find.text.isEmpty { status.append("find: \(model.find.text)") }
        if !model.marked.isEmpty { status.append("\(model.marked.count) marked *") }
        if model.seats.contains(where: { $0.pendingCommands > 0 }) { status.append("~ command not yet acknowledged") }
        if rows.count > model.visibleRows {
            status.append("rows \(model.top + 1)–\(min(rows.count, model.top + model.visibleRows)) of \(rows.count)")
        }
        let statusRow = grid.rows - 3
        if let problem = model.problem {
            grid.put(
                ("⚠ " + problem).fitted(to: grid.columns - 2), row: statusRow, column: 1, style: ScreenKit.error,
                maxWidth: grid.columns - 2)
        } else if let notice = model.notice {
            grid.put(
                notice.fitted(to: grid.columns - 2), row: statusRow, column: 1, style: ScreenKit.warning,
                maxWidth: grid.columns - 2)
        } else if finding {
            let label = grid.put("find: ", row: statusRow, column: 1, style: ScreenKit.dim)
            let width = min(model.find.maximumLength + 1, grid.columns - 2 - label)
            // One column after the text for the caret at its end.
            let end =
                1 + label + ScreenKit.field(model.find, row: statusRow, column: 1 + label, width: width, into: &grid)
                + 1
            grid.put(
                status.map { "· " + $0 }.joined(separator: " "), row: statusRow, column: end, style: ScreenKit.dim,
                maxWidth: max(0, grid.columns - 1 - end))
        } else {
            grid.put(
                status.joined(separator: " · ").fitted(to: grid.columns - 2), row: statusRow, column: 1,
                style: ScreenKit.dim,
                maxWidth: grid.columns - 2)
        }
        let footerKeys =
            finding
            ? [("Enter", "keep"), ("Esc", "clear"), ("←→", "move"), ScreenKit.undoRedoKey]
            : [
                ("↑↓", "move"), ("Enter", "timeline"), ("s/r", "sort"), ("f", "filter"), ("/", "find"),
                ("Space", "mark"), ("a/A", "act"), ("q", "quit"),
            ]
        ScreenKit.footer(footerKeys, pinned: [("F1", "help")], into: &grid)
    }

    private static func stateStyle(_ state: SeatState) -> CellStyle {
        switch state {
        case .lost, .interrupted, .aborted, .staleLock: return ScreenKit.error
        case .paused, .onBreak: return ScreenKit.warning
        case .submitted, .timedOut: return ScreenKit.success
        case .welcome, .answering: return .plain
        case .notArrived: return ScreenKit.dim
        }
    }

    // MARK: A seat's timeline

    private static func timeline(
        _ model: MonitorModel, key: MonitorModel.SeatKey, timeZone: TimeZone,
        into grid: inout CellGrid
    ) {
        grid.put(
            "Timeline of \(key.candidate) at \(key.exam) (newest last, live)".fitted(to: grid.columns - 2), row: 1,
            column: 1,
            style: ScreenKit.title, maxWidth: grid.columns - 2)
        let entries = model.timeline
        // The line that says which lines show takes the last row when they do not all fit.
        let height = grid.rows - (entries.count > grid.rows - 5 ? 6 : 5)
        let top = model.timelineTop.map { min($0, max(0, entries.count - height)) } ?? max(0, entries.count - height)
        if entries.isEmpty {
            grid.put("No events for this seat's attempt yet.", row: 3, column: 2, style: ScreenKit.dim)
            grid.cursor = CellPosition(row: 3, column: 2)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        for (offset, entry) in entries.dropFirst(top).prefix(height).enumerated() {
            let parts = calendar.dateComponents([.hour, .minute, .second], from: entry.time)
            let time = [parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0].map { $0 < 10 ? "0\($0)" : "\($0)" }
                .joined(separator: ":")
            let details = entry.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: " ")
            let style = SeatWarning.kinds.contains(entry.kind) ? ScreenKit.warning : CellStyle.plain
            let row = 3 + offset
            grid.put(time, row: row, column: 1, style: ScreenKit.dim)
            grid.put(entry.kind.fitted(to: 26), row: row, column: 10, style: style, maxWidth: 26)
            grid.put(details.fitted(to: grid.columns - 38), row: row, column: 37, maxWidth: grid.columns - 38)
            // The cursor sits on the newest line shown while the timeline follows, else on
            // the first line, where scrolling moved the view.
            if offset == 0 || model.timelineTop == nil { grid.cursor = CellPosition(row: row, column: 1) }
        }
        if entries.count > height {
            grid.put(
                "lines \(top + 1)–\(min(entries.count, top + height)) of \(entries.count)", row: grid.rows - 3,
                column: 1, style: ScreenKit.dim)
        }
        ScreenKit.footer(
            [("↑↓ PgUp PgDn", "scroll"), ("End", "follow"), ("Esc", "back to the room")],
            pinned: [("F1", "help")], into: &grid)
    }

    // MARK: Prompts

    /// The question asked before a command goes to more than one seat.
    static func confirmation(_ action: SeatCommand.Action, seats: Int) -> String {
        switch action {
        case .message: return "Send this message to \(seats) seats?"
        case .pause: return "Pause \(seats) seats?"
        case .resume: return "Resume \(seats) seats?"
        case .addTime: return "Add time to \(seats) seats?"
        case .end: return "End the exam and submit at \(seats) seats?"
        case .extraBreak: return "Allow an extra break at \(seats) seats?"
        case .acknowledgeHand: return "Acknowledge the raised hands of \(seats) seats?"
        }
    }

    private static func targetsText(_ targets: [MonitorModel.SeatKey]) -> String {
        targets.count == 1 ? targets[0].candidate : "\(targets.count) seats"
    }

    private static func prompt(_ model: MonitorModel, into grid: inout CellGrid) {
        switch model.mode {
        case .menu(let targets, let selection):
            var lines: [(String, CellStyle)] = [("Send to \(targetsText(targets))", ScreenKit.title), ("", .plain)]
            for (index, action) in MonitorModel.menuActions.enumerated() {
                lines.append(
                    (
                        (index == selection ? "▸ " : "  ") + action.title,
                        index == selection ? ScreenKit.selected : .plain
                    ))
            }
            lines += [("", .plain), ("Enter chooses · Esc cancels", ScreenKit.dim)]
            ScreenKit.centeredBox(lines, width: 60, focus: 2 + selection, into: &grid)
        case .detail(let targets, let action):
            let question =
                action == .addTime
                ? "Minutes to add (1–\(ProctorPanel.maximumMinutes)):" : "Message the students will read:"
            entryBox(
                title: "\(action.title) · \(targetsText(targets))", question: question, entry: model.entry,
                notice: model.notice, into: &grid)
        case .reason(let targets, let action, _):
            entryBox(
                title: "\(action.title) · \(targetsText(targets))",
                question: "Reason (written to the log with your name):",
                entry: model.entry, notice: model.notice, into: &grid)
        case .confirm(let targets, let draft):
            var lines: [(String, CellStyle)] = [
                (confirmation(draft.action, seats: targets.count), ScreenKit.title), ("", .plain),
            ]
            if let message = draft.message { lines.append(("“\(message)”", .plain)) }
            if let minutes = draft.minutes { lines.append(("\(minutes) minutes each", .plain)) }
            lines += [("", .plain), ("y sends it to every one · n sends nothing", ScreenKit.dim)]
            ScreenKit.centeredBox(lines, width: 64, focus: 0, into: &grid)
        case .incident(let seat, let category):
            entryBox(
                title: "Irregularity at \(seat.candidate) · \(seat.exam)",
                question:
                    "\(category.rawValue.prefix(1).uppercased() + category.rawValue.dropFirst()) (↑↓ change) · what happened:",
                entry: model.entry, notice: model.notice, into: &grid)
        case .newCode(let exam):
            ScreenKit.centeredBox(
                [
                    ("Make a new start code for \(exam)?", ScreenKit.title),
                    ("", .plain),
                    ("The code in force stops working: a student who types it is refused.", .plain),
                    ("Announce the new one to everyone still to start.", .plain),
                    ("", .plain),
                    ("y makes a new code · n keeps the one in force", ScreenKit.dim),
                ], width: 74, focus: 0, into: &grid)
        case .opening(let exam, let code):
            let waiting = model.seats.filter { $0.exam == exam && $0.attempt == nil && $0.leaseAge != nil }.count
            let missing = model.seats.filter { $0.exam == exam && $0.state(lostAfter: model.lostAfter) == .notArrived }
                .count
            ScreenKit.centeredBox(
                [
                    ("Open the sitting of \(exam)?", ScreenKit.title),
                    ("", .plain),
                    ("Start code: \(code)", CellStyle(bold: true)),
                    ("Announce it: a student who types it at the welcome screen starts.", .plain),
                    ("", .plain),
                    ("\(waiting) waiting at the welcome screen, \(missing) not arrived.", .plain),
                    ("Opening starts every waiting seat now; each seat's clock starts now.", .plain),
                    ("", .plain),
                    ("y opens now · n keeps it waiting (the code stays valid)", ScreenKit.dim),
                ], width: 74, focus: 2, into: &grid)
        default:
            break
        }
    }

    /// A prompt's box: the question, then the field on a line of its own ("> " and what is
    /// typed, scrolled to keep the caret in sight), the cursor at its caret.
    private static func entryBox(
        title: String, question: String, entry: LineField, notice: String?, into grid: inout CellGrid
    ) {
        var lines: [(String, CellStyle)] = [(title, ScreenKit.title), ("", .plain), (question, .plain), (">", .plain)]
        if let notice { lines.append((notice, ScreenKit.warning)) }
        lines += [("", .plain), ("Enter goes on · Esc cancels · ^U/^R undo/redo", ScreenKit.dim)]
        ScreenKit.centeredBox(lines, width: 64, focus: 3, into: &grid)
        guard let start = grid.cursor else { return }
        // The box's inner width, less the "> ".
        let width = min(64, grid.columns - 2) - 4 - 2
        ScreenKit.field(entry, row: start.row, column: start.column + 2, width: width, into: &grid)
    }
}

/// The monitor's short texts for one seat, shared by the screen and `--json`.
public enum MonitorText {
    /// "lab-01 pts/3": the host and the terminal without `/dev/`.
    public static func place(_ seat: SeatView) -> String {
        guard let host = seat.host else { return "—" }
        guard let tty = seat.tty else { return host }
        return host + " " + (tty.hasPrefix("/dev/") ? String(tty.dropFirst(5)) : tty)
    }

    /// "09:41" under 100 minutes, "1h52" above.
    public static func timeLeft(_ seconds: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return seconds < 6000
            ? "\(two(seconds / 60)):\(two(seconds % 60))" : "\(seconds / 3600)h\(two(seconds % 3600 / 60))"
    }

    /// "4s", "12m", "3h".
    public static func age(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        return whole < 60 ? "\(whole)s" : whole < 3600 ? "\(whole / 60)m" : "\(whole / 3600)h"
    }

    /// "4s answer.saved", the age first; in a column narrower than that, the kind's last
    /// part only ("4s saved").
    public static func lastEvent(_ seat: SeatView, elapsed: Double, width: Int = .max) -> String {
        guard let kind = seat.lastEvent else { return "" }
        let prefix = seat.lastEventAge.map { age($0 + elapsed) + " " } ?? ""
        let full = prefix + kind
        guard full.displayWidth > width, let dot = kind.lastIndex(of: ".") else { return full }
        return prefix + kind[kind.index(after: dot)...]
    }

    /// "HAND1 paste2 quit1": a raised hand first ("HAND" while it waits, "hand✓" once
    /// acknowledged, "hand" once lowered, each with how many times it was raised), then each
    /// warning kind's label and count, short enough for a narrow column.
    public static func warnings(_ seat: SeatView) -> String {
        let hand =
            seat.handsRaised == 0
            ? [] : [(seat.handWaiting ? "HAND" : seat.handAcknowledged ? "hand✓" : "hand") + "\(seat.handsRaised)"]
        return
            (hand
            + SeatWarning.allCases.compactMap { warning in
                let count = seat.count(warning)
                return count > 0 ? "\(warning.label)\(count)" : nil
            }).joined(separator: " ")
    }

    /// `text` cut to `width` columns with "…" when longer.
    static func fit(_ text: String, _ width: Int) -> String {
        text.fitted(to: width)
    }
}
