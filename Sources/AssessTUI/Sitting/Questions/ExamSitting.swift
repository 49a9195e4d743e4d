import AssessCalculator
import AssessExam

/// The student's progress through an exam: which question is shown, what has been
/// answered and flagged, and what the exam's navigation and restrictions allow.
/// Pure state; the app saves it and the screens draw it.
public struct ExamSitting: Sendable, Equatable {
    /// The exam being sat.
    public let exam: Exam
    /// The questions in the order this candidate sees them, with their option orders.
    public let questions: [PresentedQuestion]
    /// The exam's key, as the presentation computed it.
    public let examKey: String
    /// The index in `questions` of the question on screen.
    public private(set) var current: Int = 0
    /// The answers so far, by question id. Absent means unanswered.
    public private(set) var responses: [String: Response] = [:]
    /// The questions flagged for review.
    public private(set) var flagged: Set<String> = []
    /// For an exam with timed sections, the one section whose questions the student may
    /// see and change (the others are closed, or not yet open); `nil` otherwise.
    public private(set) var openSection: Int?
    /// What the student marked on each question for their own reading (struck-out choices),
    /// by question id; never scored.
    public private(set) var annotations: [String: Annotations] = [:]
    /// Each restriction's state by id: `true` allows the feature, `false` denies it.
    public private(set) var restrictions: [String: Bool]

    /// The well-known restriction ids the front end follows.
    public enum RestrictionID {
        public static let backNavigation = "back-navigation"
        public static let flagForReview = "flag-for-review"
        public static let questionPalette = "question-palette"
        public static let scratchpad = "scratchpad"
        public static let strikeOut = "strike-out"
        public static let highlight = "highlight"
        public static let lineReader = "line-reader"
        public static let raiseHand = "raise-hand"
        public static let hideTimer = "hide-timer"
        public static let timeLeft = "time-left"
    }

    /// Starts a sitting with the questions and orders of `presentation`, and each
    /// restriction at its default state unless `restrictionStates` overrides it.
    public init(exam: Exam, presentation: ExamPresentation, restrictionStates: [String: Bool] = [:]) {
        self.exam = exam
        self.questions = presentation.questions
        self.examKey = presentation.examKey
        self.restrictions = [:]
        apply(restrictionStates: restrictionStates)
        if exam.hasTimedSections { open(section: 0) }
    }

    /// Opens the timed section `index`: its questions alone may be seen and changed, and
    /// the first shows unless the question on screen is one of them already (a resumed
    /// attempt's, put back by ``restore(responses:flagged:current:)`` before).
    public mutating func open(section index: Int) {
        openSection = index
        if questions[current].sectionIndex != index,
            let first = questions.firstIndex(where: { $0.sectionIndex == index })
        {
            current = first
        }
    }

    /// True when the next question belongs to a later timed section: moving on leaves
    /// the open section for good.
    public var nextLeavesSection: Bool {
        guard let openSection, questions.indices.contains(current + 1) else { return false }
        return questions[current + 1].sectionIndex != openSection
    }

    /// Sets each restriction the exam lists to its state in `restrictionStates`, or to its
    /// default when not there (the proctor's launch screen chose them).
    public mutating func apply(restrictionStates: [String: Bool]) {
        var states: [String: Bool] = [:]
        for restriction in exam.restrictions {
            states[restriction.id] = restrictionStates[restriction.id] ?? restriction.isOnByDefault
        }
        restrictions = states
    }

    /// Puts back the answers, flags, annotations and position of an attempt that is resumed
    /// after a crash. Those of questions this exam does not have are dropped.
    public mutating func restore(
        responses saved: [String: Response], flagged savedFlags: Set<String>,
        annotations savedAnnotations: [String: Annotations] = [:], current index: Int
    ) {
        let ids = Set(questions.map(\.question.id))
        responses = saved.filter { ids.contains($0.key) }
        flagged = savedFlags.intersection(ids)
        annotations = savedAnnotations.filter { ids.contains($0.key) }
        current = questions.indices.contains(index) ? index : 0
    }

    /// The question on screen, with its option order.
    public var presented: PresentedQuestion { questions[current] }

    /// The question on screen.
    public var question: Question { questions[current].question }

    /// Whether the feature behind restriction `id` is allowed. Features the exam does
    /// not list are allowed.
    public func restrictionState(_ id: String) -> Bool {
        restrictions[id] ?? true
    }

    /// True when the student may go to an earlier question.
    public var canGoBack: Bool {
        exam.navigation == .free && restrictionState(RestrictionID.backNavigation)
    }

    /// True when the student may flag questions for review.
    public var canFlag: Bool { restrictionState(RestrictionID.flagForReview) }

    /// True when the question palette (jump to any question) is available.
    public var canJump: Bool { canGoBack && restrictionState(RestrictionID.questionPalette) }

    /// True when the scratchpad is available: only when the exam lists it and it is allowed,
    /// since an exam that says nothing of notes should not grow a notes area.
    public var canUseScratchpad: Bool { restrictions[RestrictionID.scratchpad] == true }

    /// True when the student may strike out choices: only when the exam lists it and it is
    /// allowed, like the scratchpad.
    public var canStrikeOut: Bool { restrictions[RestrictionID.strikeOut] == true }

    /// True when the student may highlight words of a prompt: only when the exam lists it
    /// and it is allowed.
    public var canHighlight: Bool { restrictions[RestrictionID.highlight] == true }

