import AssessExam

/// Reads Moodle's GIFT format: questions separated by blank lines, `//` comment lines,
/// `$CATEGORY:` lines (which become sections), `::title::`, a text format in brackets, and
/// the answers in braces. How each construct maps is in `Exams/FORMAT.md`.
///
/// One extension: a comment line `// points: 2` just before a question sets its points
/// (`assess export` writes it; Moodle reads it as a comment).
public enum GIFTReader {
    /// Reads a GIFT file's text; `file` names it in locations.
    ///
    /// The exam's limits (`ExamLimits`) hold while the text is read, not after: a question
    /// with a text longer than an exam's texts may be, or with more answers than an exam's
    /// question may have, is rejected as soon as its reading passes the limit, and the rest
    /// of it is skipped unread; a bank with more questions than an exam may hold is refused
    /// at the first question past the limit.
    public static func read(text: String, file: String) throws(InterchangeError) -> ParsedBank {
        var bank = ParsedBank()
        var section: String?
        var points: Double?
        var block: [GIFTCharacter] = []
        var limits = GIFTBlockLimits()
        var blockStart = 1
        var refusal: String?
        var questions = 0
        func finish() {
            if let refusal {
                bank.reject(SourceLocation(file: file, line: blockStart), refusal)
                points = nil
            } else if block.contains(where: { !$0.character.isWhitespace }) {
                let before = bank.entries.count
                GIFTQuestionParser(file: file, section: section, points: points ?? 1).parse(block, into: &bank)
                if bank.entries.count > before, case .question = bank.entries[bank.entries.count - 1] { questions += 1 }
                points = nil
            }
            block = []
            limits = GIFTBlockLimits()
            refusal = nil
        }
        let lines = LineEndings.lines(of: text)
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            if questions > ExamLimits.questions {
                throw InterchangeError(
                    SourceLocation(file: file, line: number),
                    """
                    the bank holds more than \(ExamLimits.grouped(ExamLimits.questions)) questions, the most an exam may hold; \
                    split it into several banks and import each as an exam
                    """)
            }
            if refusal != nil {
                // The rest of a rejected question is skipped unread, up to the blank line that ends it.
                if rawLine.allSatisfy({ $0.isWhitespace }) { finish() }
                continue
            }
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                finish()
                continue
            }
            if line.hasPrefix("//") {
                let comment = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("points:"),
                    let value = Double(comment.dropFirst(7).trimmingCharacters(in: .whitespaces))
                {
                    points = value
                }
                continue
            }
            if block.isEmpty, line.hasPrefix("$CATEGORY:") {
                section = categoryTitle(String(line.dropFirst("$CATEGORY:".count)))
                continue
            }
            if block.isEmpty { blockStart = number }
            if !block.isEmpty {
                let lineBreak = GIFTCharacter(character: "\n", escaped: false, line: number)
                refusal = limits.admit(lineBreak)
                block.append(lineBreak)
            }
            if refusal == nil { refusal = GIFTCharacter.scan(rawLine, line: number, into: &block, limits: &limits) }
        }
        finish()
        if questions > ExamLimits.questions {
            throw InterchangeError(
                SourceLocation(file: file, line: lines.count),
                """
                the bank holds more than \(ExamLimits.grouped(ExamLimits.questions)) questions, the most an exam may hold; \
                split it into several banks and import each as an exam
                """)
        }
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
        var limits = GIFTBlockLimits(unlimited: true)
        _ = scan(Substring(text), line: line, into: &result, limits: &limits)
        return result
    }

    /// Appends the characters of one line to `result`, each first admitted by `limits`;
    /// stops at the first that is not, and returns why.
    static func scan(_ text: Substring, line: Int, into result: inout [GIFTCharacter], limits: inout GIFTBlockLimits)
        -> String?
    {
        var iterator = text.makeIterator()
        func add(_ character: Character, escaped: Bool) -> String? {
            let scanned = GIFTCharacter(character: character, escaped: escaped, line: line)
            if let refusal = limits.admit(scanned) { return refusal }
            result.append(scanned)
            return nil
        }
        while let character = iterator.next() {
            guard character == "\\" else {
                if let refusal = add(character, escaped: false) { return refusal }
                continue
            }
            guard let next = iterator.next() else {
                return add("\\", escaped: true)
            }
            switch next {
            case "n": if let refusal = add("\n", escaped: true) { return refusal }
            case "~", "=", "#", "{", "}", ":", "\\":
                if let refusal = add(next, escaped: true) { return refusal }
            default:
                if let refusal = add("\\", escaped: true) { return refusal }
                if let refusal = add(next, escaped: false) { return refusal }
            }
        }
        return nil
    }
}

/// The exam's limits on one question (`ExamLimits`), applied to its characters as they are
/// read: no run of text between the marks that separate texts (`{ } ~ = #`) longer than an
/// exam's text may be, and no more answers in the braces than an exam's question may have.
struct GIFTBlockLimits {
    private var run = 0
    private var answers = 0
    private var inBraces = false
    private let unlimited: Bool

    init(unlimited: Bool = false) {
        self.unlimited = unlimited
    }

    /// Counts `character`; why the question is rejected, once it passes a limit.
    mutating func admit(_ character: GIFTCharacter) -> String? {
        if unlimited { return nil }
        if !character.escaped {
            switch character.character {
            case "{":
                inBraces = true
                run = 0
                return nil
            case "}":
                inBraces = false
                run = 0
                return nil
            case "~",
                "=" where inBraces:
                answers += 1
                run = 0
                guard answers <= ExamLimits.itemsPerQuestion else {
                    return
                        "this question has more than \(ExamLimits.itemsPerQuestion) answers, the most an exam's question may have; split it"
                }
                return nil
            case "#" where inBraces:
                run = 0
                return nil
            default:
                break
            }
        }
        run += character.character.unicodeScalars.count
        guard run <= ExamLimits.textCharacters else {
            return
                "this question has a text longer than \(ExamLimits.grouped(ExamLimits.textCharacters)) characters, the most an exam's text may be; shorten it"
        }
        return nil
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
