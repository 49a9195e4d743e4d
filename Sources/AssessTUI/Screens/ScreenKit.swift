import AssessCore

/// Small drawing helpers every screen shares: styles, wrapped paragraphs, the header
/// bar, the notice line and the footer of keys.
enum ScreenKit {
    /// The look of the screen being drawn (see ``ScreenLook``).
    @TaskLocal static var look = ScreenLook()
    /// The strings of the screen being drawn, in the sitting's language.
    @TaskLocal static var text = Catalogue.english
    /// The notice the screen reader's layout already writes on its second line: the notice
    /// line leaves it out, so that a screen reader does not say it twice.
    @TaskLocal static var announced: String?

    static var title: CellStyle { look.adjusted(CellStyle(bold: true, color: .accent)) }
    static var header: CellStyle { look.adjusted(CellStyle(reverse: true)) }
    static var dim: CellStyle { look.adjusted(CellStyle(dim: true)) }
    static var selected: CellStyle { look.adjusted(CellStyle(reverse: true)) }
    static var warning: CellStyle { look.adjusted(CellStyle(bold: true, color: .warning)) }
    static var error: CellStyle { look.adjusted(CellStyle(bold: true, color: .error)) }
    static var success: CellStyle { look.adjusted(CellStyle(bold: true, color: .success)) }

    /// The left margin of every screen.
    static var margin: Int { look.margin }

    /// Draws with `look` and `text` bound for `body`, and tells the terminal its palette
    /// and cursor.
    static func drawing(
        with look: ScreenLook, text: Catalogue, into grid: inout CellGrid, _ body: (inout CellGrid) -> Void
    ) {
        grid.palette = look.palette
        grid.steadyCursor = look.reducedMotion
        $text.withValue(text) { $look.withValue(look) { body(&grid) } }
    }

    /// Draws `text` wrapped to `width` from `row`; returns the row after the last line.
    @discardableResult
    static func paragraph(
        _ text: String, row: Int, column: Int = margin, width: Int,
        style: CellStyle = .plain, into grid: inout CellGrid, lastRow: Int? = nil
    ) -> Int {
        var y = row
        let limit = lastRow ?? grid.rows - 1
        for line in TextWrap.lines(text, width: max(1, width)) {
            guard y <= limit else {
                grid.recordCut(line, row: y)
                break
            }
            grid.put(line, row: y, column: column, style: style, maxWidth: width)
            y += 1
        }
        return y
    }

    /// Labels and values as lines of two columns: each value starts two cells after the
    /// widest label, measured in cells, so the values line up in every language.
    static func aligned(_ rows: [(label: String, value: String)]) -> [String] {
        let width = rows.map(\.label.displayWidth).max() ?? 0
        return rows.map { $0.label + String(repeating: " ", count: width - $0.label.displayWidth + 2) + $0.value }
    }

    /// A code a character at a time, `9PXD-QRTC` as `9 P X D - Q R T C`: what the screen
    /// reader's layout shows of a code the student must write down, so that a screen reader
    /// spells it rather than reading a group as a word (or, as Fenrir does with `XD`, as an
    /// emoticon).
    static func characterByCharacter(_ code: String) -> String {
        code.map(String.init).joined(separator: " ")
    }

