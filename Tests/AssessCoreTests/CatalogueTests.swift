import AssessCore
import Foundation
import Testing

/// Every language's catalogue against English's: the same keys, the plural forms its
/// language has, no placeholder English does not have, none of English's left out.
@Suite struct CatalogueTests {
    static let translations = InterfaceLanguage.allCases.filter { $0 != .english }

    /// A key without its plural form (`duration.hours.one` → `duration.hours`), when it has one.
    static func counted(_ key: String, in language: InterfaceLanguage) -> (base: String, form: String)? {
        let forms = Set(InterfaceLanguage.allCases.flatMap(\.pluralForms))
        guard let dot = key.lastIndex(of: "."), forms.contains(String(key[key.index(after: dot)...])) else {
            return nil
        }
        return (String(key[..<dot]), String(key[key.index(after: dot)...]))
    }

    /// Each text of `catalogue` by key, a counted text's forms under their shared key.
    static func texts(of catalogue: Catalogue) -> [String: [String: String]] {
        var texts: [String: [String: String]] = [:]
        for (key, text) in catalogue.entries {
            if let counted = counted(key, in: catalogue.language) {
                texts[counted.base, default: [:]][counted.form] = text
            } else {
                texts[key, default: [:]][""] = text
            }
        }
        return texts
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func everyLineOfTheDataFileIsAKeyAndAText(_ language: InterfaceLanguage) {
        let catalogue = Catalogue.of(language)
        #expect(catalogue.problems == [])
        #expect(catalogue.entries.values.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test func aDataFileIsReadLineByLineWithItsMistakesNamedByLine() {
        let source = "# a comment\nreview.title = 提出前の確認\n\nno separator here\nreview.title = again = twice\nlast = 終わり"
        let catalogue = Catalogue(language: .japanese, source: Array(source.utf8))
        #expect(catalogue.entries == ["review.title": "again = twice", "last": "終わり"])
        #expect(catalogue.problems == ["line 4: not `key = text`", "line 5: review.title again"])
    }

    @Test(arguments: translations)
    func aTranslationHasEnglishsKeysAndNoOthers(_ language: InterfaceLanguage) {
        let english = Set(Self.texts(of: .english).keys)
        let translated = Set(Self.texts(of: Catalogue.of(language)).keys)
        #expect(english.subtracting(translated).sorted() == [], "missing in \(language.rawValue)")
        #expect(translated.subtracting(english).sorted() == [], "only in \(language.rawValue)")
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func countedTextsHaveTheirLanguagesPluralFormsAndNoOthers(_ language: InterfaceLanguage) {
        let english = Self.texts(of: .english)
        for (key, forms) in Self.texts(of: Catalogue.of(language)) {
            let isCounted = english[key]?[""] == nil
            let wanted = isCounted ? Set(language.pluralForms) : [""]
            #expect(Set(forms.keys) == wanted, "\(language.rawValue): \(key)")
        }
    }

    @Test(arguments: translations)
    func aTranslationUsesEnglishsPlaceholdersAndNoOthers(_ language: InterfaceLanguage) {
        let english = Self.texts(of: .english)
        for (key, forms) in Self.texts(of: Catalogue.of(language)) {
            guard let englishForms = english[key] else { continue }
            let wanted = englishForms.values.reduce(into: Set<String>()) {
                $0.formUnion(Catalogue.placeholders(in: $1))
            }
            let used = forms.values.reduce(into: Set<String>()) { $0.formUnion(Catalogue.placeholders(in: $1)) }
            #expect(
                used.subtracting(wanted).sorted() == [], "\(language.rawValue): \(key) has a placeholder English lacks")
            #expect(wanted.subtracting(used).sorted() == [], "\(language.rawValue): \(key) leaves out a placeholder")
        }
    }

    @Test func aCountPicksItsLanguagesPluralForm() {
        #expect(Catalogue.english.plural("duration.minutes", count: 1) == "1 minute")
        #expect(Catalogue.english.plural("duration.minutes", count: 0) == "0 minutes")
        #expect(Catalogue.of(.brazilianPortuguese).plural("duration.minutes", count: 0) == "0 minuto")
        #expect(Catalogue.of(.brazilianPortuguese).plural("duration.minutes", count: 1) == "1 minuto")
        #expect(Catalogue.of(.brazilianPortuguese).plural("duration.minutes", count: 2) == "2 minutos")
        #expect(Catalogue.of(.japanese).plural("duration.minutes", count: 1) == "1分")
        #expect(Catalogue.of(.korean).plural("duration.minutes", count: 2) == "2분")
        #expect(Catalogue.of(.vietnamese).plural("duration.minutes", count: 2) == "2 phút")
    }

    @Test func durationsJoinTheirPartsAsTheLanguageDoes() {
        #expect(Catalogue.english.duration(5400) == "1 hour 30 minutes")
        #expect(Catalogue.of(.japanese).duration(5400) == "1時間30分")
        #expect(Catalogue.of(.korean).duration(5400) == "1시간 30분")
        #expect(Catalogue.of(.brazilianPortuguese).duration(7260) == "2 horas e 1 minuto")
    }

    @Test func numbersAreWrittenWithTheLanguagesSeparators() {
        #expect(InterfaceLanguage.english.number(1_234_567) == "1,234,567")
        #expect(InterfaceLanguage.brazilianPortuguese.number(12_345) == "12.345")
        #expect(InterfaceLanguage.vietnamese.number(-1_000) == "-1.000")
        #expect(InterfaceLanguage.japanese.number(999) == "999")
        #expect(InterfaceLanguage.english.decimal(1.5) == "1.5")
        #expect(InterfaceLanguage.brazilianPortuguese.decimal(1.25) == "1,25")
        #expect(InterfaceLanguage.korean.decimal(2) == "2")
        // Past an Int's hundredths: whole and grouped, where converting to Int stopped the program.
        #expect(InterfaceLanguage.english.decimal(1e20) == "100,000,000,000,000,000,000")
        #expect(InterfaceLanguage.vietnamese.decimal(1e20) == "100.000.000.000.000.000.000")
        #expect(Catalogue.of(.brazilianPortuguese)("essay.words", ["words": 1_500]) == "Palavras: 1.500")
    }

    @Test func aValueHoldingBracesIsNotFilledAgain() {
        #expect(
            Catalogue.english("suggestions.autocorrected", ["word": "{correction}", "correction": "x"])
                == "Autocorrected “{correction}” to “x”; ^U undoes it.")
    }

