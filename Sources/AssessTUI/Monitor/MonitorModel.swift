import AssessCore
import Foundation

/// The proctor's monitor as one state machine: the seats as last read, how they are sorted,
/// filtered and found, the row under the cursor, one seat's timeline, and the prompts of a
/// command to seats. Keys and fresh readings enter through `update`; what must touch the
/// store leaves as ``MonitorEffect``s. Pure, like ``ExamFlow``: tested without a terminal.
public struct MonitorModel: Sendable {
    /// A seat's key: one candidate at one exam.
    public struct SeatKey: Hashable, Sendable {
        public var exam: String
        public var candidate: String

        public init(exam: String, candidate: String) {
            self.exam = exam
            self.candidate = candidate
        }
    }

    /// The columns, in the order `s` steps through them when sorting.
    public enum Column: String, Sendable, CaseIterable {
        /// The candidate's name on the roster, else their id.
        case candidate
        case exam
        case place = "where"
        /// Where the seat is among its exam's timed sections.
        case section
        case state, left, answered, last, warnings
    }

    /// The columns on screen, which `s` steps through: the exam's when more than one exam
    /// is watched, the section's when a seat's exam has timed sections.
    public var columns: [Column] {
        Column.allCases.filter { column in
            switch column {
            case .exam: return exams.count != 1
            case .section: return showsSections
            default: return true
            }
        }
    }

    /// True when a seat's exam has timed sections: the list then has a column for them.
    public var showsSections: Bool {
        seats.contains { $0.sectionPlan != nil }
    }

    /// What the screen shows.
    public enum Mode: Sendable, Equatable {
        case list
        /// Typing part of a candidate's id or name; the list narrows as it is typed.
        case find
        /// One seat's timeline (its attempt's event log), newest last.
        case timeline(SeatKey)
        /// Choosing what to send to `targets`.
        case menu(targets: [SeatKey], selection: Int)
        /// Typing the minutes to add, or the message to show, in ``MonitorModel/entry``.
        case detail(targets: [SeatKey], action: SeatCommand.Action)
        /// Typing the reason, which goes to the log with the proctor's name, in ``MonitorModel/entry``.
        case reason(targets: [SeatKey], action: SeatCommand.Action, detail: String)
        /// Confirming the opening of `exam`'s sitting, with its start code to announce.
        case opening(exam: String, code: String)
        /// Confirming a command to more than one seat before it is sent.
        case confirm(targets: [SeatKey], draft: SeatCommandDraft)
        /// Confirming a new start code for `exam`, which ends the one in force.
        case newCode(exam: String)
        /// Typing an irregularity report on `seat`'s attempt, in ``MonitorModel/entry``, of
        /// `category` (↑ ↓ change it).
        case incident(SeatView, category: IncidentCategory)
    }

    /// The commands in the menu's order: the harmless message first (where the menu
    /// starts), the end of the exam last.
    public static let menuActions: [SeatCommand.Action] = [.message, .pause, .resume, .addTime, .extraBreak, .end]

    /// One line of a seat's timeline.
    public struct TimelineEntry: Sendable, Equatable {
        public var time: Date
        public var kind: String
        public var details: [String: String]

        public init(time: Date, kind: String, details: [String: String]) {
            self.time = time
            self.kind = kind
            self.details = details
        }
    }

