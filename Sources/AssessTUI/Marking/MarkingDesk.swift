import AssessCore
import AssessExam
import Foundation

/// One answer on the marking desk: whose it is, the question, what was answered, how the
/// exam scored it by itself, and the mark a person gave it, if any.
public struct MarkingItem: Sendable, Equatable {
    /// The attempt the answer belongs to.
    public var attemptID: String
    /// The candidate's id, shown only on request (marking is anonymous by default).
    public var candidate: String
    /// The candidate's number in the desk's order (1, 2 ...), shown instead of the id.
    public var anonymousNumber: Int
    /// The question answered.
    public var question: Question
    /// The answer as saved; nil when the candidate left the question blank.
    public var response: Response?
    /// The exam's own mark of the answer (an essay's waits for a person).
    public var automatic: Mark
    /// The mark a person gave that counts, if any.
    public var handMark: HandMark?
    /// A code answer's hidden tests as `results` ran and kept them, in the question's order;
    /// nil when they have not been run (the answer then waits for a person).
    public var codeTests: [CodeTestOutcome]?

    /// Creates an item.
    public init(
        attemptID: String, candidate: String, anonymousNumber: Int, question: Question, response: Response?,
        automatic: Mark, handMark: HandMark? = nil, codeTests: [CodeTestOutcome]? = nil
    ) {
        self.attemptID = attemptID
        self.candidate = candidate
        self.anonymousNumber = anonymousNumber
        self.question = question
        self.response = response
        self.automatic = automatic
        self.handMark = handMark
        self.codeTests = codeTests
    }

    /// True for an answer the exam scored by itself: marking it overrides that score.
    public var isOverride: Bool { !automatic.needsManualMarking && !isEssay }

    /// True when the question is an essay.
    public var isEssay: Bool {
        if case .essay = question.kind { return true }
        return false
    }

    /// The question's code part when it is a code question.
    public var code: CodeQuestion? {
        if case .code(let code) = question.kind { return code }
        return nil
    }

    /// True when the answer still waits for a person (an essay with no hand mark).
    public var isUnmarked: Bool { automatic.needsManualMarking && handMark == nil }
}

/// The points, comment and reason a marker gives one answer.
public struct HandMark: Sendable, Equatable {
    public var points: Double
    public var comment: String
    /// Why the exam's own score was overridden; nil for an essay.
    public var overrideReason: String?

    public init(points: Double, comment: String = "", overrideReason: String? = nil) {
        self.points = points
        self.comment = comment
        self.overrideReason = overrideReason
    }
}

/// The marking screen as state: the answers to mark in order, the one on screen, what the
/// marker is typing, and how far the answer is scrolled. Keys change it; `handle` says when
/// a mark is ready to be stored, and `stored` records it once the store has it.
public struct MarkingDesk: Sendable, Equatable {
    /// Which answers follow each other.
    public enum Order: String, Sendable, Equatable, CaseIterable {
        /// One question for every candidate, then the next question ("mark question 5 for everyone").
        case byQuestion = "question"
        /// Every answer of one candidate, then the next candidate.
        case byCandidate = "candidate"
    }

