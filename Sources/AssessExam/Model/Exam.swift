import AssessCalculator
import AssessCore
import Crypto
import Foundation

/// An exam as written in its YAML file, after validation. Everything here is plain data:
/// the loader builds it, and scoring, presentation and the exam key read it.
public struct Exam: Sendable, Equatable {
    /// The exam's id (`id:`), used by policies and the store.
    public var id: String
    /// The title shown to the student and the proctor.
    public var title: String
    /// The exam author's version text (`version:`), exactly as written.
    public var version: String
    /// The time allowed, in whole seconds.
    public var durationSeconds: Int
    /// Text shown before the first question; empty when the file has none.
    public var instructions: String
    /// A BCP 47 language tag such as `en` or `ja`, or `mul` for several languages.
    public var language: String
    /// Whether the student may move freely between questions.
    public var navigation: Navigation
    /// Which parts of the exam each candidate sees in a seeded, shuffled order.
    public var shuffle: ShuffleSettings
    /// Whether the exam must run under the terminal lock.
    public var lock: LockMode
    /// The editor suggestion features allowed while locked.
    public var suggestions: Set<SuggestionFeature>
    /// Restrictions the proctor can turn on or off before the lock.
    public var restrictions: [Restriction]
    /// The calculator the students may open (`calculator:`); `nil` for none. The proctor
    /// may still deny it through the restriction ``ExamSitting``'s `calculator` id names.
    public var calculator: CalculatorKind?
    /// The reference sheet the students may open (`reference:`); `nil` for none. The
    /// proctor may deny it through the `reference` restriction, as the calculator.
    public var reference: ReferenceSheet?
    /// Whether a marker may give half points (`half-points:`); whole points otherwise.
    public var halfPoints: Bool
    /// The questions, in sections. A file with a top-level `questions:` list has one
    /// section whose title is `nil`.
    public var sections: [ExamSection]
    /// The bytes of each picture file the questions name (``ExamImage/file``), by file name:
    /// read and checked by the loader from beside the exam file, or carried by a published
    /// exam's delivery form. Empty for an exam read from text alone.
    public var pictures: [String: Data] = [:]
    /// The SHA-256 (lowercase hex) of picture files whose bytes this exam does not hold, by
    /// file name: what a published scoring key records of the pictures it was published
    /// with (see ``ScoringKeyText``). ``pictureDigest(of:)`` prefers the bytes.
    public var recordedPictureDigests: [String: String] = [:]
    /// The key this exam was delivered under, when a store published it: the delivery
    /// form's key, which `examKey` then gives without computing it again; for a pool's
    /// questions drawn for one candidate by the server, the whole form's key. `nil` for an
    /// exam read from its file.
    public var deliveredKey: String?

    /// Creates an exam from its parts; the loader is the usual way to get one.
    public init(
        id: String, title: String, version: String = "1", durationSeconds: Int,
        instructions: String = "", language: String = "en", navigation: Navigation = .free,
        shuffle: ShuffleSettings = ShuffleSettings(), lock: LockMode = .required,
        suggestions: Set<SuggestionFeature> = [], restrictions: [Restriction] = [],
        calculator: CalculatorKind? = nil, reference: ReferenceSheet? = nil, halfPoints: Bool = false,
        sections: [ExamSection]
    ) {
        self.id = id
        self.title = title
        self.version = version
        self.durationSeconds = durationSeconds
        self.instructions = instructions
        self.language = language
        self.navigation = navigation
        self.shuffle = shuffle
        self.lock = lock
        self.suggestions = suggestions
        self.restrictions = restrictions
        self.calculator = calculator
        self.reference = reference
        self.halfPoints = halfPoints
        self.sections = sections
    }

    /// The SHA-256 (lowercase hex) of picture `file`: of its bytes when the exam holds
    /// them, else the recorded one; `nil` when neither is known (an exam read from text alone).
    public func pictureDigest(of file: String) -> String? {
        pictures[file].map { Hex.lowercase(SHA256.hash(data: $0)) } ?? recordedPictureDigests[file]
    }

    /// Every question in file order, across sections.
    public var questions: [Question] {
        sections.flatMap(\.questions)
    }

    /// True when some section has a time of its own: the sections then run one after the
    /// other, each closing for good when it ends.
    public var hasTimedSections: Bool {
        sections.contains { $0.durationSeconds != nil }
    }

    /// How many questions each candidate sits: all of them but for the questions of each
    /// pool that are not drawn for them.
    public var questionsSat: Int {
        sections.reduce(0) { $0 + $1.questionsSat }
    }

    /// The question with `id`, if there is one.
    public func question(withID id: String) -> Question? {
        questions.first { $0.id == id }
    }
}

