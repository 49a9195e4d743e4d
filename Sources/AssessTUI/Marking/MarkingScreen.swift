import AssessCore
import AssessExam

/// Draws the marking desk and runs it until the marker leaves: one answer at a time, the
/// question, the whole answer (wrapped and scrolled as in the exam), the word count, the
/// maximum points, and the points, comment and (for an override) reason being typed.
public enum MarkingScreen {
    /// Shows `desk` on `terminal` until Esc, on the shared ``Program`` loop; `store` keeps
    /// each mark on a worker thread of its own (throwing a sentence for the marker when the
    /// store refuses), so a slow store never holds back a key. Returns the desk as it was
    /// left, once every mark given has been stored or refused.
    public static func run(
        _ desk: MarkingDesk, on terminal: any TerminalDevice, clock: any Clock,
        store: @escaping @Sendable (MarkingItem, HandMark) throws -> Void
    ) -> MarkingDesk {
        let inbox = ProgramInbox<MarkingEvent>()
        let worker = SerialWorker(name: "assess store")
        let program = Program(
            model: desk, terminal: terminal, clock: clock,
            runner: MarkingEffects(store: store, worker: worker, inbox: inbox), inbox: inbox)
        program.run()
        worker.finish()
        var left = program.model
        for event in inbox.takeAll() { _ = left.update(event, now: clock.monotonicNanoseconds) }
        return left
    }

    /// Every key of the marking screen with what it does, for the help screen (F1).
    static let keys: [(String, String)] = [
        ("Enter", "save the points and comment, and go on to the next answer"),
        ("Tab / Shift-Tab", "move between the points, the comment and the reason for an override"),
        ("typing", "write in the field the cursor is in"),
        ("← → Home End", "move in the field"),
        ("Ctrl-U / Ctrl-R", "undo / redo in the field"),
        ("Ctrl-N / Ctrl-P", "the next or the previous answer (asks first when a typed mark is not saved)"),
        ("Ctrl-G", "the next answer still waiting for a mark"),
        ("↑ ↓ PgUp PgDn", "scroll the answer"),
        ("Ctrl-O", "mark by question or by candidate"),
        ("Ctrl-T", "show or hide the candidates' ids (anonymous by default)"),
        ("Esc or Ctrl-Q", "leave the marking screen (every saved mark is kept; asks first when a typed one is not)"),
        ("F1", "this help"),
    ]

    /// Draws `desk` into `grid` (and tells the desk how many answer lines fit, for paging),
    /// with the marker's accessibility settings: the screen reader's layout has one column,
    /// no box drawing and each state in words.
    public static func render(_ desk: inout MarkingDesk, into grid: inout CellGrid) {
        ScreenKit.drawing(with: ScreenLook(desk.accessibility), text: .english, into: &grid) { grid in
            draw(&desk, into: &grid)
        }
    }

