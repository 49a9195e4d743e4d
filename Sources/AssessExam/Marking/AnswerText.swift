/// Answers as a teacher reads them in a report or on the marking screen: the choices'
/// texts rather than their indices, matched pairs as `left → right`.
public enum AnswerText {
    /// What the candidate answered to `question`; "(no answer)" when nothing was saved.
    public static func given(_ response: Response?, to question: Question) -> String {
        guard let response else { return "(no answer)" }
        switch (question.kind, response) {
        case (.singleChoice(let choices, _), .singleChoice(let index)):
            return choice(index, of: choices)
        case (.multipleResponse(let choices, _, _), .multipleResponse(let indices)):
            return indices.isEmpty
                ? "(no answer)" : indices.sorted().map { choice($0, of: choices) }.joined(separator: "; ")
        case (_, .trueFalse(let value)):
            return value ? "true" : "false"
        case (_, .shortText(let text)), (_, .numeric(let text)), (_, .essay(let text)), (_, .code(let text)):
            return text
        case (.matching(let pairs, _, _), .matching(let chosen)):
            let rights = question.kind.matchingOptions
            return pairs.indices.map { "\(pairs[$0].left) → \(chosen[$0].map { choice($0, of: rights) } ?? "(none)")" }
                .joined(separator: "; ")
        case (.ordering(let items, _), .ordering(let order)):
            return order.map { choice($0, of: items) }.joined(separator: " < ")
        default:
            return "(an answer of another type)"
        }
    }

    /// The right answer to `question`, or nil for an essay (marked by hand) or a code
    /// question (scored by its tests).
    public static func correct(_ question: Question) -> String? {
        switch question.kind {
        case .singleChoice(let choices, let correct):
            return choice(correct, of: choices)
        case .multipleResponse(let choices, let correct, _):
            return correct.sorted().map { choice($0, of: choices) }.joined(separator: "; ")
        case .trueFalse(let answer):
            return answer ? "true" : "false"
        case .shortText(let accepted, _):
            return accepted.joined(separator: " / ")
        case .numeric(let answer, let unit):
            let suffix = unit.map { " " + $0 } ?? ""
            switch answer {
            case .value(let value, let tolerance):
                return MarkRules.number(value) + (tolerance > 0 ? " ± \(MarkRules.number(tolerance))" : "") + suffix
            case .range(let low, let high):
                return "\(MarkRules.number(low)) to \(MarkRules.number(high))" + suffix
            }
        case .essay, .code:
            return nil
        case .matching(let pairs, _, _):
            return pairs.map { "\($0.left) → \($0.right)" }.joined(separator: "; ")
        case .ordering(let items, _):
            return items.joined(separator: " < ")
        }
    }

    private static func choice(_ index: Int, of choices: [String]) -> String {
        choices.indices.contains(index) ? choices[index] : "(choice \(index + 1), not in the exam)"
    }
}
