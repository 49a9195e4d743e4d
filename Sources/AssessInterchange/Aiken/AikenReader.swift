import AssessExam

/// Reads the Aiken format: each question is one line of text, then options lettered
/// `A)` or `A.`, then `ANSWER: B`. Every question becomes single choice.
///
/// Which questions survive a partly broken file follows Moodle's own Aiken parser, line by
/// line, so that `--keep-going` keeps what Moodle keeps:
/// - blank lines, and lines of fewer than two characters (bytes), are skipped;
/// - a line that starts with a capital letter and `)` or `.` is an option (a space after
///   the mark is optional); with no question open it is reported and skipped;
/// - `ANSWER:` closes the question: only the first character after it counts, and a
///   question with fewer than two options is reported; with no question open the line is
///   reported and skipped;
/// - any other line starts a new question, and a question still open (no `ANSWER:` yet)
///   is reported and dropped, as one still open at the end of the file is.
///
/// Where Moodle would keep a question with no right answer (a letter that names no option),
/// assess reports it instead, since such a question cannot be marked. The letter may be
/// lower case (`ANSWER: b`).
public enum AikenReader {
    /// Reads an Aiken file's text; `file` names it in locations.
    public static func read(text: String, file: String) -> ParsedBank {
        var bank = ParsedBank()
        var prompt: (text: String, line: Int)?
        var options: [(letter: Character, text: String)] = []
        for (index, rawLine) in LineEndings.lines(of: text).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.utf8.count < 2 { continue }
            if line.hasPrefix("ANSWER:") {
                let letter = line.dropFirst(7).trimmingCharacters(in: .whitespaces).prefix(1).uppercased()
                guard let open = prompt else {
                    bank.reject(
                        SourceLocation(file: file, line: number),
                        "an ANSWER: line with no question before it; write the question and its options first")
                    continue
                }
                if options.count < 2 {
                    bank.reject(
                        SourceLocation(file: file, line: open.line),
                        "this question has fewer than two options; letter each option A) or A.")
                } else if options.count > ExamLimits.itemsPerQuestion {
                    bank.reject(
                        SourceLocation(file: file, line: open.line),
                        "this question has more than \(ExamLimits.itemsPerQuestion) options, the most an exam's question may have; split it"
                    )
                } else if letter.count == 1, let chosen = options.firstIndex(where: { String($0.letter) == letter }) {
                    bank.add(
                        ImportedQuestion(
                            title: nil, prompt: open.text,
                            kind: .singleChoice(choices: options.map(\.text), correct: chosen),
                            section: nil, location: SourceLocation(file: file, line: open.line)))
                } else {
                    let letters = options.map { String($0.letter) }.joined(separator: ", ")
                    bank.reject(
                        SourceLocation(file: file, line: number),
                        "ANSWER: \"\(letter)\" is not one of this question's letters (\(letters)); write one of them")
                }
                prompt = nil
                options = []
                continue
            }
            if let option = option(in: line) {
                guard prompt != nil else {
                    bank.reject(
                        SourceLocation(file: file, line: number),
                        "an option with no question before it; write the question on the line before its options")
                    continue
                }
                options.append(option)
                continue
            }
            if let open = prompt {
                bank.reject(
                    SourceLocation(file: file, line: open.line),
                    "this question has no ANSWER: line before the next question starts on line \(number); end it with ANSWER: and the right option's letter (a question is one line)"
                )
            }
            prompt = (line, number)
            options = []
        }
        if let open = prompt {
            bank.reject(
                SourceLocation(file: file, line: open.line),
                "this question has no ANSWER: line; end it with ANSWER: and the right option's letter")
        }
        return bank
    }

    /// The letter and text of an option line, `B) text` or `B. text` (the space may be
    /// missing, as Moodle allows); nil for any other line.
    static func option(in line: String) -> (letter: Character, text: String)? {
        guard line.count >= 2, let letter = line.first, letter.isASCII, letter.isUppercase else { return nil }
        let marker = line[line.index(after: line.startIndex)]
        guard marker == ")" || marker == "." else { return nil }
        return (letter, line.dropFirst(2).trimmingCharacters(in: .whitespaces))
    }
}
