import AssessTestSupport
import Testing

@testable import AssessTUI

/// Printable ASCII takes a shortcut through wrapping and drawing (a byte is a character
/// one column wide); these tests hold the shortcut to the general path, character by
/// character, over many texts: the same lines, the same cells, the same cuts.
@Suite("Printable ASCII shortcuts")
struct PrintableASCIITests {
    /// Texts of words, runs of spaces, punctuation and long words, with newlines when asked.
    static func texts(count: Int, newlines: Bool) -> [String] {
        var random = SplitMix(state: 2026)
        let pieces = ["a", "essay", "the", "Moon's", "phases,", "x", "-", "(half)", "supercalifragilistic", "1.5", "~"]
        return (0..<count).map { _ in
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6: text += pieces.randomElement(using: &random)!
                case 6..<9: text += String(repeating: " ", count: Int.random(in: 1...3, using: &random))
                default: text += newlines ? "\n" : " "
                }
            }
            return text
        }
    }

    @Test func wrappingPrintableASCIIGivesTheLinesOfTheGeneralPath() {
        for text in Self.texts(count: 400, newlines: true) {
            for width in [1, 2, 3, 5, 8, 13, 40, 94] {
                var expected: [WrappedLine] = []
                var start = text.startIndex
                while true {
                    let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
                    TextWrap.wrapByCharacter(text[start..<end], width: width, into: &expected)
                    guard end < text.endIndex else { break }
                    start = text.index(after: end)
                }
                let wrapped = TextWrap.wrap(text, width: width)
                #expect(wrapped == expected, "\(text.debugDescription) at width \(width)")
                #expect(wrapped.map(\.range) == expected.map(\.range), "\(text.debugDescription) at width \(width)")
            }
        }
    }

    @Test func drawingPrintableASCIIGivesTheCellsAndCutsOfTheGeneralPath() {
        let underneath = "東京 wide 漢字 ends here"
        for text in Self.texts(count: 300, newlines: false) {
            for (column, maxWidth) in [(0, nil), (3, 7), (-4, nil), (10, 30), (19, nil), (1, 0)] as [(Int, Int?)] {
                var shortcut = CellGrid(rows: 2, columns: 24)
                var general = shortcut
                // Wide characters underneath: writing over half of one is a cut either way.
                shortcut.put(underneath, row: 1, column: 0)
                general.put(underneath, row: 1, column: 0)
                let used = shortcut.put(text, row: 1, column: column, maxWidth: maxWidth)
                let limit = maxWidth.map { min(column + $0, general.columns) } ?? general.columns
                let expected = general.putByCharacter(text, row: 1, column: column, style: .plain, limit: limit)
                #expect(used == expected, "\(text.debugDescription) at \(column)")
                #expect(shortcut.lines() == general.lines(), "\(text.debugDescription) at \(column)")
                #expect(shortcut.cuts == general.cuts, "\(text.debugDescription) at \(column)")
                #expect(
                    (0..<24).allSatisfy { shortcut[1, $0] == general[1, $0] }, "\(text.debugDescription) at \(column)")
            }
        }
    }

    @Test func anASCIIGlyphIsTheGlyphOfItsCharacter() {
        for byte in UInt8(0x20)...0x7E {
            #expect(Glyph(ascii: byte) == Glyph(Character(Unicode.Scalar(byte))))
        }
    }
}
