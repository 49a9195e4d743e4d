import AssessCore
import Crypto
import Foundation

/// What a seat is sent of a published exam: everything the student is shown (title,
/// instructions, sections, prompts, choices, points, duration, navigation, restrictions,
/// suggestions, language) and nothing that scores it: no right choice, accepted text,
/// number, range, pair or order, no hidden test of a code question, and no marking rule
/// (partial credit, case, half points).
///
/// Matching options and ordering items are kept in a *delivered order* that depends only
/// on the question's id and the texts themselves (``deliveredOrder(of:)``), never on which
/// is right: the file lists ordering items in their right order and matching options in
/// the order of their pairs, so keeping the file's order would give the answer away, and a
/// fixed answer key (another pairing, another order) leaves the delivery form unchanged.
/// A seat's responses index this delivered order; ``SealedScoring`` maps them back to the
/// file's order before scoring.
///
/// The form travels as JSON (``json``, ``init(json:)``). ``exam`` turns it into an `Exam`
/// with placeholder answers, which is what the sitting runs; its exam key is the delivery
/// key (``key``).
public struct DeliveryForm: Sendable, Equatable, Codable {
    /// The form's own format, so a later change can be told apart.
    public var format: Int
    public var id: String
    public var title: String
    public var version: String
    public var durationSeconds: Int
    public var instructions: String
    public var language: String
    public var navigation: String
    public var shuffleQuestions: Bool
    public var shuffleChoices: Bool
    public var lock: String
    public var suggestions: [String]
    public var restrictions: [DeliveredRestriction]
    public var sections: [DeliveredSection]
    /// The bytes of each picture the questions name, base64, by file name; absent when none.
    public var pictures: [String: String]?
    /// The candidate whose questions these are, when the server sent only the questions
    /// drawn from each pool for them (`assess.drawn_form`); `nil` for the whole form.
    public var drawnFor: String?

    /// The delivery form of `exam`: its answers left out.
    public init(exam: Exam) {
        format = 1
        id = exam.id
        title = exam.title
        version = exam.version
        durationSeconds = exam.durationSeconds
        instructions = exam.instructions
        language = exam.language
        navigation = exam.navigation.rawValue
        shuffleQuestions = exam.shuffle.questions
        shuffleChoices = exam.shuffle.choices
        lock = exam.lock.rawValue
        suggestions = exam.suggestions.map(\.rawValue).sorted()
        restrictions = exam.restrictions.map {
            DeliveredRestriction(id: $0.id, title: $0.title, detail: $0.detail, isOnByDefault: $0.isOnByDefault)
        }
        sections = exam.sections.map { section in
            DeliveredSection(
                title: section.title, select: section.select, duration: section.durationSeconds,
                breakAfter: section.breakAfterSeconds, questions: section.questions.map(DeliveredQuestion.init))
        }
        let named = Set(exam.questions.flatMap(\.images).map(\.file))
        let carried = exam.pictures.filter { named.contains($0.key) }.mapValues { $0.base64EncodedString() }
        pictures = carried.isEmpty ? nil : carried
    }

    /// Reads a form from the JSON ``json`` wrote; `nil` when it is not one.
    public init?(json: String) {
        guard let form = try? JSONDecoder().decode(DeliveryForm.self, from: Data(json.utf8)), form.format == 1 else {
            return nil
        }
        self = form
    }

    /// The form as JSON text (sorted keys, so equal forms give equal text).
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The exam a seat sits: the form with placeholder answers (no choice is right, no
    /// text accepted), matching options and ordering items in the delivered order.
    public var exam: Exam {
        var exam = Exam(
            id: id, title: title, version: version, durationSeconds: durationSeconds, instructions: instructions,
            language: language, navigation: Navigation(rawValue: navigation) ?? .free,
            shuffle: ShuffleSettings(questions: shuffleQuestions, choices: shuffleChoices),
            lock: LockMode(rawValue: lock) ?? .required,
            suggestions: Set(suggestions.compactMap(SuggestionFeature.init(rawValue:))),
            restrictions: restrictions.map {
                Restriction(id: $0.id, title: $0.title, detail: $0.detail, isOnByDefault: $0.isOnByDefault)
            },
            sections: sections.map { section in
                ExamSection(
                    title: section.title, questions: section.questions.map(\.question), select: section.select,
                    durationSeconds: section.duration, breakAfterSeconds: section.breakAfter)
            })
        exam.pictures = (pictures ?? [:]).compactMapValues { Data(base64Encoded: $0) }
        return exam
    }

    /// The delivery key: the exam key (`ExamKey`) of ``exam``. What the welcome screen,
    /// the receipt and the attempt carry for a published exam.
    public var key: String { exam.examKey }

    /// What a seat may read before the sitting opens: title, time, instructions and the
    /// number of questions, nothing of the questions themselves.
    public var cover: ExamCover {
        ExamCover(
            title: title, durationSeconds: durationSeconds, instructions: instructions,
            questionCount: exam.questionsSat)
    }

    /// For each delivered position of `question`'s matching options or ordering items, the
    /// index in the file's order (of `QuestionKind.matchingOptions`, or of the items); empty
    /// for the other types. The order sorts the texts by SHA-256 of the question's id and the
    /// text, so it says nothing of which is right and does not change when the key does.
    public static func deliveredOrder(of question: Question) -> [Int] {
        let texts: [String]
        switch question.kind {
        case .matching: texts = question.kind.matchingOptions
        case .ordering(let items, _): texts = items
        default: return []
        }
        let ranks = texts.map { text in
            Hex.lowercase(SHA256.hash(data: Data("\(question.id)\n\(text)".utf8)))
        }
        return texts.indices.sorted { left, right in
            (ranks[left], texts[left], left) < (ranks[right], texts[right], right)
        }
    }
}

/// What a seat reads of a published exam before its sitting opens.
public struct ExamCover: Sendable, Equatable {
    public var title: String
    public var durationSeconds: Int
    public var instructions: String
    public var questionCount: Int

