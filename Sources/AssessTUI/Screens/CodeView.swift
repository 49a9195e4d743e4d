import AssessExam

/// A program in its editor: a box with the line numbers in a margin, lines that never wrap
/// (the view scrolls sideways to keep the cursor in sight, `‹` and `›` marking text cut off
/// at either side), and the bracket at the cursor shown with its match in bold and
/// underlined. Below the box, the cursor's line and column and the word count.
///
/// With `colouring` (a question with `syntax-colour: true`), keywords, strings and comments
/// take colours (``SyntaxColouring``), found for the lines on screen at each frame; never
/// under no colour, high contrast or the screen reader's layout, where only the text speaks.
enum CodeView {
    static func render(
        _ editor: TextEditor, colouring: CodeLanguage? = nil, in area: CellRect, into grid: inout CellGrid
    ) {
        guard area.height >= 4 else { return }
        let box = CellRect(row: area.row, column: area.column, height: area.height - 1, width: area.width)
        let inner: CellRect
        if ScreenKit.look.linear {
            inner = CellRect(row: box.row, column: box.column, height: box.height - 1, width: box.width - 2)
        } else {
            grid.drawBox(box, style: ScreenKit.dim)
            inner = box.inset(by: 1)
        }
        let text = editor.text
        let lines = lineRanges(of: text)
        let cursorLine = lines.lastIndex { $0.lowerBound <= editor.cursor } ?? 0
        let cursorColumn = text[lines[cursorLine].lowerBound..<editor.cursor].displayWidth
        let gutter = max(2, String(lines.count).count) + 1
        let width = max(1, inner.width - gutter)
        let top = max(0, cursorLine - inner.height + 1)
        // The same sideways shift for every line, so that the program's columns stay lined up.
        let left = cursorColumn >= width ? cursorColumn - width + 1 : 0
        let brackets = matchedBrackets(in: text, at: editor.cursor)
        let look = ScreenKit.look
        let language = look.monochrome || look.highContrast || look.linear ? nil : colouring
        // What the lines above the first one shown leave open (a comment, a string).
        var carry = SyntaxColouring.Carry.none
        if let language {
            for range in lines[..<top] { _ = SyntaxColouring.spans(of: text[range], in: language, carry: &carry) }
        }
        for row in 0..<inner.height where top + row < lines.count {
            let range = lines[top + row]
            let spans = language.map { SyntaxColouring.spans(of: text[range], in: $0, carry: &carry) } ?? []
            var offset = 0
            let number = String(top + row + 1)
            let y = inner.row + row
            grid.put(
                String(repeating: " ", count: gutter - 1 - number.count) + number, row: y, column: inner.column,
                style: ScreenKit.dim)
            var column = 0
            var x = inner.column + gutter
            for index in text[range].indices {
                let character = text[index]
                let characterWidth = character.displayWidth
                let kind = spans.first { $0.range.contains(offset) }?.kind
                defer {
                    column += characterWidth
                    offset += 1
                }
                guard column >= left else { continue }
                guard column - left + characterWidth <= width else {
                    grid.put("›", row: y, column: inner.column + gutter + width - 1, style: ScreenKit.dim)
                    break
                }
                let style =
                    brackets.contains(index)
                    ? CellStyle(bold: true, underline: true) : kind.map(SyntaxColouring.style) ?? .plain
                x += grid.put(String(character), row: y, column: x, style: style)
            }
            if left > 0 && text[range].displayWidth > left {
                grid.put("‹", row: y, column: inner.column + gutter - 1, style: ScreenKit.dim)
            }
        }
        grid.cursor = CellPosition(
            row: inner.row + cursorLine - top, column: inner.column + gutter + cursorColumn - left)
        let words = ScreenKit.text(
            "code.position", ["line": cursorLine + 1, "column": cursorColumn + 1, "words": editor.wordCount])
        grid.put(words, row: box.row + box.height, column: area.column, style: ScreenKit.dim)
    }

    /// Each language's name as the screens write it.
    static let languageNames: [CodeLanguage: String] = [.python3: "Python 3", .c: "C", .bash: "Bash"]

    /// The range of each line of `text`, without its line break; one empty line for empty text.
    static func lineRanges(of text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start = text.startIndex
        while let end = text[start...].firstIndex(of: "\n") {
            ranges.append(start..<end)
            start = text.index(after: end)
        }
        ranges.append(start..<text.endIndex)
        return ranges
    }

    static let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}"]

    /// The bracket at `cursor` (or, when none is there, just before it) and its match,
    /// counted by nesting; empty when there is no bracket or it has no match.
    static func matchedBrackets(in text: String, at cursor: String.Index) -> Set<String.Index> {
        var candidates: [String.Index] = []
        if cursor < text.endIndex { candidates.append(cursor) }
        if cursor > text.startIndex { candidates.append(text.index(before: cursor)) }
        for index in candidates {
            let character = text[index]
            if let closing = pairs[character] {
                var depth = 0
                for other in text[index...].indices {
                    if text[other] == character { depth += 1 }
                    if text[other] == closing { depth -= 1 }
                    if depth == 0 { return [index, other] }
                }
                return []
            }
            if let opening = pairs.first(where: { $0.value == character })?.key {
                var depth = 0
                for other in text[...index].indices.reversed() {
                    if text[other] == character { depth += 1 }
                    if text[other] == opening { depth -= 1 }
                    if depth == 0 { return [index, other] }
                }
                return []
            }
        }
        return []
    }
}
