/// Answers as a teacher reads them in a report or on the marking screen: the choices'
/// texts rather than their indices, matched pairs as `left → right`.
public enum AnswerText {
    /// What the candidate answered to `question`; "(no answer)" when nothing was saved.
    public static func given(_ response: Response?, to question: Question) -> String {
        guard let response else { return "(no answer)" }
        switch (question.kind, response) {
        case let (.singleChoice(choices, _), .singleChoice(index)):
            return choice(index, of: choices)
        case let (.multipleResponse(choices, _, _), .multipleResponse(indices)):
            return indices.isEmpty ? "(no answer)" : indices.sorted().map { choice($0, of: choices) }.joined(separator: "; ")
        case let (_, .trueFalse(value)):
            return value ? "true" : "false"
        case let (_, .shortText(text)), let (_, .numeric(text)), let (_, .essay(text)):
            return text
        case let (.matching(pairs, _, _), .matching(chosen)):
            let rights = question.kind.matchingOptions
            return pairs.indices.map { "\(pairs[$0].left) → \(chosen[$0].map { choice($0, of: rights) } ?? "(none)")" }
                .joined(separator: "; ")
        case let (.ordering(items, _), .ordering(order)):
            return order.map { choice($0, of: items) }.joined(separator: " < ")
        default:
            return "(an answer of another type)"
        }
    }

    /// The right answer to `question`, or nil for an essay (marked by hand).
    public static func correct(_ question: Question) -> String? {
        switch question.kind {
        case let .singleChoice(choices, correct):
            return choice(correct, of: choices)
        case let .multipleResponse(choices, correct, _):
            return correct.sorted().map { choice($0, of: choices) }.joined(separator: "; ")
        case let .trueFalse(answer):
            return answer ? "true" : "false"
        case let .shortText(accepted, _):
            return accepted.joined(separator: " / ")
        case let .numeric(answer, unit):
            let suffix = unit.map { " " + $0 } ?? ""
            switch answer {
            case let .value(value, tolerance):
                return MarkRules.number(value) + (tolerance > 0 ? " ± \(MarkRules.number(tolerance))" : "") + suffix
            case let .range(low, high):
                return "\(MarkRules.number(low)) to \(MarkRules.number(high))" + suffix
            }
        case .essay:
            return nil
        case let .matching(pairs, _, _):
            return pairs.map { "\($0.left) → \($0.right)" }.joined(separator: "; ")
        case let .ordering(items, _):
            return items.joined(separator: " < ")
        }
    }

    private static func choice(_ index: Int, of choices: [String]) -> String {
        choices.indices.contains(index) ? choices[index] : "(choice \(index + 1), not in the exam)"
    }
}
