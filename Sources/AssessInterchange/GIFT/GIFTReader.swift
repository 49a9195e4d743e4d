import AssessExam

/// Reads Moodle's GIFT format: questions separated by blank lines, `//` comment lines,
/// `$CATEGORY:` lines (which become sections), `::title::`, a text format in brackets, and
/// the answers in braces. How each construct maps is in `Exams/FORMAT.md`.
///
/// One extension: a comment line `// points: 2` just before a question sets its points
/// (`assess export` writes it; Moodle reads it as a comment).
public enum GIFTReader {
    /// Reads a GIFT file's text; `file` names it in locations.
    public static func read(text: String, file: String) throws(InterchangeError) -> ParsedBank {
        var bank = ParsedBank()
        var section: String?
        var points: Double?
        var block: [GIFTCharacter] = []
        func finish() {
            if block.contains(where: { !$0.character.isWhitespace }) {
                GIFTQuestionParser(file: file, section: section, points: points ?? 1).parse(block, into: &bank)
                points = nil
            }
            block = []
        }
        let lines = LineEndings.lines(of: text)
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                finish()
                continue
            }
            if line.hasPrefix("//") {
                let comment = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("points:"), let value = Double(comment.dropFirst(7).trimmingCharacters(in: .whitespaces)) {
                    points = value
                }
                continue
            }
            if block.isEmpty, line.hasPrefix("$CATEGORY:") {
                section = categoryTitle(String(line.dropFirst("$CATEGORY:".count)))
                continue
            }
            if !block.isEmpty { block.append(GIFTCharacter(character: "\n", escaped: false, line: number)) }
            block += GIFTCharacter.scan(String(rawLine), line: number)
        }
        finish()
        return bank
    }

    /// A category path as a section title: `$course$/top/Algebra/Linear` gives
    /// `Algebra / Linear`.
    static func categoryTitle(_ path: String) -> String? {
        let parts = path.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !($0.hasPrefix("$") && $0.hasSuffix("$")) && $0.lowercased() != "top" }
        return parts.isEmpty ? nil : parts.joined(separator: " / ")
    }
}

/// One character of a GIFT question after escapes: `\~` is a `~` that means nothing.
struct GIFTCharacter: Equatable {
    var character: Character
    var escaped: Bool
    var line: Int

    /// The characters of one line, with `\~ \= \# \{ \} \: \\` as escaped characters and
    /// `\n` as a line break.
    static func scan(_ text: String, line: Int) -> [GIFTCharacter] {
        var result: [GIFTCharacter] = []
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(GIFTCharacter(character: character, escaped: false, line: line))
                continue
            }
            guard let next = iterator.next() else {
                result.append(GIFTCharacter(character: "\\", escaped: true, line: line))
                break
            }
            switch next {
            case "n": result.append(GIFTCharacter(character: "\n", escaped: true, line: line))
            case "~", "=", "#", "{", "}", ":", "\\":
                result.append(GIFTCharacter(character: next, escaped: true, line: line))
            default:
                result.append(GIFTCharacter(character: "\\", escaped: true, line: line))
                result.append(GIFTCharacter(character: next, escaped: false, line: line))
            }
        }
        return result
    }
}

extension Array where Element == GIFTCharacter {
    /// The plain text.
    var text: String { String(map(\.character)) }

    /// The index of the first unescaped `character` at or after `start`.
    func firstSpecial(_ character: Character, from start: Int = 0) -> Int? {
        guard start < count else { return nil }
        return self[start...].firstIndex { $0.character == character && !$0.escaped }
    }

    /// Whether the characters at `index` are the unescaped `sequence`.
    func hasSpecial(_ sequence: String, at index: Int) -> Bool {
        var position = index
        for character in sequence {
            guard position < count, self[position].character == character, !self[position].escaped else { return false }
            position += 1
        }
        return true
    }

    /// Without leading and trailing whitespace.
    var trimmed: [GIFTCharacter] {
        var slice = self[...]
        while let first = slice.first, first.character.isWhitespace, !first.escaped { slice = slice.dropFirst() }
        while let last = slice.last, last.character.isWhitespace, !last.escaped { slice = slice.dropLast() }
        return Array(slice)
    }

    /// Split at every unescaped occurrence of `sequence`.
    func split(special sequence: String) -> [[GIFTCharacter]] {
        var parts: [[GIFTCharacter]] = [[]]
        var index = 0
        while index < count {
            if hasSpecial(sequence, at: index) {
                parts.append([])
                index += sequence.count
            } else {
                parts[parts.count - 1].append(self[index])
                index += 1
            }
        }
        return parts
    }
}
