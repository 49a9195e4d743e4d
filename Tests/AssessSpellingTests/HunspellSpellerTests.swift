import AssessSpelling
import Testing

/// The real Hunspell against the installed en_US dictionary (Debian: hunspell-en-us;
/// `.ci/run` installs it). A missing dictionary fails these tests, never skips them.
@Suite("Hunspell speller with the installed en_US dictionary")
struct HunspellSpellerTests {
    /// Opened once for the suite: reading the word list takes about a second in a debug build.
    static let opened = Result { () throws -> HunspellSpeller in
        guard let files = DictionaryLocator().dictionary(forLanguage: "en") else {
            throw SpellerError(
                description: "no en_US dictionary in /usr/share/hunspell: apt-get install -y hunspell-en-us")
        }
        return try HunspellSpeller(files: files, language: "en")
    }
    let speller: HunspellSpeller

    init() throws {
        speller = try Self.opened.get()
    }

    @Test func namesTheDictionaryItOpened() {
        #expect(speller.dictionaryName == "en_US")
    }

    @Test func acceptsWordsAndTheirAffixedFormsAndRejectsMisspellings() {
        for word in ["receive", "received", "walking", "Government", "don't", "well-known"] {
            #expect(speller.isCorrect(word), "\(word)")
        }
        for word in ["recieve", "goverment", "teh", "definately"] {
            #expect(!speller.isCorrect(word), "\(word)")
        }
    }

    @Test func asksTheSameWordTwiceWithTheSameAnswer() {
        #expect(!speller.isCorrect("seperate"))
        #expect(!speller.isCorrect("seperate"))
        #expect(speller.isCorrect("separate"))
    }

    @Test func suggestsTheIntendedWordFirstOrNearlyFirst() {
        #expect(speller.suggestions(for: "recieve").prefix(3).contains("receive"))
        #expect(speller.suggestions(for: "goverment").prefix(3).contains("government"))
    }

    @Test func completesFromTheDictionaryWordList() {
        let found = speller.completions(of: "gover", limit: 9)
        #expect(found.contains("government"))
        #expect(found.allSatisfy { $0.lowercased().hasPrefix("gover") && $0.count > 5 })
        #expect(speller.completions(of: "qxzv", limit: 9).isEmpty)
    }

    @Test func autocorrectsOnlyListedMisspellingsKeepingACapital() {
        #expect(speller.autocorrection(for: "teh") == "the")
        #expect(speller.autocorrection(for: "Recieve") == "Receive")
        #expect(speller.autocorrection(for: "the") == nil)
    }

    @Test func everyAutocorrectionIsMisspelledAndEveryCorrectionIsSpelledRight() {
        for (wrong, right) in Autocorrections.table(forLanguage: "en") {
            #expect(!speller.isCorrect(wrong), "\(wrong) is a word, so autocorrect would change it")
            for word in right.split(separator: " ") {
                #expect(speller.isCorrect(String(word)), "\(right)")
            }
        }
    }
}