    /// The exams watched (all when empty), for the header.
    public let exams: [String]
    /// After how many seconds without renewal a lease is lost.
    public let lostAfter: Double
    /// The number of questions of each exam whose file the monitor was given, by exam id.
    public let questionCounts: [String: Int]
    /// The seats as last read, and when (monotonic nanoseconds).
    public private(set) var seats: [SeatView] = []
    public private(set) var readAt: UInt64 = 0
    /// A problem reading the store, shown until the next good read.
    public private(set) var problem: String?
    public private(set) var mode: Mode = .list
    public private(set) var sort: Column = .candidate
    public private(set) var descending = false
    /// Only seats in this state, when set.
    public private(set) var filter: SeatState?
    /// Only candidates whose id or name contains this, when not empty.
    public private(set) var find = LineField(maximumLength: 40)
    /// The field of a command's prompt: the minutes, the message or the reason.
    public private(set) var entry = LineField()
    /// The seat under the cursor, and the first row shown.
    public private(set) var cursor: SeatKey?
    public private(set) var top = 0
    /// Seats marked with Space for a command to several.
    public private(set) var marked: Set<SeatKey> = []
    /// The open timeline's entries and its first line shown (nil: follow the end).
    public private(set) var timeline: [TimelineEntry] = []
    public private(set) var timelineTop: Int?
    /// A one-line message (a command sent, a refusal).
    public private(set) var notice: String?
    /// True while the help screen (F1, or `?` in the room) lists every key of the screen
    /// below it, since at 80 columns its footer leaves some out.
    public private(set) var showsHelp = false
    /// Rows for seats on the screen, set by the screen's size.
    public private(set) var visibleRows = 10
    /// The common starts of the exams watched (those with a roster or a start), as last read.
    public private(set) var starts: [SittingStart] = []
    /// The start codes made at this monitor, by exam id: the store keeps only their hashes.
    public private(set) var startCodes: [String: String] = [:]

    public init(exams: [String], lostAfter: Double, questionCounts: [String: Int] = [:]) {
        self.exams = exams
        self.lostAfter = lostAfter
        self.questionCounts = questionCounts
    }

    /// True while one seat's timeline is open.
    private var isTimeline: Bool {
        if case .timeline = mode { return true }
        return false
    }

    /// Every key of the screen under the help, with what it does.
    public var helpKeys: [(String, String)] {
        switch mode {
        case .find:
            return [
                ("typing", "find the candidates whose id or name contains it; the list narrows as you type"),
                ("← → Home End", "move in what is typed"),
                ("Ctrl-U / Ctrl-R", "undo / redo"),
                ("Enter", "keep what is found and go back to the list"),
                ("Esc", "clear it and go back to the list"),
                ("F1", "this help"),
            ]
        case .list:
            return [
                ("↑ ↓ PgUp PgDn Home End", "move through the seats (the list scrolls)"),
                ("Enter", "open the seat's timeline, its live event log"),
                ("s", "sort by the next column"),
                ("r", "reverse the order"),
                ("f", "show only one state (again for the next state, then all)"),
                ("/", "find a candidate as you type (Enter keeps it, Esc clears it)"),
                ("Space", "mark the seat for a command to several"),
                ("a", "act on the marked seats, or the cursor's seat"),
                ("A", "act on each seat shown, but absent and finished ones"),
                ("h", "acknowledge the seat's raised hand (listed first)"),
                ("i", "report an irregularity: a note in the seat's log"),
                ("o", "open a sitting that waits for its start"),
                ("O", "a new start code, after a warning"),
                ("q or Esc", "quit the monitor"),
                ("F1 or ?", "this help"),
            ]
        case .timeline:
            return [
                ("↑ ↓ PgUp PgDn", "scroll the timeline"),
                ("Home", "its first record"),
                ("End", "follow the newest records"),
                ("Esc or q", "back to the room"),
                ("F1 or ?", "this help"),
            ]
        case .incident:
            return [
                ("↑ ↓", "choose the category"),
                ("typing", "what happened, in a few words"),
                ("← → Home End", "move in what is typed"),
                ("Ctrl-U / Ctrl-R", "undo / redo"),
                ("Enter", "write it to the seat's log, with your name and the store's time"),
                ("Esc", "cancel: nothing is written"),
                ("F1", "this help"),
            ]
        case .menu, .detail, .reason, .opening, .confirm, .newCode:
            return [
                ("↑ ↓", "choose what to send"),
                ("typing", "write the minutes, the message or the reason"),
                ("← → Home End", "move in what is typed"),
                ("Ctrl-U / Ctrl-R", "undo / redo"),
                ("Enter", "go on; the last step sends the command (or opens the sitting)"),
                ("Esc", "cancel: nothing is sent"),
                ("F1", "this help"),
            ]
        }
    }

