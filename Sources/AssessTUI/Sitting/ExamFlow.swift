import AssessCore
import AssessExam

/// Something the flow asks the app to do; the flow itself does no I/O.
public enum FlowEffect: Sendable, Equatable {
    /// The student chose to begin: request the lock (or start practice).
    case begin
    /// The answer to this question changed: save it within a second.
    case answerChanged(questionID: String)
    /// The student left a question: save pending answers now.
    case saveNow
    /// Log (and publish) this event.
    case log(SessionEvent)
    /// Ask the engine to turn a suggestion feature on or off (it refuses what the exam
    /// does not allow while locked).
    case setSuggestion(SuggestionFeature, on: Bool)
    /// Submit the attempt: save, finish, unlock, show the receipt.
    case submit(reason: String)
    /// Leave the program.
    case exit
}

/// The student's whole flow as one state machine: welcome, the lock banner, the
/// questions, the palette, review, confirmation, the unlocked banner and the receipt.
/// `handle(_:now:)` turns a key into state changes and effects; `tick(now:)` drives the
/// timer and banners. Times are monotonic nanoseconds.
public struct ExamFlow: Sendable {
    /// Where the student is.
    public enum Phase: Sendable, Equatable {
        case welcome
        /// "Locked until you submit" (or "practice"), shown until `until`.
        case startBanner(until: UInt64)
        case question
        /// The question palette, with the highlighted question.
        case palette(selection: Int)
        /// The review list, with the highlighted question.
        case review(selection: Int)
        /// "Submit? This cannot be undone."
        case confirmSubmit
        /// Waiting for the app to finish submitting.
        case submitting
        /// "No longer locked", shown until `until`.
        case endBanner(until: UInt64)
        case receipt
        /// The exam could not start; the sentence says why.
        case refused(String)
    }

    /// What the receipt screen shows.
    public struct ReceiptInfo: Sendable, Equatable {
        public var code: String
        public var submittedAt: String
        public var reason: String

        public init(code: String, submittedAt: String, reason: String) {
            self.code = code
            self.submittedAt = submittedAt
            self.reason = reason
        }
    }

    public private(set) var phase: Phase = .welcome
    public private(set) var sitting: ExamSitting
    /// The answer controls of the questions visited so far, by question id.
    public private(set) var controls: [String: AnswerControl] = [:]
    /// A one-line message for the student, and when it disappears.
    public private(set) var notice: (text: String, until: UInt64)?
    /// The candidate's id, for the screens.
    public let candidate: String
    /// True for a practice sitting (no lock).
    public let practice: Bool
    /// The exam key's short form, for the screens.
    public let shortKey: String
    /// The longest the lock may last, for the consent and banner texts.
    public let maximumLockHours: Double
    /// When time runs out; set when the exam starts.
    public private(set) var deadline: UInt64?
    /// The receipt, once submitted.
    public private(set) var receipt: ReceiptInfo?
    /// Spell check, completion and autocorrect for prose answers; the app gives it the
    /// dictionary and keeps its settings in step with the engine's.
    public var suggestions = SuggestionControl()
    private var warningsGiven: Set<Int> = []

    /// How long the start and end banners stay up.
    public static let bannerNanoseconds: UInt64 = 5_000_000_000
    /// How long a notice stays up.
    public static let noticeNanoseconds: UInt64 = 4_000_000_000
    /// The minutes-left marks at which the student is warned.
    public static let warningMinutes = [10, 5, 1]

    public init(sitting: ExamSitting, candidate: String, practice: Bool, maximumLockHours: Double) {
        self.sitting = sitting
        self.candidate = candidate
        self.practice = practice
        self.shortKey = sitting.exam.shortKey
        self.maximumLockHours = maximumLockHours
    }

    /// True between the start banner and submission: quit keys are refused and logged.
    public var isInExam: Bool {
        switch phase {
        case .startBanner, .question, .palette, .review, .confirmSubmit, .submitting: return true
        default: return false
        }
    }

    /// The control for the question on screen.
    public var control: AnswerControl {
        let presented = sitting.presented
        return controls[presented.question.id]
            ?? AnswerControl(for: presented, response: sitting.responses[presented.question.id])
    }

    /// Seconds left, rounded up; `nil` before the exam starts.
    public func secondsLeft(now: UInt64) -> Int? {
        guard let deadline else { return nil }
        return deadline > now ? Int((deadline - now + 999_999_999) / 1_000_000_000) : 0
    }

    // MARK: - Told by the app

    /// The lock was granted (or practice began): show the banner and start the clock.
    public mutating func started(now: UInt64) {
        deadline = now + UInt64(sitting.exam.durationSeconds) * 1_000_000_000
        // A mark at or beyond the whole duration would warn at once: skip it.
        warningsGiven = Set(Self.warningMinutes.filter { $0 * 60 >= sitting.exam.durationSeconds })
        phase = .startBanner(until: now + Self.bannerNanoseconds)
        if practice, let note = suggestions.missingDictionaryNote { show(note, now: now) }
    }

    /// The exam could not start.
    public mutating func refuse(_ reason: String) {
        phase = .refused(reason)
    }

    /// The attempt was submitted and the lock released: show the end banner, then the receipt.
    public mutating func submitted(_ receipt: ReceiptInfo, now: UInt64) {
        self.receipt = receipt
        phase = .endBanner(until: now + Self.bannerNanoseconds)
    }

    /// Shows `text` on the notice line for a few seconds.
    public mutating func show(_ text: String, now: UInt64) {
        notice = (text, now + Self.noticeNanoseconds)
    }

    // MARK: - Time

