import Testing

@testable import AssessTUI

@Suite("Cell fallback")
struct CellFallbackTests {
    @Test("Line drawing falls back to ASCII")
    func lineDrawing() {
        #expect(CellFallback.ascii(for: "─") == "-")
        #expect(CellFallback.ascii(for: "║") == "|")
        #expect(CellFallback.ascii(for: "╭") == "+")
    }

    @Test("ASCII stays, anything else becomes a question mark")
    func otherCharacters() {
        #expect(CellFallback.ascii(for: "a") == "a")
        #expect(CellFallback.ascii(for: "日") == "?")
        #expect(CellFallback.ascii(for: "é") == "?")
    }
}