    public init(title: String, durationSeconds: Int, instructions: String, questionCount: Int) {
        self.title = title
        self.durationSeconds = durationSeconds
        self.instructions = instructions
        self.questionCount = questionCount
    }
}

/// A restriction as a seat receives it.
public struct DeliveredRestriction: Sendable, Equatable, Codable {
    public var id: String
    public var title: String
    public var detail: String
    public var isOnByDefault: Bool
}

/// A section as a seat receives it.
public struct DeliveredSection: Sendable, Equatable, Codable {
    public var title: String?
    /// For a pool, how many of its questions each candidate is given.
    public var select: Int?
    /// For a timed section, its own time in seconds (the server closes it by this).
    public var duration: Int?
    /// The break offered after the section, in seconds.
    public var breakAfter: Int?
    public var questions: [DeliveredQuestion]
}

/// A question as a seat receives it: what the student sees, with no answer.
public struct DeliveredQuestion: Sendable, Equatable, Codable {
    public var id: String
    public var type: String
    public var prompt: String
    public var points: Double
    /// Single-choice and multiple-response: the choices, in the file's order.
    public var choices: [String]?
    /// Numeric: the unit shown beside the answer.
    public var unit: String?
    /// Essay: the word limit.
    public var wordLimit: Int?
    /// Matching: the left items, in the file's order.
    public var left: [String]?
    /// Matching: the options the student chooses among, in the delivered order.
    public var options: [String]?
    /// Ordering: the items, in the delivered order.
    public var items: [String]?
    /// The picture shown with the prompt.
    public var image: ExamImage?
    /// The choices' pictures, by choice index as a string (JSON keys are text).
    public var choiceImages: [String: ExamImage]?
    /// Code: what the student is shown and may run (language, starter, samples, runs,
    /// limits), never the hidden tests.
    public var code: DeliveredCode?

    init(_ question: Question) {
        id = question.id
        type = question.kind.typeName
        prompt = question.prompt
        points = question.points
        image = question.image
        choiceImages =
            question.choiceImages.isEmpty
            ? nil : Dictionary(uniqueKeysWithValues: question.choiceImages.map { (String($0.key), $0.value) })
        let order = DeliveryForm.deliveredOrder(of: question)
        switch question.kind {
        case .singleChoice(let choices, _), .multipleResponse(let choices, _, _):
            self.choices = choices
        case .trueFalse, .shortText:
            break
        case .numeric(_, let unit):
            self.unit = unit
        case .essay(let wordLimit):
            self.wordLimit = wordLimit
        case .matching(let pairs, _, _):
            left = pairs.map(\.left)
            let options = question.kind.matchingOptions
            self.options = order.map { options[$0] }
        case .ordering(let items, _):
            self.items = order.map { items[$0] }
        case .code(let question):
            code = DeliveredCode(question)
        }
    }