    /// Advances banners, notices and the timer. Returns the effects that are due
    /// (a warning to log, a submission when time is up).
    public mutating func tick(now: UInt64) -> [FlowEffect] {
        if let current = notice, now >= current.until { notice = nil }
        switch phase {
        case .startBanner(let until) where now >= until: phase = .question
        case .endBanner(let until) where now >= until: phase = .receipt
        default: break
        }
        guard isInExam, phase != .submitting, let left = secondsLeft(now: now) else { return [] }
        if left == 0 {
            phase = .submitting
            return [.saveNow, .submit(reason: "time-up")]
        }
        for minutes in Self.warningMinutes where left <= minutes * 60 && !warningsGiven.contains(minutes) {
            warningsGiven.formUnion(Self.warningMinutes.filter { $0 >= minutes })
            show(minutes == 1 ? "One minute left." : "\(minutes) minutes left.", now: now)
            return [.log(.timerWarning(minutesLeft: minutes))]
        }
        return []
    }

    // MARK: - Keys

    /// Keys that would leave a program; during the exam they do nothing but are logged.
    public static func quitKeyName(_ key: Key) -> String? {
        switch key {
        case .control("c"): return "Ctrl-C"
        case .control("z"): return "Ctrl-Z"
        case .control("\\"): return "Ctrl-\\"
        case .control("d"): return "Ctrl-D"
        case .control("q"): return "Ctrl-Q"
        default: return nil
        }
    }

    /// Applies one key; `answerWidth` is the width of the answer area on screen.
    public mutating func handle(_ key: Key, now: UInt64, answerWidth: Int) -> [FlowEffect] {
        if isInExam, let name = Self.quitKeyName(key) {
            show("\(name) does nothing during the exam. Submit from the review screen (F4).", now: now)
            return [.log(.quitKeyIgnored(key: name))]
        }
        switch phase {
        case .welcome:
            switch key {
            case .enter: return [.begin]
            case .character("q"), .escape, .control("c"): return [.exit]
            default: return []
            }
        case .startBanner:
            if key == .enter || key == .character(" ") { phase = .question }
            return []
        case .question:
            return handleInQuestion(key, now: now, answerWidth: answerWidth)
        case .palette(let selection):
            return handleInPalette(key, selection: selection)
        case .review(let selection):
            return handleInReview(key, selection: selection)
        case .confirmSubmit:
            switch key {
            case .character("y"), .character("Y"):
                phase = .submitting
                return [.saveNow, .submit(reason: "student")]
            case .character("n"), .character("N"), .escape:
                phase = .review(selection: sitting.current)
            default: break
            }
            return []
        case .submitting, .endBanner:
            if case .endBanner = phase, key == .enter { phase = .receipt }
            return []
        case .receipt, .refused:
            return key == .enter || key == .character("q") ? [.exit] : []
        }
    }

    private mutating func handleInQuestion(_ key: Key, now: UInt64, answerWidth: Int) -> [FlowEffect] {
        switch key {
        case .tab, .pageDown:
            return go(to: sitting.current + 1, now: now)
        case .backTab, .pageUp:
            guard sitting.canGoBack else {
                show("This exam does not allow going back to earlier questions.", now: now)
                return []
            }
            return go(to: sitting.current - 1, now: now)
        case .function(2):
            guard sitting.canFlag else {
                show("Flagging is turned off for this exam.", now: now)
                return []
            }
            sitting.toggleFlag()
            return [.answerChanged(questionID: sitting.question.id)]
        case .function(3):
            guard sitting.canJump else {
                show("The question list is turned off for this exam.", now: now)
                return []
            }
            phase = .palette(selection: sitting.current)
            return [.saveNow]
        case .function(4):
            phase = .review(selection: sitting.current)
            return [.saveNow]
        case .function(8):
            guard let on = suggestions.autocorrectToggle(for: control) else { return [] }
            return [.setSuggestion(.autocorrect, on: on)]
        default:
            var control = self.control
            let outcome = suggestions.handle(key, in: &control, width: answerWidth)
            let id = sitting.question.id
            controls[id] = control
            switch outcome {
            case .changed:
                sitting.setResponse(control.response, for: id)
                return [.answerChanged(questionID: id)]
            case .refused(let why):
                show(why, now: now)
            case .ignored, .moved:
                break
            }
            return []
        }
    }

    private mutating func go(to index: Int, now: UInt64) -> [FlowEffect] {
        if index >= sitting.questions.count {
            phase = .review(selection: sitting.current)
            return [.saveNow]
        }
        guard sitting.move(to: index) else { return [] }
        return [.saveNow]
    }

    private mutating func handleInPalette(_ key: Key, selection: Int) -> [FlowEffect] {
        let count = sitting.questions.count
        switch key {
        case .left, .up: phase = .palette(selection: max(0, selection - 1))
        case .right, .down: phase = .palette(selection: min(count - 1, selection + 1))
        case .enter:
            sitting.move(to: selection)
            phase = .question
        case .escape, .function(3): phase = .question
        default: break
        }
        return []
    }

    private mutating func handleInReview(_ key: Key, selection: Int) -> [FlowEffect] {
        let count = sitting.questions.count
        switch key {
        case .up: phase = .review(selection: max(0, selection - 1))
        case .down: phase = .review(selection: min(count - 1, selection + 1))
        case .enter:
            if sitting.canMove(to: selection) || selection == sitting.current {
                sitting.move(to: selection)
                phase = .question
            }
        case .character("s"), .character("S"): phase = .confirmSubmit
        case .escape, .function(4): phase = .question
        default: break
        }
        return []
    }
}
