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
            ScreenKit.headerBar(
                left: "assess monitor · \(watched)", right: Counted.english(model.seats.count, "seat"), into: &grid)
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

    /// The list's columns and their widths: at 80 columns every column a proctor acts on,
    /// an exam column when more than one exam is watched, and a section column ("2/3",
    /// "1→2" on the break between) when an exam has timed sections, which the place (and
    /// the exam) and the warnings make room for (the warnings that do not fit are counted);
    /// wider screens widen the texts that get cut first.
    private struct Layout {
        var columns: [(column: MonitorModel.Column, title: String, width: Int)]

        init(columns: Int, showsExam: Bool, showsSection: Bool) {
            let extra = max(0, columns - 80)
            // The section's column takes one from the exam's and the place's, or two from the place.
            let narrower = showsSection ? 1 : 0
            var list: [(MonitorModel.Column, String, Int)] = [
                (.candidate, "candidate", 11 + extra / 4)
            ]
            if showsExam { list.append((.exam, "exam", 8 - narrower + extra / 8)) }
            list.append((.place, "where", (showsExam ? 8 - narrower : 12 - 2 * narrower) + extra / 8))
            if showsSection { list.append((.section, "sect", 4)) }
            list += [
                (.state, "state", 13), (.left, "left", 7),
                (.answered, "done", 5), (.last, "last event", (showsExam ? 10 : 11) + extra / 4),
            ]
            let used = 2 + list.reduce(0) { $0 + $1.2 + 1 }
            list.append((.warnings, "warnings", max(1, columns - used)))
            self.columns = list
        }

        /// Where each column starts, after the two marks.
        var starts: [Int] {
            var column = 2
            return columns.map { entry in
                defer { column += entry.width + 1 }
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

        let layout = Layout(
            columns: grid.columns, showsExam: model.exams.count != 1, showsSection: model.showsSections)
        let starts = layout.starts
        for (index, entry) in layout.columns.enumerated() {
            let text = entry.column == model.sort ? entry.title + (model.descending ? "↓" : "↑") : entry.title
            grid.put(
                text, row: 3, column: starts[index], style: CellStyle(bold: true, underline: true),
                maxWidth: entry.width)
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
            for (index, entry) in layout.columns.enumerated() {
                var style = base
                let text: String
                switch entry.column {
                case .candidate: text = seat.who
                case .exam: text = seat.exam
                case .place: text = MonitorText.place(seat, width: entry.width)
                case .section: text = seat.sectionText ?? "—"
                case .state:
                    text = "\(state.symbol) \(state.rawValue)"
                    if !isCursor { style = stateStyle(state) }
                case .left:
                    text =
                        seat.secondsLeft(elapsed: elapsed, lostAfter: model.lostAfter).map(MonitorText.timeLeft) ?? "—"
                case .answered: text = "\(seat.answered)" + (model.questionCounts[seat.exam].map { "/\($0)" } ?? "")
                case .last: text = MonitorText.lastEvent(seat, elapsed: elapsed)
                case .warnings:
                    text = MonitorText.warnings(seat, width: entry.width)
                    if !isCursor && !text.isEmpty { style = ScreenKit.warning }
                }
                grid.put(
                    MonitorText.fit(text, entry.width), row: row, column: starts[index], style: style,
                    maxWidth: entry.width)
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
            notice("⚠ " + problem, style: ScreenKit.error, endingAt: statusRow, into: &grid)
        } else if let notice = model.notice {
            self.notice(notice, style: ScreenKit.warning, endingAt: statusRow, into: &grid)
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
            // The keys that act come first: at 80 columns those that move and sort give way.
            : [
                ("a/A", "act"), ("o", "open"), ("Enter", "timeline"), ("Space", "mark"), ("/", "find"),
                ("q", "quit"), ("s/r", "sort"), ("f", "filter"), ("↑↓", "move"),
            ]
        ScreenKit.footer(footerKeys, pinned: [("F1", "help")], into: &grid)
    }

    /// A notice or problem wrapped whole, its last line on `row`: a longer one covers the
    /// seats' last rows until the next key (a problem, until the next good read).
    private static func notice(_ text: String, style: CellStyle, endingAt row: Int, into grid: inout CellGrid) {
        let width = grid.columns - 2
        let lines = TextWrap.lines(text, width: width).prefix(row - 3)
        let top = row - lines.count + 1
        grid.fill(CellRect(row: top, column: 0, height: lines.count, width: grid.columns), style: .plain)
        for (offset, line) in lines.enumerated() {
            grid.put(line, row: top + offset, column: 1, style: style, maxWidth: width)
        }
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
        let who = model.seats.first { $0.exam == key.exam && $0.candidate == key.candidate }?.name
        let title =
            "Timeline of " + (who.map { "\($0) (\(key.candidate))" } ?? key.candidate)
            + " at \(key.exam) (newest last, live)"
        let titleEnd = ScreenKit.paragraph(
            title, row: 1, column: 1, width: grid.columns - 2, style: ScreenKit.title, into: &grid)
        let entries = model.timeline
        let first = titleEnd + 1
        if entries.isEmpty {
            grid.put("No events for this seat's attempt yet.", row: first, column: 2, style: ScreenKit.dim)
            grid.cursor = CellPosition(row: first, column: 2)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Each record whole: its kind and details wrap in their columns.
        let detailsWidth = max(1, grid.columns - 38)
        let blocks = entries.map { entry in
            let details = entry.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: " ")
            return (kind: kindLines(entry.kind, width: 26), details: TextWrap.lines(details, width: detailsWidth))
        }
        func height(_ index: Int) -> Int { max(1, blocks[index].kind.count, blocks[index].details.count) }
        // The line that says which records show takes the row above the footer's rule.
        let lastRow = grid.rows - 4
        let room = lastRow - first + 1
        // The first of the newest records that fit: where following shows them from, and
        // the lowest a scrolled view starts (the model counts a line a record).
        var newest = entries.count
        var used = 0
        while newest > 0 && used + height(newest - 1) <= room {
            used += height(newest - 1)
            newest -= 1
        }
        newest = min(newest, max(0, entries.count - 1))
        let top = min(model.timelineTop ?? newest, newest)
        var row = first
        var shown = 0
        for index in entries.indices.dropFirst(top) where row <= lastRow {
            guard row + height(index) - 1 <= lastRow || index == top else { break }
            let entry = entries[index]
            let parts = calendar.dateComponents([.hour, .minute, .second], from: entry.time)
            let time = [parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0].map { $0 < 10 ? "0\($0)" : "\($0)" }
                .joined(separator: ":")
            let style = SeatWarning.kinds.contains(entry.kind) ? ScreenKit.warning : CellStyle.plain
            grid.put(time, row: row, column: 1, style: ScreenKit.dim)
            // The cursor sits on the newest record shown while the timeline follows, else on
            // the first, where scrolling moved the view.
            if index == top || model.timelineTop == nil { grid.cursor = CellPosition(row: row, column: 1) }
            for (offset, line) in blocks[index].kind.enumerated() where row + offset <= lastRow {
                grid.put(line, row: row + offset, column: 10, style: style, maxWidth: 26)
            }
            for (offset, line) in blocks[index].details.enumerated() where row + offset <= lastRow {
                grid.put(line, row: row + offset, column: 37, maxWidth: detailsWidth)
            }
            row += height(index)
            shown += 1
        }
        if shown < entries.count {
            grid.put(
                "records \(top + 1)–\(top + shown) of \(entries.count)", row: grid.rows - 3,
                column: 1, style: ScreenKit.dim)
        }
        ScreenKit.footer(
            [("↑↓ PgUp PgDn", "scroll"), ("End", "follow"), ("Esc", "back to the room")],
            pinned: [("F1", "help")], into: &grid)
    }

    /// A record's kind in lines of `width`, broken after its dots ("proctor.command-refused."
    /// then "while-on-break"), and within a part only when that part alone is too long.
    static func kindLines(_ kind: String, width: Int) -> [String] {
        var parts: [String] = []
        var part = ""
        for character in kind {
            part.append(character)
            if character == "." {
                parts.append(part)
                part = ""
            }
        }
        if !part.isEmpty { parts.append(part) }
        var lines: [String] = []
        var line = ""
        for part in parts {
            if line.displayWidth + part.displayWidth <= width {
                line += part
                continue
            }
            if !line.isEmpty { lines.append(line) }
            let pieces = TextWrap.lines(part, width: width)
            lines += pieces.dropLast()
            line = pieces.last ?? ""
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
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

    /// "Ana Souza" (the roster's name, else the id) for one seat; "3 seats" for several.
    private static func targetsText(_ targets: [MonitorModel.SeatKey], in model: MonitorModel) -> String {
        guard targets.count == 1 else { return "\(targets.count) seats" }
        let key = targets[0]
        return model.seats.first { $0.exam == key.exam && $0.candidate == key.candidate }?.who ?? key.candidate
    }

    private static func prompt(_ model: MonitorModel, into grid: inout CellGrid) {
        switch model.mode {
        case .menu(let targets, let selection):
            var lines: [(String, CellStyle)] = [
                ("Send to \(targetsText(targets, in: model))", ScreenKit.title), ("", .plain),
            ]
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
                title: "\(action.title) · \(targetsText(targets, in: model))", question: question, entry: model.entry,
                notice: model.notice, into: &grid)
        case .reason(let targets, let action, _):
            entryBox(
                title: "\(action.title) · \(targetsText(targets, in: model))",
                question: "Reason (written to the log with your name):",
                entry: model.entry, notice: model.notice, into: &grid)
        case .confirm(let targets, let draft):
            var lines: [(String, CellStyle)] = [
                (confirmation(draft.action, seats: targets.count), ScreenKit.title), ("", .plain),
            ]
            if let message = draft.message { lines.append(("“\(message)”", .plain)) }
            if let minutes = draft.minutes { lines.append((Counted.english(minutes, "minute") + " each", .plain)) }
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
    /// "lab-01 pts/3": the host and the terminal without `/dev/`. In `width` columns the
    /// host gives way first ("lab-… pts/3"): the terminal tells seats of one host apart.
    public static func place(_ seat: SeatView, width: Int = .max) -> String {
        guard let host = seat.host else { return "—" }
        guard let tty = seat.tty.map({ $0.hasPrefix("/dev/") ? String($0.dropFirst(5)) : $0 }) else { return host }
        let whole = host + " " + tty
        let hostWidth = width - tty.displayWidth - 1
        guard whole.displayWidth > width, hostWidth >= 2 else { return whole }
        return host.fitted(to: hostWidth) + " " + tty
    }

    /// "0:09:41", "1:52:00": hours, minutes and seconds, in one form for every seat.
    public static func timeLeft(_ seconds: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(seconds / 3600):\(two(seconds % 3600 / 60)):\(two(seconds % 60))"
    }

    /// "4s", "12m", "3h".
    public static func age(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        return whole < 60 ? "\(whole)s" : whole < 3600 ? "\(whole / 60)m" : "\(whole / 3600)h"
    }

    /// "4s answer", the age first, then what happened in a proctor's words.
    public static func lastEvent(_ seat: SeatView, elapsed: Double) -> String {
        guard let kind = seat.lastEvent else { return "" }
        let prefix = seat.lastEventAge.map { age($0 + elapsed) + " " } ?? ""
        return prefix + eventName(kind)
    }

    /// The words a proctor reads for an event record's kind: "answer" for `answer.saved`,
    /// "obeyed" for `proctor.command` (a command carried out); a kind not named here reads as its words
    /// ("hand.raised" is "hand raised").
    public static func eventName(_ kind: String) -> String {
        if let name = eventNames[kind] { return name }
        return kind.map { $0 == "." || $0 == "-" ? " " : String($0) }.joined()
    }

    /// Short enough that "12m " and the name fit the column at 80 columns (8 cells at most).
    private static let eventNames: [String: String] = [
        "answer.saved": "answer", "exam.started": "started", "exam.submitted": "finished",
        "exam.paused": "paused", "exam.unpaused": "resumed", "exam.time-added": "+time",
        "exam.ended-by-proctor": "ended", "break.started": "break", "break.ended": "back",
        "attempt.resumed": "resumed", "attempt.interrupted": "stopped", "attempt.aborted": "aborted",
        "proctor.command": "obeyed", "proctor.command-refused": "refused", "proctor.command-issued": "sent",
        "proctor.message-read": "msg read", "proctor.password-rejected": "bad pass",
        "proctor.password-accepted": "pass ok", "proctor.prompt-locked": "blocked",
        "paste.rejected": "paste", "key.quit-ignored": "quit key", "input.invalid-dropped": "bad key",
        "timer.warning": "warned", "terminal.too-small": "small", "terminal.size-restored": "size ok",
        "session.interrupted": "stopped", "accessibility.set": "settings", "accessibility.changed": "settings",
        "launch.accommodations": "set up", "tool.used": "tool", "store.outage": "outage",
        "lease.taken-over": "moved", "lock.granted": "locked", "lock.released": "unlocked",
        "lock.stale-found": "stale", "lock.stale-cleared": "cleared", "sitting.opened": "opened",
        "hand.raised": "hand up", "hand.lowered": "lowered", "hand.acknowledged": "coming",
        "proctor.incident": "incident", "section.closed": "sect end",
    ]

    /// "HAND1 paste2 quit1": a raised hand first ("HAND" while it waits, "hand✓" once
    /// acknowledged, "hand" once lowered, each with how many times it was raised), then each
    /// warning kind's label and count; in `width` columns, the warnings that fit whole and
    /// "+3" for the kinds left out, never one cut in the middle.
    public static func warnings(_ seat: SeatView, width: Int = .max) -> String {
        let hand =
            seat.handsRaised == 0
            ? [] : [(seat.handWaiting ? "HAND" : seat.handAcknowledged ? "hand✓" : "hand") + "\(seat.handsRaised)"]
        let all =
            hand
            + SeatWarning.allCases.compactMap { warning in
                let count = seat.count(warning)
                return count > 0 ? "\(warning.label)\(count)" : nil
            }
        let whole = all.joined(separator: " ")
        guard whole.displayWidth > width else { return whole }
        for kept in stride(from: all.count - 1, to: 0, by: -1) {
            let text = (all.prefix(kept) + ["+\(all.count - kept)"]).joined(separator: " ")
            if text.displayWidth <= width { return text }
        }
        return "+\(all.count)"
    }

    /// `text` cut to `width` columns with "…" when longer.
    static func fit(_ text: String, _ width: Int) -> String {
        text.fitted(to: width)
    }
}
