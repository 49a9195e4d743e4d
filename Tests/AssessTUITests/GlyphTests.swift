import Testing

@testable import AssessTUI

/// A cell's packed grapheme: every cluster comes back as it went in, and two glyphs are
/// equal exactly when their clusters are.
@Suite struct GlyphTests {
    /// Clusters of 1 to 25 UTF-8 bytes: ASCII, Latin with a mark, Vietnamese with two
    /// marks, CJK, Hangul, a flag (8 bytes), exactly 15 bytes, and joined emoji past 15.
    static let clusters: [Character] = [
        "a", " ", "é", "e\u{0302}\u{0301}", "ệ", "漢", "한", "🇯🇵",
        "a\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}\u{0306}\u{0307}", // 1 + 7 × 2 = 15 bytes
        "a\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}\u{0306}\u{0307}\u{0308}", // 17 bytes
        "👩\u{200D}👩\u{200D}👧\u{200D}👦", // 25 bytes
        "👨\u{200D}👩\u{200D}👧\u{200D}👦", // 25 bytes, another family
    ]

    @Test(arguments: clusters)
    func aClusterComesBackWhole(_ cluster: Character) {
        let glyph = Glyph(cluster)
        #expect(glyph.character == cluster)
        #expect(Array(String(glyph.character).unicodeScalars) == Array(String(cluster).unicodeScalars))
        #expect(glyph.isWide == (cluster.displayWidth == 2))
    }

    @Test func glyphsAreEqualExactlyWhenTheirClustersAre() {
        for (i, first) in Self.clusters.enumerated() {
            for (j, second) in Self.clusters.enumerated() {
                #expect((Glyph(first) == Glyph(second)) == (i == j), "\(first) against \(second)")
            }
        }
    }

    @Test func aCellIsPlainBits() {
        #expect(_isPOD(Cell.self))
        #expect(MemoryLayout<Cell>.stride <= 24)
    }

    @Test func anotherLongClusterInTheSameCellIsWritten() {
        var before = CellGrid(rows: 1, columns: 4)
        before.put("👩\u{200D}👩\u{200D}👧\u{200D}👦", row: 0, column: 0)
        var after = CellGrid(rows: 1, columns: 4)
        after.put("👨\u{200D}👩\u{200D}👧\u{200D}👦", row: 0, column: 0)
        #expect(FrameDiff.changes(from: before, to: after).cells == [CellPosition(row: 0, column: 0)])
        #expect(after[0, 0].grapheme == "👨\u{200D}👩\u{200D}👧\u{200D}👦")
    }
}