    /// `text` followed by spaces to `width` cells (as it is, when it is wider).
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.displayWidth))
    }

    /// Labels and values from `row` down, at the margin, `width` cells wide, as ``aligned(_:)``
    /// lines them up; a value too long for its column wraps under itself. Returns the row
    /// after the last.
    @discardableResult
    static func labelled(_ rows: [(label: String, value: String)], row: Int, width: Int, into grid: inout CellGrid)
        -> Int
    {
        let labelWidth = (rows.map(\.label.displayWidth).max() ?? 0) + 2
        var y = row
        for (label, value) in rows {
            grid.put(label, row: y, column: margin, maxWidth: width)
            y = paragraph(value, row: y, column: margin + labelWidth, width: width - labelWidth, into: &grid)
        }
        return y
    }

    /// A reverse-video bar across the top with `left` and `right` texts.
    static func headerBar(left: String, right: String, into grid: inout CellGrid) {
        grid.fill(CellRect(row: 0, column: 0, height: 1, width: grid.columns), style: header)
        let rightWidth = right.displayWidth
        grid.put(right, row: 0, column: max(0, grid.columns - rightWidth - 1), style: header)
        // Two cells and, when cut, "…" between the left text and the right: they never run together.
        let leftWidth = max(0, grid.columns - rightWidth - 3)
        grid.put(left.fitted(to: leftWidth), row: 0, column: 1, style: header, maxWidth: leftWidth)
    }

    /// A key of a footer, what it does, and how much it matters when the line is too short
    /// for every key.
    struct FooterKey {
        var key: String
        var action: String
        var priority: FooterPriority = .rest

        init(_ key: String, _ action: String, _ priority: FooterPriority = .rest) {
            self.key = key
            self.action = action
            self.priority = priority
        }
    }

    /// Which footer keys take the line first when it cannot hold them all.
    enum FooterPriority: Int, Comparable {
        /// The keys of what is on screen (Tab, the answering keys, review & submit).
        case kept
        /// A key every screen of its kind should name (raising a hand), after the kept ones.
        case high
        /// Every other key, in the order given.
        case rest

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The keys at the bottom, as "key action" pairs, with a rule above them (none in the
    /// screen reader's layout). `pinned` keys (help, settings) sit at the right end and
    /// always show; of `keys`, most needed first, those from the first that does not fit
    /// before them are left out (the help screen lists them all). The screen reader's layout
    /// spells out `^K` and `S-Tab`, which a screen reader reads as "K" and "S Tab".
    static func footer(_ keys: [(String, String)], pinned: [(String, String)] = [], into grid: inout CellGrid) {
        let keys = keys.map { FooterKey(look.linear ? spelledOut($0.0) : $0.0, $0.1) }
        let room = grid.columns - pinnedWidth(pinned) - 1
        var used = 0
        let shown = keys.prefix { key in
            used += key.key.displayWidth + key.action.displayWidth + 3
            return used <= room
        }
        drawFooter(Array(shown), pinned: pinned, into: &grid)
    }

    /// The footer of ``footer(_:pinned:into:)`` with keys of several priorities: the keys take
    /// the room left of the pinned ones by priority (kept, then high, then the rest, each
    /// in the order given); a key that does not fit is left out and later, shorter ones still
    /// take what is left. Those that fit show in the order given.
    static func footer(_ keys: [FooterKey], pinned: [(String, String)] = [], into grid: inout CellGrid) {
        let keys = look.linear ? keys.map { FooterKey(spelledOut($0.key), $0.action, $0.priority) } : keys
        let needed = keys.map { $0.key.displayWidth + $0.action.displayWidth + 3 }
        var room = grid.columns - pinnedWidth(pinned) - 1
        var shown = Set<Int>()
        for index in keys.indices.sorted(by: { (keys[$0].priority, $0) < (keys[$1].priority, $1) })
        where needed[index] <= room {
            shown.insert(index)
            room -= needed[index]
        }
        drawFooter(keys.indices.filter(shown.contains).map { keys[$0] }, pinned: pinned, into: &grid)
    }

    /// The width of the pinned keys, the two cells after the last included.
    private static func pinnedWidth(_ pinned: [(String, String)]) -> Int {
        pinned.reduce(0) { $0 + $1.0.displayWidth + $1.1.displayWidth + 3 }
    }

    /// Draws the rule (none in the screen reader's layout), `keys` from the left and
    /// `pinned` at the right end of the last row.
    private static func drawFooter(_ keys: [FooterKey], pinned: [(String, String)], into grid: inout CellGrid) {
        let row = grid.rows - 1
        if !look.linear { grid.horizontalRule(row: row - 1, columns: 0..<grid.columns, style: dim) }
        var column = 1
        for key in keys {
            column += footerKey(key.key, key.action, row: row, column: column, into: &grid)
        }
        column = max(column, grid.columns - pinnedWidth(pinned))
        for (key, action) in pinned {
            column += footerKey(key, action, row: row, column: column, into: &grid)
        }
    }

    /// `^K` as "Ctrl-K" and `S-Tab` as "Shift-Tab"; any other key as it is.
    static func spelledOut(_ key: String) -> String {
        if key == "S-Tab" { return "Shift-Tab" }
        guard key.count == 2, key.hasPrefix("^") else { return key }
        return "Ctrl-" + key.dropFirst()
    }

    private static func footerKey(_ key: String, _ action: String, row: Int, column: Int, into grid: inout CellGrid)
        -> Int
    {
        let width = grid.put(key, row: row, column: column, style: look.adjusted(CellStyle(bold: true)))
        return width + grid.put(" " + action + "  ", row: row, column: column + width)
    }

    /// A proctor's or marker's help screen below the header: `title`, then every key with
    /// what it does, one a key (long actions wrap; in the screen reader's layout a sentence
    /// a key), the cursor on the title, and a footer
    /// that says how to go `back`.
    static func keyHelp(_ title: String, keys: [(String, String)], back: String, into grid: inout CellGrid) {
        grid.put(title, row: 2, column: margin, style: self.title)
        let keyWidth = (keys.map(\.0.displayWidth).max() ?? 0) + 2
        let width = grid.columns - 2 * margin
        var row = 4
        for (key, action) in keys where row < grid.rows - 3 {
            if look.linear {
                // One line a key, read as a sentence: "F1: this help".
                row = paragraph(
                    text("help.line", ["key": key, "action": action]), row: row, width: width, into: &grid,
                    lastRow: grid.rows - 3)
                continue
            }
            grid.put(key, row: row, column: margin, style: look.adjusted(CellStyle(bold: true)), maxWidth: keyWidth)
            row = paragraph(
                action, row: row, column: margin + keyWidth, width: width - keyWidth, into: &grid,
                lastRow: grid.rows - 3)
        }
        grid.cursor = CellPosition(row: 2, column: margin)
        footer([("Esc or F1", back)], into: &grid)
    }

    /// The footer's undo and redo keys for a screen with a field that takes typing: those of
    /// the answers (Ctrl-U, Ctrl-R).
    static var undoRedoKey: (String, String) { ("^U/^R", text("key.undo-redo")) }

    /// Draws the part of `field` that fits `width` cells from `column` (masked for a
    /// password) and puts the cursor at its caret, unless `showsCaret` is false (a field
    /// the cursor is not in). Returns the cells drawn.
    @discardableResult
    static func field(
        _ field: LineField, row: Int, column: Int, width: Int, style: CellStyle = .plain,
        showsCaret: Bool = true, into grid: inout CellGrid
    ) -> Int {
        let (shown, caret) = field.visible(width: width)
        if showsCaret { grid.cursor = CellPosition(row: row, column: column + caret) }
        return grid.put(shown, row: row, column: column, style: style, maxWidth: width)
    }

    /// The notice line just above the footer (empty when it would repeat ``announced``).
    static func notice(_ text: String?, style: CellStyle = warning, into grid: inout CellGrid) {
        guard let text, text != announced else { return }
        let width = grid.columns - 2 * margin
        grid.put(text.fitted(to: width), row: grid.rows - 3, column: margin, style: style, maxWidth: width)
    }

    /// "09:41" or "1:02:03".
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        let rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }

    /// "10 minutes", "1 hour 30 minutes", "45 seconds", in the screen's language.
    static func duration(_ seconds: Int) -> String {
        text.duration(seconds)
    }

    /// A box in the middle of the screen holding wrapped `lines`; the cursor goes to the
    /// start of line `focus` (the keys to answer with) when given, else of the first line
    /// (what the box says), in every layout. In the screen reader's layout there is no box:
    /// the lines start at the margin below the header.
    static func centeredBox(_ lines: [(String, CellStyle)], width: Int, focus: Int? = nil, into grid: inout CellGrid) {
        let boxWidth = look.linear ? grid.columns - 2 * margin + 4 : min(width, grid.columns - 2)
        let inner = boxWidth - 4
        var wrapped: [(String, CellStyle, Int)] = []
        for (index, (line, style)) in lines.enumerated() {
            if look.linear && line.isEmpty { continue }
            wrapped +=
                line.isEmpty ? [("", style, index)] : TextWrap.lines(line, width: inner).map { ($0, style, index) }
        }
        let height = wrapped.count + 2
        let top = look.linear ? 1 : max(0, (grid.rows - height) / 2)
        let left = look.linear ? margin - 2 : max(0, (grid.columns - boxWidth) / 2)
        if !look.linear {
            // The box hides what is under it (a monitor's rows), not only its border's cells.
            grid.fill(CellRect(row: top, column: left, height: height, width: boxWidth))
            grid.drawBox(CellRect(row: top, column: left, height: height, width: boxWidth), line: .rounded)
        }
        for (offset, line) in wrapped.enumerated() {
            grid.put(line.0, row: top + 1 + offset, column: left + 2, style: line.1, maxWidth: inner)
        }
        if let offset = wrapped.firstIndex(where: { $0.2 == focus ?? 0 }) {
            grid.cursor = CellPosition(row: top + 1 + offset, column: left + 2)
        }
    }
}