    private static func draw(_ desk: inout MarkingDesk, into grid: inout CellGrid) {
        grid.clear()
        grid.cursor = nil
        let linear = ScreenKit.look.linear
        let width = grid.columns - 2 * ScreenKit.margin
        let mode =
            (desk.order == .byQuestion ? "by question" : "by candidate") + (desk.showsCandidate ? "" : " · anonymous")
        ScreenKit.headerBar(left: "Marking: \(desk.exam.title)", right: mode, into: &grid)
        if desk.showsHelp {
            ScreenKit.keyHelp("Keys on the marking screen", keys: keys, back: "back to the answer", into: &grid)
            return
        }
        guard let item = desk.current else {
            grid.put(
                "Nothing to mark here: no finished attempt has an answer to this.", row: 2, column: ScreenKit.margin,
                maxWidth: width)
            grid.cursor = CellPosition(row: 2, column: ScreenKit.margin)
            ScreenKit.footer([("Esc", "leave")], pinned: [("F1", "help")], into: &grid)
            return
        }
        let who = desk.showsCandidate ? "Candidate \(item.candidate)" : "Candidate #\(item.anonymousNumber)"
        let points = Self.points(item.question.points)
        grid.put(
            "Answer \(desk.index + 1) of \(desk.items.count) · \(item.question.id) · \(points) · \(who)", row: 1,
            column: ScreenKit.margin, style: ScreenKit.title, maxWidth: width)
        let unmarked = desk.unmarked
        let progress = "Still to mark: \(unmarked.thisQuestion) of this question, \(unmarked.all) in all"
        let state =
            item.handMark.map { "marked: " + Self.points($0.points) }
            ?? (item.isUnmarked ? "not marked yet" : "scored by the exam")
        let stateStyle = item.handMark == nil ? ScreenKit.dim : ScreenKit.success
        if linear {
            // One column: the answer's state follows the progress in the same sentence.
            grid.put(progress + "; this answer: " + state, row: 2, column: ScreenKit.margin, maxWidth: width)
        } else {
            grid.put(progress, row: 2, column: ScreenKit.margin, style: ScreenKit.dim, maxWidth: width)
            grid.put(
                state, row: 2, column: grid.columns - ScreenKit.margin - state.displayWidth, style: stateStyle)
        }
        let promptEnd = ScreenKit.paragraph(
            item.question.prompt, row: 4, width: width, style: ScreenKit.look.adjusted(CellStyle(bold: true)),
            into: &grid, lastRow: 6)

        let top = promptEnd + 1
        let formTop = grid.rows - (item.isOverride ? 7 : 6)
        let area = CellRect(row: top, column: ScreenKit.margin, height: max(3, formTop - top), width: width)
        if linear {
            linearAnswer(&desk, item, in: area, into: &grid)
        } else {
            boxedAnswer(&desk, item, in: area, into: &grid)
        }

        let step = desk.exam.halfPoints ? ", halves allowed" : ""
        var row = formTop
        field(
            "Points (0–\(MarkRules.number(item.question.points))\(step))", desk.points, .points, row: row, desk, &grid)
        row += 1
        field("Comment", desk.comment, .comment, row: row, desk, &grid)
        if item.isOverride {
            row += 1
            field("Reason for the override", desk.reason, .reason, row: row, desk, &grid)
        }
        ScreenKit.notice(
            desk.notice, style: desk.notice?.hasPrefix("Saved") == true ? ScreenKit.success : ScreenKit.warning,
            into: &grid)
        ScreenKit.footer(
            [
                ("Enter", "save"), ("Tab", "field"), ScreenKit.undoRedoKey, ("^N/^P", "next/prev"), ("^G", "unmarked"),
                ("^T", "ids"), ("PgUp/PgDn", "scroll"), ("^O", "order"),
            ],
            pinned: [("Esc", "leave"), ("F1", "help")], into: &grid)
        if desk.departure != nil {
            ScreenKit.centeredBox(
                [
                    ("Leave this answer without saving?", ScreenKit.title),
                    ("", .plain),
                    ("The points or comment typed here are not saved; leaving throws them away.", .plain),
                    ("", .plain),
                    ("y leaves without saving · n stays (then Enter saves)", CellStyle(bold: true)),
                ], width: 64, focus: 4, into: &grid)
        }
    }

    /// "1 point", "0.5 points", "2 points".
    static func points(_ value: Double) -> String {
        value == 1 ? "1 point" : "\(MarkRules.number(value)) points"
    }

    /// The answer box's title: the word count of an essay, the exam's own score otherwise.
    private static func answerLabel(_ item: MarkingItem, words: Int) -> String {
        guard !item.isEssay else { return "Answer · " + Counted.english(words, "word") }
        return "Answer · scored \(MarkRules.number(item.automatic.awarded)) of "
            + "\(MarkRules.number(item.automatic.maximum))"
            + (AnswerText.correct(item.question).map { " · right answer: \($0)" } ?? "")
    }

