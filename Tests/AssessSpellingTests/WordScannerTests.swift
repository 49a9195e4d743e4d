import AssessSpelling
import Testing

@Suite("Finding words to check")
struct WordScannerTests {
    func words(_ text: String) -> [String] {
        WordScanner.words(in: text[...]).map { String(text[$0]) }
    }

    @Test func findsLettersWithInnerApostrophesAndHyphens() {
        #expect(words("Don't stop—a well-known 'quote', ok?") == ["Don't", "stop", "a", "well-known", "quote", "ok"])
    }

    @Test func leavesNumbersAndWordsTouchingDigitsAlone() {
        #expect(words("the 2nd of A4 pages, 42 of them") == ["the", "of", "pages", "of", "them"])
    }

    @Test func findsNonLatinLettersAndAccents() {
        #expect(words("Xin chào, São Paulo") == ["Xin", "chào", "São", "Paulo"])
    }

    @Test func findsTheWordAtOrJustBeforeAPosition() {
        let text = "teh cat"[...]
        let end = text.index(text.startIndex, offsetBy: 3)
        #expect(WordScanner.word(at: end, in: text).map { String(text[$0]) } == "teh")
        #expect(WordScanner.word(at: text.startIndex, in: text).map { String(text[$0]) } == "teh")
        #expect(WordScanner.word(at: text.index(after: end), in: text).map { String(text[$0]) } == "cat")
        #expect(WordScanner.word(at: text.index(after: end), in: "teh  cat"[...]) == nil)
    }
}
