import AssessExam

/// Parses one GIFT question (the characters between blank lines) into a bank entry.
struct GIFTQuestionParser {
    var file: String
    var section: String?
    var points: Double

    /// The text formats a question may name in brackets after its title.
    enum TextFormat: String {
        case html, moodle, plain, markdown
    }

    /// One answer inside the braces: `=` or `~`, an optional `%weight%`, the text and an
    /// optional `#feedback`.
    struct Answer {
        var isRight: Bool
        var weight: Double?
        var text: [GIFTCharacter]
        var feedback: String?
        var line: Int

        /// The share of the points the answer earns, in percent.
        var percent: Double { weight ?? (isRight ? 100 : 0) }
    }

    func parse(_ block: [GIFTCharacter], into bank: inout ParsedBank) {
        var rest = block.trimmed
        let location = SourceLocation(file: file, line: rest.first?.line ?? 1)
        var title: String?
        if rest.hasSpecial("::", at: 0) {
            guard let end = (2..<max(2, rest.count)).first(where: { rest.hasSpecial("::", at: $0) }) else {
                bank.reject(location, "the title's opening :: has no closing ::; write ::title:: before the question")
                return
            }
            title = Array(rest[2..<end]).text.trimmingCharacters(in: .whitespacesAndNewlines)
            rest = Array(rest[(end + 2)...]).trimmed
        }
        var format: TextFormat?
        if rest.first?.character == "[", let close = rest.firstSpecial("]"),
            let named = TextFormat(rawValue: Array(rest[1..<close]).text.lowercased())
        {
            format = named
            rest = Array(rest[(close + 1)...]).trimmed
        }
        let open = rest.firstSpecial("{")
        if let stray = rest.firstSpecial("}"), stray < (open ?? rest.count) {
            bank.reject(
                SourceLocation(file: file, line: rest[stray].line),
                "a } with no { before it; escape it as \\} if it is text")
            return
        }
        guard let open else {
            let text = plain(rest, format)
            if !text.isEmpty { bank.entries.append(.description(text, section: section, location: location)) }
            return
        }
        guard let close = rest.firstSpecial("}", from: open + 1) else {
            bank.reject(
                SourceLocation(file: file, line: rest[open].line),
                "the { on this line has no closing }; close the answers with } (or escape a brace in text as \\{)")
            return
        }
        if let nested = rest[(open + 1)..<close].firstIndex(where: { $0.character == "{" && !$0.escaped }) {
            bank.reject(
                SourceLocation(file: file, line: rest[nested].line),
                "a { inside the answers of the { on line \(rest[open].line); close the first with } or escape this one as \\{"
            )
            return
        }
        let before = plain(Array(rest[..<open]), format)
        let after = plain(Array(rest[(close + 1)...]), format)
        if Array(rest[(close + 1)...]).firstSpecial("{") != nil {
            bank.reject(
                location, "a question has more than one set of answers in braces; Moodle's GIFT allows one per question"
            )
            return
        }
        guard !before.isEmpty || !after.isEmpty else {
            bank.reject(
                SourceLocation(file: file, line: rest[open].line),
                "answers with no question: write the question's text before the {")
            return
        }
        let prompt = after.isEmpty ? before : "\(before) _____ \(after)"
        var losses: [String] = []
        let body = Array(rest[(open + 1)..<close])
        let parts = body.split(special: "####")
        if parts.count > 1, !parts.dropFirst().allSatisfy({ $0.trimmed.isEmpty }) {
            losses.append("general feedback (####) is not kept")
        }
        do {
            let kind = try answerKind(parts[0].trimmed, format: format, line: rest[open].line, losses: &losses)
            bank.add(
                ImportedQuestion(
                    title: title, prompt: prompt, points: points, kind: kind, section: section,
                    location: location, losses: losses))
        } catch {
            bank.reject(error.location, error.message)
        }
    }