    @Test func theLanguageComesFromTheRequestThenTheExamThenTheLocale() {
        let japanese = ["LANG": "ja_JP.UTF-8"]
        #expect(InterfaceLanguage.choose(examLanguage: "vi", requested: .korean, environment: japanese) == .korean)
        #expect(InterfaceLanguage.choose(examLanguage: "vi", requested: nil, environment: japanese) == .vietnamese)
        #expect(InterfaceLanguage.choose(examLanguage: "mul", requested: .korean, environment: japanese) == .korean)
        #expect(InterfaceLanguage.choose(examLanguage: "mul", requested: nil, environment: japanese) == .japanese)
        #expect(
            InterfaceLanguage.choose(examLanguage: "de", requested: nil, environment: ["LANG": "pt_BR.UTF-8"])
                == .brazilianPortuguese)
        // LC_ALL, then LC_MESSAGES, then LANG; an empty one counts as unset.
        #expect(
            InterfaceLanguage.choose(
                examLanguage: "mul", requested: nil,
                environment: ["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "ja_JP.UTF-8"]) == .korean)
        #expect(
            InterfaceLanguage.choose(examLanguage: "mul", requested: nil, environment: ["LANG": "C.UTF-8"]) == .english)
        #expect(InterfaceLanguage.choose(examLanguage: "mul", requested: nil, environment: [:]) == .english)
    }

    @Test func tagsAndLocalesNameTheirLanguage() {
        #expect(InterfaceLanguage(tag: "ja") == .japanese)
        #expect(InterfaceLanguage(tag: "ko-KR") == .korean)
        #expect(InterfaceLanguage(tag: "vi_VN.UTF-8") == .vietnamese)
        #expect(InterfaceLanguage(tag: "pt-BR") == .brazilianPortuguese)
        #expect(InterfaceLanguage(tag: "en_GB.UTF-8@euro") == .english)
        #expect(InterfaceLanguage(tag: "C") == nil)
        #expect(InterfaceLanguage(tag: "POSIX") == nil)
        #expect(InterfaceLanguage(tag: "") == nil)
    }
}
