import AssessExam

/// A question's picture on screen, in one of three forms:
/// - the picture itself in the terminal's graphics protocol (sixel or kitty's, see
///   ``TerminalGraphics``) with the alt text beside it, once the terminal has said it speaks
///   one and the picture is made; its mosaic meanwhile;
/// - a mosaic of block symbols in colours (``PictureShelf``) with the alt text beside it, on a
///   terminal that shows them; until the mosaic is made, a frame of its size with the alt
///   text inside;
/// - the alt text alone, in a frame titled "Picture" (in words, without the frame, in the
///   screen reader's layout): on the Linux console, in the screen reader's layout, with
///   the no-colour setting, or where the mosaic would be too small to make out.
/// See docs/students.md ("Pictures").
enum PictureView {
    /// Fewest rows and columns a mosaic is drawn in; smaller, the alt text says more.
    static let smallestMosaic = (columns: 8, rows: 3)
    /// The columns a picture takes when its `width:` does not say.
    static let defaultColumns = 32
    /// The fewest columns left beside a mosaic for its alt text.
    static let altColumns = 16

    /// Draws `image` from `row`, `width` columns wide from the margin, using rows up to
    /// `lastRow`; returns the row after it.
    static func render(
        _ image: ExamImage, shelf: PictureShelf?, row: Int, width: Int, lastRow: Int, into grid: inout CellGrid
    ) -> Int {
        let look = ScreenKit.look
        let column = ScreenKit.margin
        if let shelf, shelf.showsMosaics, !look.linear, !look.monochrome,
            let cells = shelf.cells(
                of: image.file, columns: min(image.width ?? defaultColumns, width - altColumns - 2),
                rows: lastRow - row + 1),
            cells.columns >= smallestMosaic.columns, cells.rows >= smallestMosaic.rows
        {
            if let graphics = shelf.graphics(of: image.file, columns: cells.columns, rows: cells.rows) {
                // The cells stay blank: the terminal draws the picture over them after the frame.
                grid.placePicture(
                    PicturePlacement(
                        row: row, column: column, columns: cells.columns, rows: cells.rows, graphics: graphics))
            } else if let mosaic = shelf.mosaic(of: image.file, columns: cells.columns, rows: cells.rows) {
                for (offset, line) in mosaic.rows.enumerated() {
                    for (index, symbol) in line.enumerated() {
                        grid.put(
                            String(symbol), row: row + offset, column: column + index,
                            style: CellStyle(picture: mosaic.colours[offset][index]))
                    }
                }
            } else {
                // The alt text in a frame of the picture's size until the mosaic is made.
                let frame = CellRect(row: row, column: column, height: cells.rows, width: cells.columns)
                grid.drawBox(frame, style: ScreenKit.dim)
            }
            let besideColumn = column + cells.columns + 2
            let besideWidth = width - cells.columns - 2
            grid.put(ScreenKit.text("question.picture"), row: row, column: besideColumn, style: ScreenKit.dim)
            ScreenKit.paragraph(
                image.alt, row: row + 1, column: besideColumn, width: besideWidth, style: ScreenKit.dim,
                into: &grid, lastRow: row + cells.rows - 1)
            return row + cells.rows
        }
        if look.linear {
            return ScreenKit.paragraph(
                ScreenKit.text("question.picture-words", ["alt": image.alt]), row: row, width: width,
                into: &grid, lastRow: lastRow)
        }
        let lines = TextWrap.lines(image.alt, width: max(1, width - 4))
        let height = min(lines.count, max(1, lastRow - row - 1)) + 2
        grid.drawBox(
            CellRect(row: row, column: column, height: height, width: width), title: ScreenKit.text("question.picture"),
            style: ScreenKit.dim)
        ScreenKit.paragraph(
            image.alt, row: row + 1, column: column + 2, width: width - 4, into: &grid, lastRow: row + height - 2)
        return row + height
    }

    /// A choice's label with its picture's alt text, as the choices show it.
    static func label(_ label: String, picture: ExamImage?) -> String {
        guard let picture else { return label }
        return ScreenKit.text("question.choice-picture", ["choice": label, "alt": picture.alt])
    }
}
