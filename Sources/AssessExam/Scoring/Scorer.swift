import Foundation

/// The result of marking one question.
public struct Mark: Sendable, Equatable {
    /// Points earned so far; 0 until a person marks a question that needs it.
    public var awarded: Double
    /// The question's points.
    public var maximum: Double
    /// True for an answered essay: a person must mark it.
    public var needsManualMarking: Bool

    /// Creates a mark.
    public init(awarded: Double, maximum: Double, needsManualMarking: Bool = false) {
        self.awarded = awarded
        self.maximum = maximum
        self.needsManualMarking = needsManualMarking
    }
}

/// The marks of a whole attempt.
public struct ExamScore: Sendable, Equatable {
    /// Each question's mark, by question id.
    public var marks: [String: Mark]
    /// The sum of the awarded points.
    public var awarded: Double
    /// The sum of every question's points.
    public var maximum: Double
    /// Ids of the questions a person must still mark, in file order.
    public var awaitingManualMarking: [String]
}

/// Marks responses against the exam file. Every rule, by type (`p` is the question's points):
///
/// - single-choice, true-false: `p` for the right answer, else 0.
/// - multiple-response: with `partial-credit: none`, `p` only for exactly the right set.
///   With `per-choice`, `p × max(0, right picked − wrong picked) / number right`, so
///   picking every choice earns nothing unless every choice is right.
/// - short-text: `p` when the text equals an accepted answer after trimming, collapsing
///   runs of whitespace to one space, and (unless `case-sensitive`) ignoring case.
/// - numeric: `p` when `NumericInput` reads a number the answer accepts; unreadable text is wrong.
/// - essay: 0 and `needsManualMarking` when answered (blank essays need no marking).
/// - matching: with `none`, `p` only when every left item has its own right item. With
///   `per-pair`, `p × right pairs / pairs`. A left item is right when the option chosen
///   for it is its right item's text (so either of two left items that share a right item
///   is right with it); a distractor is never right and takes nothing off.
/// - ordering: with `none`, `p` only for the exact order. With `per-position`,
///   `p × items in their right place / items`.
/// - code: the points of each hidden test passed (`codeTests`, run by `results` in a
///   sandbox); an answer whose tests have not been run needs marking.
///
/// No response, or a response of another question type, earns 0. Indices outside the
/// question count as wrong.
public enum Scorer {
    /// Marks one question.
    public static func mark(_ question: Question, _ response: Response?, codeTests: [CodeTestOutcome]? = nil)
        -> Mark
    {
        let points = question.points
        func share(_ fraction: Double) -> Mark { Mark(awarded: points * fraction, maximum: points) }
        guard let response else { return share(0) }
        switch (question.kind, response) {
        case (.singleChoice(_, let correct), .singleChoice(let chosen)):
            return share(chosen == correct ? 1 : 0)
        case (.multipleResponse(_, let correct, let partialCredit), .multipleResponse(let chosen)):
            if partialCredit == .none { return share(chosen == correct ? 1 : 0) }
            let right = chosen.intersection(correct).count
            let wrong = chosen.subtracting(correct).count
            return share(Double(max(0, right - wrong)) / Double(correct.count))
        case (.trueFalse(let answer), .trueFalse(let chosen)):
            return share(chosen == answer ? 1 : 0)
        case (.shortText(let accepted, let caseSensitive), .shortText(let text)):
            let typed = normalised(text, caseSensitive: caseSensitive)
            return share(accepted.contains { normalised($0, caseSensitive: caseSensitive) == typed } ? 1 : 0)
        case (.numeric(let answer, let unit), .numeric(let text)):
            return share(NumericInput.value(of: text, unit: unit).map(answer.accepts) == true ? 1 : 0)
        case (.essay, .essay(let text)):
            let answered = !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            return Mark(awarded: 0, maximum: points, needsManualMarking: answered)
        case (.matching(let pairs, let partialCredit, _), .matching(let chosen)):
            let answers = question.kind.matchingAnswers
            let right = pairs.indices.filter { chosen[$0] == answers[$0] }.count
            return share(fraction(right: right, of: pairs.count, partialCredit))
        case (.ordering(let items, let partialCredit), .ordering(let order)):
            let right = order.count == items.count ? order.indices.filter { order[$0] == $0 }.count : 0
            return share(fraction(right: right, of: items.count, partialCredit))
        case (.code, .code):
            guard let codeTests else {
                return Mark(awarded: 0, maximum: points, needsManualMarking: response.saysSomething)
            }
            return Mark(awarded: min(points, codeTests.reduce(0) { $0 + $1.points }), maximum: points)
        default:
            return share(0)
        }
    }

    /// Marks every question of `exam`; `responses` and `codeTests` (the outcomes of the
    /// code answers' hidden tests) are keyed by question id.
    public static func total(
        _ exam: Exam, responses: [String: Response], codeTests: [String: [CodeTestOutcome]] = [:]
    ) -> ExamScore {
        var score = ExamScore(marks: [:], awarded: 0, maximum: 0, awaitingManualMarking: [])
        for question in exam.questions {
            let mark = mark(question, responses[question.id], codeTests: codeTests[question.id])
            score.marks[question.id] = mark
            score.awarded += mark.awarded
            score.maximum += mark.maximum
            if mark.needsManualMarking { score.awaitingManualMarking.append(question.id) }
        }
        return score
    }

    /// The text a short answer is compared by: trimmed, inner whitespace collapsed to one
    /// space, and lowercased unless the question is case-sensitive.
    public static func normalised(_ text: String, caseSensitive: Bool) -> String {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return caseSensitive ? collapsed : collapsed.lowercased()
    }

    private static func fraction(right: Int, of count: Int, _ partialCredit: PartialCredit) -> Double {
        switch partialCredit {
        case .none: return right == count ? 1 : 0
        case .proportional: return Double(right) / Double(count)
        }
    }
}