    /// The field the marker types into.
    public enum Field: Sendable, Equatable {
        case points
        case comment
        case reason
    }

    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        case stay
        /// Store this mark for the item at `index`, then call `stored(_:at:)`.
        case store(HandMark, index: Int)
        case quit
    }

    /// Where the marker asked to go from an answer whose typed mark is not saved.
    public enum Departure: Sendable, Equatable {
        /// To the answer at this index (Ctrl-N, Ctrl-P, Ctrl-G).
        case answer(Int)
        /// Off the marking screen (Esc, Ctrl-Q).
        case quit
    }

    /// The key that goes to the next answer still waiting for a mark (Ctrl-U is undo, as
    /// in the answers' fields).
    public static let nextUnmarkedKey = Key.control("g")
    /// The key that shows or hides the candidates' ids (Ctrl-R is redo).
    public static let candidatesKey = Key.control("t")

    public let exam: Exam
    /// The marker's accessibility settings (`assess mark --screen-reader` and the like): how
    /// the screen is drawn, as for a sitting.
    public let accessibility: AccessibilitySettings
    public private(set) var items: [MarkingItem]
    public private(set) var order: Order
    /// The item on screen.
    public private(set) var index = 0
    public private(set) var showsCandidate = false
    public private(set) var field: Field = .points
    /// The points typed: digits, and `.` or `,` for a half.
    public private(set) var points = MarkingDesk.pointsField()
    /// The comment for the candidate.
    public private(set) var comment = MarkingDesk.textField()
    /// Why the exam's own score is overridden (asked of an override only).
    public private(set) var reason = MarkingDesk.textField()
    /// Set while the marker is asked whether to throw away a mark typed and not saved: where
    /// they asked to go. `y` goes, `n` or Esc stays.
    public private(set) var departure: Departure?
    /// The first line of the answer on screen.
    public private(set) var scroll = 0
    /// A line for the marker: a refused mark, or that a mark was saved.
    public private(set) var notice: String?
    /// True while the help screen (F1) lists every key, since a narrow footer leaves some out.
    public private(set) var showsHelp = false
    /// How many lines of the answer the last frame showed, for paging.
    var visibleAnswerLines = 10
    /// The answer on screen laid out for the last frame's width.
    private var layout: AnswerLayout?
    /// The fields as they were when the last mark went to the store.
    private var submittedFields: [String] = []

    /// An answer wrapped to a width, and its word count, kept between frames: a long essay
    /// is laid out once per answer and width, not at every key.
    struct AnswerLayout: Sendable, Equatable {
        let attemptID: String
        let questionID: String
        let width: Int
        let lines: [String]
        let words: Int
    }

    /// Puts `items` on the desk in `order` (within a question or candidate, in the order
    /// given), the candidates shown by number unless `showsCandidate`, drawn with `accessibility`.
    public init(
        exam: Exam, items: [MarkingItem], order: Order, showsCandidate: Bool = false,
        accessibility: AccessibilitySettings = AccessibilitySettings()
    ) {
        self.exam = exam
        self.accessibility = accessibility
        self.order = order
        self.showsCandidate = showsCandidate
        self.items = Self.sorted(items, by: order, exam: exam)
        loadFields()
    }

    /// The item on screen, if the desk has any.
    public var current: MarkingItem? { items.indices.contains(index) ? items[index] : nil }

    /// How many answers still wait for a person: in all, and for the question on screen.
    public var unmarked: (all: Int, thisQuestion: Int) {
        let all = items.filter(\.isUnmarked)
        return (all.count, all.filter { $0.question.id == current?.question.id }.count)
    }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        if showsHelp {
            // Esc or F1 go back to the answer; nothing else does anything behind the help.
            if key == .escape || key == .function(1) { showsHelp = false }
            return .stay
        }
        if key == .function(1) {
            showsHelp = true
            return .stay
        }
        guard current != nil else { return key == .escape || key == .control("q") ? .quit : .stay }
        if let departure {
            switch key {
            case .character("y"), .character("Y"):
                self.departure = nil
                return depart(departure)
            case .character("n"), .character("N"), .escape:
                self.departure = nil
            default: break
            }
            return .stay
        }
        switch key {
        case .escape, .control("q"): return leave(.quit)
        case .control("n"): return leave(.answer(index + 1))
        case .control("p"): return leave(.answer(index - 1))
        case Self.nextUnmarkedKey: return nextUnmarked()
        case .control("o"): reorder(order == .byQuestion ? .byCandidate : .byQuestion)
        case Self.candidatesKey: showsCandidate.toggle()
        case .tab: field = nextField(after: field)
        case .backTab: field = previousField(before: field)
        case .up: scroll = max(0, scroll - 1)
        case .down: scroll += 1
        case .pageUp: scroll = max(0, scroll - max(1, visibleAnswerLines - 1))
        case .pageDown: scroll += max(1, visibleAnswerLines - 1)
        case .enter: return submit()
        default:
            if editFocusedField(with: key) == .changed { notice = nil }
        }
        return .stay
    }

    /// True when the fields hold something other than the answer's saved mark: leaving
    /// the answer would throw it away.
    public var hasUnsavedTyping: Bool {
        let saved = Self.fieldTexts(of: current?.handMark)
        return (points.text, comment.text, reason.text) != (saved.points, saved.comment, saved.reason)
    }

    /// Records that the store kept `mark` for the item at `index`, and moves on to the next answer.
    public mutating func stored(_ mark: HandMark, at index: Int) {
        items[index].handMark = mark
        notice = "Saved: \(MarkRules.number(mark.points)) point\(mark.points == 1 ? "" : "s")."
        // The store answers off the key thread: typing given meanwhile stays on screen.
        if index == self.index && submittedFields == fieldTexts { move(to: index + 1, keepingNotice: true) }
    }

    /// Records that the store refused the mark.
    public mutating func refused(_ reason: String) {
        notice = "Not saved: \(reason)"
    }

    /// The points, comment and reason as typed now.
    private var fieldTexts: [String] { [points.text, comment.text, reason.text] }

    /// The answer on screen wrapped to `width` (a program's lines as written), from the last
    /// frame when it had the same.
    mutating func answerLayout(width: Int) -> AnswerLayout {
        let item = current
        if let layout, layout.attemptID == item?.attemptID, layout.questionID == item?.question.id,
            layout.width == width
        {
            return layout
        }
        let text = item.map { AnswerText.given($0.response, to: $0.question) } ?? ""
        let made = AnswerLayout(
            attemptID: item?.attemptID ?? "", questionID: item?.question.id ?? "", width: width,
            lines: item?.code == nil ? TextWrap.lines(text, width: width) : MarkedProgram.lines(of: text),
            words: TextEditor(text: text).wordCount)
        layout = made
        return made
    }

    /// Called by the screen with how many answer lines fit, and the answer's wrapped length.
    mutating func fit(visibleLines: Int, totalLines: Int) {
        visibleAnswerLines = visibleLines
        scroll = min(scroll, max(0, totalLines - visibleLines))
    }

    private mutating func submit() -> Outcome {
        guard let item = current else { return .stay }
        guard let points = MarkRules.points(from: points.text) else {
            notice = "Type the points first (0 to \(MarkRules.number(item.question.points)))."
            field = .points
            return .stay
        }
        if let problem = MarkRules.problem(with: points, for: item.question, in: exam) {
            notice = problem + "."
            field = .points
            return .stay
        }
        let reason = self.reason.text.trimmingCharacters(in: .whitespaces)
        if item.isOverride && reason.isEmpty {
            notice = "Overriding the exam's own score needs a reason (Tab to it)."
            field = .reason
            return .stay
        }
        submittedFields = fieldTexts
        return .store(
            HandMark(
                points: points, comment: comment.text.trimmingCharacters(in: .whitespaces),
                overrideReason: item.isOverride ? reason : nil), index: index)
    }

    /// Applies `key` to the field the cursor is in: typing, moving, undo and redo.
    private mutating func editFocusedField(with key: Key) -> LineField.Outcome {
        switch field {
        case .points: return points.handle(key)
        case .comment: return comment.handle(key)
        case .reason: return reason.handle(key)
        }
    }

    /// Goes to `departure`, unless that would throw away a mark typed and not saved: then
    /// asks first (``departure``). Going nowhere (Ctrl-N on the last answer) does nothing.
    private mutating func leave(_ departure: Departure) -> Outcome {
        if case .answer(let target) = departure, min(max(0, target), items.count - 1) == index { return .stay }
        guard hasUnsavedTyping else { return depart(departure) }
        self.departure = departure
        return .stay
    }

    private mutating func depart(_ departure: Departure) -> Outcome {
        switch departure {
        case .quit: return .quit
        case .answer(let target): move(to: target)
        }
        return .stay
    }

    private func nextField(after field: Field) -> Field {
        switch field {
        case .points: return .comment
        case .comment: return current?.isOverride == true ? .reason : .points
        case .reason: return .points
        }
    }

    private func previousField(before field: Field) -> Field {
        switch field {
        case .points: return current?.isOverride == true ? .reason : .comment
        case .comment: return .points
        case .reason: return .comment
        }
    }

    private mutating func move(to target: Int, keepingNotice: Bool = false) {
        index = min(max(0, target), items.count - 1)
        if !keepingNotice { notice = nil }
        loadFields()
    }

    private mutating func nextUnmarked() -> Outcome {
        let after = items.indices.dropFirst(index + 1).first { items[$0].isUnmarked }
        guard let next = after ?? items.indices.first(where: { items[$0].isUnmarked }) else {
            notice = "Every answer here is marked."
            return .stay
        }
        return leave(.answer(next))
    }

    private mutating func reorder(_ order: Order) {
        let shown = current
        self.order = order
        items = Self.sorted(items, by: order, exam: exam)
        index = items.firstIndex { $0.attemptID == shown?.attemptID && $0.question.id == shown?.question.id } ?? 0
        notice =
            order == .byQuestion
            ? "By question: each question for every candidate." : "By candidate: every answer of one candidate."
    }

    /// The fields show the item's mark, if it has one, for changing; the answer starts at its top.
    private mutating func loadFields() {
        scroll = 0
        field = .points
        let saved = Self.fieldTexts(of: current?.handMark)
        points = Self.pointsField(saved.points)
        comment = Self.textField(saved.comment)
        reason = Self.textField(saved.reason)
    }

    /// What the fields show of `mark`: empty for an answer not marked yet.
    private static func fieldTexts(of mark: HandMark?) -> (points: String, comment: String, reason: String) {
        (mark.map { MarkRules.number($0.points) } ?? "", mark?.comment ?? "", mark?.overrideReason ?? "")
    }

    /// A field of points holding `text`.
    private static func pointsField(_ text: String = "") -> LineField {
        LineField(text, characters: .decimal, maximumLength: 6)
    }

    /// A field of a comment or a reason holding `text`.
    private static func textField(_ text: String = "") -> LineField {
        LineField(text, maximumLength: 1000)
    }

    private static func sorted(_ items: [MarkingItem], by order: Order, exam: Exam) -> [MarkingItem] {
        let questionOrder = Dictionary(
            exam.questions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        func place(_ item: MarkingItem) -> (Int, Int) {
            let question = questionOrder[item.question.id] ?? 0
            return order == .byQuestion ? (question, item.anonymousNumber) : (item.anonymousNumber, question)
        }
        // Sorting by (place, position given) keeps the given order among equals.
        return items.enumerated().sorted { left, right in
            let a = place(left.element)
            let b = place(right.element)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }
}
