import AssessCore
import Foundation
import Yams

/// Reading each question type's own keys.
extension ExamReader {
    /// Keys every question has.
    static let commonQuestionKeys = ["id", "type", "prompt", "points", "image", "guide"]
    /// The keys each question type adds to the common ones.
    static let keysByType: [QuestionType: [String]] = [
        .singleChoice: ["choices", "answer"],
        .multipleResponse: ["choices", "answers", "partial-credit"],
        .trueFalse: ["answer"],
        .shortText: ["accepted", "case-sensitive"],
        .numeric: ["answer", "tolerance", "range", "unit"],
        .essay: ["word-limit"],
        .matching: ["pairs", "distractors", "partial-credit"],
        .ordering: ["items", "partial-credit"],
        .code: ["language", "starter", "samples", "tests", "run-during-exam", "limits", "syntax-colour"],
    ]
    /// The `partial-credit:` word that turns partial credit on, per type.
    static let partialCreditWord: [QuestionType: String] = [
        .multipleResponse: "per-choice", .matching: "per-pair", .ordering: "per-position",
    ]
    /// Every key any question may have.
    static let questionKeys: [String] = {
        var keys = commonQuestionKeys
        for type in QuestionType.allCases {
            for key in keysByType[type] ?? [] where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }()
    static let pairKeys = ["left", "right"]
    static let sampleKeys = ["stdin", "stdout"]
    static let testKeys = ["stdin", "stdout", "points"]
    static let limitKeys = ["time", "memory", "output"]

    /// Reads `type:` and the keys of that type. Keys that belong to another type are
    /// reported, since the author probably meant a different type or misplaced them.
    mutating func readKind(_ fields: Fields) -> QuestionKind? {
        guard let name = reader.word(fields, "type", required: true, options: QuestionKind.typeNames),
            let type = QuestionType(rawValue: name)
        else { return nil }
        let allowed = Self.commonQuestionKeys + (Self.keysByType[type] ?? [])
        for (key, node) in fields.keys where Self.questionKeys.contains(key) && !allowed.contains(key) {
            let owners = QuestionType.allCases.filter { Self.keysByType[$0]?.contains(key) == true }.map(\.rawValue)
            reader.report(
                at: node,
                "\"\(key)\" does not apply to \(name) questions (it belongs to \(owners.joined(separator: ", "))); remove it or change \"type\""
            )
        }
        switch type {
        case .singleChoice: return readSingleChoice(fields)
        case .multipleResponse: return readMultipleResponse(fields)
        case .trueFalse:
            return reader.bool(fields, "answer", required: true).map { .trueFalse(answer: $0) }
        case .shortText:
            guard let accepted = reader.textList(fields, "accepted", required: true, minimum: 1, example: "[Ottawa]")
            else { return nil }
            return .shortText(
                accepted: accepted, caseSensitive: reader.bool(fields, "case-sensitive", required: false) ?? false)
        case .numeric: return readNumeric(fields)
        case .essay: return readEssay(fields)
        case .matching: return readMatching(fields)
        case .ordering: return readOrdering(fields)
        case .code: return readCode(fields)
        }
    }

    private mutating func readChoices(_ fields: Fields) -> [String]? {
        guard let nodes = reader.list(fields, "choices", required: true, example: "[Ottawa, Toronto]") else {
            return nil
        }
        guard nodes.count >= 2 else {
            let what = nodes.isEmpty ? "is empty" : "has only \(nodes.count)"
            reader.report(
                at: fields["choices"] ?? fields.node, "\"choices\" in \(fields.owner) \(what); list at least 2")
            return nil
        }
        guard reader.withinItemLimit(nodes, fields, "choices") else { return nil }
        var choices: [String] = []
        for (index, node) in nodes.enumerated() {
            let what = "choice \(index + 1) of \(fields.owner)"
            if node.mapping != nil {
                guard let choice = reader.fields(node, owner: what, known: Self.choiceKeys),
                    let text = reader.text(choice, "text", required: true, example: "Ottawa")
                else { return nil }
                choices.append(text)
            } else {
                guard let text = reader.text(node, what: what) else { return nil }
                choices.append(text)
            }
        }
        guard reader.requireDistinct(choices, nodes: nodes, what: "\"choices\" in \(fields.owner)") else { return nil }
        return choices
    }

    /// The keys of a choice written as a mapping.
    static let choiceKeys = ["text", "image"]
    /// The keys of `image:`.
    static let imageKeys = ["file", "alt", "width"]
    /// The widths, in columns, a picture may ask for.
    static let imageWidths = PictureLimits.columns

    /// The pictures of the choices written as `{text:, image:}`, by choice index. Their
    /// other keys were checked by ``readChoices(_:)``.
    mutating func readChoiceImages(_ fields: Fields) -> [Int: ExamImage]? {
        guard let nodes = fields["choices"]?.sequence else { return [:] }
        var images: [Int: ExamImage] = [:]
        var complete = true
        for (index, node) in nodes.enumerated() {
            guard let mapping = node.mapping, mapping["image"] != nil else { continue }
            let owner = "choice \(index + 1) of \(fields.owner)"
            if let image = readImage(Fields(node: node, mapping: mapping, owner: owner)) {
                images[index] = image
            } else {
                complete = false
            }
        }
        return complete ? images : nil
    }

    /// `image:` in `fields`, checked for its keys and its file name (the file itself is
    /// checked by the loader); `nil` with a problem when it is wrong, or with none when absent.
    mutating func readImage(_ fields: Fields) -> ExamImage? {
        guard let node = fields["image"], !reader.isNull(node) else { return nil }
        let owner = "\"image\" of \(fields.owner)"
        guard let image = reader.fields(node, owner: owner, known: Self.imageKeys) else { return nil }
        let file = reader.text(image, "file", required: true, example: "map.png")
        let alt = reader.text(image, "alt", required: true, example: "a map of Canada with its provinces")
        var width: Int?
        if let widthNode = reader.value(image, "width", required: false, example: "40") {
            guard let number = reader.number(widthNode, what: "\"width\" in \(owner)"),
                number == number.rounded(), Self.imageWidths.contains(Int(number))
            else {
                reader.report(
                    at: widthNode,
                    """
                    "width" in \(owner) must be a whole number of columns from \(Self.imageWidths.lowerBound) to \
                    \(Self.imageWidths.upperBound); leave it out to let the screen choose
                    """)
                return nil
            }
            width = Int(number)
        }
        guard let file, let alt, let fileNode = image["file"] else { return nil }
        guard PictureLimits.isPlainFileName(file) else {
            reader.report(
                at: fileNode,
                """
                "file" in \(owner) is "\(file)"; name a .png file in the exam's own folder or below it \
                (no "/" at the start, no "..")
                """)
            return nil
        }
        let reference = ExamImage(file: file, alt: alt, width: width)
        pictureReferences.append(
            PictureReference(image: reference, line: fileNode.mark?.line ?? 1, column: fileNode.mark?.column ?? 1))
        return reference
    }

    /// The index of `answer` in `choices`, or a problem with the closest choice as a hint.
    private mutating func choiceIndex(_ answer: String, at node: Node, in choices: [String], owner: String) -> Int? {
        if let index = choices.firstIndex(of: answer) { return index }
        let hint = DidYouMean.hint(for: answer, in: choices)
        reader.report(
            at: node,
            "the answer \"\(answer)\" of \(owner) is not among its choices\(hint); copy the text of one choice exactly")
        return nil
    }

    private mutating func readSingleChoice(_ fields: Fields) -> QuestionKind? {
        let choices = readChoices(fields)
        guard let answer = reader.text(fields, "answer", required: true, example: "the text of the right choice"),
            let choices, let answerNode = fields["answer"],
            let correct = choiceIndex(answer, at: answerNode, in: choices, owner: fields.owner)
        else { return nil }
        return .singleChoice(choices: choices, correct: correct)
    }

    private mutating func readMultipleResponse(_ fields: Fields) -> QuestionKind? {
        let choices = readChoices(fields)
        let answers = reader.textList(
            fields, "answers", required: true, minimum: 1, example: "[the text of each right choice]")
        let partial = readPartialCredit(fields, type: .multipleResponse)
        guard let choices, let answers, let partial else { return nil }
        let nodes = fields["answers"]?.array() ?? []
        guard reader.requireDistinct(answers, nodes: nodes, what: "\"answers\" in \(fields.owner)") else { return nil }
        var correct: Set<Int> = []
        for (answer, node) in zip(answers, nodes) {
            guard let index = choiceIndex(answer, at: node, in: choices, owner: fields.owner) else { return nil }
            correct.insert(index)
        }
        return .multipleResponse(choices: choices, correct: correct, partialCredit: partial)
    }

    private mutating func readPartialCredit(_ fields: Fields, type: QuestionType) -> PartialCredit? {
        let word = Self.partialCreditWord[type] ?? "none"
        guard let node = reader.value(fields, "partial-credit", required: false, example: word) else {
            return PartialCredit.none
        }
        switch reader.word(node, what: "\"partial-credit\" in \(fields.owner)", options: ["none", word]) {
        case "none": return PartialCredit.none
        case .some: return .proportional
        case nil: return nil
        }
    }

    private mutating func readNumeric(_ fields: Fields) -> QuestionKind? {
        let unit = reader.text(fields, "unit", required: false, example: "km")
        if let rangeNode = reader.value(fields, "range", required: false, example: "[1.5, 2.5]") {
            if fields["answer"] != nil || fields["tolerance"] != nil {
                let other = fields["tolerance"] != nil ? "\"tolerance\"" : "\"answer\""
                reader.report(
                    at: rangeNode,
                    "\(fields.owner) has both \"range\" and \(other); use either answer with an optional tolerance, or range"
                )
                return nil
            }
            guard let bounds = reader.list(fields, "range", required: true, example: "[1.5, 2.5]") else { return nil }
            guard bounds.count == 2 else {
                reader.report(at: rangeNode, "\"range\" in \(fields.owner) must have exactly two numbers, [low, high]")
                return nil
            }
            guard let low = reader.number(bounds[0], what: "the low end of \"range\" in \(fields.owner)"),
                let high = reader.number(bounds[1], what: "the high end of \"range\" in \(fields.owner)")
            else { return nil }
            guard low <= high else {
                reader.report(
                    at: rangeNode,
                    "\"range\" in \(fields.owner) runs from \(low) down to \(high); write the lower number first")
                return nil
            }
            return .numeric(answer: .range(low: low, high: high), unit: unit)
        }
        guard let answer = reader.number(fields, "answer", required: true, example: "42") else { return nil }
        let tolerance = reader.number(fields, "tolerance", required: false, example: "0.5") ?? 0
        guard tolerance >= 0 else {
            reader.report(
                at: fields["tolerance"] ?? fields.node, "\"tolerance\" in \(fields.owner) is negative; use 0 or more")
            return nil
        }
        return .numeric(answer: .value(answer, tolerance: tolerance), unit: unit)
    }

    private mutating func readEssay(_ fields: Fields) -> QuestionKind? {
        guard let node = reader.value(fields, "word-limit", required: false, example: "300") else {
            return .essay(wordLimit: nil)
        }
        guard let limit = node.int, limit > 0 else {
            reader.report(
                at: node,
                "\"word-limit\" in \(fields.owner) must be a whole number above 0, not \(reader.describe(node))")
            return nil
        }
        return .essay(wordLimit: limit)
    }

    private mutating func readMatching(_ fields: Fields) -> QuestionKind? {
        let partial = readPartialCredit(fields, type: .matching)
        guard let nodes = reader.list(fields, "pairs", required: true, example: "[{left: France, right: Paris}]") else {
            return nil
        }
        guard nodes.count >= 2 else {
            reader.report(
                at: fields["pairs"] ?? fields.node,
                "\"pairs\" in \(fields.owner) needs at least two pairs, each {left: ..., right: ...}")
            return nil
        }
        guard reader.withinItemLimit(nodes, fields, "pairs") else { return nil }
        var pairs: [MatchingPair] = []
        for (index, node) in nodes.enumerated() {
            guard let pair = reader.fields(node, owner: "pair \(index + 1) of \(fields.owner)", known: Self.pairKeys)
            else { continue }
            let left = reader.text(pair, "left", required: true, example: "France")
            let right = reader.text(pair, "right", required: true, example: "Paris")
            if let left, let right { pairs.append(MatchingPair(left: left, right: right)) }
        }
        var distractors: [String] = []
        var distractorNodes: [Node] = []
        if fields["distractors"] != nil {
            guard
                let read = reader.textList(
                    fields, "distractors", required: false, minimum: 1, example: "[Madrid, Rome]")
            else { return nil }
            distractors = read
            distractorNodes = fields["distractors"]?.array() ?? []
        }
        guard pairs.count == nodes.count, let partial else { return nil }
        let lefts = reader.requireDistinct(
            pairs.map(\.left), nodes: nodes.map { $0["left"] ?? $0 }, what: "the left side of \(fields.owner)")
        // A right item may serve several left items (many-to-one); it is offered once.
        // A distractor must differ from every right item and from the other distractors.
        var rightTexts: [String] = []
        var rightNodes: [Node] = []
        for (pair, node) in zip(pairs, nodes) where !rightTexts.contains(pair.right) {
            rightTexts.append(pair.right)
            rightNodes.append(node["right"] ?? node)
        }
        let options = reader.requireDistinct(
            rightTexts + distractors, nodes: rightNodes + distractorNodes,
            what: "the right side and \"distractors\" of \(fields.owner)")
        return lefts && options ? .matching(pairs: pairs, partialCredit: partial, distractors: distractors) : nil
    }

    private mutating func readOrdering(_ fields: Fields) -> QuestionKind? {
        let partial = readPartialCredit(fields, type: .ordering)
        guard
            let items = reader.textList(fields, "items", required: true, minimum: 2, example: "[first, second, third]"),
            reader.requireDistinct(items, nodes: fields["items"]?.array() ?? [], what: "\"items\" in \(fields.owner)"),
            let partial
        else { return nil }
        return .ordering(items: items, partialCredit: partial)
    }

    private mutating func readCode(_ fields: Fields) -> QuestionKind? {
        let languages = CodeLanguage.allCases.map(\.rawValue)
        let language = reader.word(fields, "language", required: true, options: languages)
            .flatMap(CodeLanguage.init(rawValue:))
        var starter = ""
        if let node = reader.value(fields, "starter", required: false, example: "n = int(input())") {
            starter = rawText(node, what: "\"starter\" in \(fields.owner)") ?? ""
        }
        let samples = readCases(fields, "samples", required: false, keys: Self.sampleKeys)
        let tests = readCases(fields, "tests", required: true, keys: Self.testKeys)
        var runs = 0
        var valid = true
        if let node = reader.value(fields, "run-during-exam", required: false, example: "10") {
            if let count = node.int, count >= 0, count <= ExamLimits.runsDuringExam {
                runs = count
            } else {
                reader.report(
                    at: node,
                    "\"run-during-exam\" in \(fields.owner) must be a whole number from 0 to \(ExamLimits.runsDuringExam), not \(reader.describe(node))"
                )
                valid = false
            }
        }
        if runs > 0 && samples?.isEmpty != false {
            reader.report(
                at: fields["run-during-exam"] ?? fields.node,
                "\(fields.owner) allows runs during the exam but has no \"samples\" to run; add samples or set run-during-exam: 0"
            )
            valid = false
        }
        let limits = readLimits(fields)
        let colour = reader.bool(fields, "syntax-colour", required: false) ?? false
        guard valid, let language, let samples, let tests, let limits else { return nil }
        return .code(
            CodeQuestion(
                language: language, starter: starter, samples: samples, tests: tests, runsDuringExam: runs,
                limits: limits, syntaxColour: colour))
    }

    /// The cases under `key`: each `{stdin: ..., stdout: ...}` (and `points:` for tests).
    /// Both texts are kept exactly as written, white space and all; `stdin` may be left out.
    private mutating func readCases(_ fields: Fields, _ key: String, required: Bool, keys: [String]) -> [CodeCase]? {
        let example = "[{stdin: \"3\\n\", stdout: \"Fizz\\n\"}]"
        guard let nodes = reader.list(fields, key, required: required, example: example) else {
            return required ? nil : []
        }
        guard !required || !nodes.isEmpty else {
            reader.report(at: fields[key] ?? fields.node, "\"\(key)\" in \(fields.owner) is empty; add at least one")
            return nil
        }
        guard reader.withinItemLimit(nodes, fields, key) else { return nil }
        var cases: [CodeCase] = []
        var valid = true
        for (index, node) in nodes.enumerated() {
            let owner = "\(key) \(index + 1) of \(fields.owner)"
            guard let entry = reader.fields(node, owner: owner, known: keys) else {
                valid = false
                continue
            }
            let input = entry["stdin"].map { rawText($0, what: "\"stdin\" in \(owner)") } ?? ""
            guard let outputNode = reader.value(entry, "stdout", required: true, example: "\"Fizz\\n\"") else {
                valid = false
                continue
            }
            let output = rawText(outputNode, what: "\"stdout\" in \(owner)")
            var points = 0.0
            if keys.contains("points") {
                let read = entry["points"] == nil ? 1 : reader.number(entry, "points", required: true, example: "1")
                guard let read, read >= 0 else {
                    if read != nil {
                        reader.report(at: entry["points"] ?? node, "\"points\" in \(owner) is negative; use 0 or more")
                    }
                    valid = false
                    continue
                }
                points = read
            }
            guard let input, let output else {
                valid = false
                continue
            }
            cases.append(CodeCase(standardInput: input, expectedOutput: output, points: points))
        }
        return valid ? cases : nil
    }

    /// `limits: {time: 2s, memory: 64MB, output: 64KB}`, each optional (``CodeLimits/standard``).
    private mutating func readLimits(_ fields: Fields) -> CodeLimits? {
        var limits = CodeLimits.standard
        guard let node = reader.value(fields, "limits", required: false, example: "{time: 2s, memory: 64MB}") else {
            return limits
        }
        guard let entry = reader.fields(node, owner: "\"limits\" of \(fields.owner)", known: Self.limitKeys) else {
            return nil
        }
        let most = CodeLimits.most
        var valid = true
        if let time = entry["time"] {
            if let seconds = CodeLimitText.seconds(time.scalar?.string ?? ""), seconds > 0, seconds <= most.timeSeconds
            {
                limits.timeSeconds = seconds
            } else {
                reader.report(
                    at: time,
                    "\"time\" in the limits of \(fields.owner) must be a time from 0.1s to \(Int(most.timeSeconds))s, such as 2s or 500ms"
                )
                valid = false
            }
        }
        for (key, most, example) in [("memory", most.memoryBytes, "64MB"), ("output", most.outputBytes, "64KB")] {
            guard let value = entry[key] else { continue }
            if let bytes = CodeLimitText.bytes(value.scalar?.string ?? ""), bytes >= 1024, bytes <= most {
                if key == "memory" { limits.memoryBytes = bytes } else { limits.outputBytes = bytes }
            } else {
                reader.report(
                    at: value,
                    "\"\(key)\" in the limits of \(fields.owner) must be a size from 1KB to \(CodeLimitText.size(most)), such as \(example)"
                )
                valid = false
            }
        }
        return valid ? limits : nil
    }

    /// A text value exactly as written (no trimming; may be empty), or a problem when it is not text.
    private mutating func rawText(_ node: Node, what: String) -> String? {
        guard let scalar = node.scalar else {
            reader.report(at: node, "\(what) must be text, not \(reader.describe(node))")
            return nil
        }
        return reader.isNull(node) ? "" : scalar.string
    }
}
