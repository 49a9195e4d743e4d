import AssessSpelling
import Foundation
import Testing

@Suite("A speller that opens its dictionary in the background")
struct BackgroundSpellerTests {
    @Test func opensTheDictionaryAtTheFirstQuestionAnswersAtOnceAndKnowsItWhenItIsOpen() throws {
        let files = try #require(
            DictionaryLocator().dictionary(forLanguage: "en"),
            "no en_US dictionary: apt-get install -y hunspell-en-us")
        let started = Date()
        let speller = BackgroundSpeller(files: files, language: "en", checksSpelling: true)
        // Creating it does not wait for the dictionary, nor open it: a screen that never
        // asks (the welcome screen) never pays for it.
        #expect(Date().timeIntervalSince(started) < 0.05)
        #expect(speller.dictionaryName == "en_US")
        #expect(!speller.hasStartedOpening)
        // The first question starts opening it and is answered meanwhile.
        #expect(speller.isCorrect("recieve"))
        #expect(speller.hasStartedOpening)
        let deadline = Date().addingTimeInterval(30)
        while speller.isCorrect("recieve"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(!speller.isCorrect("recieve"))
        #expect(speller.suggestions(for: "recieve").contains("receive"))
        #expect(speller.autocorrection(for: "teh") == "the")
    }

    @Test func withoutSpellCheckOpensTheWordListAloneWhichCompletesAndAutocorrects() throws {
        let files = try #require(
            DictionaryLocator().dictionary(forLanguage: "en"),
            "no en_US dictionary: apt-get install -y hunspell-en-us")
        let speller = BackgroundSpeller(files: files, language: "en", checksSpelling: false)
        speller.prepare()
        let deadline = Date().addingTimeInterval(30)
        while speller.completions(of: "gover", limit: 9).isEmpty, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(speller.completions(of: "gover", limit: 9).contains("government"))
        #expect(speller.autocorrection(for: "teh") == "the")
        // No Hunspell: nothing is marked and nothing is suggested.
        #expect(speller.isCorrect("recieve"))
        #expect(speller.suggestions(for: "recieve").isEmpty)
    }
}
