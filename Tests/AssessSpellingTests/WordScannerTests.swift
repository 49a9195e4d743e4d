import AssessSpelling
import AssessTestSupport
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

    @Test func findsTheSameWordsInASCIIAsInTextWithOtherCharacters() {
        // ASCII text is read byte by byte; a character outside ASCII after it sends the
        // same text through the general scan, whose words must be the same.
        var random = SplitMix(state: 16)
        let pieces = [
            "a", "b", "Z", "q", "0", "7", "'", "-", " ", " ", "\n", "\r\n", "\t", ".", ",", "!", "\"", "_", "/",
        ]
        for _ in 0..<300 {
            let ascii = (0..<Int.random(in: 1...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let general = ascii + " é"
            #expect(words(ascii) + ["é"] == words(general), "\(ascii.debugDescription)")
            #expect(
                WordScanner.words(in: ascii[...]).map { ascii.utf8.distance(from: ascii.startIndex, to: $0.lowerBound) }
                    == WordScanner.words(in: general[...]).dropLast().map {
                        general.utf8.distance(from: general.startIndex, to: $0.lowerBound)
                    })
        }
    }
}
