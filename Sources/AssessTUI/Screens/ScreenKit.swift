/// Small drawing helpers every screen shares: styles, wrapped paragraphs, the header
/// bar, the notice line and the footer of keys.
enum ScreenKit {
    static let title = CellStyle(bold: true, color: .accent)
    static let header = CellStyle(reverse: true)
    static let dim = CellStyle(dim: true)
    static let selected = CellStyle(reverse: true)
    static let warning = CellStyle(bold: true, color: .warning)
    static let error = CellStyle(bold: true, color: .error)
    static let success = CellStyle(bold: true, color: .success)

    /// The left margin of every screen.
    static let margin = 2

    /// Draws `text` wrapped to `width` from `row`; returns the row after the last line.
    @discardableResult
    static func paragraph(_ text: String, row: Int, column: Int = margin, width: Int,
                          style: CellStyle = .plain, into grid: inout CellGrid, lastRow: Int? = nil) -> Int {
        var y = row
        let limit = lastRow ?? grid.rows - 1
        for line in TextWrap.lines(text, width: max(1, width)) {
            guard y <= limit else { break }
            grid.put(line, row: y, column: column, style: style, maxWidth: width)
            y += 1
        }
        return y
    }

    /// A reverse-video bar across the top with `left` and `right` texts.
    static func headerBar(left: String, right: String, into grid: inout CellGrid) {
        grid.fill(CellRect(row: 0, column: 0, height: 1, width: grid.columns), style: header)
        let rightWidth = right.displayWidth
        grid.put(right, row: 0, column: max(0, grid.columns - rightWidth - 1), style: header)
        grid.put(left, row: 0, column: 1, style: header, maxWidth: max(0, grid.columns - rightWidth - 3))
    }

    /// The keys at the bottom, as "key action" pairs, with a rule above them.
    static func footer(_ keys: [(String, String)], into grid: inout CellGrid) {
        let row = grid.rows - 1
        grid.horizontalRule(row: row - 1, columns: 0..<grid.columns, style: dim)
        var column = 1
        for (key, action) in keys {
            let needed = key.displayWidth + action.displayWidth + 3
            guard column + needed <= grid.columns else { break }
            column += grid.put(key, row: row, column: column, style: CellStyle(bold: true))
            column += grid.put(" " + action + "  ", row: row, column: column)
        }
    }

    /// The notice line just above the footer.
    static func notice(_ text: String?, style: CellStyle = warning, into grid: inout CellGrid) {
        guard let text else { return }
        grid.put(text, row: grid.rows - 3, column: margin, style: style, maxWidth: grid.columns - 2 * margin)
    }

    /// "09:41" or "1:02:03".
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }

    /// "10 minutes", "1 hour 30 minutes", "45 seconds".
    static func duration(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append(hours == 1 ? "1 hour" : "\(hours) hours") }
        if minutes > 0 { parts.append(minutes == 1 ? "1 minute" : "\(minutes) minutes") }
        if rest > 0 || parts.isEmpty { parts.append(rest == 1 ? "1 second" : "\(rest) seconds") }
        return parts.joined(separator: " ")
    }

    /// A box in the middle of the screen holding wrapped `lines`.
    static func centeredBox(_ lines: [(String, CellStyle)], width: Int, into grid: inout CellGrid) {
        let boxWidth = min(width, grid.columns - 2)
        let inner = boxWidth - 4
        let wrapped = lines.flatMap { line, style in
            line.isEmpty ? [("", style)] : TextWrap.lines(line, width: inner).map { ($0, style) }
        }
        let height = wrapped.count + 2
        let top = max(0, (grid.rows - height) / 2)
        let left = max(0, (grid.columns - boxWidth) / 2)
        grid.drawBox(CellRect(row: top, column: left, height: height, width: boxWidth), line: .rounded)
        for (offset, line) in wrapped.enumerated() {
            grid.put(line.0, row: top + 1 + offset, column: left + 2, style: line.1, maxWidth: inner)
        }
    }
}