    /// "lines 3-12 of 40" when the answer is longer than the lines shown, else nil.
    private static func position(_ scroll: Int, shown: Int, of total: Int, visible: Int) -> String? {
        total > visible ? "lines \(scroll + 1)-\(scroll + shown) of \(total)" : nil
    }

    /// The answer in a box filling `area`; with a marking guide, the guide in a box of its
    /// own beside it (100 columns or more) or under it.
    private static func boxedAnswer(
        _ desk: inout MarkingDesk, _ item: MarkingItem, in area: CellRect, into grid: inout CellGrid
    ) {
        var box = area
        // Beside the answer at 100 columns; under it only where both boxes keep a line of text.
        if let guide = item.question.guide, grid.columns >= 100 || area.height >= 6 {
            var guideBox = area
            if grid.columns >= 100 {
                box.width = area.width * 3 / 5
                guideBox.column = box.column + box.width + 1
                guideBox.width = area.width - box.width - 1
            } else {
                let needed = TextWrap.lines(guide, width: area.width - 4).count + 2
                guideBox.height = min(needed, max(3, area.height / 2))
                box.height = area.height - guideBox.height
                guideBox.row = box.row + box.height
            }
            grid.drawBox(guideBox, title: "Marking guide", line: .rounded)
            let lines = TextWrap.lines(guide, width: guideBox.width - 4)
            for (offset, line) in lines.prefix(guideBox.height - 2).enumerated() {
                grid.put(
                    line, row: guideBox.row + 1 + offset, column: guideBox.column + 2, maxWidth: guideBox.width - 4)
            }
            if lines.count > guideBox.height - 2 {
                let more = " \(guideBox.height - 2) of \(lines.count) lines "
                grid.put(
                    more, row: guideBox.row + guideBox.height - 1,
                    column: guideBox.column + guideBox.width - 2 - more.displayWidth, style: ScreenKit.dim)
            }
        }
        if let code = item.code {
            MarkedProgram.drawBoxed(&desk, item, code, in: box, into: &grid)
            return
        }
        let layout = desk.answerLayout(width: box.width - 4)
        let lines = layout.lines
        let visible = box.height - 2
        desk.fit(visibleLines: visible, totalLines: lines.count)
        let shown = lines.dropFirst(desk.scroll).prefix(visible)
        grid.drawBox(box, title: answerLabel(item, words: layout.words), line: .rounded)
        if let position = position(desk.scroll, shown: shown.count, of: lines.count, visible: visible).map({
            " \($0) "
        }) {
            grid.put(
                position, row: box.row + box.height - 1, column: box.column + box.width - 2 - position.displayWidth,
                style: ScreenKit.dim)
        }
        for (offset, line) in shown.enumerated() {
            grid.put(line, row: box.row + 1 + offset, column: box.column + 2, maxWidth: box.width - 4)
        }
    }

    /// The screen reader's layout of the answer: a heading line that says what follows and
    /// which lines show, the answer's lines, then the marking guide under its own heading,
    /// all in one column without box drawing.
    private static func linearAnswer(
        _ desk: inout MarkingDesk, _ item: MarkingItem, in area: CellRect, into grid: inout CellGrid
    ) {
        var answerRows = area.height - 1
        var guideLines: [String] = []
        // Under the answer where both keep their heading and a line.
        if let guide = item.question.guide, area.height >= 4 {
            guideLines = TextWrap.lines(guide, width: area.width)
            let guideRows = min(guideLines.count + 1, max(2, area.height / 2))
            answerRows -= guideRows
            let heading = area.row + 1 + answerRows
            let shown = guideLines.prefix(guideRows - 1)
            let more = shown.count < guideLines.count ? " (\(shown.count) of \(guideLines.count) lines)" : ""
            grid.put("Marking guide\(more):", row: heading, column: area.column, style: ScreenKit.title)
            for (offset, line) in shown.enumerated() {
                grid.put(line, row: heading + 1 + offset, column: area.column, maxWidth: area.width)
            }
        }
        if let code = item.code {
            let rows = CellRect(row: area.row, column: area.column, height: answerRows + 1, width: area.width)
            MarkedProgram.drawLinear(&desk, item, code, in: rows, into: &grid)
            return
        }
        let layout = desk.answerLayout(width: area.width)
        let lines = layout.lines
        let visible = max(1, answerRows)
        desk.fit(visibleLines: visible, totalLines: lines.count)
        let shown = lines.dropFirst(desk.scroll).prefix(visible)
        let position = position(desk.scroll, shown: shown.count, of: lines.count, visible: visible)
        let heading = answerLabel(item, words: layout.words) + (position.map { ", " + $0 } ?? "") + ":"
        grid.put(heading, row: area.row, column: area.column, style: ScreenKit.title, maxWidth: area.width)
        for (offset, line) in shown.enumerated() {
            grid.put(line, row: area.row + 1 + offset, column: area.column, maxWidth: area.width)
        }
    }