    /// The question a seat sits, with placeholder answers that no response matches.
    var question: Question {
        let kind: QuestionKind
        switch QuestionType(rawValue: type) {
        case .singleChoice: kind = .singleChoice(choices: choices ?? [], correct: -1)
        case .multipleResponse: kind = .multipleResponse(choices: choices ?? [], correct: [], partialCredit: .none)
        case .trueFalse: kind = .trueFalse(answer: false)
        case .shortText: kind = .shortText(accepted: [], caseSensitive: false)
        case .numeric: kind = .numeric(answer: .value(0, tolerance: 0), unit: unit)
        case .essay, .none: kind = .essay(wordLimit: wordLimit)
        case .matching:
            // The options in the delivered order: the first as every pair's right item and
            // the rest as distractors, so that `matchingOptions` is exactly `options`.
            let options = self.options ?? []
            kind = .matching(
                pairs: (left ?? []).map { MatchingPair(left: $0, right: options.first ?? "") },
                partialCredit: .none, distractors: Array(options.dropFirst()))
        case .ordering: kind = .ordering(items: items ?? [], partialCredit: .none)
        case .code: kind = .code(code?.question ?? CodeQuestion(language: .python3, tests: []))
        }
        let choicePictures = Dictionary(
            uniqueKeysWithValues: (choiceImages ?? [:]).compactMap { key, value in Int(key).map { ($0, value) } })
        return Question(id: id, prompt: prompt, points: points, kind: kind, image: image, choiceImages: choicePictures)
    }
}

/// A code question as a seat receives it: everything but the hidden tests.
public struct DeliveredCode: Sendable, Equatable, Codable {
    public var language: String
    public var starter: String
    public var samples: [DeliveredSample]
    public var runsDuringExam: Int
    public var timeSeconds: Double
    public var memoryBytes: Int
    public var outputBytes: Int
    /// True when the editor may colour the program; left out (nil) when off, so that the
    /// forms of exams without it stay as they were.
    public var syntaxColour: Bool?

    init(_ question: CodeQuestion) {
        language = question.language.rawValue
        starter = question.starter
        samples = question.samples.map { DeliveredSample(stdin: $0.standardInput, stdout: $0.expectedOutput) }
        runsDuringExam = question.runsDuringExam
        timeSeconds = question.limits.timeSeconds
        memoryBytes = question.limits.memoryBytes
        outputBytes = question.limits.outputBytes
        syntaxColour = question.syntaxColour ? true : nil
    }

    /// The question a seat sits: no tests.
    var question: CodeQuestion {
        CodeQuestion(
            language: CodeLanguage(rawValue: language) ?? .python3, starter: starter,
            samples: samples.map { CodeCase(standardInput: $0.stdin, expectedOutput: $0.stdout) }, tests: [],
            runsDuringExam: runsDuringExam,
            limits: CodeLimits(timeSeconds: timeSeconds, memoryBytes: memoryBytes, outputBytes: outputBytes),
            syntaxColour: syntaxColour ?? false)
    }
}

/// A sample of a code question, as the student sees it.
public struct DeliveredSample: Sendable, Equatable, Codable {
    public var stdin: String
    public var stdout: String
}

/// Scores what seats answered to a published exam: the scoring key (the whole exam, with
/// its answers) and the delivery form made from it, whose key the attempts carry.
public struct SealedScoring: Sendable {
    /// The exam with its answers, as the scoring key holds it.
    public let exam: Exam
    /// The delivery form the seats were sent.
    public let form: DeliveryForm
    /// The delivery key: what the attempts of the published exam carry.
    public let deliveryKey: String
    /// The scoring key version `exam` was read from, when it came from a store.
    public let version: Int?
    private let orders: [String: [Int]]

    /// The scoring of `exam`, a scoring key's content (version `version` in the store).
    public init(exam: Exam, version: Int? = nil) {
        self.exam = exam
        self.version = version
        form = DeliveryForm(exam: exam)
        // A scoring key read back from a store holds its pictures' digests, not their bytes
        // (`ScoringKeyText`): the delivered exam keeps them, so its key covers the pictures.
        var delivered = form.exam
        delivered.recordedPictureDigests = exam.recordedPictureDigests
        deliveryKey = delivered.examKey
        var orders: [String: [Int]] = [:]
        for question in exam.questions {
            let order = DeliveryForm.deliveredOrder(of: question)
            if !order.isEmpty { orders[question.id] = order }
        }
        self.orders = orders
    }

    /// `responses` given to the delivery form, as responses to the file's order (what
    /// `Scorer` and the reports read). Indices outside the question stay out of range.
    public func fileResponses(_ responses: [String: Response]) -> [String: Response] {
        responses.reduce(into: [:]) { result, entry in
            let (questionID, response) = entry
            guard let order = orders[questionID] else {
                result[questionID] = response
                return
            }
            func file(_ delivered: Int) -> Int { order.indices.contains(delivered) ? order[delivered] : -1 - delivered }
            switch response {
            case .matching(let pairs): result[questionID] = .matching(pairs.mapValues(file))
            case .ordering(let items): result[questionID] = .ordering(items.map(file))
            default: result[questionID] = response
            }
        }
    }
}
