import Foundation

/// A language the student's interface speaks. Each has a catalogue of its own
/// (`Catalogues/CODE.txt`), its plural forms and its way of writing numbers.
public enum InterfaceLanguage: String, CaseIterable, Sendable, Codable {
    case english = "en"
    case japanese = "ja"
    case korean = "ko"
    case vietnamese = "vi"
    case brazilianPortuguese = "pt-BR"

    /// The plural forms a catalogue gives a counted string in this language, as key
    /// suffixes: `one` and `other`, or `other` alone where nouns do not change with a
    /// number (Japanese, Korean, Vietnamese).
    public var pluralForms: [String] {
        switch self {
        case .english, .brazilianPortuguese: return ["one", "other"]
        case .japanese, .korean, .vietnamese: return ["other"]
        }
    }

    /// The plural form for `count`: English's `one` is 1 alone; Brazilian Portuguese's is
    /// 0 and 1 ("0 minuto", "1 minuto", "2 minutos"), as CLDR has it.
    public func pluralForm(_ count: Int) -> String {
        switch self {
        case .english: return count == 1 ? "one" : "other"
        case .brazilianPortuguese: return count == 0 || count == 1 ? "one" : "other"
        case .japanese, .korean, .vietnamese: return "other"
        }
    }

    /// `value` with this language's digit grouping: `12,345` (English, Japanese, Korean)
    /// or `12.345` (Brazilian Portuguese, Vietnamese).
    public func number(_ value: Int) -> String {
        (value < 0 ? "-" : "") + grouped(String(value.magnitude))
    }

    /// `digits` with this language's separator between each group of three from the right.
    private func grouped(_ digits: String) -> String {
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(groupingSeparator) }
            grouped.append(digit)
        }
        return grouped
    }

    /// `value` with at most two decimals and this language's decimal mark: `1.5` or `1,5`;
    /// a whole number has none. A value past what an `Int` counts in hundredths (no Double
    /// that large has a fraction) is written whole, grouped, instead of stopping the program.
    public func decimal(_ value: Double) -> String {
        let scaled = (value * 100).rounded()
        guard scaled.magnitude < 9.2e18 else {
            guard value.isFinite else { return "\(value)" }
            return (value < 0 ? "-" : "") + grouped(String(format: "%.0f", value.magnitude))
        }
        let hundredths = Int(scaled)
        let whole = number(hundredths / 100)
        var fraction = String(abs(hundredths % 100))
        if fraction == "0" { return whole }
        if fraction.count == 1 { fraction = "0" + fraction }
        if fraction.hasSuffix("0") { fraction.removeLast() }
        return whole + decimalMark + fraction
    }

    private var groupingSeparator: Character {
        switch self {
        case .english, .japanese, .korean: return ","
        case .brazilianPortuguese, .vietnamese: return "."
        }
    }

    private var decimalMark: String {
        switch self {
        case .english, .japanese, .korean: return "."
        case .brazilianPortuguese, .vietnamese: return ","
        }
    }

    /// The language a BCP 47 tag or a POSIX locale names: `ja`, `ja-JP`, `ja_JP.UTF-8`,
    /// `pt_BR`, `pt` (Portuguese of any country speaks Brazilian Portuguese here, the one
    /// there is); `nil` for any other (`C`, `POSIX`, `de_DE`, `mul`).
    public init?(tag: String) {
        let name = tag.split(separator: ".").first.map(String.init) ?? ""
        let language = name.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" }).first.map { $0.lowercased() }
        switch language {
        case "en": self = .english
        case "ja": self = .japanese
        case "ko": self = .korean
        case "vi": self = .vietnamese
        case "pt": self = .brazilianPortuguese
        default: return nil
        }
    }

    /// The language of the interface: `requested` (`--language`) when given, else the
    /// exam's `language` when it is one of these, else the locale's (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`, the order the C library reads them in), else English.
    /// The questions stay in the exam's language whatever this is.
    public static func choose(
        examLanguage: String, requested: InterfaceLanguage?,
        environment: [String: String]
    ) -> InterfaceLanguage {
        if let requested { return requested }
        if let exam = InterfaceLanguage(tag: examLanguage) { return exam }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.flatMap(InterfaceLanguage.init(tag:)) ?? .english
    }
}
