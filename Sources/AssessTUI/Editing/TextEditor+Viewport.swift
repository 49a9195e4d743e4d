extension TextEditor {
    /// The visual lines a view `rows` tall shows, laid out from only the paragraphs it
    /// needs, and the cursor's place among them: the same lines and cursor as
    /// ``layout(width:)`` scrolled so the cursor is on the last row (or from the top
    /// while the cursor is within the first `rows` lines).
    ///
    /// Paragraphs wrap independently of one another, so wrapping the cursor's paragraph
    /// and its neighbours gives exactly the lines a whole layout would. The cost grows
    /// with what is on screen, not with the length of the essay: a 100 KB essay costs a
    /// keystroke no more than a short one.
    public func viewport(width: Int, rows: Int) -> EditorLayout {
        let rows = max(1, rows)
        let bytes = text.utf8
        // The newline is always a grapheme of its own, so its UTF-8 positions are
        // character boundaries and split the text where `TextWrap` splits paragraphs.
        let newline = UInt8(ascii: "\n")
        func paragraphStart(before index: String.Index) -> String.Index {
            bytes[..<index].lastIndex(of: newline).map { bytes.index(after: $0) } ?? text.startIndex
        }
        func paragraphEnd(from index: String.Index) -> String.Index {
            bytes[index...].firstIndex(of: newline) ?? text.endIndex
        }

        // The cursor's paragraph, then earlier ones until the rows above the cursor are filled.
        var first = paragraphStart(before: cursor)
        var lines = TextWrap.wrap(text[first..<paragraphEnd(from: cursor)], width: width)
        var row = Self.row(of: cursor, in: lines)
        while row < rows - 1 && first > text.startIndex {
            let previousEnd = bytes.index(before: first)
            first = paragraphStart(before: previousEnd)
            let earlier = TextWrap.wrap(text[first..<previousEnd], width: width)
            lines.insert(contentsOf: earlier, at: 0)
            row += earlier.count
        }
        // Near the top of the text the view also shows lines below the cursor.
        var last = lines.last!.range.upperBound
        while lines.count < rows && last < text.endIndex {
            let next = bytes.index(after: last)
            last = paragraphEnd(from: next)
            lines += TextWrap.wrap(text[next..<last], width: width)
        }
        let top = max(0, row - rows + 1)
        let shown = Array(lines[top..<min(lines.count, top + rows)])
        let column = lines[row].text[..<cursor].displayWidth
        return EditorLayout(lines: shown, cursor: CellPosition(row: row - top, column: min(column, max(0, width - 1))))
    }

    /// The visual line showing `position`: a position at the very end of a line the wrap
    /// broke is shown at the start of the next one (as ``layout(width:)`` does).
    private static func row(of position: String.Index, in lines: [WrappedLine]) -> Int {
        lines.firstIndex { line in
            line.range.lowerBound <= position
                && (position < line.range.upperBound || (position == line.range.upperBound && line.endsParagraph))
        } ?? lines.count - 1
    }
}