    /// Seconds since the seats were read, at `now`.
    public func elapsed(now: UInt64) -> Double {
        Double(now &- readAt) / 1e9
    }

    /// How often the room is read again while a seat's holder is known alive (see
    /// ``SeatView/watchesLiveness(elapsed:lostAfter:)``): no write tells the monitor when
    /// such a holder ends (a seat killed), so this is how late it may see it gone.
    public static let livenessReadEvery: Double = 1

    /// True at `now` when the room should be read again although the store reported no
    /// change: a seat's holder was known alive, and the last read is
    /// ``livenessReadEvery`` old.
    public func livenessReadDue(now: UInt64) -> Bool {
        let elapsed = elapsed(now: now)
        return elapsed >= Self.livenessReadEvery
            && seats.contains { $0.watchesLiveness(elapsed: elapsed, lostAfter: lostAfter) }
    }

    /// The seats shown, filtered, found and sorted, at `now`.
    public func rows(now: UInt64) -> [SeatView] {
        let elapsed = elapsed(now: now)
        let shown = seats.filter { seat in
            (filter == nil || seat.state(elapsed: elapsed, lostAfter: lostAfter) == filter)
                && (find.text.isEmpty || seat.candidate.localizedCaseInsensitiveContains(find.text)
                    || seat.name?.localizedCaseInsensitiveContains(find.text) == true)
        }
        let ordered = shown.sorted { a, b in
            // A hand waiting for the proctor comes before every other row, whatever the sort.
            if a.handWaiting != b.handWaiting { return a.handWaiting }
            let order = compare(a, b, elapsed: elapsed)
            return order == .orderedSame
                ? (a.candidate, a.exam) < (b.candidate, b.exam)
                : (order == .orderedAscending) != descending
        }
        return ordered
    }

    private func compare(_ a: SeatView, _ b: SeatView, elapsed: Double) -> ComparisonResult {
        func by<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
            x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        switch sort {
        case .candidate: return a.who.caseInsensitiveCompare(b.who)
        case .exam: return by(a.exam, b.exam)
        case .place: return by(MonitorText.place(a), MonitorText.place(b))
        case .state:
            let order = SeatState.allCases
            return by(
                order.firstIndex(of: a.state(elapsed: elapsed, lostAfter: lostAfter)) ?? 0,
                order.firstIndex(of: b.state(elapsed: elapsed, lostAfter: lostAfter)) ?? 0)
        case .left:
            return by(
                a.secondsLeft(elapsed: elapsed, lostAfter: lostAfter) ?? Int.max,
                b.secondsLeft(elapsed: elapsed, lostAfter: lostAfter) ?? Int.max)
        case .section:
            // By section; on the break before a section ahead of those in it; no sections last.
            func order(_ seat: SeatView) -> Int {
                seat.sectionPlan == nil ? Int.max : 2 * seat.sectionsClosed + (seat.onSectionBreak ? 0 : 1)
            }
            return by(order(a), order(b))
        case .answered: return by(a.answered, b.answered)
        case .last: return by(a.lastEventAge ?? .infinity, b.lastEventAge ?? .infinity)
        case .warnings: return by(a.warnings.values.reduce(0, +), b.warnings.values.reduce(0, +))
        }
    }

    /// The distinct exam keys in use by attempts that have started, with how many seats run each.
    public var keysInUse: [(key: String, seats: Int)] {
        var counts: [String: Int] = [:]
        for seat in seats {
            if let key = seat.examKey { counts[key, default: 0] += 1 }
        }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }

    /// How many seats are in each state, in the states' order, leaving out none-counts.
    public func totals(now: UInt64) -> [(state: SeatState, count: Int)] {
        let elapsed = elapsed(now: now)
        return SeatState.allCases.compactMap { state in
            let count = seats.filter { $0.state(elapsed: elapsed, lostAfter: lostAfter) == state }.count
            return count > 0 ? (state, count) : nil
        }
    }

    // MARK: - The one update

