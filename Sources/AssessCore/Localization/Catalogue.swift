import Foundation

/// The strings of the student's interface in one language, read from that language's
/// data file (`Catalogues/CODE.txt`, built into the program). Each line of a file is
/// `key = text`; `#` starts a comment line. `{name}` in a text is a placeholder; a
/// counted string has a key per plural form (`key.one`, `key.other`, see
/// ``InterfaceLanguage/pluralForms``).
///
/// A catalogue is read the first time its language is asked for, so a sitting reads
/// only its own. `CatalogueTests` checks that every language has exactly English's keys
/// and placeholders.
///
/// ```swift
/// let text = Catalogue.of(.japanese)
/// text("review.title")                              // "提出前の確認"
/// text.plural("duration.minutes", count: 5)         // "5 分"
/// text("question.of", ["number": 3, "count": 12])
/// ```
public struct Catalogue: Sendable, Equatable {
    /// The language of the strings.
    public let language: InterfaceLanguage
    /// Every text by key (a counted string's forms under `key.FORM`).
    public let entries: [String: String]

    /// Reads a catalogue's data file; lines that are neither `key = text`, a comment nor
    /// blank are reported in `problems` (`CatalogueTests` requires none).
    ///
    /// It reads the bytes themselves (the separator and the line ends are ASCII, which no
    /// other character's UTF-8 contains): the English catalogue is read before the first
    /// frame of every sitting, and finding " = " through `String`'s searching took a
    /// sixth of the time to that frame.
    public init(language: InterfaceLanguage, source: [UInt8]) {
        self.language = language
        var entries: [String: String] = [:]
        entries.reserveCapacity(512)
        var problems: [String] = []
        let newline = UInt8(ascii: "\n")
        let space = UInt8(ascii: " ")
        let equals = UInt8(ascii: "=")
        let hash = UInt8(ascii: "#")
        source.withUnsafeBufferPointer { bytes in
            var lineStart = 0
            var lineNumber = 0
            while lineStart <= bytes.count {
                lineNumber += 1
                let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.count
                defer { lineStart = lineEnd + 1 }
                guard lineEnd > lineStart, bytes[lineStart] != hash else { continue }
                var separator: Int?
                var index = lineStart
                while index + 2 < lineEnd {
                    if bytes[index] == space && bytes[index + 1] == equals && bytes[index + 2] == space {
                        separator = index
                        break
                    }
                    index += 1
                }
                guard let separator else {
                    problems.append("line \(lineNumber): not `key = text`")
                    continue
                }
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<separator]), as: UTF8.self)
                if entries[key] != nil { problems.append("line \(lineNumber): \(key) again") }
                entries[key] = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[(separator + 3)..<lineEnd]), as: UTF8.self)
            }
        }
        self.entries = entries
        self.problems = problems
    }

    /// What is wrong with the data file's lines, if anything.
    public let problems: [String]

    /// The catalogue of `language`, read on first use.
    public static func of(_ language: InterfaceLanguage) -> Catalogue {
        switch language {
        case .english: return english
        case .japanese: return japanese
        case .korean: return korean
        case .vietnamese: return vietnamese
        case .brazilianPortuguese: return brazilianPortuguese
        }
    }

    /// English, the interface's default language.
    public static var english: Catalogue { englishText }

    // Static lets are initialised on first use: only the languages asked for are read.
    private static let englishText = Catalogue(language: .english, source: PackageResources.en_txt)
    private static let japanese = Catalogue(language: .japanese, source: PackageResources.ja_txt)
    private static let korean = Catalogue(language: .korean, source: PackageResources.ko_txt)
    private static let vietnamese = Catalogue(language: .vietnamese, source: PackageResources.vi_txt)
    private static let brazilianPortuguese = Catalogue(
        language: .brazilianPortuguese, source: PackageResources.pt_BR_txt)

    /// The text of `key` with its placeholders filled from `arguments`: whole numbers are
    /// written with the language's digit grouping, fractions with its decimal mark.
    public func callAsFunction(_ key: String, _ arguments: [String: any Sendable] = [:]) -> String {
        fill(template(key), arguments)
    }

    /// The plural form of `key` for `count` (`{count}` is filled too).
    public func plural(_ key: String, count: Int, _ arguments: [String: any Sendable] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = count
        return fill(template(key + "." + language.pluralForm(count)), arguments)
    }

    /// The text of `key` with its first letter capitalised, to begin a sentence or a
    /// line ("High contrast"); scripts without capitals are left as they are.
    public func sentenceStart(_ key: String) -> String {
        let text = self(key)
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// "10 minutes", "1 hour 30 minutes", "45 seconds", in this language.
    public func duration(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        let rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append(plural("duration.hours", count: hours)) }
        if minutes > 0 { parts.append(plural("duration.minutes", count: minutes)) }
        if rest > 0 || parts.isEmpty { parts.append(plural("duration.seconds", count: rest)) }
        return parts.dropFirst().reduce(parts[0]) { self("duration.join", ["first": $0, "next": $1]) }
    }

    /// Two catalogues are the same when they are of the same language.
    public static func == (lhs: Catalogue, rhs: Catalogue) -> Bool {
        lhs.language == rhs.language
    }

    /// The placeholders `{name}` in `text`.
    public static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private func template(_ key: String) -> String {
        if let text = entries[key] { return text }
        // The catalogue tests make this unreachable for a shipped language; English is
        // the better fallback for a student than a key.
        if language != .english, let text = Catalogue.english.entries[key] { return text }
        assertionFailure("no text for \(key) in \(language.rawValue)")
        return key
    }

    /// One pass over `template`, so a value that itself holds `{name}` stays as it is.
    private func fill(_ template: String, _ arguments: [String: any Sendable]) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] {
                switch value {
                case let string as String: result += string
                case let number as Int: result += language.number(number)
                case let number as Double: result += language.decimal(number)
                default: result += "\(value)"
                }
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
