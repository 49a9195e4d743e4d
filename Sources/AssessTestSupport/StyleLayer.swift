import AssessTUI

/// The style layer of a golden screen: the screen's palette and every cell's style as a
/// one-character code, a line per row, under a legend that names each code's style. Kept
/// beside the text so that a diff shows where a highlight moved or was lost.
///
/// ```
/// --- styles (palette: standard) ---
/// . plain
/// R reverse
/// T bold accent
/// ---
/// RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR
///
///   TTTTTTTTTTTTTTTTTTTTTTTT
/// ```
///
/// Trailing plain cells are not written. The legend is read back from the file, so the
/// codes are names for this file only; comparison is by style, never by code.
public struct StyleLayer: Equatable, Sendable {
    /// How the terminal turns the colour roles into colours.
    public var palette: ScreenPalette
    /// Each row's styles from column 0; a row may stop early, the rest being plain.
    public var rows: [[CellStyle]]

    /// The first line of a style layer; what comes before it is the text layer.
    static let opening = "--- styles (palette: "
    static let legendEnd = "---"

    /// The style layer of `grid`.
    public init(_ grid: CellGrid) {
        palette = grid.palette
        rows = (0..<grid.rows).map { row in (0..<grid.columns).map { grid[row, $0].style } }
    }

    init(palette: ScreenPalette, rows: [[CellStyle]]) {
        self.palette = palette
        self.rows = rows
    }

    /// The style at (`row`, `column`): plain past the end of a row or of the layer.
    public func style(row: Int, column: Int) -> CellStyle {
        row < rows.count && column < rows[row].count ? rows[row][column] : .plain
    }

    // MARK: Writing

    /// Codes that read as what they stand for; any other style takes the next free
    /// character of ``spareCodes`` in the order it first appears on the screen.
    static let mnemonics: [(Character, CellStyle)] = [
        (".", .plain),
        ("B", CellStyle(bold: true)),
        ("D", CellStyle(dim: true)),
        ("U", CellStyle(underline: true)),
        ("R", CellStyle(reverse: true)),
        ("H", CellStyle(bold: true, reverse: true)),
        ("T", CellStyle(bold: true, color: .accent)),
        ("W", CellStyle(bold: true, color: .warning)),
        ("E", CellStyle(bold: true, color: .error)),
        ("S", CellStyle(bold: true, color: .success)),
        ("M", CellStyle(underline: true, color: .error)),
    ]
    static let spareCodes = Array("abcdefghijklmnopqrstuvwxyz0123456789*+=%&@$!?<>^~")

    /// The layer as the lines of a golden file: the opening, the legend (the codes used,
    /// in the order of ``mnemonics`` then first appearance), the legend's end, the rows.
    public func encoded() -> [String] {
        var codes: [CellStyle: Character] = [:]
        var spare = Self.spareCodes.makeIterator()
        let used = rows.flatMap { $0 }
        for (code, style) in Self.mnemonics where used.contains(style) { codes[style] = code }
        for style in used where codes[style] == nil {
            guard let code = spare.next() else { preconditionFailure("more styles on one screen than style codes") }
            codes[style] = code
        }
        let legend = codes.sorted { lhs, rhs in
            let order = { (code: Character) in
                Self.mnemonics.firstIndex { $0.0 == code } ?? Self.mnemonics.count + Self.spareCodes.firstIndex(
                    of: code)!
            }
            return order(lhs.value) < order(rhs.value)
        }
        var lines = ["\(Self.opening)\(Self.name(of: palette))) ---"]
        lines += legend.map { "\($0.value) \(Self.name(of: $0.key))" }
        lines.append(Self.legendEnd)
        lines += rows.map { row in
            var line = String(row.map { codes[$0]! })
            while line.last == "." { line.removeLast() }
            return line
        }
        return lines
    }

    /// A style in words: its attributes, then its colour role unless normal; `plain` for none.
    public static func name(of style: CellStyle) -> String {
        var words: [String] = []
        if style.bold { words.append("bold") }
        if style.dim { words.append("dim") }
        if style.underline { words.append("underline") }
        if style.reverse { words.append("reverse") }
        if style.color != .normal { words.append(colorNames.first { $0.1 == style.color }!.0) }
        if let picture = style.picture { words.append("picture:\(picture.ink)/\(picture.paper)") }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }

    static let colorNames: [(String, ColorRole)] = [
        ("normal", .normal), ("accent", .accent), ("warning", .warning), ("error", .error), ("success", .success),
    ]
    static let paletteNames: [(String, ScreenPalette)] = [
        ("standard", .standard), ("high contrast", .highContrast), ("monochrome", .monochrome),
    ]

    static func name(of palette: ScreenPalette) -> String { paletteNames.first { $0.1 == palette }!.0 }

    // MARK: Reading