    /// Applies one event at monotonic time `now`; returns what the app should do.
    public mutating func update(_ event: MonitorEvent, now: UInt64) -> [MonitorEffect] {
        switch event {
        case .read(let fresh):
            seats = fresh
            readAt = now
            problem = nil
            keepCursor(now: now)
            if case .timeline(let key) = mode, let seat = seat(key) { return [.loadTimeline(seat)] }
            return []
        case .readFailed(let why):
            problem = why
            return []
        case .timeline(let entries):
            timeline = entries
            return []
        case .sent(_, .acknowledgeHand, let failure):
            notice = failure.map { "Not sent: \($0)" } ?? "Acknowledged: the student's screen says you are coming."
            return [.reread]
        case .incidentWritten(let candidate, let failure):
            notice = failure.map { "Not written: \($0)" } ?? "Incident written to \(candidate)'s log."
            return [.reread]
        case .sent(let count, let action, let failure):
            notice =
                failure.map { "Not sent: \($0)" }
                ?? "Sent \(action.rawValue) to \(count) seat\(count == 1 ? "" : "s"); ~ marks it until the seat acknowledges."
            return [.reread]
        case .resized(let rows):
            visibleRows = max(1, rows)
            keepCursor(now: now)
            return []
        case .starts(let fresh):
            starts = fresh
            return []
        case .startCodeMade(let exam, let code):
            startCodes[exam] = code
            mode = .opening(exam: exam, code: code)
            return []
        case .opened(let exam, let failure):
            notice =
                failure.map { "Not opened: \($0)" }
                ?? "Opened \(exam): the waiting seats start now; a seat that did not can type the code \(startCodes[exam] ?? "")."
            return [.reread]
        case .key(let key):
            return handle(key, now: now)
        case .roomChanged:
            return [.reread]
        case .tick:
            return livenessReadDue(now: now) ? [.reread] : []
        case .ended:
            return [.quit]
        }
    }

    private func seat(_ key: SeatKey) -> SeatView? {
        seats.first { $0.exam == key.exam && $0.candidate == key.candidate }
    }

    private static func key(_ seat: SeatView) -> SeatKey { SeatKey(exam: seat.exam, candidate: seat.candidate) }

    /// Keeps the cursor on its seat (or the nearest row) and that row on the screen.
    private mutating func keepCursor(now: UInt64, index wanted: Int? = nil) {
        let shown = rows(now: now)
        guard !shown.isEmpty else {
            cursor = nil
            top = 0
            return
        }
        var index = wanted ?? cursor.flatMap { key in shown.firstIndex { Self.key($0) == key } } ?? 0
        index = min(max(0, index), shown.count - 1)
        cursor = Self.key(shown[index])
        if index < top { top = index }
        if index >= top + visibleRows { top = index - visibleRows + 1 }
        top = min(top, max(0, shown.count - visibleRows))
    }

    private func cursorIndex(now: UInt64) -> Int {
        cursor.flatMap { key in rows(now: now).firstIndex { Self.key($0) == key } } ?? 0
    }