    /// One labelled input line; the cursor sits at the caret of the field being typed in.
    private static func field(
        _ label: String, _ field: LineField, _ which: MarkingDesk.Field, row: Int,
        _ desk: MarkingDesk, _ grid: inout CellGrid
    ) {
        let labelWidth = 32
        let active = desk.field == which
        grid.put(
            label + ":", row: row, column: ScreenKit.margin, style: active ? CellStyle(bold: true) : .plain,
            maxWidth: labelWidth)
        let column = ScreenKit.margin + labelWidth
        ScreenKit.field(
            field, row: row, column: column, width: grid.columns - ScreenKit.margin - column,
            style: CellStyle(underline: true), showsCaret: active, into: &grid)
    }
}

/// What reaches the marking desk: a key, or the store's answer to a mark.
public enum MarkingEvent: Sendable {
    case key(Key)
    /// The store kept `mark` for the item at `index`.
    case stored(HandMark, index: Int)
    /// The store refused a mark; why.
    case refused(String)
    /// The terminal went away or a stop signal came.
    case ended
}

/// What the marking desk asks the program to do.
public enum MarkingEffect: Sendable {
    /// Keep `mark` for `item`, the desk's item at `index`.
    case store(MarkingItem, HandMark, index: Int)
    case quit
}

extension MarkingDesk: ProgramModel {
    public mutating func event(for input: TerminalInput) -> MarkingEvent? {
        switch input {
        case .key(let key): return .key(key)
        case .stop, .hangup: return .ended
        case .resized, .tick: return nil
        }
    }

    public mutating func update(_ event: MarkingEvent, now: UInt64) -> [MarkingEffect] {
        switch event {
        case .key(let key):
            switch handle(key) {
            case .stay: return []
            case .quit: return [.quit]
            case .store(let mark, let index): return [.store(items[index], mark, index: index)]
            }
        case .stored(let mark, let index):
            stored(mark, at: index)
        case .refused(let reason):
            refused(reason)
        case .ended:
            return [.quit]
        }
        return []
    }

    public mutating func render(now: UInt64, into grid: inout CellGrid) {
        MarkingScreen.render(&self, into: &grid)
    }

    public func untilNextTick(now: UInt64) -> Int? { nil }
}

/// Stores the desk's marks on the worker, in order, and posts each answer back.
struct MarkingEffects: EffectRunner {
    typealias Model = MarkingDesk
    typealias Outcome = Void

    let store: @Sendable (MarkingItem, HandMark) throws -> Void
    let worker: SerialWorker
    let inbox: ProgramInbox<MarkingEvent>

    func perform(_ effect: MarkingEffect) -> Void? {
        switch effect {
        case .quit:
            return ()
        case .store(let item, let mark, let index):
            let store = store
            let inbox = inbox
            worker.enqueue {
                do {
                    try store(item, mark)
                    inbox.post(.stored(mark, index: index))
                } catch {
                    inbox.post(.refused("\(error)"))
                }
            }
            return nil
        }
    }
}