    /// Splits a golden file's lines into its text layer and its style layer (`nil` when
    /// the file has none); throws a message on a style layer it cannot read.
    public static func split(_ lines: [String]) throws -> (text: [String], styles: StyleLayer?) {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(opening) }) else { return (lines, nil) }
        let header = lines[start].dropFirst(opening.count)
        guard header.hasSuffix(") ---"),
            let palette = paletteNames.first(where: { $0.0 == header.dropLast(5) })?.1
        else {
            throw GoldenFileError("cannot read the style layer's opening line '\(lines[start])'")
        }
        var codes: [Character: CellStyle] = [:]
        var index = start + 1
        while index < lines.count, lines[index] != legendEnd {
            let entry = lines[index]
            guard let code = entry.first, entry.dropFirst().first == " ",
                let style = style(named: String(entry.dropFirst(2)))
            else {
                throw GoldenFileError("cannot read the style legend's line '\(entry)'")
            }
            codes[code] = style
            index += 1
        }
        guard index < lines.count else { throw GoldenFileError("the style legend has no end line '\(legendEnd)'") }
        let rows = try lines[(index + 1)...].enumerated().map { row, line in
            try line.enumerated().map { column, code in
                guard let style = codes[code] else {
                    throw GoldenFileError(
                        "the style code '\(code)' at row \(row), column \(column) is not in the legend")
                }
                return style
            }
        }
        return (Array(lines[..<start]), StyleLayer(palette: palette, rows: rows))
    }

    /// The style ``name(of:)-(_:)`` writes as `name`, or `nil` for words it does not know.
    static func style(named name: String) -> CellStyle? {
        var style = CellStyle.plain
        for word in name.split(separator: " ") {
            switch word {
            case "plain": continue
            case "bold": style.bold = true
            case "dim": style.dim = true
            case "underline": style.underline = true
            case "reverse": style.reverse = true
            case _ where word.hasPrefix("picture:"):
                // A mosaic cell's colours, `picture:INK/PAPER`.
                let colours = word.dropFirst("picture:".count).split(separator: "/").compactMap { UInt8($0) }
                guard colours.count == 2, colours[0] < 8, colours[1] < 8, colours[0] != colours[1] else { return nil }
                style.picture = PictureColours(ink: colours[0], paper: colours[1])
            default:
                guard let role = colorNames.first(where: { $0.0 == word })?.1 else { return nil }
                style.color = role
            }
        }
        return style
    }

    // MARK: Comparing

    /// What differs between the layer drawn and the layer expected, for a person to read:
    /// the palette, then each cell whose style differs by row and column (the first few
    /// in words), and the code rows of both for each row that differs. `nil` when equal.
    public static func difference(drawn: StyleLayer, expected: StyleLayer, text: [String] = []) -> String? {
        var report: [String] = []
        if drawn.palette != expected.palette {
            report.append("the palette is \(name(of: drawn.palette)), expected \(name(of: expected.palette))")
        }
        let rowCount = max(drawn.rows.count, expected.rows.count)
        var cells: [(row: Int, column: Int)] = []
        var rowsDiffering: [Int] = []
        for row in 0..<rowCount {
            let width = max(drawn.rows[safe: row]?.count ?? 0, expected.rows[safe: row]?.count ?? 0)
            let differing = (0..<width).filter {
                drawn.style(row: row, column: $0) != expected.style(row: row, column: $0)
            }
            if !differing.isEmpty { rowsDiffering.append(row) }
            cells += differing.map { (row, $0) }
        }
        if !cells.isEmpty {
            report.append(
                "the style of \(cells.count) cell\(cells.count == 1 ? "" : "s") on \(rowsDiffering.count) row\(rowsDiffering.count == 1 ? "" : "s") differs:"
            )
            // Neighbouring cells that differ alike are told as one run.
            var runs: [(row: Int, first: Int, last: Int)] = []
            for (row, column) in cells {
                let same = { (other: Int) in
                    drawn.style(row: row, column: other) == drawn.style(row: row, column: column)
                        && expected.style(row: row, column: other) == expected.style(row: row, column: column)
                }
                if let run = runs.last, run.row == row, run.last == column - 1, same(run.first) {
                    runs[runs.count - 1].last = column
                } else {
                    runs.append((row, column, column))
                }
            }
            for run in runs.prefix(8) {
                let columns = run.first == run.last ? "column \(run.first)" : "columns \(run.first)–\(run.last)"
                report.append(
                    "  row \(run.row), \(columns): expected \(name(of: expected.style(row: run.row, column: run.first))), "
                        + "got \(name(of: drawn.style(row: run.row, column: run.first)))")
            }
            if runs.count > 8 { report.append("  and \(runs.count - 8) more runs") }
            // One code per style across both layers, so the two rows read side by side.
            let both = StyleLayer(palette: drawn.palette, rows: drawn.rows + expected.rows).encoded()
            let legendEnd = both.firstIndex(of: Self.legendEnd)!
            report.append("codes: " + both[1..<legendEnd].joined(separator: ", "))
            let codeRows = Array(both[(legendEnd + 1)...])
            for row in rowsDiffering {
                if row < text.count { report.append("\(String(format: "%2d", row)) text |\(text[row])") }
                let shown = { (line: String?) in line.map { $0.isEmpty ? "(all plain)" : $0 } ?? "(no row)" }
                report.append(
                    "\(String(format: "%2d", row)) got  |\(shown(row < drawn.rows.count ? codeRows[row] : nil))")
                report.append(
                    "\(String(format: "%2d", row)) want |\(shown(row < expected.rows.count ? codeRows[drawn.rows.count + row] : nil))"
                )
            }
        }
        return report.isEmpty ? nil : report.joined(separator: "\n")
    }
}

/// A golden file that cannot be read.
public struct GoldenFileError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
