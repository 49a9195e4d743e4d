import AssessExam

/// Writes a native exam as GIFT, for Moodle. Sections become `$CATEGORY:` lines, ids
/// become titles, and points a `// points:` comment that `GIFTReader` reads back (Moodle
/// sees a comment). What GIFT cannot say is listed in `losses`.
public enum GIFTWriter {
    /// The GIFT text of `exam` and, per question id, what GIFT cannot carry.
    public static func write(_ exam: Exam) -> (text: String, losses: [String]) {
        var lines: [String] = ["// \(exam.title) (exported by assess from exam \(exam.id))", ""]
        var losses: [String] = []
        if !exam.instructions.isEmpty {
            lines.append("[plain]\(escape(exam.instructions))")
            lines.append("")
        }
        for section in exam.sections {
            if let title = section.title {
                lines.append("$CATEGORY: \(title.replacingOccurrences(of: "\n", with: " "))")
                lines.append("")
            }
            if section.isPool, let select = section.select {
                losses.append(
                    "section \"\(section.title ?? exam.title)\": the pool (select: \(select)) is not kept: GIFT has no pools, so every question of it is exported"
                )
            }
            for question in section.questions {
                guard let answers = answers(question, losses: &losses) else { continue }
                if question.points != 1 { lines.append("// points: \(NativeExamWriter.number(question.points))") }
                lines.append("::\(escape(question.id))::[plain]\(escape(question.prompt)) \(answers)")
                lines.append("")
            }
        }
        return (lines.joined(separator: "\n"), losses)
    }

    private static func answers(_ question: Question, losses: inout [String]) -> String? {
        switch question.kind {
        case .singleChoice(let choices, let correct):
            return "{"
                + choices.enumerated().map { ($0.offset == correct ? "=" : "~") + escape($0.element) }.joined(
                    separator: " ") + "}"
        case .multipleResponse(let choices, let correct, let partial):
            if correct.count == 1 {
                losses.append(
                    "\(question.id): multiple response with one right choice reads back as single choice (GIFT cannot tell them apart)"
                )
            } else if partial == .none {
                losses.append(
                    "\(question.id): all-or-nothing scoring becomes per-choice (GIFT weights always give partial credit)"
                )
            }
            let share = NativeExamWriter.number(100 / Double(correct.count))
            let penalty = NativeExamWriter.number(-100 / Double(correct.count))
            return "{"
                + choices.enumerated().map {
                    (correct.contains($0.offset) ? "~%\(share)%" : "~%\(penalty)%") + escape($0.element)
                }.joined(separator: " ") + "}"
        case .trueFalse(let answer):
            return answer ? "{TRUE}" : "{FALSE}"
        case .shortText(let accepted, let caseSensitive):
            if caseSensitive {
                losses.append("\(question.id): case-sensitive matching is lost (GIFT short answers ignore case)")
            }
            return "{" + accepted.map { "=" + escape($0) }.joined(separator: " ") + "}"
        case .numeric(let answer, let unit):
            if let unit {
                losses.append("\(question.id): the unit \"\(unit)\" is lost (GIFT numerical answers have none)")
            }
            switch answer {
            case .value(let value, let tolerance):
                let tail = tolerance == 0 ? "" : ":\(NativeExamWriter.number(tolerance))"
                return "{#\(NativeExamWriter.number(value))\(tail)}"
            case .range(let low, let high):
                return "{#\(NativeExamWriter.number(low))..\(NativeExamWriter.number(high))}"
            }
        case .essay(let wordLimit):
            if let wordLimit {
                losses.append("\(question.id): the word limit \(wordLimit) is lost (GIFT essays have none)")
            }
            return "{}"
        case .matching(let pairs, let partial, let distractors):
            if partial == .none {
                losses.append("\(question.id): all-or-nothing scoring becomes per-pair (Moodle's matching)")
            }
            return "{"
                + (pairs.map { "=\(escape($0.left)) -> \(escape($0.right))" } + distractors.map { "= -> \(escape($0))" })
                .joined(separator: " ") + "}"
        case .ordering:
            losses.append("\(question.id): ordering questions have no GIFT form and are left out")
            return nil
        case .code:
            losses.append("\(question.id): code questions have no GIFT form and are left out")
            return nil
        }
    }

    /// GIFT's special characters escaped with `\`, and line breaks as `\n`.
    static func escape(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "\\", "~", "=", "#", "{", "}", ":": output += "\\\(character)"
            case "\n": output += "\\n"
            default: output.append(character)
            }
        }
        return output
    }
}