    private mutating func handle(_ key: Key, now: UInt64) -> [MonitorEffect] {
        notice = nil
        if showsHelp {
            // Esc, F1 or ? go back; nothing else acts behind the help.
            if key == .escape || key == .function(1) || key == .character("?") { showsHelp = false }
            return []
        }
        // `?` is a key of its own only where nothing is typed.
        if key == .function(1) || (key == .character("?") && (mode == .list || isTimeline)) {
            showsHelp = true
            return []
        }
        switch mode {
        case .list: return handleInList(key, now: now)
        case .find:
            switch key {
            case .enter, .escape:
                if key == .escape { find = LineField(maximumLength: find.maximumLength) }
                mode = .list
            default: _ = find.handle(key)
            }
            keepCursor(now: now)
            return []
        case .timeline:
            let last = max(0, timeline.count - (visibleRows + 2))
            switch key {
            case .escape, .character("q"):
                mode = .list
                timeline = []
                timelineTop = nil
            case .up: timelineTop = max(0, (timelineTop ?? last) - 1)
            case .down: timelineTop = (timelineTop ?? last) + 1 >= last ? nil : (timelineTop ?? last) + 1
            case .pageUp: timelineTop = max(0, (timelineTop ?? last) - visibleRows)
            case .pageDown, .end: timelineTop = nil
            case .home: timelineTop = 0
            default: break
            }
            return []
        case .menu(let targets, let selection):
            let actions = Self.menuActions
            switch key {
            case .escape: mode = .list
            case .up: mode = .menu(targets: targets, selection: max(0, selection - 1))
            case .down: mode = .menu(targets: targets, selection: min(actions.count - 1, selection + 1))
            case .home, .pageUp: mode = .menu(targets: targets, selection: 0)
            case .end, .pageDown: mode = .menu(targets: targets, selection: actions.count - 1)
            case .enter:
                let action = actions[selection]
                mode =
                    action == .addTime || action == .message
                    ? .detail(targets: targets, action: action)
                    : .reason(targets: targets, action: action, detail: "")
                entry =
                    action == .addTime
                    ? LineField(characters: .digits, maximumLength: 3) : LineField(maximumLength: Self.maximumText)
            default: break
            }
            return []
        case .detail(let targets, let action):
            switch key {
            case .escape: mode = .list
            case .enter:
                if action == .addTime, Int(entry.text).map({ (1...ProctorPanel.maximumMinutes).contains($0) }) != true {
                    notice = "Type a number of minutes from 1 to \(ProctorPanel.maximumMinutes)."
                } else if entry.text.trimmingCharacters(in: .whitespaces).isEmpty {
                    notice = "Type the message the students will read."
                } else if action == .message {
                    // A message is its own reason: it goes to the log as it is.
                    let message = entry.text.trimmingCharacters(in: .whitespaces)
                    return send(
                        SeatCommandDraft(action: .message, minutes: nil, message: message, reason: message), to: targets
                    )
                } else {
                    mode = .reason(targets: targets, action: action, detail: entry.text)
                    entry = LineField(maximumLength: Self.maximumText)
                }
            default: _ = entry.handle(key)
            }
            return []
        case .opening(let exam, let code):
            return ask(
                key, yes: [.open(exam: exam)],
                no: "\(exam) still waits; the start code \(code) starts a seat whose student types it.")
        case .reason(let targets, let action, let detail):
            switch key {
            case .escape: mode = .list
            case .enter:
                let reason = entry.text.trimmingCharacters(in: .whitespaces)
                guard !reason.isEmpty else {
                    notice = "Type a reason: it is written to the log with your name."
                    return []
                }
                return send(
                    SeatCommandDraft(
                        action: action, minutes: action == .addTime ? Int(detail) : nil,
                        message: action == .message ? detail : nil, reason: reason), to: targets)
            default: _ = entry.handle(key)
            }
            return []
        case .confirm(let targets, let draft):
            let effects = ask(key, yes: [.send(draft, to: targets)], no: "Nothing was sent.")
            if !effects.isEmpty { marked = [] }
            return effects
        case .newCode(let exam):
            return ask(key, yes: [.makeStartCode(exam: exam)], no: "The start code in force stays.")
        case .incident(let seat, let category):
            let categories = IncidentCategory.allCases
            let index = categories.firstIndex(of: category) ?? 0
            switch key {
            case .up: mode = .incident(seat, category: categories[max(0, index - 1)])
            case .down: mode = .incident(seat, category: categories[min(categories.count - 1, index + 1)])
            case .escape:
                mode = .list
                notice = "No incident was written."
            case .enter:
                let note = entry.text.trimmingCharacters(in: .whitespaces)
                guard !note.isEmpty else {
                    notice = "Type what happened: it is written to the seat's log with your name."
                    return []
                }
                mode = .list
                return [.reportIncident(category, note: note, seat: seat)]
            default: _ = entry.handle(key)
            }
            return []
        }
    }

