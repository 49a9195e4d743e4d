import AssessSpelling
import AssessTestSupport
import Foundation
import Testing

@Suite("Word list for completion")
struct WordListTests {
    @Test func readsStemsFromADicFileWithoutFlagsCountsOrNumbers() {
        let list = WordList(dicFileText: "5\nwalk/GDS\nwalker/M\n42/MS\nAT\\/T\ngovern/SDGL\tpo:verb\n")
        #expect(list.count == 4)
        #expect(list.completions(of: "wal", limit: 9) == ["walk", "walker"])
        #expect(list.completions(of: "AT", limit: 9) == ["AT/T"])
        #expect(list.completions(of: "gov", limit: 9) == ["govern"])
    }

    @Test func findsWordsByPrefixIgnoringCaseShortestFirstWithoutThePrefixItself() {
        let list = WordList(["apple", "Apply", "app", "application", "banana", "ap"])
        #expect(list.completions(of: "APP", limit: 9) == ["Apply", "apple", "application"])
        #expect(list.completions(of: "app", limit: 2) == ["Apply", "apple"])
        #expect(list.completions(of: "c", limit: 9).isEmpty)
        #expect(list.completions(of: "", limit: 9).isEmpty)
    }

    @Test func keepsWordsThatDifferOnlyInCaseOnceInLowerCase() {
        let list = WordList(["Governor", "governor", "Government", "Govern"])
        #expect(list.completions(of: "gov", limit: 9) == ["Govern", "governor", "Government"])
    }

    @Test func findsPrefixesAtBothEndsOfTheList() {
        let list = WordList(["aa", "aab", "zz", "zzz"])
        #expect(list.completions(of: "aa", limit: 9) == ["aab"])
        #expect(list.completions(of: "zz", limit: 9) == ["zzz"])
    }

    @Test func matchesComposedAndDecomposedAccentsAlike() {
        let list = WordList(["café", "cafeteria"])
        #expect(list.completions(of: "cafe\u{301}", limit: 9).isEmpty)
        #expect(list.completions(of: "caf", limit: 9) == ["café", "cafeteria"])
        #expect(WordList(["cafe\u{301}s"]).completions(of: "café", limit: 9) == ["cafe\u{301}s"])
    }

    /// A `.dic` file of `bytes` in a folder of its own.
    func dicFile(_ bytes: [UInt8]) throws -> (folder: TemporaryDirectory, path: String) {
        let folder = try TemporaryDirectory("assess-word-list")
        let path = folder.file("test.dic")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    @Test func readsAMappedDicFileAsItsText() throws {
        // Escapes, capitals, CRLF, fields after a tab, a number, accents composed and
        // decomposed, and capitals outside ASCII, whose keys the list keeps itself.
        let text =
            "12\r\nwalk/GDS\r\nWalker/M\nwalker\n42/MS\nAT\\/T\ngovern/SDGL\tpo:verb\ncafé/S\n"
            + "Émile\néclair\nÉclair\nCafe\u{301}teria\nback\\\nslash\n"
        let (folder, path) = try dicFile(Array(text.utf8))
        defer { folder.remove() }
        let mapped = try WordList(contentsOfDicFile: path, isUTF8: true)
        let read = WordList(dicFileText: text)
        #expect(mapped.count == read.count)
        #expect(mapped.count == 10)
        for prefix in ["w", "WAL", "at", "a", "gov", "caf", "é", "É", "e\u{301}", "back", "s", "x"] {
            #expect(mapped.completions(of: prefix, limit: 9) == read.completions(of: prefix, limit: 9), "\(prefix)")
        }
        #expect(mapped.completions(of: "wal", limit: 9) == ["walk", "walker"])
        #expect(mapped.completions(of: "AT", limit: 9) == ["AT/T"])
        #expect(mapped.completions(of: "caf", limit: 9) == ["café", "Cafe\u{301}teria"])
        #expect(mapped.completions(of: "é", limit: 9) == ["Émile", "éclair"])
        #expect(mapped.completions(of: "bac", limit: 9) == ["back"])
    }

    @Test func readsADicFileInISO8859_1() throws {
        // "café", "Éric" and "cab" in ISO 8859-1.
        let (folder, path) = try dicFile(
            Array("3\ncaf".utf8) + [0xE9] + Array("/S\n".utf8) + [0xC9] + Array("ric\ncab\n".utf8))
        defer { folder.remove() }
        let list = try WordList(contentsOfDicFile: path, isUTF8: false)
        #expect(list.completions(of: "ca", limit: 9) == ["cab", "café"])
        #expect(list.completions(of: "é", limit: 9) == ["Éric"])
    }

    @Test func refusesAFileItCannotRead() throws {
        let folder = try TemporaryDirectory("assess-word-list")
        defer { folder.remove() }
        #expect(throws: SpellerError.self) { try WordList(contentsOfDicFile: folder.file("missing.dic"), isUTF8: true) }
        let (empty, path) = try dicFile([])
        defer { empty.remove() }
        #expect(try WordList(contentsOfDicFile: path, isUTF8: true).count == 0)
    }

    @Test func readsTheInstalledDictionaryMappedAsFromItsText() throws {
        let files = try #require(
            DictionaryLocator().dictionary(forLanguage: "en"),
            "no en_US dictionary: apt-get install -y hunspell-en-us")
        let mapped = try WordList(contentsOfDicFile: files.wordsPath, isUTF8: true)
        let read = WordList(dicFileText: try String(contentsOfFile: files.wordsPath, encoding: .utf8))
        #expect(mapped.count == read.count)
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        for prefix in letters + letters.flatMap({ first in letters.map { first + $0 } }) + ["Gov", "O'", "PhD"] {
            #expect(mapped.completions(of: prefix, limit: 50) == read.completions(of: prefix, limit: 50), "\(prefix)")
        }
    }
}
