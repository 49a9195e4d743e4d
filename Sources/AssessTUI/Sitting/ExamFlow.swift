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
    /// Check the password typed at the proctor's prompt, then call `proctorPasswordChecked`.
    case verifyPassword(String)
    /// The proctor added time: keep the new allowance with the attempt.
    case allowedTimeChanged(seconds: Int)
    /// The proctor aborted: save, mark the attempt aborted, unlock, leave.
    case abort(reason: String)
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
        /// The proctor paused the exam: the screen is hidden and the timer stopped.
        case paused
        /// The candidate is on a break (since `since`, at most until `until`): the screen
        /// is hidden and the timer stopped.
        case onBreak(since: UInt64, until: UInt64)
        /// The proctor's panel (`panel`) is open.
        case proctor
        /// The student's scratchpad: notes that are never saved, submitted or marked.
        case scratchpad

        /// True for the phases during which the exam's timer stands still.
        var holdsTheClock: Bool {
            switch self {
            case .paused, .onBreak: return true
            default: return false
            }
        }
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
    /// When time runs out; set when the exam starts, moved by pauses, breaks and added time.
    public private(set) var deadline: UInt64?
    /// The seconds this candidate is allowed, extra and added time included.
    public private(set) var secondsAllowed: Int
    /// True when this sitting continues an attempt a crash interrupted.
    public let isResumed: Bool
    /// The seconds already used before this sitting began (a resumed attempt).
    public let secondsUsedBefore: Int
    /// The breaks this candidate may take.
    public let breaks: BreakAllowance
    /// How many breaks have been taken.
    public private(set) var breaksTaken: Int
    /// The proctor's panel, while it is open.
    public private(set) var panel: ProctorPanel?
    /// Wrong passwords in a row at the proctor's prompt.
    public private(set) var passwordFailures = 0
    /// Until when the proctor's prompt refuses input after too many wrong passwords.
    public private(set) var promptLockedUntil: UInt64?
    /// When the timer was stopped (a pause or a break), while it is.
    private var clockStoppedAt: UInt64?
    /// Where the panel returns to when it closes.
    private var phaseBeforePanel: Phase = .question
    /// The scratchpad's text: kept in memory only, gone when the program ends.
    public private(set) var scratchpad = TextEditor(mode: .multiLine)
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
    /// The key that opens the proctor's panel. It is shown nowhere on the student's screens.
    public static let proctorKey = Key.control("]")
    /// Wrong passwords in a row that lock the proctor's prompt, and for how long.
    public static let passwordTries = 3
    public static let promptLockSeconds = 60

    /// Creates the flow of one sitting.
    ///
    /// - Parameters:
    ///   - secondsAllowed: The candidate's time, extra time included; the exam's duration when `nil`.
    ///   - resumedWithSecondsUsed: For a resumed attempt, the time it has already used.
    ///   - breaks: The breaks the candidate may take, and `breaksTaken` how many are used.
    public init(sitting: ExamSitting, candidate: String, practice: Bool, maximumLockHours: Double,
                secondsAllowed: Int? = nil, resumedWithSecondsUsed: Int? = nil,
                breaks: BreakAllowance = .none, breaksTaken: Int = 0) {
        self.sitting = sitting
        self.candidate = candidate
        self.practice = practice
        self.shortKey = sitting.exam.shortKey
        self.maximumLockHours = maximumLockHours
        self.secondsAllowed = secondsAllowed ?? sitting.exam.durationSeconds
        self.isResumed = resumedWithSecondsUsed != nil
        self.secondsUsedBefore = resumedWithSecondsUsed ?? 0
        self.breaks = breaks
        self.breaksTaken = breaksTaken
        prepareControl()
    }

    /// Breaks the candidate may still take.
    public var breaksLeft: Int { max(0, breaks.count - breaksTaken) }

    /// True between the start banner and submission: quit keys are refused and logged.
    public var isInExam: Bool {
        switch phase {
        case .startBanner, .question, .palette, .review, .confirmSubmit, .submitting, .paused, .onBreak, .proctor,
             .scratchpad:
            return true
        default: return false
        }
    }

    /// The control for the question on screen. Made once, when the question is shown
    /// (`prepareControl`), so that drawing and keys do not build it again each time.
    public var control: AnswerControl {
        let presented = sitting.presented
        return controls[presented.question.id]
            ?? AnswerControl(for: presented, response: sitting.responses[presented.question.id])
    }

    /// Makes the control of the question on screen, unless it was visited before.
    private mutating func prepareControl() {
        let presented = sitting.presented
        if controls[presented.question.id] == nil {
            controls[presented.question.id] = AnswerControl(for: presented, response: sitting.responses[presented.question.id])
        }
    }

    /// Shows question `index` when the exam allows moving there; returns whether it moved.
    @discardableResult
    private mutating func show(question index: Int) -> Bool {
        guard sitting.move(to: index) else { return false }
        prepareControl()
        return true
    }

    /// Seconds left, rounded up; `nil` before the exam starts. Frozen while the timer is stopped.
    public func secondsLeft(now: UInt64) -> Int? {
        guard let deadline else { return nil }
        let now = clockStoppedAt.map { min($0, now) } ?? now
        return Self.seconds(until: deadline, from: now)
    }

    /// Whole seconds from `now` until `moment`, rounded up; 0 once it has passed.
    static func seconds(until moment: UInt64, from now: UInt64) -> Int {
        moment > now ? Int((moment - now + 999_999_999) / 1_000_000_000) : 0
    }

    /// Whole seconds from `start` to `now`, rounded down; 0 when `start` is later.
    static func seconds(from start: UInt64, to now: UInt64) -> Int {
        now > start ? Int((now - start) / 1_000_000_000) : 0
    }

    /// Seconds until the prompt opens again after too many wrong passwords; `nil` when it is not locked.
    public func promptLockSecondsLeft(now: UInt64) -> Int? {
        guard let until = promptLockedUntil, until > now else { return nil }
        return Self.seconds(until: until, from: now)
    }

    /// The seconds of the allowance used so far, for the store.
    public func secondsUsed(now: UInt64) -> Int? {
        secondsLeft(now: now).map { max(0, secondsAllowed - $0) }
    }

    // MARK: - Told by the app

    /// The lock was granted (or practice began): show the banner and start the clock.
    public mutating func started(now: UInt64) {
        let remaining = max(1, secondsAllowed - secondsUsedBefore)
        deadline = now + UInt64(remaining) * 1_000_000_000
        rearmWarnings(secondsLeft: remaining)
        phase = .startBanner(until: now + Self.bannerNanoseconds)
        if practice, let note = suggestions.missingDictionaryNote { show(note, now: now) }
    }

    /// Warns again at every mark still ahead; a mark at or beyond the time left would
    /// warn at once, so it counts as given.
    private mutating func rearmWarnings(secondsLeft: Int) {
        warningsGiven = Set(Self.warningMinutes.filter { $0 * 60 >= secondsLeft })
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
        if let until = promptLockedUntil, now >= until { promptLockedUntil = nil }
        switch phase {
        case .startBanner(let until) where now >= until: phase = .question
        case .endBanner(let until) where now >= until: phase = .receipt
        case .onBreak(let since, let until) where now >= until:
            phase = .question
            return endBreak(since: since, now: now)
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
        if key == Self.proctorKey, isInExam, phase != .submitting, phase != .proctor {
            openPanel()
            return []
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
        case .paused:
            return []
        case .onBreak:
            guard key == .enter, case .onBreak(let since, _) = phase else { return [] }
            phase = .question
            return endBreak(since: since, now: now)
        case .proctor:
            return handleInPanel(key, now: now)
        case .scratchpad:
            if key == .function(5) || key == .escape {
                phase = .question
            } else if case .refused(let why) = AnswerControl.edit(
                &scratchpad, key, width: AnswerControl.essayTextWidth(answerWidth: answerWidth), multiLine: true) {
                show(why, now: now)
            }
            return []
        }
    }

    private mutating func handleInQuestion(_ key: Key, now: UInt64, answerWidth: Int) -> [FlowEffect] {
        switch key {
        case .tab, .pageDown:
            return go(to: sitting.current + 1)
        case .backTab, .pageUp:
            guard sitting.canGoBack else {
                show("This exam does not allow going back to earlier questions.", now: now)
                return []
            }
            return go(to: sitting.current - 1)
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
        case .function(5):
            if sitting.canUseScratchpad {
                phase = .scratchpad
            } else {
                show("This exam has no scratchpad.", now: now)
            }
            return [.saveNow]
        case .function(6):
            return startBreak(now: now)
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

    private mutating func go(to index: Int) -> [FlowEffect] {
        if index >= sitting.questions.count {
            phase = .review(selection: sitting.current)
            return [.saveNow]
        }
        guard show(question: index) else { return [] }
        return [.saveNow]
    }

    private mutating func handleInPalette(_ key: Key, selection: Int) -> [FlowEffect] {
        let count = sitting.questions.count
        switch key {
        case .left, .up: phase = .palette(selection: max(0, selection - 1))
        case .right, .down: phase = .palette(selection: min(count - 1, selection + 1))
        case .enter:
            show(question: selection)
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
                show(question: selection)
                phase = .question
            }
        case .character("s"), .character("S"): phase = .confirmSubmit
        case .escape, .function(4): phase = .question
        default: break
        }
        return []
    }
}

// MARK: - Breaks and the proctor's panel

extension ExamFlow {
    /// Starts a break when one is left: the screen is hidden and the timer stops.
    private mutating func startBreak(now: UInt64) -> [FlowEffect] {
        guard breaks.count > 0 else { return [] }
        guard breaksLeft > 0 else {
            show("No breaks are left.", now: now)
            return []
        }
        breaksTaken += 1
        clockStoppedAt = now
        phase = .onBreak(since: now, until: now + UInt64(breaks.minutes) * 60_000_000_000)
        return [.saveNow, .log(.proctor(.breakStarted(number: breaksTaken, allowed: breaks.count, minutes: breaks.minutes)))]
    }

    /// Ends the break that began at `since` (the caller leaves the break screen): the
    /// timer goes on where it stopped.
    private mutating func endBreak(since: UInt64, now: UInt64) -> [FlowEffect] {
        restartClock(now: now)
        return [.log(.proctor(.breakEnded(seconds: Self.seconds(from: since, to: now))))]
    }

    /// Moves the deadline by the time the clock was stopped, and starts it again.
    private mutating func restartClock(now: UInt64) {
        if let stopped = clockStoppedAt, let current = deadline, now > stopped {
            deadline = current + (now - stopped)
        }
        clockStoppedAt = nil
    }

    private mutating func openPanel() {
        phaseBeforePanel = phase
        panel = ProctorPanel(examIsPaused: phase == .paused)
        phase = .proctor
    }

    private mutating func closePanel(now: UInt64) {
        panel = nil
        phase = phaseBeforePanel
        if !phase.holdsTheClock { restartClock(now: now) }
    }

    private mutating func handleInPanel(_ key: Key, now: UInt64) -> [FlowEffect] {
        guard var panel else { return [] }
        if promptLockedUntil != nil, key != .escape { return [] }
        let outcome = panel.handle(key)
        self.panel = panel
        switch outcome {
        case .nothing:
            return []
        case .close:
            closePanel(now: now)
            return []
        case .checkPassword(let password):
            return [.verifyPassword(password)]
        case .perform(let action, let minutes, let reason):
            return perform(action, minutes: minutes, reason: reason, now: now)
        }
    }

    /// The app checked the password typed at the panel. Three wrong in a row lock the
    /// prompt for a minute.
    public mutating func proctorPasswordChecked(accepted: Bool, now: UInt64) -> [FlowEffect] {
        guard var panel, phase == .proctor else { return [] }
        if accepted {
            passwordFailures = 0
            panel.passwordChecked(accepted: true)
            self.panel = panel
            // Behind the password the proctor works on the candidate's time: stop the
            // clock until the panel closes (never before, or Ctrl-] alone would stop it).
            var effects: [FlowEffect] = []
            if case .onBreak(let since, _) = phaseBeforePanel {
                effects = endBreak(since: since, now: now)
                phaseBeforePanel = .question
            }
            if clockStoppedAt == nil { clockStoppedAt = now }
            return effects + [.log(.proctor(.passwordAccepted))]
        }
        passwordFailures += 1
        var effects: [FlowEffect] = [.log(.proctor(.passwordRejected(failures: passwordFailures)))]
        if passwordFailures >= Self.passwordTries {
            passwordFailures = 0
            promptLockedUntil = now + UInt64(Self.promptLockSeconds) * 1_000_000_000
            panel.passwordChecked(accepted: false, message: "Too many wrong passwords: the prompt is locked for a minute.")
            effects.append(.log(.proctor(.promptLockedOut(seconds: Self.promptLockSeconds))))
        } else {
            panel.passwordChecked(accepted: false, message: "Wrong password.")
        }
        self.panel = panel
        return effects
    }

    private mutating func perform(_ action: ProctorPanel.Action, minutes: Int, reason: String, now: UInt64) -> [FlowEffect] {
        panel = nil
        switch action {
        case .pause:
            phase = .paused
            return [.saveNow, .log(.proctor(.paused(reason: reason)))]
        case .resume:
            let since = clockStoppedAt ?? now
            restartClock(now: now)
            phase = .question
            return [.log(.proctor(.unpaused(seconds: Self.seconds(from: since, to: now))))]
        case .addTime:
            secondsAllowed += minutes * 60
            deadline = deadline.map { $0 + UInt64(minutes) * 60_000_000_000 }
            if let left = secondsLeft(now: now) { rearmWarnings(secondsLeft: left) }
            closePanel(now: now)
            show("The proctor added \(minutes) minute\(minutes == 1 ? "" : "s").", now: now)
            return [.allowedTimeChanged(seconds: secondsAllowed), .log(.proctor(.timeAdded(minutes: minutes, reason: reason)))]
        case .endExam:
            phase = .submitting
            return [.log(.proctor(.endedExam(reason: reason))), .saveNow, .submit(reason: "proctor")]
        case .abort:
            phase = .submitting
            return [.saveNow, .abort(reason: reason)]
        case .close:
            closePanel(now: now)
            return []
        }
    }
}