    /// A yes-or-no question's key: `y` closes it with `yes`, `n` or Esc with the notice `no`,
    /// any other key does nothing.
    private mutating func ask(_ key: Key, yes: [MonitorEffect], no: String) -> [MonitorEffect] {
        switch key {
        case .character("y"), .character("Y"):
            mode = .list
            return yes
        case .character("n"), .character("N"), .escape:
            mode = .list
            notice = no
            return []
        default:
            return []
        }
    }

    /// Sends `draft` to one seat at once; to several, asks first.
    private mutating func send(_ draft: SeatCommandDraft, to targets: [SeatKey]) -> [MonitorEffect] {
        guard targets.count == 1 else {
            mode = .confirm(targets: targets, draft: draft)
            return []
        }
        mode = .list
        marked = []
        return [.send(draft, to: targets)]
    }

    /// The longest message or reason.
    static let maximumText = 200

    private mutating func handleInList(_ key: Key, now: UInt64) -> [MonitorEffect] {
        let shown = rows(now: now)
        let index = cursorIndex(now: now)
        switch key {
        case .character("q"), .escape: return [.quit]
        case .up: keepCursor(now: now, index: index - 1)
        case .down: keepCursor(now: now, index: index + 1)
        case .pageUp: keepCursor(now: now, index: index - visibleRows)
        case .pageDown: keepCursor(now: now, index: index + visibleRows)
        case .home: keepCursor(now: now, index: 0)
        case .end: keepCursor(now: now, index: shown.count - 1)
        case .character("s"):
            let columns = self.columns
            sort = columns[((columns.firstIndex(of: sort) ?? 0) + 1) % columns.count]
            descending = false
            keepCursor(now: now)
        case .character("r"):
            descending.toggle()
            keepCursor(now: now)
        case .character("f"):
            let states = SeatState.allCases
            filter =
                filter.map { state in
                    let next = (states.firstIndex(of: state) ?? 0) + 1
                    return next < states.count ? states[next] : nil
                } ?? states.first
            keepCursor(now: now)
        case .character("/"):
            mode = .find
        case .character(" "):
            if let cursor {
                if marked.contains(cursor) { marked.remove(cursor) } else { marked.insert(cursor) }
                keepCursor(now: now, index: index + 1)
            }
        case .character("a"):
            let targets = marked.isEmpty ? cursor.map { [$0] } ?? [] : shown.map(Self.key).filter(marked.contains)
            if !targets.isEmpty { mode = .menu(targets: targets, selection: 0) }
        case .character("A"):
            // A seat whose candidate has not come or has finished would keep the command
            // for a later sitting: the room's commands are for those sitting now.
            let elapsed = elapsed(now: now)
            let sitting = shown.filter {
                !SeatState.absentOrFinished.contains($0.state(elapsed: elapsed, lostAfter: lostAfter))
            }
            if !sitting.isEmpty { mode = .menu(targets: sitting.map(Self.key), selection: 0) }
        case .character("h"):
            guard let cursor, let seat = seat(cursor) else { return [] }
            guard seat.handWaiting else {
                notice = "\(cursor.candidate) has no raised hand waiting."
                return []
            }
            return [
                .send(
                    SeatCommandDraft(
                        action: .acknowledgeHand, minutes: nil, message: nil,
                        reason: SeatHand.acknowledgementReason(raise: seat.handsRaised)),
                    to: [cursor])
            ]
        case .character("i"):
            guard let cursor, let seat = seat(cursor) else { return [] }
            guard seat.attempt != nil else {
                notice = "\(cursor.candidate) has no attempt yet: an incident is written on an attempt's log."
                return []
            }
            mode = .incident(seat, category: .disturbance)
            entry = LineField(maximumLength: Self.maximumText)
        case .character("o"):
            return openKey(now: now)
        case .character("O"):
            guard let start = sittingToOpen(now: now) else { return openKey(now: now) }
            mode = .newCode(exam: start.exam)
        case .enter:
            guard let cursor, let seat = seat(cursor) else { return [] }
            mode = .timeline(cursor)
            timeline = []
            timelineTop = nil
            return [.loadTimeline(seat)]
        default: break
        }
        return []
    }
}