    /// Plain text in `format`: HTML and Moodle's format lose their tags, Markdown its marks.
    func plain(_ characters: [GIFTCharacter], _ format: TextFormat?) -> String {
        let text = characters.trimmed.text
        switch format {
        case .html, .moodle: return PlainText.fromHTML(text)
        case .markdown: return PlainText.fromMarkdown(text)
        case .plain: return text
        case nil: return Self.looksLikeHTML(text) ? PlainText.fromHTML(text) : text
        }
    }

    /// True when `text` has something that reads as an HTML tag (`<b>`, `</p>`, `<br/>`).
    static func looksLikeHTML(_ text: String) -> Bool {
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            let next = text.index(after: open)
            guard next < text.endIndex else { return false }
            if text[next].isLetter || text[next] == "/", let close = text[next...].firstIndex(of: ">"),
                !text[next..<close].contains("<")
            {
                return true
            }
            index = next
        }
        return false
    }

    private func answerKind(
        _ body: [GIFTCharacter], format: TextFormat?, line: Int,
        losses: inout [String]
    ) throws(InterchangeError) -> QuestionKind {
        if body.isEmpty { return .essay(wordLimit: nil) }
        if body[0].character == "#", !body[0].escaped {
            return try numerical(Array(body.dropFirst()).trimmed, line: line, losses: &losses)
        }
        let pieces = body.split(special: "#")
        let head = pieces[0].trimmed.text.uppercased()
        if ["T", "TRUE", "F", "FALSE"].contains(head) {
            if pieces.dropFirst().contains(where: { !$0.trimmed.isEmpty }) {
                losses.append("true/false feedback is not kept")
            }
            return .trueFalse(answer: head.hasPrefix("T"))
        }
        let answers = try split(body, line: line)
        if answers.contains(where: { $0.feedback != nil }) { losses.append("feedback on answers is not kept") }
        if answers.allSatisfy(\.isRight), answers.allSatisfy({ contains(arrow: $0.text) }) {
            return try matching(answers, format: format, losses: &losses)
        }
        if answers.allSatisfy(\.isRight) {
            return try shortAnswer(answers, format: format, line: line, losses: &losses)
        }
        return try multipleChoice(answers, format: format, line: line, losses: &losses)
    }

    private func contains(arrow text: [GIFTCharacter]) -> Bool {
        text.indices.contains { text.hasSpecial("->", at: $0) }
    }

    /// The answers, split at each unescaped `=` or `~`.
    private func split(_ body: [GIFTCharacter], line: Int) throws(InterchangeError) -> [Answer] {
        var answers: [Answer] = []
        var current: Answer?
        var index = 0
        while index < body.count {
            let character = body[index]
            if !character.escaped, character.character == "=" || character.character == "~" {
                if let current { answers.append(current) }
                current = Answer(
                    isRight: character.character == "=", weight: nil, text: [], feedback: nil, line: character.line)
            } else if current == nil {
                guard character.character.isWhitespace else {
                    throw InterchangeError(
                        SourceLocation(file: file, line: character.line),
                        "answers must start with = (right) or ~ (wrong), found \"\(character.character)\"; escape it as \\\(character.character) if it is text"
                    )
                }
            } else {
                current?.text.append(character)
            }
            index += 1
        }
        if let current { answers.append(current) }
        guard !answers.isEmpty else {
            throw InterchangeError(
                SourceLocation(file: file, line: line), "the braces hold no answer; write = before a right answer")
        }
        return try answers.map { answer throws(InterchangeError) in
            var answer = answer
            var text = answer.text.trimmed
            if text.first?.character == "%", !text[0].escaped, let end = text.firstSpecial("%", from: 1) {
                let weightText = Array(text[1..<end]).text
                guard let weight = Double(weightText) else {
                    throw InterchangeError(
                        SourceLocation(file: file, line: answer.line),
                        "the weight %\(weightText)% is not a number; write a percentage such as %50% or %-25%")
                }
                answer.weight = weight
                text = Array(text[(end + 1)...])
            }
            let pieces = text.split(special: "#")
            answer.text = pieces[0].trimmed
            if pieces.count > 1 { answer.feedback = pieces.dropFirst().map(\.text).joined(separator: "#") }
            return answer
        }
    }

    private func multipleChoice(
        _ answers: [Answer], format: TextFormat?, line: Int,
        losses: inout [String]
    ) throws(InterchangeError) -> QuestionKind {
        var choices = answers.map { plain($0.text, format) }
        // Picture-only choices in HTML read as their alt text; where several read the same,
        // they also name their picture files (see `PlainText.choices(fromHTML:)`).
        let raws = answers.map { $0.text.trimmed.text }
        let isHTML = { (raw: String) in
            format == .html || format == .moodle || (format == nil && Self.looksLikeHTML(raw))
        }
        if raws.contains(where: { isHTML($0) && PlainText.hasPicture($0) }) {
            losses.append(PlainText.pictureLoss)
            let named = PlainText.choices(fromHTML: raws)
            let texts = choices
            for index in choices.indices
            where isHTML(raws[index]) && PlainText.hasPicture(raws[index])
                && texts.filter({ $0 == texts[index] }).count > 1
            {
                choices[index] = named[index]
            }
        }
        let full = answers.indices.filter { answers[$0].percent >= 100 }
        let positive = answers.indices.filter { answers[$0].percent > 0 }
        let negative = answers.filter { $0.percent < 0 }
        guard !positive.isEmpty else {
            throw InterchangeError(
                SourceLocation(file: file, line: line),
                "no answer is right; mark the right one with = or give it a positive weight such as ~%50%")
        }
        if !negative.isEmpty {
            losses.append(
                "negative weights (\(negative.map { weightText($0.percent) }.joined(separator: ", "))) are not kept: a wrong choice \(full.count == 1 ? "scores 0" : "takes off one right choice's share")"
            )
        }
        if full.count == 1 {
            let partial = positive.filter { $0 != full[0] }
            if !partial.isEmpty {
                losses.append(
                    "partial weights (\(partial.map { "\(choices[$0]) \(weightText(answers[$0].percent))" }.joined(separator: ", "))) are not kept: only the full-marks choice scores"
                )
            }
            return .singleChoice(choices: choices, correct: full[0])
        }
        let weights = Set(positive.map { answers[$0].percent })
        if weights.count > 1 {
            losses.append(
                "unequal weights (\(positive.map { weightText(answers[$0].percent) }.joined(separator: ", "))) become equal shares of the points"
            )
        }
        return .multipleResponse(choices: choices, correct: Set(positive), partialCredit: .proportional)
    }

    private func shortAnswer(
        _ answers: [Answer], format: TextFormat?, line: Int,
        losses: inout [String]
    ) throws(InterchangeError) -> QuestionKind {
        let full = answers.filter { $0.percent >= 100 }
        guard !full.isEmpty else {
            throw InterchangeError(
                SourceLocation(file: file, line: line),
                "no accepted answer gives full marks; leave the weight off one answer (or write %100%)")
        }
        let partial = answers.filter { $0.percent < 100 }
        if !partial.isEmpty {
            losses.append(
                "answers with partial weights (\(partial.map { "\(plain($0.text, format)) \(weightText($0.percent))" }.joined(separator: ", "))) are not kept"
            )
        }
        return .shortText(accepted: full.map { plain($0.text, format) }, caseSensitive: false)
    }

    private func matching(_ answers: [Answer], format: TextFormat?, losses: inout [String]) throws(InterchangeError)
        -> QuestionKind
    {
        var pairs: [MatchingPair] = []
        var extras: [String] = []
        for answer in answers {
            let parts = answer.text.split(special: "->")
            guard parts.count == 2 else {
                throw InterchangeError(
                    SourceLocation(file: file, line: answer.line),
                    "a matching answer needs one -> between its two sides, as =left -> right")
            }
            let left = plain(parts[0], format)
            let right = plain(parts[1], format)
            // `= -> Chat`, a right-hand item with no left, is a distractor, as in Moodle.
            if left.isEmpty {
                if !right.isEmpty { extras.append(right) }
            } else {
                pairs.append(MatchingPair(left: left, right: right))
            }
        }
        if !extras.isEmpty {
            losses.append(
                "right-hand items with no left (\(extras.joined(separator: ", "))) are kept as distractors: offered, never right"
            )
        }
        losses.append("matching scores each right pair (per-pair), as Moodle does")
        return .matching(pairs: pairs, partialCredit: .proportional, distractors: extras)
    }

    private func numerical(_ body: [GIFTCharacter], line: Int, losses: inout [String]) throws(InterchangeError)
        -> QuestionKind
    {
        // As in Moodle, everything from the first ~ on is the feedback for any wrong
        // answer (`{#3:2 ~#Not even close}`), not another answer.
        var body = body
        if let tilde = body.firstSpecial("~") {
            let wrong = Array(body[(tilde + 1)...]).trimmed
            if !wrong.isEmpty { losses.append("the feedback for wrong answers (after ~) is not kept") }
            body = Array(body[..<tilde]).trimmed
            guard !body.isEmpty else {
                throw InterchangeError(
                    SourceLocation(file: file, line: line),
                    "a numerical question has only feedback for wrong answers (after ~); write the right answer after # first, as {#3:2 ~#feedback}"
                )
            }
        }
        let hasAlternatives = body.first.map { !$0.escaped && ($0.character == "=" || $0.character == "~") } ?? false
        if !hasAlternatives {
            let pieces = body.split(special: "#")
            if pieces.count > 1 { losses.append("feedback on answers is not kept") }
            return .numeric(answer: try numericAnswer(pieces[0].trimmed.text, line: line), unit: nil)
        }
        let answers = try split(body, line: line)
        if answers.contains(where: { $0.feedback != nil }) { losses.append("feedback on answers is not kept") }
        guard let fullIndex = answers.firstIndex(where: { $0.percent >= 100 && $0.isRight }) else {
            throw InterchangeError(
                SourceLocation(file: file, line: line),
                "no numerical answer gives full marks; leave the weight off one answer (or write =%100%)")
        }
        let full = answers[fullIndex]
        let others = answers.indices.filter { $0 != fullIndex }.map { answers[$0] }
        if !others.isEmpty {
            losses.append(
                "other answers (\(others.map { "\($0.text.text) \(weightText($0.percent))" }.joined(separator: ", "))) are not kept"
            )
        }
        return .numeric(answer: try numericAnswer(full.text.text, line: full.line), unit: nil)
    }

    /// `3`, `3:0.5` (tolerance) or `2..4` (range).
    private func numericAnswer(_ text: String, line: Int) throws(InterchangeError) -> NumericAnswer {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let advice = "write a number, number:tolerance (3:0.5) or low..high (2..4)"
        if let range = trimmed.range(of: "..") {
            guard let low = Double(trimmed[..<range.lowerBound].trimmingCharacters(in: .whitespaces)),
                let high = Double(trimmed[range.upperBound...].trimmingCharacters(in: .whitespaces)), low <= high
            else {
                throw InterchangeError(
                    SourceLocation(file: file, line: line), "\"\(trimmed)\" is not a numerical range; \(advice)")
            }
            return .range(low: low, high: high)
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let value = Double(parts[0].trimmingCharacters(in: .whitespaces)) else {
            throw InterchangeError(
                SourceLocation(file: file, line: line), "\"\(trimmed)\" is not a numerical answer; \(advice)")
        }
        guard parts.count == 2 else { return .value(value, tolerance: 0) }
        guard let tolerance = Double(parts[1].trimmingCharacters(in: .whitespaces)), tolerance >= 0 else {
            throw InterchangeError(
                SourceLocation(file: file, line: line),
                "the tolerance in \"\(trimmed)\" is not a number of 0 or more; \(advice)")
        }
        return .value(value, tolerance: tolerance)
    }

    private func weightText(_ percent: Double) -> String {
        "\(NativeExamWriter.number(percent))%"
    }
}
