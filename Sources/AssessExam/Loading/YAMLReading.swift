import AssessCore
import Foundation
import Yams

/// The keys of one YAML mapping, with a name for the thing it describes ("the exam",
/// "question \"q1\"") so problems can say whose key is missing or wrong.
struct Fields {
    /// The mapping node itself; problems about missing keys point here.
    let node: Node
    /// The mapping's pairs.
    let mapping: Node.Mapping
    /// Who owns these keys, for messages.
    let owner: String

    /// The value of `key`, when the mapping has it.
    subscript(key: String) -> Node? { mapping[key] }

    /// The keys present, in file order, with their key nodes (for positions).
    var keys: [(name: String, node: Node)] {
        mapping.keys.map { ($0.string ?? "", $0) }
    }
}

/// Typed reading of YAML nodes that records a positioned problem instead of stopping at
/// the first one. Each reader returns `nil` when the value is missing or wrong; callers
/// carry on with the other keys so one run reports as much as it can.
struct NodeReader {
    /// The file's path, for problems.
    let path: String
    /// Every problem recorded so far, in the order found.
    private(set) var problems: [ExamProblem] = []

    init(path: String) {
        self.path = path
    }

    /// Records `message` at `node`'s position.
    mutating func report(at node: Node, _ message: String) {
        report(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message)
    }

    /// Records `message` at a line and column.
    mutating func report(line: Int, column: Int, _ message: String) {
        problems.append(ExamProblem(path: path, line: line, column: column, message: message))
    }

    /// `node` as a mapping whose keys are all in `known`. Unknown keys are reported with
    /// the closest known key as a hint.
    mutating func fields(_ node: Node, owner: String, known: [String]) -> Fields? {
        guard let mapping = node.mapping else {
            report(at: node, "\(owner) must be a mapping of keys (key: value), not \(describe(node))")
            return nil
        }
        let fields = Fields(node: node, mapping: mapping, owner: owner)
        for (name, keyNode) in fields.keys where !known.contains(name) {
            let hint = DidYouMean.hint(for: name, in: known)
            report(
                at: keyNode, "unknown key \"\(name)\" in \(owner)\(hint); known keys: \(known.joined(separator: ", "))")
        }
        return fields
    }

    /// The value of `key`, reporting it as missing when `required` and absent or empty.
    mutating func value(_ fields: Fields, _ key: String, required: Bool, example: String) -> Node? {
        if let node = fields[key], !isNull(node) { return node }
        if required {
            report(
                at: fields[key] ?? fields.node, "\(fields.owner) needs \"\(key)\"; add a line like `\(key): \(example)`"
            )
        }
        return nil
    }

    /// Text: any scalar (so `version: 2` and `answer: 1867` are text too), not empty.
    mutating func text(_ fields: Fields, _ key: String, required: Bool, example: String) -> String? {
        guard let node = value(fields, key, required: required, example: example) else { return nil }
        return text(node, what: "\"\(key)\" in \(fields.owner)")
    }

    /// `node` as non-empty text; `what` names it in problems.
    mutating func text(_ node: Node, what: String) -> String? {
        guard let scalar = node.scalar, !isNull(node) else {
            report(at: node, "\(what) must be text, not \(describe(node))")
            return nil
        }
        let text = scalar.string.trimmedOfWhiteSpace
        guard !text.isEmpty else {
            report(at: node, "\(what) is empty; write some text")
            return nil
        }
        return text
    }

    /// A number (integer or decimal).
    mutating func number(_ fields: Fields, _ key: String, required: Bool, example: String) -> Double? {
        guard let node = value(fields, key, required: required, example: example) else { return nil }
        return number(node, what: "\"\(key)\" in \(fields.owner)")
    }

    /// `node` as a number; `what` names it in problems.
    mutating func number(_ node: Node, what: String) -> Double? {
        guard let scalar = node.scalar, let number = Double.construct(from: scalar), number.isFinite else {
            report(at: node, "\(what) must be a number such as 3 or 2.5, not \(describe(node))")
            return nil
        }
        return number
    }