    /// True when the student may read a prompt with the line reader: only when the exam
    /// lists it and it is allowed.
    public var canUseLineReader: Bool { restrictions[RestrictionID.lineReader] == true }

    /// True when the student may raise a hand to ask for the proctor (F12): only when the
    /// exam lists it and it is allowed.
    public var canRaiseHand: Bool { restrictions[RestrictionID.raiseHand] == true }

    /// True when the student may hide the countdown (Ctrl-O): only when the exam lists it
    /// and it is allowed.
    public var canHideTimer: Bool { restrictions[RestrictionID.hideTimer] == true }

    /// True when the student may ask for the time left on the notice line (Ctrl-T): only
    /// when the exam lists it and it is allowed.
    public var canAskTimeLeft: Bool { restrictions[RestrictionID.timeLeft] == true }

    /// Highlights word `word` of the prompt on screen, or takes its highlight off, when
    /// highlighting is allowed; returns whether it is highlighted now.
    @discardableResult
    public mutating func toggleHighlight(_ word: Int) -> Bool {
        let id = question.id
        var marked = annotations[id] ?? Annotations()
        guard canHighlight else { return marked.highlighted.contains(word) }
        if marked.highlighted.contains(word) {
            marked.highlighted.remove(word)
        } else {
            marked.highlighted.insert(word)
        }
        annotations[id] = marked.isEmpty ? nil : marked
        return marked.highlighted.contains(word)
    }

    /// True when the choice at file index `index` of question `id` is struck out.
    public func isStruck(_ index: Int, of id: String) -> Bool {
        annotations[id]?.struck.contains(index) ?? false
    }

    /// Strikes out the choice at file index `index` of the question on screen, or puts it
    /// back, when striking out is allowed; returns whether it is struck now.
    @discardableResult
    public mutating func toggleStrike(_ index: Int) -> Bool {
        let id = question.id
        guard canStrikeOut else { return isStruck(index, of: id) }
        var marked = annotations[id] ?? Annotations()
        if marked.struck.contains(index) { marked.struck.remove(index) } else { marked.struck.insert(index) }
        annotations[id] = marked.isEmpty ? nil : marked
        return marked.struck.contains(index)
    }

    /// The calculator the student may open: the exam's, unless the proctor denied it.
    public var calculator: CalculatorKind? {
        restrictionState(Restriction.calculatorID) ? exam.calculator : nil
    }

    /// The reference sheet the student may open: the exam's, unless the proctor denied it.
    public var reference: ReferenceSheet? {
        restrictionState(Restriction.referenceID) ? exam.reference : nil
    }

    /// True when the student may move to question `index` from here.
    public func canMove(to index: Int) -> Bool {
        guard questions.indices.contains(index), index != current else { return false }
        if let openSection, questions[index].sectionIndex != openSection { return false }
        if index > current {
            return canGoBack || index == current + 1
        }
        return canGoBack
    }

    /// Where question `index` stands among the exam's timed sections.
    public enum SectionAccess: Sendable, Equatable {
        /// In the open section, or the exam has no timed sections.
        case open
        /// In a section closed for good.
        case closed
        /// In a section that has not opened yet.
        case notYetOpen
    }

    /// Where question `index` stands among the exam's timed sections.
    public func sectionAccess(of index: Int) -> SectionAccess {
        guard let openSection, questions.indices.contains(index) else { return .open }
        let section = questions[index].sectionIndex
        return section < openSection ? .closed : section > openSection ? .notYetOpen : .open
    }

    /// The nearest question from `index` in the direction of `step` (1 or -1) that the
    /// palette and the review offer: one of the open section (any question, without timed
    /// sections); `index` itself when there is none.
    public func nearestPlaceToGo(from index: Int, step: Int) -> Int {
        var next = index + step
        while questions.indices.contains(next) {
            if sectionAccess(of: next) == .open { return next }
            next += step
        }
        return index
    }

    /// Moves to question `index` when allowed; returns whether it moved.
    @discardableResult
    public mutating func move(to index: Int) -> Bool {
        guard canMove(to: index) else { return false }
        current = index
        return true
    }

    /// Records (or, with `nil`, clears) the answer to question `id`.
    public mutating func setResponse(_ response: Response?, for id: String) {
        responses[id] = response
    }

    /// Flags or unflags the question on screen when flagging is allowed; returns the new state.
    @discardableResult
    public mutating func toggleFlag() -> Bool {
        let id = question.id
        guard canFlag else { return flagged.contains(id) }
        if flagged.contains(id) {
            flagged.remove(id)
        } else {
            flagged.insert(id)
        }
        return flagged.contains(id)
    }

    /// True when question `id` has an answer that says something (empty text counts as none).
    public func isAnswered(_ id: String) -> Bool {
        responses[id]?.saysSomething ?? false
    }

    /// How many questions are answered, unanswered and flagged.
    ///
    /// Counted over the answers given, not the questions: the header shows it on every
    /// frame, and an exam of 1,000 questions would otherwise cost 1,000 look-ups a key.
    /// Every key of `responses` is a question of this sitting (`setResponse` is given the
    /// id of a question on screen, `restore` drops the others).
    public var tally: (answered: Int, unanswered: Int, flagged: Int) {
        let answered = responses.keys.lazy.filter { isAnswered($0) }.count
        return (answered, questions.count - answered, flagged.count)
    }
}
