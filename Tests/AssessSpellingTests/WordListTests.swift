import AssessSpelling
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
}
