/// One question: what every type shares, plus its kind with the type's own data.
public struct Question: Sendable, Equatable {
    /// The question's id, unique within the exam; responses are keyed by it.
    public var id: String
    /// The text shown to the student.
    public var prompt: String
    /// The most this question can earn (`points:`, 1 unless the file says otherwise).
    public var points: Double
    /// The question type and its answer data.
    public var kind: QuestionKind
    /// The picture shown with the prompt (`image:`), if any.
    public var image: ExamImage?
    /// The pictures of single-choice and multiple-response choices written as `{text:,
    /// image:}`, by the choice's index in the file's order.
    public var choiceImages: [Int: ExamImage]
    /// A marking guide or model answer for the marker (`guide:`), shown beside the answer
    /// being marked; never sent to a seat and not part of the exam key.
    public var guide: String?

    /// Creates a question.
    public init(
        id: String, prompt: String, points: Double = 1, kind: QuestionKind, image: ExamImage? = nil,
        choiceImages: [Int: ExamImage] = [:], guide: String? = nil
    ) {
        self.id = id
        self.prompt = prompt
        self.points = points
        self.kind = kind
        self.image = image
        self.choiceImages = choiceImages
        self.guide = guide
    }

    /// Every picture the question shows: the prompt's, then the choices' in file order.
    public var images: [ExamImage] {
        (image.map { [$0] } ?? []) + choiceImages.keys.sorted().compactMap { choiceImages[$0] }
    }
}

/// A picture in an exam: a PNG file beside the exam file, and the text that stands for it
/// wherever the picture itself cannot be shown (see `Exams/FORMAT.md`).
public struct ExamImage: Sendable, Hashable, Codable {
    /// The file's name, relative to the exam file's folder.
    public var file: String
    /// What the picture shows, in words: shown beside it, or instead of it.
    public var alt: String
    /// The most columns the picture may take on screen (`width:`), or `nil` to let the screen choose.
    public var width: Int?

    /// Creates a picture reference.
    public init(file: String, alt: String, width: Int? = nil) {
        self.file = file
        self.alt = alt
        self.width = width
    }
}

/// The question types, each with the data it needs. Indices always refer to the order
/// in the file, never to the (possibly shuffled) order on screen.
public enum QuestionKind: Sendable, Equatable {
    /// One choice is right: `correct` is its index in `choices`.
    case singleChoice(choices: [String], correct: Int)
    /// Some choices are right; `partialCredit` decides whether a partly right set earns points.
    case multipleResponse(choices: [String], correct: Set<Int>, partialCredit: PartialCredit)
    /// A statement that is true or false.
    case trueFalse(answer: Bool)
    /// A typed answer compared with each accepted text after trimming and collapsing
    /// whitespace, and ignoring case unless `caseSensitive`.
    case shortText(accepted: [String], caseSensitive: Bool)
    /// A typed number compared with `answer`, with an optional unit shown to the student.
    case numeric(answer: NumericAnswer, unit: String?)
    /// Free text marked by hand, with an optional word limit.
    case essay(wordLimit: Int?)
    /// Match each left item to its right item. `partialCredit` decides whether each
    /// right pair earns a share of the points. Two left items may share one right item
    /// (many-to-one); `distractors` are further right items that match no left item,
    /// shown among the options and never right. See `matchingOptions`.
    case matching(pairs: [MatchingPair], partialCredit: PartialCredit, distractors: [String] = [])
    /// Put `items` (given here in the correct order) back in order. `partialCredit`
    /// decides whether each item in its right place earns a share of the points.
    case ordering(items: [String], partialCredit: PartialCredit)
    /// A program run against hidden tests in a sandbox (see `CodeQuestion`).
    case code(CodeQuestion)

    /// The question type.
    var type: QuestionType {
        switch self {
        case .singleChoice: return .singleChoice
        case .multipleResponse: return .multipleResponse
        case .trueFalse: return .trueFalse
        case .shortText: return .shortText
        case .numeric: return .numeric
        case .essay: return .essay
        case .matching: return .matching
        case .ordering: return .ordering
        case .code: return .code
        }
    }

    /// The type's name as written in exam files (`type:`).
    public var typeName: String { type.rawValue }

    /// The right-hand options of a matching question, as the student chooses among them:
    /// each different right item once, in the order of the pairs, then the distractors.
    /// A matching response stores indices into this list; with no repeated right item and
    /// no distractor, option `i` is pair `i`'s right item. Empty for the other types.
    public var matchingOptions: [String] {
        guard case .matching(let pairs, _, let distractors) = self else { return [] }
        var options: [String] = []
        for pair in pairs where !options.contains(pair.right) { options.append(pair.right) }
        return options + distractors
    }

    /// For each pair of a matching question, the index in `matchingOptions` of its right item.
    public var matchingAnswers: [Int] {
        guard case .matching(let pairs, _, _) = self else { return [] }
        let options = matchingOptions
        return pairs.map { pair in options.firstIndex(of: pair.right) ?? 0 }
    }

    /// Every type name an exam file may use, in the order the format documents them.
    public static let typeNames = QuestionType.allCases.map(\.rawValue)
}

/// The question types, each spelled as exam files write it (`type:`), in the order the
/// format documents them. The one table of type names: questions, responses (whose JSON
/// names the type) and the exam reader all spell types through it.
enum QuestionType: String, CaseIterable, Sendable {
    case singleChoice = "single-choice"
    case multipleResponse = "multiple-response"
    case trueFalse = "true-false"
    case shortText = "short-text"
    case numeric
    case essay
    case matching
    case ordering
    case code
}

/// Whether a partly right answer earns part of the points (`partial-credit:`).
public enum PartialCredit: Sendable, Equatable {
    /// All or nothing.
    case none
    /// A share of the points for each right part; see `Scorer` for each type's rule.
    case proportional
}

/// The right answer to a numeric question. Both ends of the accepted interval count as
/// right, with a margin of one part in a billion so that binary rounding (1.5 − 1.45 is
/// slightly more than 0.05 in a `Double`) never marks a boundary answer wrong.
public enum NumericAnswer: Sendable, Equatable {
    /// `answer:` with `tolerance:` (0 when the file gives none): right when
    /// |typed − value| ≤ tolerance.
    case value(Double, tolerance: Double)
    /// `range: [low, high]`: right when low ≤ typed ≤ high.
    case range(low: Double, high: Double)

    /// True when `number` is a right answer.
    public func accepts(_ number: Double) -> Bool {
        switch self {
        case .value(let value, let tolerance):
            return abs(number - value) <= tolerance + Self.margin(value)
        case .range(let low, let high):
            return low - Self.margin(low) <= number && number <= high + Self.margin(high)
        }
    }

    private static func margin(_ bound: Double) -> Double {
        1e-9 * max(1, abs(bound))
    }
}

/// One pair of a matching question: the student matches `left` to `right`.
public struct MatchingPair: Sendable, Equatable {
    /// The item shown on the left, in file order.
    public var left: String
    /// Its match, shown shuffled among the other pairs' right items.
    public var right: String

    /// Creates a pair.
    public init(left: String, right: String) {
        self.left = left
        self.right = right
    }
}
