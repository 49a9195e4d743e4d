import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// The golden screens' style layer: it reads back what it writes, and a screen whose
/// words are right but whose highlight is lost fails, naming the cell and both styles.
@Suite("Golden screens compare styles")
struct GoldenStyleLayerTests {
    /// The single-choice question at 80×24, as its golden screen has it.
    static func question() -> CellGrid {
        WholeScreenTests.draw(
            WholeScreenTests.walks.first { $0.name == "single-choice" }!, size: WholeScreenTests.sizes[0])
    }

    /// `grid` with `row` drawn again in the same words, plain.
    static func stripped(_ grid: CellGrid, row: Int) -> CellGrid {
        var copy = grid
        let text = grid.lines()[row]
        copy.fill(CellRect(row: row, column: 0, height: 1, width: grid.columns))
        copy.put(text, row: row, column: 0)
        return copy
    }

    @Test func theLayerReadsBackAsWritten() throws {
        for grid in [
            Self.question(),
            WholeScreenTests.draw(
                WholeScreenTests.walks.first { $0.name == "review" }!, size: WholeScreenTests.sizes[1]),
        ] {
            let layer = StyleLayer(grid)
            let read = try #require(try StyleLayer.split(["a screen", ""] + layer.encoded()).styles)
            #expect(StyleLayer.difference(drawn: layer, expected: read) == nil)
            #expect(read.palette == grid.palette)
        }
    }

    @Test func aLostHighlightFailsTheGoldenScreenNamingTheCellAndBothStyles() throws {
        let grid = Self.question()
        #expect(WholeScreenTests.golden.difference(grid, named: "single-choice-80x24") == nil)
        let plainHeader = Self.stripped(grid, row: 0)
        #expect(plainHeader.lines() == grid.lines(), "the words are the same")
        let report = try #require(WholeScreenTests.golden.difference(plainHeader, named: "single-choice-80x24"))
        #expect(report.contains("row 0, columns 0–79: expected reverse, got plain"), "\(report)")
        #expect(report.contains("the style of 80 cells on 1 row differs"), "\(report)")
        #expect(!report.contains("the screen differs"), "\(report)")
        #expect(report.contains(" 0 got  |(all plain)\n 0 want |RRRR"), "\(report)")
    }

    @Test func aHighlightThatMovesFailsOnBothRows() throws {
        var grid = Self.question()
        let focused = try #require(
            (0..<grid.rows).first { row in row > 0 && (0..<grid.columns).contains { grid[row, $0].style.reverse } })
        grid = Self.stripped(grid, row: focused)
        grid.put(grid.lines()[focused + 1], row: focused + 1, column: 0, style: CellStyle(reverse: true))
        let report = try #require(WholeScreenTests.golden.difference(grid, named: "single-choice-80x24"))
        #expect(report.contains("row \(focused), columns 2–15: expected reverse, got plain"), "\(report)")
        #expect(report.contains("row \(focused + 1), columns 0–79: expected plain, got reverse"), "\(report)")
    }

    @Test func aColourLostFailsThoughTheAttributesStay() throws {
        let layer = StyleLayer(Self.question())
        var faded = layer
        faded.rows[2][2].color = .normal
        faded.rows[2][2].bold = true
        let expected = CellStyle(bold: true, color: .accent)
        var wanted = layer
        wanted.rows[2][2] = expected
        let report = try #require(StyleLayer.difference(drawn: faded, expected: wanted))
        #expect(report.contains("row 2, column 2: expected bold accent, got bold"), "\(report)")
    }

    @Test func aGoldenFileWithoutAStyleLayerFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = GoldenScreens(folder: folder)
        let grid = Self.question()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (grid.lines(trimmingTrailingSpaces: true).joined(separator: "\n") + "\n")
            .write(toFile: "\(folder)/text-only.txt", atomically: true, encoding: .utf8)
        #expect(golden.difference(grid, named: "text-only")?.contains("has no style layer") == true)
        golden.record(grid, named: "recorded")
        #expect(golden.difference(grid, named: "recorded") == nil)
        #expect(golden.difference(Self.stripped(grid, row: 0), named: "recorded") != nil)
    }
}