/// A titled group of questions. Sections keep their questions together when shuffled.
public struct ExamSection: Sendable, Equatable {
    /// The section's title; `nil` only for the single section of a file without `sections:`.
    public var title: String?
    /// The section's questions in file order.
    public var questions: [Question]
    /// For a pool (`select:`), how many of its questions each candidate is given (see
    /// `PoolDraw`); `nil` when every candidate sits every question.
    public var select: Int?
    /// A timed section's own time (`duration:`), in whole seconds before extra time; `nil`
    /// when the section shares the exam's time. A timed section closes for good when its
    /// time runs out or the student leaves it (see `SectionClock`).
    public var durationSeconds: Int?
    /// The break offered once this section closes (`break-after:`), in whole seconds; `nil`
    /// for none.
    public var breakAfterSeconds: Int?

    /// Creates a section.
    public init(
        title: String?, questions: [Question], select: Int? = nil, durationSeconds: Int? = nil,
        breakAfterSeconds: Int? = nil
    ) {
        self.title = title
        self.questions = questions
        self.select = select
        self.durationSeconds = durationSeconds
        self.breakAfterSeconds = breakAfterSeconds
    }

    /// True when the section is a pool that gives each candidate fewer than all its questions.
    public var isPool: Bool {
        select.map { $0 < questions.count } ?? false
    }

    /// How many questions each candidate sits in this section.
    public var questionsSat: Int {
        min(select ?? questions.count, questions.count)
    }
}

/// How the student moves between questions (`navigation:`).
public enum Navigation: String, Sendable, Equatable, CaseIterable {
    /// Any question, in any order, as often as the student likes.
    case free
    /// Forward only: an answered question cannot be revisited.
    case linear
}

/// Whether the exam needs the terminal lock (`lock:`).
public enum LockMode: String, Sendable, Equatable, CaseIterable {
    /// The exam refuses to start without the lock.
    case required
    /// A practice run: no lock is taken.
    case practice
}

/// The `shuffle:` settings. Orders are seeded per candidate, so a re-run shows the same order.
public struct ShuffleSettings: Sendable, Equatable {
    /// Shuffle the questions within each section.
    public var questions: Bool
    /// Shuffle the choices of single-choice and multiple-response questions.
    /// (Matching answers and ordering items are always shown shuffled.)
    public var choices: Bool

    /// Creates shuffle settings; both off by default.
    public init(questions: Bool = false, choices: Bool = false) {
        self.questions = questions
        self.choices = choices
    }
}

/// The restriction by which the proctor denies the exam's calculator: the loader adds it,
/// on by default, to an exam with a calculator that does not list it.
extension Restriction {
    /// The calculator restriction's id.
    public static let calculatorID = "calculator"

    /// The restriction the loader adds for a calculator of `kind`.
    public static func calculator(_ kind: CalculatorKind) -> Restriction {
        Restriction(
            id: calculatorID, title: "Calculator",
            detail: kind == .basic
                ? "A basic calculator (+ - × ÷ %, brackets, memory) in a panel over the question."
                : "A scientific calculator (powers, roots, trigonometry, logarithms) in a panel over the question.",
            isOnByDefault: true)
    }
}

/// A reference sheet (`reference:`): formulas, constants or a table the students may read
/// during the exam, in a scrollable panel.
public struct ReferenceSheet: Sendable, Equatable {
    /// The panel's title, such as `Formulas`.
    public var title: String
    /// The sheet's text; its line breaks are kept.
    public var text: String

    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}

extension Restriction {
    /// The reference sheet's restriction id.
    public static let referenceID = "reference"

    /// The restriction the loader adds, on by default, to an exam with a reference sheet
    /// that does not list it.
    public static func reference(_ sheet: ReferenceSheet) -> Restriction {
        Restriction(
            id: referenceID, title: "Reference sheet",
            detail: "The reference sheet \"\(sheet.title)\" in a scrollable panel.", isOnByDefault: true)
    }
}

/// An exam restriction, like a Guided Access custom restriction: the proctor turns it on
/// or off before the lock, and the front end follows its state.
public struct Restriction: Sendable, Equatable {
    /// A stable id such as `back-navigation`, unique within the exam.
    public var id: String
    /// A short title for the proctor's screen.
    public var title: String
    /// One or two sentences on what the restriction does.
    public var detail: String
    /// Whether the restriction is on unless the proctor changes it.
    public var isOnByDefault: Bool

    /// Creates a restriction.
    public init(id: String, title: String, detail: String, isOnByDefault: Bool) {
        self.id = id
        self.title = title
        self.detail = detail
        self.isOnByDefault = isOnByDefault
    }
}
