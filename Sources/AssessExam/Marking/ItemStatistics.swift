/// How one question went across the scored attempts: the share who got it right and, for
/// a choice question, how often each choice was picked (the classic distractor analysis).
public struct ItemStatistics: Sendable, Equatable {
    /// One choice of a choice question and how many attempts picked it.
    public struct ChoiceCount: Sendable, Equatable {
        /// The choice's text.
        public var text: String
        /// True for a right choice.
        public var isCorrect: Bool
        /// How many attempts picked it.
        public var picked: Int
    }

    /// The question.
    public var questionID: String
    /// The scored attempts that were given the question: for a pool's question, only
    /// those of the candidates it was drawn for.
    public var attempts: Int
    /// How many of them answered the question.
    public var answered: Int
    /// How many earned its full points (and the points are more than 0).
    public var right: Int
    /// How many answers (essays) still wait for a person to mark them.
    public var awaitingMarking: Int
    /// The average points awarded (hand marks included).
    public var meanPoints: Double
    /// The question's points.
    public var maximum: Double
    /// Each choice, in file order, for single-choice, multiple-response and true-false
    /// questions; nil for the others.
    public var choices: [ChoiceCount]?

    /// `right` as a share of `attempts` (0 to 1); nil with no attempts.
    public var shareRight: Double? {
        attempts > 0 ? Double(right) / Double(attempts) : nil
    }

    /// One entry per question of `exam`, in file order, over `sittings` (each attempt's
    /// answers and its score with hand marks applied). An attempt whose score has no mark
    /// for a question was not given it (a pool's question drawn for others) and is not
    /// counted for it.
    public static func of(_ exam: Exam, sittings: [(responses: [String: Response], score: ExamScore)])
        -> [ItemStatistics]
    {
        exam.questions.map { question in
            let sittings = sittings.filter { $0.score.marks[question.id] != nil }
            var item = ItemStatistics(
                questionID: question.id, attempts: sittings.count, answered: 0, right: 0,
                awaitingMarking: 0, meanPoints: 0, maximum: question.points, choices: choiceTemplate(question))
            var total = 0.0
            for sitting in sittings {
                let mark = sitting.score.marks[question.id]
                total += mark?.awarded ?? 0
                if let mark, mark.maximum > 0, mark.awarded >= mark.maximum, !mark.needsManualMarking {
                    item.right += 1
                }
                if mark?.needsManualMarking == true { item.awaitingMarking += 1 }
                guard let response = sitting.responses[question.id] else { continue }
                item.answered += 1
                for index in picked(response) where item.choices?.indices.contains(index) == true {
                    item.choices?[index].picked += 1
                }
            }
            item.meanPoints = sittings.isEmpty ? 0 : total / Double(sittings.count)
            return item
        }
    }

    private static func choiceTemplate(_ question: Question) -> [ChoiceCount]? {
        switch question.kind {
        case .singleChoice(let choices, let correct):
            return choices.indices.map { ChoiceCount(text: choices[$0], isCorrect: $0 == correct, picked: 0) }
        case .multipleResponse(let choices, let correct, _):
            return choices.indices.map { ChoiceCount(text: choices[$0], isCorrect: correct.contains($0), picked: 0) }
        case .trueFalse(let answer):
            return [
                ChoiceCount(text: "true", isCorrect: answer, picked: 0),
                ChoiceCount(text: "false", isCorrect: !answer, picked: 0),
            ]
        default:
            return nil
        }
    }

    /// The choice indices a response picked (true is 0, false 1).
    private static func picked(_ response: Response) -> [Int] {
        switch response {
        case .singleChoice(let index): return [index]
        case .multipleResponse(let indices): return indices.sorted()
        case .trueFalse(let value): return [value ? 0 : 1]
        default: return []
        }
    }
}
