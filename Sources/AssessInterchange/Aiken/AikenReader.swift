import AssessExam

/// Reads the Aiken format: each question is one line of text, then options lettered
/// `A)` or `A.`, then `ANSWER: B`. Questions are separated by blank lines (or simply follow
/// the previous `ANSWER:` line). Every question becomes single choice.
public enum AikenReader {
    /// Reads an Aiken file's text; `file` names it in locations.
    public static func read(text: String, file: String) -> ParsedBank {
        var bank = ParsedBank()
        var prompt: (text: String, line: Int)?
        var options: [(letter: Character, text: String)] = []
        var skipping = false
        for (index, rawLine) in LineEndings.lines(of: text).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                if let open = prompt, !skipping {
                    bank.reject(SourceLocation(file: file, line: open.line),
                                "this question has no ANSWER: line; end it with ANSWER: and the right option's letter")
                }
                prompt = nil
                options = []
                skipping = false
                continue
            }
            if skipping { continue }
            if line.hasPrefix("ANSWER:") {
                let letter = line.dropFirst(7).trimmingCharacters(in: .whitespaces).uppercased()
                guard let open = prompt else {
                    bank.reject(SourceLocation(file: file, line: number), "an ANSWER: line with no question before it; write the question and its options first")
                    skipping = true
                    continue
                }
                if options.count < 2 {
                    bank.reject(SourceLocation(file: file, line: open.line), "this question has fewer than two options; letter each option A) or A.")
                } else if letter.count == 1, let chosen = options.firstIndex(where: { String($0.letter) == letter }) {
                    bank.add(ImportedQuestion(title: nil, prompt: open.text, kind: .singleChoice(choices: options.map(\.text), correct: chosen),
                                              section: nil, location: SourceLocation(file: file, line: open.line)))
                } else {
                    let letters = options.map { String($0.letter) }.joined(separator: ", ")
                    bank.reject(SourceLocation(file: file, line: number), "ANSWER: \"\(letter)\" is not one of this question's letters (\(letters)); write one of them")
                }
                prompt = nil
                options = []
                continue
            }
            if let open = prompt {
                guard let option = option(in: line) else {
                    bank.reject(SourceLocation(file: file, line: number),
                                "expected an option lettered A) or A., or the ANSWER: line, after the question on line \(open.line)")
                    skipping = true
                    prompt = nil
                    options = []
                    continue
                }
                options.append(option)
            } else {
                prompt = (line, number)
            }
        }
        if let open = prompt, !skipping {
            bank.reject(SourceLocation(file: file, line: open.line),
                        "this question has no ANSWER: line; end it with ANSWER: and the right option's letter")
        }
        return bank
    }

    /// The letter and text of an option line, `B) text` or `B. text`; nil for any other line.
    static func option(in line: String) -> (letter: Character, text: String)? {
        guard line.count >= 3, let letter = line.first, letter.isASCII, letter.isUppercase else { return nil }
        let marker = line[line.index(after: line.startIndex)]
        let rest = line.dropFirst(2)
        guard marker == ")" || marker == ".", rest.first == " " else { return nil }
        let text = rest.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : (letter, text)
    }
}
