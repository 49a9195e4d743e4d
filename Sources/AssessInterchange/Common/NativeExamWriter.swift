import AssessCore
import AssessExam

/// Writes an `Exam` as a native exam file (`Exams/FORMAT.md`). Every text is a YAML
/// double-quoted scalar, so no imported text can change the file's structure; loading the
/// result with `ExamLoader` gives the same exam back.
public enum NativeExamWriter {
    /// The YAML text of `exam`, with `header` as comment lines at the top.
    public static func yaml(for exam: Exam, header: [String] = []) -> String {
        var lines = header.map { "# " + $0 }
        lines.append("id: \(quote(exam.id))")
        lines.append("title: \(quote(exam.title))")
        lines.append("version: \(quote(exam.version))")
        lines.append("duration: \(durationText(exam.durationSeconds))")
        if !exam.instructions.isEmpty { lines.append("instructions: \(quote(exam.instructions))") }
        if exam.language != "en" { lines.append("language: \(quote(exam.language))") }
        if exam.navigation != .free { lines.append("navigation: \(exam.navigation.rawValue)") }
        if exam.shuffle.questions || exam.shuffle.choices {
            lines.append("shuffle:")
            lines.append("  questions: \(exam.shuffle.questions)")
            lines.append("  choices: \(exam.shuffle.choices)")
        }
        if exam.lock != .required { lines.append("lock: \(exam.lock.rawValue)") }
        if !exam.suggestions.isEmpty {
            lines.append("suggestions: [\(exam.suggestions.map(\.rawValue).sorted().joined(separator: ", "))]")
        }
        if let calculator = exam.calculator { lines.append("calculator: \(calculator.rawValue)") }
        if let reference = exam.reference {
            lines.append("reference:")
            lines.append("  title: \(quote(reference.title))")
            lines.append("  text: \(quote(reference.text))")
        }
        if !exam.restrictions.isEmpty {
            lines.append("restrictions:")
            for restriction in exam.restrictions {
                lines.append("  - id: \(quote(restriction.id))")
                lines.append("    title: \(quote(restriction.title))")
                lines.append("    detail: \(quote(restriction.detail))")
                lines.append("    default: \(restriction.isOnByDefault ? "on" : "off")")
            }
        }
        if exam.sections.count == 1, exam.sections[0].title == nil {
            lines.append("questions:")
            for question in exam.sections[0].questions { lines += questionLines(question, indent: "  ") }
        } else {
            lines.append("sections:")
            for section in exam.sections {
                lines.append("  - title: \(quote(section.title ?? "Questions"))")
                if let select = section.select { lines.append("    select: \(select)") }
                lines.append("    questions:")
                for question in section.questions { lines += questionLines(question, indent: "      ") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of one question, the first starting with `- ` after `indent`.
    static func questionLines(_ question: Question, indent: String) -> [String] {
        var fields: [(String, String)] = [
            ("id", quote(question.id)), ("type", question.kind.typeName),
            ("prompt", quote(question.prompt)),
        ]
        if question.points != 1, question.kind.typeName != "code" {
            fields.append(("points", number(question.points)))
        }
        if let image = question.image { fields.append(("image", imageMapping(image))) }
        // A choice with a picture is a mapping of its text and picture.
        func choiceList(_ choices: [String]) -> String {
            "["
                + choices.enumerated().map { index, text in
                    question.choiceImages[index].map { "{text: \(quote(text)), image: \(imageMapping($0))}" }
                        ?? quote(text)
                }.joined(separator: ", ") + "]"
        }
        switch question.kind {
        case .singleChoice(let choices, let correct):
            fields.append(("choices", choiceList(choices)))
            fields.append(("answer", quote(choices[correct])))
        case .multipleResponse(let choices, let correct, let partial):
            fields.append(("choices", choiceList(choices)))
            fields.append(("answers", list(correct.sorted().map { choices[$0] })))
            if partial == .proportional { fields.append(("partial-credit", "per-choice")) }
        case .trueFalse(let answer):
            fields.append(("answer", "\(answer)"))
        case .shortText(let accepted, let caseSensitive):
            fields.append(("accepted", list(accepted)))
            if caseSensitive { fields.append(("case-sensitive", "true")) }
        case .numeric(let answer, let unit):
            switch answer {
            case .value(let value, let tolerance):
                fields.append(("answer", number(value)))
                if tolerance != 0 { fields.append(("tolerance", number(tolerance))) }
            case .range(let low, let high):
                fields.append(("range", "[\(number(low)), \(number(high))]"))
            }
            if let unit { fields.append(("unit", quote(unit))) }
        case .essay(let wordLimit):
            if let wordLimit { fields.append(("word-limit", "\(wordLimit)")) }
        case .matching(let pairs, let partial, let distractors):
            fields.append(
                (
                    "pairs",
                    "["
                        + pairs.map { "{left: \(quote($0.left)), right: \(quote($0.right))}" }
                        .joined(separator: ", ") + "]"
                ))
            if !distractors.isEmpty { fields.append(("distractors", list(distractors))) }
            if partial == .proportional { fields.append(("partial-credit", "per-pair")) }
        case .ordering(let items, let partial):
            fields.append(("items", list(items)))
            if partial == .proportional { fields.append(("partial-credit", "per-position")) }
        case .code(let code):
            func cases(_ cases: [CodeCase], points: Bool) -> String {
                "["
                    + cases.map { entry in
                        "{stdin: \(quote(entry.standardInput)), stdout: \(quote(entry.expectedOutput))"
                            + (points ? ", points: \(number(entry.points))}" : "}")
                    }.joined(separator: ", ") + "]"
            }
            fields.append(("language", code.language.rawValue))
            if !code.starter.isEmpty { fields.append(("starter", quote(code.starter))) }
            if !code.samples.isEmpty { fields.append(("samples", cases(code.samples, points: false))) }
            fields.append(("tests", cases(code.tests, points: true)))
            if code.runsDuringExam > 0 { fields.append(("run-during-exam", "\(code.runsDuringExam)")) }
            if code.syntaxColour { fields.append(("syntax-colour", "true")) }
            let limits = code.limits
            fields.append(
                (
                    "limits",
                    "{time: \(number(limits.timeSeconds))s, memory: \(CodeLimitText.size(limits.memoryBytes)), output: \(CodeLimitText.size(limits.outputBytes))}"
                ))
        }
        let continuation = indent + "  "
        return fields.enumerated().map { index, field in
            (index == 0 ? indent + "- " : continuation) + "\(field.0): \(field.1)"
        }
    }

    /// A picture as a flow mapping: `{file: "…", alt: "…", width: N}`.
    private static func imageMapping(_ image: ExamImage) -> String {
        let width = image.width.map { ", width: \($0)" } ?? ""
        return "{file: \(quote(image.file)), alt: \(quote(image.alt))\(width)}"
    }

    /// A YAML double-quoted scalar: `\`, `"` and line breaks escaped, and anything that is
    /// not printable (a bidirectional control included) written as a `\u` escape.
    static func quote(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                    || scalar.value == 0x2029 || scalar.value == 0xFEFF || VisibleText.isBidiControl(scalar)
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.map(quote).joined(separator: ", ") + "]"
    }

    /// A number as the loader reads it back exactly: whole numbers without a decimal point.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// Seconds as `1h30m45s`, the form the format's durations take.
    static func durationText(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 || text.isEmpty { text += "\(rest)s" }
        return text
    }
}
