import Foundation

/// What one candidate sees: the questions in display order, and for each question the
/// order of its choices or items. The same exam and candidate always give the same
/// presentation, so a resumed or re-run attempt looks the same.
///
/// The seed is SHA-256(exam key ‖ "\n" ‖ candidate). A pool (`select:`) gives only the
/// questions `PoolDraw` draws with it, in file order. With `shuffle.questions`, the
/// questions of each section (those drawn) are shuffled among themselves and sections
/// stay in file order. With `shuffle.choices`, single-choice and multiple-response choices are
/// shuffled. Matching right-hand items and ordering items are always shuffled, since
/// file order would give the answer away; when a shuffle happens to leave them in file
/// order, they are rotated by one.
///
/// Screens work in displayed positions; `PresentedQuestion` maps those to file indices,
/// which are what `Response` stores and `Scorer` reads.
public struct ExamPresentation: Sendable, Equatable {
    /// The candidate this presentation is for.
    public let candidate: String
    /// The questions in the order they are shown.
    public let questions: [PresentedQuestion]
    /// The exam's key (see `ExamKey`), computed once here: it normalises and hashes the
    /// whole exam, which for 1,000 questions is work a start does not do twice.
    public let examKey: String

    /// The presentation of `exam` for `candidate`.
    public init(exam: Exam, candidate: String) {
        self.candidate = candidate
        examKey = exam.examKey
        let seed = PoolDraw.seed(key: examKey, candidate: candidate)
        var questions: [PresentedQuestion] = []
        for (sectionIndex, section) in exam.sections.enumerated() {
            var order = PoolDraw.drawn(section, seed: seed)
            if exam.shuffle.questions {
                var stream = SeededStream(seed: seed, purpose: "questions of section \(sectionIndex)")
                order = stream.permutation(of: order.count).map { order[$0] }
            }
            for questionIndex in order {
                let question = section.questions[questionIndex]
                questions.append(
                    PresentedQuestion(
                        question: question, sectionIndex: sectionIndex, sectionTitle: section.title,
                        optionOrder: Self.optionOrder(of: question, seed: seed, shuffleChoices: exam.shuffle.choices)))
            }
        }
        self.questions = questions
    }

    /// The displayed position of the question with `id`.
    public func position(ofQuestionID id: String) -> Int? {
        questions.firstIndex { $0.question.id == id }
    }

    private static func optionOrder(of question: Question, seed: Data, shuffleChoices: Bool) -> [Int] {
        var stream = SeededStream(seed: seed, purpose: "options of question \(question.id)")
        switch question.kind {
        case .singleChoice(let choices, _), .multipleResponse(let choices, _, _):
            return shuffleChoices ? stream.permutation(of: choices.count) : Array(choices.indices)
        case .matching:
            return notInFileOrder(stream.permutation(of: question.kind.matchingOptions.count))
        case .ordering(let items, _):
            return notInFileOrder(stream.permutation(of: items.count))
        case .trueFalse, .shortText, .numeric, .essay, .code:
            return []
        }
    }

    /// `order`, rotated by one when it is the file order itself.
    private static func notInFileOrder(_ order: [Int]) -> [Int] {
        order == Array(order.indices) ? Array(order.dropFirst() + order.prefix(1)) : order
    }
}

/// One question as shown to a candidate.
public struct PresentedQuestion: Sendable, Equatable {
    /// The question, exactly as in the file.
    public let question: Question
    /// The index of its section in the file.
    public let sectionIndex: Int
    /// Its section's title; `nil` for an exam without sections.
    public let sectionTitle: String?
    /// For each displayed position, the file index shown there: choices for single-choice
    /// and multiple-response, right-hand options for matching (`QuestionKind.matchingOptions`;
    /// left items keep file order),
    /// items for ordering. Empty for the other types.
    public let optionOrder: [Int]

    /// The file index of the option shown at displayed `position`.
    public func fileIndex(ofDisplayed position: Int) -> Int {
        optionOrder[position]
    }

    /// The displayed position of the option with file index `index`.
    public func displayedPosition(ofFileIndex index: Int) -> Int? {
        optionOrder.firstIndex(of: index)
    }

    /// The option texts in displayed order (choices, right-hand items or items).
    public var displayedOptions: [String] {
        let texts: [String]
        switch question.kind {
        case .singleChoice(let choices, _), .multipleResponse(let choices, _, _): texts = choices
        case .matching: texts = question.kind.matchingOptions
        case .ordering(let items, _): texts = items
        case .trueFalse, .shortText, .numeric, .essay, .code: texts = []
        }
        return optionOrder.map { texts[$0] }
    }
}
