/// Common misspellings and their corrections, for autocorrect. Only misspellings that
/// are never words themselves are listed, so a correction cannot change a word the
/// student meant.
public enum Autocorrections {
    /// The table for a language (a BCP 47 tag such as `en` or `en-GB`); empty for a
    /// language without one.
    public static func table(forLanguage language: String) -> [String: String] {
        language.lowercased().hasPrefix("en") ? english : [:]
    }

    /// The correction of `word` in `table`, keeping a capital first letter; `nil` when
    /// the word is not a listed misspelling.
    public static func correction(of word: String, in table: [String: String]) -> String? {
        guard let corrected = table[word.lowercased()] else { return nil }
        guard let first = word.first, first.isUppercase else { return corrected }
        return corrected.prefix(1).uppercased() + corrected.dropFirst()
    }

    static let english: [String: String] = [
        "accomodate": "accommodate", "acheive": "achieve", "adn": "and", "alot": "a lot",
        "arguement": "argument", "becuase": "because", "begining": "beginning", "beleive": "believe",
        "concious": "conscious", "definately": "definitely", "embarass": "embarrass",
        "enviroment": "environment", "existance": "existence", "foriegn": "foreign", "freind": "friend",
        "goverment": "government", "independant": "independent", "knowlege": "knowledge", "libary": "library",
        "neccessary": "necessary", "occassion": "occasion", "occured": "occurred", "posession": "possession",
        "publically": "publicly", "recieve": "receive", "recomend": "recommend", "refered": "referred",
        "rythm": "rhythm", "seperate": "separate", "succesful": "successful", "suprise": "surprise",
        "teh": "the", "thier": "their", "tommorow": "tomorrow", "tounge": "tongue", "truely": "truly",
        "untill": "until", "wich": "which", "wierd": "weird", "writting": "writing",
    ]
}
