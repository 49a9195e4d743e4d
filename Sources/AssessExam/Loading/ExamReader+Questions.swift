import AssessCore
import Foundation
import Yams

/// Reading each question type's own keys.
extension ExamReader {
    /// Keys every question has.
    static let commonQuestionKeys = ["id", "type", "prompt", "points", "guide"]
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
        }
    }

    private mutating func readChoices(_ fields: Fields) -> [String]? {
        guard
            let choices = reader.textList(fields, "choices", required: true, minimum: 2, example: "[Ottawa, Toronto]"),
            reader.requireDistinct(
                choices, nodes: fields["choices"]?.array() ?? [], what: "\"choices\" in \(fields.owner)")
        else { return nil }
        return choices
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
}
