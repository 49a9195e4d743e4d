import Foundation

/// A Hunspell dictionary on disk: the affix file and the word file.
public struct DictionaryFiles: Sendable, Equatable {
    /// The dictionary's name, such as `en_US`.
    public var name: String
    public var affixPath: String
    public var wordsPath: String

    /// True when the dictionary is in UTF-8, false when in ISO 8859-1, as the affix
    /// file's `SET` line says (Hunspell's default is ISO 8859-1). Throws when the affix
    /// file cannot be read or names another encoding.
    public func isUTF8() throws -> Bool {
        let affix: Data
        do {
            affix = try Data(contentsOf: URL(fileURLWithPath: affixPath))
        } catch {
            throw SpellerError(description: "cannot read \(affixPath): \(error.localizedDescription)")
        }
        var encoding = "ISO8859-1"
        for line in affix.split(separator: UInt8(ascii: "\n")) {
            let fields = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            if fields.count >= 2, fields[0] == "SET" || fields[0] == "\u{FEFF}SET" {
                encoding = fields[1].uppercased()
                break
            }
        }
        switch encoding {
        case "UTF-8", "UTF8": return true
        case "ISO8859-1", "ISO-8859-1": return false
        default: throw SpellerError(description: "the dictionary \(name) uses \(encoding), which is not supported")
        }
    }
}

/// Finds the Hunspell dictionary for an exam's language (a BCP 47 tag) in the folders
/// Debian's `hunspell-*` packages install to.
///
/// `en` finds `en_US`, `pt-BR` finds `pt_BR`, and a language without a region finds
/// its usual dictionary (`de` → `de_DE`) or else the first of its regions in name
/// order. `mul` (several languages) and `und` find none.
public struct DictionaryLocator: Sendable {
    /// The folders searched, in order.
    public var searchPath: [String]

    /// Debian's dictionary folders.
    public static let systemSearchPath = ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"]

    public init(searchPath: [String] = Self.systemSearchPath) {
        self.searchPath = searchPath
    }

    /// The search path named by `ASSESS_DICTIONARY_PATH` (folders separated by `:`), or
    /// Debian's folders when it is unset.
    public init(environment: [String: String]) {
        let named = environment["ASSESS_DICTIONARY_PATH"].map { $0.split(separator: ":").map(String.init) }
        self.init(searchPath: named ?? Self.systemSearchPath)
    }

    /// The dictionary for `language`, or `nil` when none is installed.
    public func dictionary(forLanguage language: String) -> DictionaryFiles? {
        let parts = language.split(separator: "-").map(String.init)
        guard let primary = parts.first?.lowercased(), !["mul", "und", "zxx"].contains(primary) else { return nil }
        var names: [String] = []
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) {
            names.append("\(primary)_\(region.uppercased())")
        }
        names += [Self.usualRegion[primary], "\(primary)_\(primary.uppercased())", primary].compactMap { $0 }
        for name in names {
            if let found = files(named: name) { return found }
        }
        for folder in searchPath {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let regional = entries.filter { $0.hasPrefix(primary + "_") && $0.hasSuffix(".dic") }.sorted()
            for entry in regional {
                if let found = files(named: String(entry.dropLast(4))) { return found }
            }
        }
        return nil
    }

    private func files(named name: String) -> DictionaryFiles? {
        for folder in searchPath {
            let affix = folder + "/" + name + ".aff"
            let words = folder + "/" + name + ".dic"
            if FileManager.default.isReadableFile(atPath: affix) && FileManager.default.isReadableFile(atPath: words) {
                return DictionaryFiles(name: name, affixPath: affix, wordsPath: words)
            }
        }
        return nil
    }

    /// Where a language's own region differs from its code in capitals.
    private static let usualRegion = [
        "en": "en_US", "pt": "pt_PT", "sv": "sv_SE", "da": "da_DK",
        "nb": "nb_NO", "el": "el_GR", "uk": "uk_UA", "ko": "ko_KR",
        "cs": "cs_CZ", "ca": "ca_ES", "vi": "vi_VN",
    ]
}
