import AssessExam

/// Keywords, strings and comments of a program, found line by line for the code editor's
/// colours (when the question allows them, `syntax-colour: true`). A small scanner, not a
/// parser: it knows each language's keywords, its quotes and its comments, and carries
/// from one line to the next only what may span lines (a C block comment, a Python string
/// in triple quotes). The colours only echo what the text already says.
enum SyntaxColouring {
    /// What a stretch of a line is.
    enum Kind: Sendable, Equatable {
        case keyword
        case string
        case comment
    }

    /// A stretch of one line, in characters from the line's start.
    struct Span: Sendable, Equatable {
        let range: Range<Int>
        let kind: Kind
    }

    /// What an unfinished line leaves open for the next.
    enum Carry: Sendable, Equatable {
        case none
        /// Inside a C `/* … */` comment.
        case blockComment
        /// Inside a Python string opened with three of this quote.
        case tripleString(Character)
    }

    /// The style each kind is drawn in: keywords in the accent colour, strings in the
    /// success colour, comments dim.
    static func style(_ kind: Kind) -> CellStyle {
        switch kind {
        case .keyword: return CellStyle(color: .accent)
        case .string: return CellStyle(color: .success)
        case .comment: return CellStyle(dim: true)
        }
    }

    /// The spans of `line` in `language`, starting in `carry` and leaving in it what the
    /// line leaves open.
    static func spans(of line: Substring, in language: CodeLanguage, carry: inout Carry) -> [Span] {
        let characters = Array(line)
        var spans: [Span] = []
        var index = 0
        func add(_ start: Int, _ end: Int, _ kind: Kind) {
            if end > start { spans.append(Span(range: start..<end, kind: kind)) }
        }
        // First what the previous line left open.
        switch carry {
        case .none: break
        case .blockComment:
            let end = find(["*", "/"], in: characters, from: 0).map { $0 + 2 }
            add(0, end ?? characters.count, .comment)
            guard let end else { return spans }
            carry = .none
            index = end
        case .tripleString(let quote):
            let end = find([quote, quote, quote], in: characters, from: 0).map { $0 + 3 }
            add(0, end ?? characters.count, .string)
            guard let end else { return spans }
            carry = .none
            index = end
        }
        let keywords = Self.keywords[language] ?? []
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch (language, character) {
            case (.c, "/") where next == "/":
                add(index, characters.count, .comment)
                return spans
            case (.c, "/") where next == "*":
                let end = find(["*", "/"], in: characters, from: index + 2).map { $0 + 2 }
                add(index, end ?? characters.count, .comment)
                guard let end else {
                    carry = .blockComment
                    return spans
                }
                index = end
            case (.c, "#") where characters[..<index].allSatisfy(\.isWhitespace):
                // A preprocessor line: the directive's name is its keyword.
                var end = index + 1
                while end < characters.count, characters[end].isLetter { end += 1 }
                add(index, end, .keyword)
                index = end
            case (.python3, "#"):
                add(index, characters.count, .comment)
                return spans
            case (.bash, "#") where index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == ";":
                add(index, characters.count, .comment)
                return spans
            case (.python3, "\""), (.python3, "'"):
                if next == character, index + 2 < characters.count, characters[index + 2] == character {
                    let end = find([character, character, character], in: characters, from: index + 3).map { $0 + 3 }
                    add(index, end ?? characters.count, .string)
                    guard let end else {
                        carry = .tripleString(character)
                        return spans
                    }
                    index = end
                } else {
                    index = quoted(characters, from: index, escapes: true, kind: .string, into: &spans)
                }
            case (_, "\""), (.c, "'"):
                index = quoted(characters, from: index, escapes: true, kind: .string, into: &spans)
            case (.bash, "'"):
                // No escapes between a shell's single quotes.
                index = quoted(characters, from: index, escapes: false, kind: .string, into: &spans)
            case _ where character.isLetter || character == "_":
                var end = index + 1
                while end < characters.count,
                    characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                {
                    end += 1
                }
                // A word after `$` or `.` is a variable or a member, not a keyword.
                let before = index > 0 ? characters[index - 1] : " "
                if before != "$" && before != "." && keywords.contains(String(characters[index..<end])) {
                    add(index, end, .keyword)
                }
                index = end
            case _ where character.isNumber:
                // A number's letters (0x1f, 1e5) are not a word.
                while index < characters.count, characters[index].isLetter || characters[index].isNumber { index += 1 }
            default:
                index += 1
            }
        }
        return spans
    }

    /// Adds the string opened by the quote at `start` (to its closing quote, or the line's
    /// end) and returns where scanning goes on.
    private static func quoted(
        _ characters: [Character], from start: Int, escapes: Bool, kind: Kind, into spans: inout [Span]
    ) -> Int {
        let quote = characters[start]
        var index = start + 1
        while index < characters.count {
            if escapes && characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == quote {
                index += 1
                break
            }
            index += 1
        }
        let end = min(index, characters.count)
        spans.append(Span(range: start..<end, kind: kind))
        return end
    }

    /// Where `pattern` starts in `characters` at or after `start`, if it does.
    private static func find(_ pattern: [Character], in characters: [Character], from start: Int) -> Int? {
        guard characters.count >= pattern.count, start <= characters.count - pattern.count else { return nil }
        return (start...(characters.count - pattern.count)).first { index in
            pattern.indices.allSatisfy { characters[index + $0] == pattern[$0] }
        }
    }

    /// Each language's reserved words (and a few names every reader takes for them).
    static let keywords: [CodeLanguage: Set<String>] = [
        .python3: [
            "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
            "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
            "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
        ],
        .c: [
            "auto", "bool", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
            "enum", "extern", "false", "float", "for", "goto", "if", "inline", "int", "long", "register",
            "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "true", "typedef",
            "union", "unsigned", "void", "volatile", "while", "NULL",
        ],
        .bash: [
            "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done",
            "in", "function", "time", "return", "local", "export", "declare", "readonly", "break", "continue",
            "exit",
        ],
    ]
}
