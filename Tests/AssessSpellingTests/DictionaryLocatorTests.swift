import AssessSpelling
import AssessTestSupport
import Foundation
import Testing

@Suite("Finding the dictionary for an exam's language")
struct DictionaryLocatorTests {
    /// A folder with empty dictionaries named `names`.
    func folder(with names: [String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("assess-dictionaries")
        for name in names {
            try "".write(toFile: directory.file(name + ".aff"), atomically: true, encoding: .utf8)
            try "0\n".write(toFile: directory.file(name + ".dic"), atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func findsTheRegionNamedOrTheLanguagesUsualOne() throws {
        let directory = try folder(with: ["en_GB", "en_US", "pt_BR", "pt_PT", "de_AT", "de_DE", "fr_CA"])
        let locator = DictionaryLocator(searchPath: [directory.path])
        #expect(locator.dictionary(forLanguage: "en")?.name == "en_US")
        #expect(locator.dictionary(forLanguage: "en-GB")?.name == "en_GB")
        #expect(locator.dictionary(forLanguage: "pt-BR")?.name == "pt_BR")
        #expect(locator.dictionary(forLanguage: "pt")?.name == "pt_PT")
        #expect(locator.dictionary(forLanguage: "de")?.name == "de_DE")
        #expect(locator.dictionary(forLanguage: "fr")?.name == "fr_CA")
        #expect(locator.dictionary(forLanguage: "en")?.wordsPath == directory.file("en_US.dic"))
    }

    @Test func findsNoneForAMissingLanguageOrForSeveralLanguages() throws {
        let directory = try folder(with: ["en_US"])
        let locator = DictionaryLocator(searchPath: [directory.path])
        #expect(locator.dictionary(forLanguage: "ja") == nil)
        #expect(locator.dictionary(forLanguage: "mul") == nil)
    }

    @Test func takesTheSearchPathFromTheEnvironment() {
        #expect(DictionaryLocator(environment: ["ASSESS_DICTIONARY_PATH": "/a:/b"]).searchPath == ["/a", "/b"])
        #expect(DictionaryLocator(environment: [:]).searchPath == DictionaryLocator.systemSearchPath)
    }

    @Test func readsTheEncodingFromTheAffixFile() throws {
        let directory = try folder(with: ["utf", "latin", "plain", "other"])
        defer { directory.remove() }
        try "# a comment\nSET UTF-8\nTRY abc\n".write(
            toFile: directory.file("utf.aff"), atomically: true, encoding: .utf8)
        try "SET ISO8859-1\n".write(toFile: directory.file("latin.aff"), atomically: true, encoding: .utf8)
        try "SET KOI8-R\n".write(toFile: directory.file("other.aff"), atomically: true, encoding: .utf8)
        let locator = DictionaryLocator(searchPath: [directory.path])
        #expect(try locator.dictionary(forLanguage: "utf")?.isUTF8() == true)
        #expect(try locator.dictionary(forLanguage: "latin")?.isUTF8() == false)
        // Hunspell's default.
        #expect(try locator.dictionary(forLanguage: "plain")?.isUTF8() == false)
        #expect(throws: SpellerError.self) { try locator.dictionary(forLanguage: "other")?.isUTF8() }
    }
}