extension MonitorModel {
    /// The sitting `o` opens: that of the seat under the cursor when it has a start, else
    /// the only one still waiting.
    func sittingToOpen(now: UInt64) -> SittingStart? {
        if let exam = cursor?.exam, let start = starts.first(where: { $0.exam == exam }) { return start }
        let waiting = starts.filter { $0.secondsSinceOpening == nil }
        return waiting.count == 1 ? waiting[0] : nil
    }

    /// `o`: a new start code for the sitting, then the confirmation that opens it.
    fileprivate mutating func openKey(now: UInt64) -> [MonitorEffect] {
        guard let start = sittingToOpen(now: now) else {
            notice =
                starts.isEmpty
                ? "No exam here has a roster: give one with `assess roster EXAM --import FILE.csv`."
                : "Move to a seat of the exam to open first."
            return []
        }
        let known = startCodes[start.exam]
        if start.secondsSinceOpening != nil {
            notice =
                "\(start.exam) is already open"
                + (known.map { "; its start code is \($0)" }
                    ?? (start.hasCode ? "; its start code was made at another monitor (O makes a new one)." : "."))
            return []
        }
        // The code already announced stays in force: a second `o` never replaces it.
        if let known {
            mode = .opening(exam: start.exam, code: known)
            return []
        }
        if start.hasCode {
            notice =
                "\(start.exam) has a start code made at another monitor; O makes a new one (the old one stops working)."
            return []
        }
        return [.makeStartCode(exam: start.exam)]
    }

    /// Each waiting or open sitting, for the header: "geography-quiz waits (o opens) · code K7QM3X".
    public func startsText(now: UInt64) -> String {
        starts.map { start in
            var text = start.exam
            if let age = start.secondsSinceOpening {
                text += " open " + MonitorText.age(age + elapsed(now: now)) + " ago"
            } else {
                text += " waits (o opens)"
            }
            if let code = startCodes[start.exam] { text += " · code \(code)" }
            return text
        }.joined(separator: "; ")
    }
}

/// What a proctor sends: an action with its minutes or message, and why.
public struct SeatCommandDraft: Sendable, Equatable {
    public var action: SeatCommand.Action
    public var minutes: Int?
    public var message: String?
    public var reason: String
}

/// Everything that reaches the monitor.
public enum MonitorEvent: Sendable, Equatable {
    case key(Key)
    /// The seats, freshly read.
    case read([SeatView])
    /// The store could not be read; why.
    case readFailed(String)
    /// The open timeline, freshly read.
    case timeline([MonitorModel.TimelineEntry])
    /// A command went to `count` seats, or could not (`failure`).
    case sent(count: Int, action: SeatCommand.Action, failure: String?)
    /// The rows there are for seats now.
    case resized(rows: Int)
    /// The common starts, freshly read.
    case starts([SittingStart])
    /// A start code was made and kept (its hash) for `exam`: ask to open it.
    case startCodeMade(exam: String, code: String)
    /// The sitting of `exam` was opened, or could not be (`failure`).
    case opened(exam: String, failure: String?)
    /// An irregularity report was written to `candidate`'s log, or could not be (`failure`).
    case incidentWritten(candidate: String, failure: String?)
    /// The store says the room may have changed: read it again.
    case roomChanged
    /// Time passed without a key (the ages on screen move; a liveness read may be due).
    case tick
    /// The terminal went away or a stop signal came.
    case ended
}

/// What the monitor asks the app to do.
public enum MonitorEffect: Sendable, Equatable {
    case quit
    /// Read the seats again now.
    case reread
    /// Read this seat's timeline.
    case loadTimeline(SeatView)
    /// Issue `command` to each of these seats.
    case send(SeatCommandDraft, to: [MonitorModel.SeatKey])
    /// Make and keep a new start code for `exam`'s sitting.
    case makeStartCode(exam: String)
    /// Open `exam`'s sitting.
    case open(exam: String)
    /// Write an irregularity report of `category`, `note`, to `seat`'s attempt's log.
    case reportIncident(IncidentCategory, note: String, seat: SeatView)
}