    /// `true` or `false`.
    mutating func bool(_ fields: Fields, _ key: String, required: Bool) -> Bool? {
        guard let node = value(fields, key, required: required, example: "true") else { return nil }
        guard let flag = PlainYAML.bool(node) else {
            report(at: node, "\"\(key)\" in \(fields.owner) must be true or false, not \(describe(node))")
            return nil
        }
        return flag
    }

    /// One word from `options`, with a did-you-mean hint when it is not.
    mutating func word(_ fields: Fields, _ key: String, required: Bool, options: [String]) -> String? {
        guard let node = value(fields, key, required: required, example: options[0]) else { return nil }
        return word(node, what: "\"\(key)\" in \(fields.owner)", options: options)
    }

    /// `node` as one word from `options`; `what` names it in problems.
    mutating func word(_ node: Node, what: String, options: [String]) -> String? {
        guard let scalar = node.scalar, !isNull(node) else {
            report(at: node, "\(what) must be one of \(options.joined(separator: ", ")), not \(describe(node))")
            return nil
        }
        let word = scalar.string
        if options.contains(word) { return word }
        let hint = DidYouMean.hint(for: word, in: options)
        report(at: node, "\(what) is \"\(word)\"\(hint); use one of \(options.joined(separator: ", "))")
        return nil
    }

    /// A list (YAML sequence); a mapping or a single value here is reported.
    mutating func list(_ fields: Fields, _ key: String, required: Bool, example: String) -> [Node]? {
        guard let node = value(fields, key, required: required, example: example) else { return nil }
        guard let sequence = node.sequence else {
            report(
                at: node,
                "\"\(key)\" in \(fields.owner) must be a list (one `- item` per line, or [a, b]), not \(describe(node))"
            )
            return nil
        }
        return Array(sequence)
    }

    /// A non-empty list of text items, one of a question's lists; `minimum` is the fewest
    /// items that make sense, ``ExamLimits/itemsPerQuestion`` the most.
    mutating func textList(_ fields: Fields, _ key: String, required: Bool, minimum: Int, example: String) -> [String]?
    {
        guard let nodes = list(fields, key, required: required, example: example) else { return nil }
        guard nodes.count >= minimum else {
            let what = nodes.isEmpty ? "is empty" : "has only \(nodes.count)"
            report(at: fields[key] ?? fields.node, "\"\(key)\" in \(fields.owner) \(what); list at least \(minimum)")
            return nil
        }
        guard withinItemLimit(nodes, fields, key) else { return nil }
        var texts: [String] = []
        for (index, node) in nodes.enumerated() {
            guard let text = text(node, what: "item \(index + 1) of \"\(key)\" in \(fields.owner)") else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// True when a question's list `key` holds at most ``ExamLimits/itemsPerQuestion``
    /// items; reports it otherwise.
    mutating func withinItemLimit(_ nodes: [Node], _ fields: Fields, _ key: String) -> Bool {
        guard nodes.count > ExamLimits.itemsPerQuestion else { return true }
        report(
            at: fields[key] ?? fields.node,
            """
            "\(key)" in \(fields.owner) has \(ExamLimits.grouped(nodes.count)); a question may have at most \
            \(ExamLimits.itemsPerQuestion): split it into several questions
            """)
        return false
    }

    /// Reports the second and later uses of the same text in `items` (with `nodes` for
    /// positions); true when all are different.
    mutating func requireDistinct(_ items: [String], nodes: [Node], what: String) -> Bool {
        var seen: Set<String> = []
        var distinct = true
        for (item, node) in zip(items, nodes) where !seen.insert(item).inserted {
            report(at: node, "\(what) lists \"\(item)\" twice; each must be different")
            distinct = false
        }
        return distinct
    }

    /// True for `~`, `null` or a key with nothing after it.
    func isNull(_ node: Node) -> Bool {
        node.null != nil
    }

    /// "a list", "a mapping", "nothing" or the text itself, for messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            return isNull(node) ? "nothing" : "\"\(scalar.string)\""
        }
    }
}
