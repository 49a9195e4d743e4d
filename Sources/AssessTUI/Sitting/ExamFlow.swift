import AssessCore
import AssessExam

/// The student's whole flow as one state machine: welcome, consent, the lock banner,
/// the questions, the palette, review, confirmation, the unlocked banner and the
/// receipt, with breaks, pauses and the proctor's panel. Everything that happens enters
/// through `update(_:now:)` as a ``FlowEvent`` and leaves as ``FlowEffect``s: the flow
/// does no I/O, so it is tested without a terminal. Times are monotonic nanoseconds.
public struct ExamFlow: Sendable {
    /// Where the student is, with what belongs to that step.
    public indirect enum Phase: Sendable, Equatable {
        /// The proctor's screen before the hand-over (`assess launch`): extra time,
        /// breaks, restrictions, suggestions and accessibility; Enter hands the terminal
        /// over with them, Esc cancels.
        case launchSetup(LaunchSetup)
        case welcome
        /// The student chose to begin; waiting for the engine's consent request or the
        /// attempt (the welcome screen stays up).
        case starting
        /// The engine asks the student's consent to lock.
        case consent(ConsentRequest)
        /// "Locked until you submit" (or "practice"), shown until the student presses
        /// Enter: the first question shows then, and the exam's clock starts (after a
        /// common start it runs from the opening already: ``clockCountsFrom``).
        case startBanner
        case question
        /// The question palette, with the highlighted question.
        case palette(selection: Int)
        /// The review list, with the highlighted question.
        case review(selection: Int)
        /// "Submit? This cannot be undone."
        case confirmSubmit
        /// "Take a break now?": a break once taken is spent.
        case confirmBreak
        /// "Leave this question for good?": a linear exam does not come back to it.
        case confirmLeave
        /// Waiting for the writer to finish submitting.
        case submitting
        /// "No longer locked", shown until `until`; then the receipt.
        case endBanner(until: UInt64, receipt: ReceiptInfo)
        case receipt(ReceiptInfo)
        /// The exam could not start; the sentence says why, and leaving ends the sitting as `outcome`.
        case refused(String, outcome: SittingOutcome)
        /// The proctor paused the exam: the screen is hidden and the timer stopped.
        case paused
        /// The candidate is on a break (since `since`, at most until `until`): the screen
        /// is hidden and the timer stopped.
        case onBreak(since: UInt64, until: UInt64)
        /// The proctor's panel is open; closing it returns to `returningTo`.
        case proctor(ProctorPanel, returningTo: Phase)
        /// The student's scratchpad: notes that are never saved, submitted or marked.
        case scratchpad
        /// A signal, a hang-up or the proctor's abort ends the sitting; waiting for the
        /// writer to save and release the lock.
        case leaving(Leaving)
        /// Every key of the screen the student came from (F1, or `?` where it is not
        /// text); any of Esc, Enter, F1 or `?` goes back.
        case help(returningTo: Phase)
        /// The accessibility settings the student may switch inside the exam, with the
        /// highlighted one; Esc goes back.
        case settings(selection: Int, returningTo: Phase)

        /// True for the phases whose keys the help screen lists: every screen that takes
        /// keys, but the proctor's panel while it checks the password (its answer must find
        /// the panel open).
        var offersHelp: Bool {
            switch self {
            case .launchSetup, .welcome, .consent, .startBanner, .question, .palette, .review, .confirmSubmit,
                 .confirmBreak, .confirmLeave, .onBreak, .receipt, .refused, .scratchpad, .settings:
                return true
            case .proctor(let panel, _): return panel.step != .checking
            default: return false
            }
        }

        /// The phase itself; for the help screen, the phase it goes back to, which goes on
        /// under it (a break's end, a pending consent, the proctor's open panel).
        var beneathHelp: Phase {
            if case .help(let returningTo) = self { return returningTo }
            return self
        }

        /// True for the phases during which the exam's timer stands still.
        var holdsTheClock: Bool {
            switch beneathHelp {
            case .paused, .onBreak: return true
            default: return false
            }
        }

        /// True between the start banner and submission.
        var isInExam: Bool {
            switch self {
            case .startBanner, .question, .palette, .review, .confirmSubmit, .submitting, .paused, .onBreak, .proctor,
                 .scratchpad, .settings, .confirmBreak, .confirmLeave:
                return true
            case .help(let returningTo): return returningTo.isInExam
            default: return false
            }
        }
    }

    /// The common start of a sitting with a roster: its welcome screen waits until the
    /// proctor opens the sitting, or until the student types the start code the proctor
    /// announces, and the exam's clock counts from the opening.
    public enum CommonStart: Sendable, Equatable {
        /// No common start: Enter begins, and the clock starts at the first question.
        case none
        /// Waiting for the opening or a code (typed in ``ExamFlow/startCode``); `refused`
        /// when the last code typed was wrong.
        case waiting(refused: Bool)
        /// The typed code is being checked with the store.
        case checking(String)
        /// Opened: the exam's clock counts from this moment.
        case opened(at: UInt64)
    }

    /// Why a sitting is leaving before its end.
    public enum Leaving: Sendable, Equatable {
        case interrupted(String)
        case aborted(String)
    }

    public private(set) var phase: Phase = .welcome
    /// Where the sitting's common start stands.
    public private(set) var commonStart: CommonStart = .none
    /// The start code typed on the welcome screen while it waits for the common start.
    public private(set) var startCode = ExamFlow.emptyStartCode
    public private(set) var sitting: ExamSitting
    /// The answer controls of the questions visited so far, by question id.
    public private(set) var controls: [String: AnswerControl] = [:]
    /// A one-line message for the student, and when it disappears.
    public private(set) var notice: (text: String, until: UInt64)?
    /// The last message shown, kept until the next: the screen reader's layout writes it
    /// on a line of its own, so that it is never only a transient overlay.
    public private(set) var announcement: String?
    /// The language of the screens and messages (English unless set).
    public var language = InterfaceLanguage.english {
        didSet { suggestions.text = text }
    }
    /// The strings in ``language``.
    public var text: Catalogue { Catalogue.of(language) }
    /// The accessibility settings the screens follow now. A clock by the minute sets the
    /// progress's pace: saved when the loop wakes anyway, not every 5 s of its own.
    public private(set) var accessibility: AccessibilitySettings {
        didSet { autosave.pace = Self.progressPace(accessibility) }
    }
    /// The log's record of the accessibility settings the sitting starts with, and who
    /// chose them (the launch screen's hand-over makes it anew).
    public private(set) var accessibilityRecord: SessionEvent
    /// False on a terminal without colours (or with `NO_COLOR`): no colour, whatever was chosen.
    public let terminalHasColours: Bool

    /// The settings the screen is drawn in now: the proctor's launch screen is drawn in
    /// the plain look (without colour where the terminal has none), every other in the
    /// student's.
    public var screenAccessibility: AccessibilitySettings {
        guard case .launchSetup = phase.beneathHelp else { return accessibility }
        return terminalHasColours ? AccessibilitySettings() : AccessibilitySettings([.noColour])
    }
    /// The settings the student may switch inside the exam (the policy's `student-settings`).
    public let studentMaySwitch: Set<AccessibilityOption>
    /// The candidate's id, for the screens.
    public let candidate: String
    /// True for a practice sitting (no lock).
    public let practice: Bool
    /// The exam key's short form, for the screens.
    public let shortKey: String
    /// The longest the lock may last, for the consent and banner texts.
    public let maximumLockHours: Double
    /// The terminal's size, as the last ``FlowEvent/resized(_:)`` said.
    public private(set) var size: TerminalSize
    /// The attempt's id once it has started.
    public private(set) var attemptID: String?
    /// The exam's timer: it starts when the first question shows and is moved by pauses,
    /// breaks and added time.
    public private(set) var clock: ExamClock
    /// True when this sitting continues an attempt a crash interrupted.
    public let isResumed: Bool
    /// The breaks this candidate may take (the monitor may allow one more).
    public private(set) var breaks: BreakAllowance
    /// How many breaks have been taken.
    public private(set) var breaksTaken: Int
    /// The proctor's commands this sitting has carried out, by the store's number: one that
    /// comes again (its acknowledgement was lost) is acknowledged, not carried out twice.
    public private(set) var carriedOutCommands: Set<Int64> = []
    /// The lockout in front of the proctor's panel.
    public private(set) var gate = ProctorGate()
    /// True while what the sitting saved waits on this terminal for the store's server.
    public private(set) var savedOnThisTerminal = false
    /// When to ask the writer to try the server again while writes wait.
    private var nextDelivery: UInt64 = 0
    /// How often the writer tries the server again while writes wait, whatever the phase
    /// (on the receipt screen nothing else would).
    static let deliveryEvery: Duration = .seconds(2)
    /// The scratchpad's text: kept in memory only, gone when the program ends.
    public private(set) var scratchpad = TextEditor(mode: .multiLine)
    /// Spell check, completion and autocorrect for prose answers; its settings follow
    /// the engine's (``FlowEvent/suggestionsChanged(_:)``).
    public var suggestions = SuggestionControl() {
        didSet { if suggestions.text != text { suggestions.text = text } }
    }
    private var autosave = AutosaveSchedule()
    /// When the lock reaches its longest allowed time (from the moment the attempt started).
    private var lockDeadline: UInt64?
    /// The warnings that the lock's longest time ends (and the answers are submitted) given so far.
    private var lockWarnings = WarningMarks()

    /// How long the end banner stays up before the receipt (which waits for Enter).
    public static let bannerTime: Duration = .seconds(5)
    /// How long a notice stays up.
    public static let noticeTime: Duration = .seconds(4)
    /// The key that opens the help screen (so does `?` where it is not text).
    public static let helpKey = Key.function(1)
    /// The key that opens the settings the student may switch inside the exam.
    public static let settingsKey = Key.function(9)
    /// The key that opens the proctor's panel. It is shown nowhere on the student's screens.
    public static let proctorKey = Key.control("]")
    /// The smallest terminal the screens are laid out for; keys do nothing below it.
    public static let minimumSize = TerminalSize(columns: 80, rows: 24)

    /// Creates the flow of one sitting.
    ///
    /// - Parameters:
    ///   - secondsAllowed: The candidate's time, extra time included; the exam's duration when `nil`.
    ///   - resumedWithSecondsUsed: For a resumed attempt, the time it has already used.
    ///   - breaks: The breaks the candidate may take, and `breaksTaken` how many are used.
    ///   - size: The terminal's size until a ``FlowEvent/resized(_:)`` says otherwise.
    ///   - accessibility: The settings the sitting starts with, chosen by `chosenBy`
    ///     (`proctor` or `student`, for the log); `studentMaySwitch` those the student may
    ///     switch inside the exam.
    ///   - terminalHasColours: False turns colour off whatever `accessibility` says.
    ///   - launch: The proctor's launch screen, shown first when given; its hand-over
    ///     replaces the time allowed, the breaks, the restrictions and the accessibility
    ///     settings given here.
    ///   - waitsForOpening: The welcome screen waits for the sitting's common start.
    public init(sitting: ExamSitting, candidate: String, practice: Bool, maximumLockHours: Double,
                secondsAllowed: Int? = nil, resumedWithSecondsUsed: Int? = nil,
                breaks: BreakAllowance = .none, breaksTaken: Int = 0,
                size: TerminalSize = TerminalSize(columns: 100, rows: 30),
                accessibility: AccessibilitySettings = AccessibilitySettings(), chosenBy: String = "proctor",
                terminalHasColours: Bool = true,
                studentMaySwitch: Set<AccessibilityOption> = [], launch: LaunchSetup? = nil,
                waitsForOpening: Bool = false) {
        (self.accessibility, accessibilityRecord) = Self.adopt(accessibility, chosenBy: chosenBy,
                                                               terminalHasColours: terminalHasColours)
        autosave.pace = Self.progressPace(self.accessibility)
        self.terminalHasColours = terminalHasColours
        self.studentMaySwitch = studentMaySwitch
        self.sitting = sitting
        self.candidate = candidate
        self.practice = practice
        self.shortKey = ExamKey.short(sitting.examKey)
        self.maximumLockHours = maximumLockHours
        self.clock = ExamClock(secondsAllowed: secondsAllowed ?? sitting.exam.durationSeconds,
                               secondsUsedBefore: resumedWithSecondsUsed ?? 0)
        self.isResumed = resumedWithSecondsUsed != nil
        self.breaks = breaks
        self.breaksTaken = breaksTaken
        self.size = size
        if let launch { phase = .launchSetup(launch) }
        if waitsForOpening { commonStart = .waiting(refused: false) }
        prepareControl()
    }

    /// `requested`, with colour off on a terminal without colours, and its record for the log.
    private static func adopt(_ requested: AccessibilitySettings, chosenBy who: String,
                              terminalHasColours: Bool) -> (AccessibilitySettings, SessionEvent) {
        guard !terminalHasColours, !requested.isOn(.noColour) else {
            return (requested, .accessibilitySet(requested, by: who))
        }
        var settings = requested
        settings.set(.noColour, on: true)
        return (settings, .accessibilitySet(settings, by: who + ", environment"))
    }

    /// The proctor hands the terminal over with `settings`: they replace the ones the
    /// flow was made with, and the welcome screen shows.
    private mutating func handOver(_ settings: LaunchSettings) -> [FlowEffect] {
        let exam = sitting.exam
        clock = ExamClock(secondsAllowed: settings.secondsAllowed(for: exam))
        breaks = settings.breaks
        sitting.apply(restrictionStates: settings.restrictionStates)
        (accessibility, accessibilityRecord) = Self.adopt(settings.accessibility, chosenBy: "proctor",
                                                          terminalHasColours: terminalHasColours)
        phase = .welcome
        return [.handOver(settings, log: settings.proctorEvents(for: exam) + [accessibilityRecord])]
    }

    /// True when the sitting was made to wait for its common start.
    public var waitsForOpening: Bool { commonStart != .none }

    /// True while the welcome screen waits for the common start.
    public var isWaitingForOpening: Bool {
        switch commonStart {
        case .waiting, .checking: return true
        case .none, .opened: return false
        }
    }

    /// The longest start code the welcome screen takes.
    static let longestStartCode = 12
    /// The start code's field as the welcome screen opens, and again after a wrong code.
    static let emptyStartCode = LineField(characters: .code, maximumLength: longestStartCode)

    /// The sitting is open (since `moment`): a welcome screen that waited goes on by itself.
    private mutating func opened(at moment: UInt64) -> [FlowEffect] {
        guard isWaitingForOpening else { return [] }
        commonStart = .opened(at: moment)
        guard phase.beneathHelp == .welcome else { return [] }
        phase = .starting
        return [.begin]
    }

    /// A key on the welcome screen while it waits: the start code, typed.
    private mutating func typeStartCode(_ key: Key) -> [FlowEffect] {
        guard case .waiting = commonStart else { return [] }
        if key == .enter {
            guard !startCode.text.isEmpty else { return [] }
            commonStart = .checking(startCode.text)
            return [.checkStartCode(startCode.text)]
        }
        if startCode.handle(key) == .changed { commonStart = .waiting(refused: false) }
        return []
    }

    /// Breaks the candidate may still take.
    public var breaksLeft: Int { max(0, breaks.count - breaksTaken) }

    /// True between the start banner and submission: quit keys are refused and logged.
    public var isInExam: Bool { phase.isInExam }

    /// True while the sitting renews its lease itself: an attempt is running and the flow
    /// hands its progress to the writer every few seconds (with the clock by the minute,
    /// whenever the loop wakes, the store knowing the holder alive in between), and the
    /// store takes the lease with each progress save, so the seat's line to the monitor
    /// need not.
    public var renewsLease: Bool {
        isInExam && attemptID != nil && phase != .submitting
    }

    /// True when the terminal is smaller than the screens are laid out for.
    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    /// True while the flow waits for a result from the writer that the screen depends on
    /// (the lock, the submission, a password check, the lock's release): the app then
    /// looks for results often instead of waiting for a key.
    public var isAwaitingResult: Bool {
        switch phase {
        case .starting, .submitting, .leaving: return true
        case .consent: return false
        case .proctor(let panel, _): return panel.step == .checking
        default: return false
        }
    }

    /// The proctor's panel, while it is open (the help screen may be over it).
    public var panel: ProctorPanel? {
        if case .proctor(let panel, _) = phase.beneathHelp { return panel }
        return nil
    }

    /// The receipt, once submitted.
    public var receipt: ReceiptInfo? {
        switch phase.beneathHelp {
        case .endBanner(_, let receipt), .receipt(let receipt): return receipt
        default: return nil
        }
    }

    /// The width of the answer area on the terminal.
    public var answerWidth: Int { ExamScreens.answerWidth(columns: size.columns) }

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

    /// The seconds this candidate is allowed, extra and added time included.
    public var secondsAllowed: Int { clock.secondsAllowed }

    /// The seconds already used before this sitting began (a resumed attempt).
    public var secondsUsedBefore: Int { clock.secondsUsedBefore }

    /// Seconds left, rounded up; `nil` before the clock starts. Frozen while the timer is stopped.
    public func secondsLeft(now: UInt64) -> Int? {
        clock.secondsLeft(now: now)
    }

    /// Seconds until the prompt opens again after too many wrong passwords; `nil` when it is not locked.
    public func promptLockSecondsLeft(now: UInt64) -> Int? {
        gate.secondsLocked(now: now)
    }

    /// The seconds of the allowance used so far, for the store.
    public func secondsUsed(now: UInt64) -> Int? {
        clock.secondsUsed(now: now)
    }

    /// How long from `now` until the flow next needs a tick: the timer's next second, a
    /// due save, a banner's or notice's end; never more than a second. On a question or a
    /// break with reduced motion or the screen reader's layout the clock on screen changes
    /// once a minute until its last minute, so the loop sleeps until that change, the next
    /// answer's save or the lock's end, up to a minute (the progress, and with it the
    /// lease, is saved when it wakes): a signal or a result from the writer wakes it at
    /// once (``LoopWaker``).
    public func untilNextTick(now: UInt64) -> Duration {
        if let quiet = untilNextMinuteChange(now: now) { return quiet }
        var wait = Duration.seconds(1)
        if let nextSecond = clock.untilNextSecond(now: now) { wait = min(wait, nextSecond) }
        if let due = autosave.untilDue(now: now) { wait = min(wait, due) }
        switch phase.beneathHelp {
        case .endBanner(let until, _), .onBreak(_, let until):
            wait = min(wait, MonotonicTime.span(from: now, to: until))
        default: break
        }
        return wait
    }

    /// The progress's pace for `settings`: while the clock shows whole minutes the loop
    /// sleeps from one minute to the next, and the progress (the lease's renewal) waits for
    /// it to wake rather than waking it every 5 s.
    static func progressPace(_ settings: AccessibilitySettings) -> AutosaveSchedule.Pace {
        ScreenLook(settings).clockByTheMinute ? .whenAwake : .timed
    }

    /// The wait until the next change when the screen shows whole minutes only (a
    /// question's clock or a break's countdown, no notice, reduced motion or the screen
    /// reader's layout, more than a minute left); `nil` when something on the screen may
    /// change within a second.
    private func untilNextMinuteChange(now: UInt64) -> Duration? {
        guard notice == nil, ScreenLook(accessibility).clockByTheMinute else { return nil }
        let countdown: Duration
        switch phase {
        case .question:
            guard clock.untilNextSecond(now: now) != nil, let deadline = clock.deadline else { return nil }
            countdown = MonotonicTime.span(from: now, to: deadline)
        case .onBreak(_, let until):
            countdown = MonotonicTime.span(from: now, to: until)
        default:
            return nil
        }
        // The minutes shown (rounded up) change when the seconds left reach a multiple of 60.
        let left = MonotonicTime.secondsRoundedUp(countdown)
        guard left > 60 else { return nil }
        var wait = countdown - .seconds((left - 1) / 60 * 60)
        if isInExam, let progress = autosave.untilProgressDue(now: now) { wait = min(wait, progress) }
        if let due = autosave.untilDue(now: now) { wait = min(wait, due) }
        if let lockDeadline { wait = min(wait, MonotonicTime.span(from: now, to: lockDeadline)) }
        return wait
    }

    // MARK: - The one update

    /// Applies one event at monotonic time `now`; returns what the app should do.
    public mutating func update(_ event: FlowEvent, now: UInt64) -> [FlowEffect] {
        switch event {
        case .key(let key): return handle(key, now: now) + tick(now: now)
        case .tick: return tick(now: now)
        case .resized(let newSize): return resized(to: newSize)
        case .stop(let reason): return leave(.interrupted(reason), now: now)
        case .consentRequested(let request):
            guard phase == .starting else { return [.consent(granted: false)] }
            phase = .consent(request)
            return []
        case .attemptStarted(let id):
            // A sitting leaving before this arrived still owns the attempt (it stays in progress).
            if case .leaving = phase { attemptID = id }
            guard phase == .starting || isConsent else { return [] }
            attemptID = id
            if !practice { lockDeadline = MonotonicTime.moment(now, plus: .seconds(maximumLockHours * 3600)) }
            if let lockDeadline { lockWarnings.rearm(secondsLeft: MonotonicTime.seconds(until: lockDeadline, from: now)) }
            phase = .startBanner
            // After a common start the time counts from the opening, the banner's wait too: the
            // clock runs from now, so its warnings and its time-out come on the banner as well.
            if let opening = clockCountsFrom { clock.start(now: min(opening, now)) }
            return []
        case .lockRefused(.declined):
            guard phase == .starting || isConsent else { return [] }
            phase = .welcome
            return [.exit(.notStarted(.declined))]
        case .lockRefused(let reason):
            guard phase == .starting || isConsent else { return [] }
            phase = .refused(sentence(for: reason), outcome: .notStarted(reason))
            return []
        case .attemptNotStored(let problem):
            guard phase == .starting || isConsent else { return [] }
            phase = .refused(text("refused.not-stored", ["problem": problem]), outcome: .notRecorded(problem))
            return []
        case .saveFailed(let ids, let problem):
            autosave.failed(ids, now: now)
            show(text("notice.save-failed", ["problem": problem]), now: now)
            return []
        case .submitted(let receipt, let problem):
            if let problem { show(text("notice.submission-not-recorded", ["problem": problem]), now: now) }
            phase = .endBanner(until: MonotonicTime.moment(now, plus: Self.bannerTime), receipt: receipt)
            return []
        case .passwordChecked(let accepted):
            return passwordChecked(accepted: accepted, now: now)
        case .allowedTimeNotStored(let problem):
            show(text("notice.time-not-stored", ["problem": problem]), now: now)
            return []
        case .suggestionsChanged(let settings):
            suggestions.follow(settings)
            return []
        case .pasteRejected(let count):
            show(text("notice.paste-rejected"), now: now)
            return [.log(.pasteRejected(characters: count))]
        case .proctorCommand(let command):
            guard !carriedOutCommands.contains(command.id) else { return [.acknowledgeCommand(id: command.id)] }
            // Before the attempt starts a command waits (unacknowledged, so the seat hears it
            // again): what it changes belongs to the attempt, which the store keeps. So it does
            // while the start banner waits for Enter, where a pause or an end would be refused.
            guard command.action == .message || (attemptID != nil && phase != .startBanner) else { return [] }
            carriedOutCommands.insert(command.id)
            return carryOut(command, now: now)
        case .sittingOpened(let secondsAgo):
            let ago = UInt64(max(0, min(secondsAgo, 24 * 3600)) * 1e9)
            return opened(at: now > ago ? now - ago : 0)
        case .startCodeChecked(let accepted, let problem):
            guard case .checking = commonStart else { return [] }
            if accepted { return opened(at: now) }
            startCode = Self.emptyStartCode
            commonStart = .waiting(refused: problem == nil)
            if let problem { show(text("notice.start-code-unchecked", ["problem": problem]), now: now) }
            return []
        case .released(let abortStored):
            guard case .leaving(let why) = phase else { return [] }
            switch why {
            case .interrupted(let reason):
                return [.exit(.interrupted(reason, attemptInProgress: attemptID != nil && receipt == nil))]
            case .aborted(let reason):
                return [.exit(.aborted(reason, stored: abortStored))]
            }
        case .savedOnThisTerminal(let waiting):
            savedOnThisTerminal = waiting
            nextDelivery = MonotonicTime.moment(now, plus: Self.deliveryEvery)
            return []
        }
    }

    private var isConsent: Bool {
        if case .consent = phase.beneathHelp { return true }
        return false
    }

    /// What the student reads when the lock is refused, with the engine's details (who
    /// holds the lock, what is wrong with the terminal) in the student's language.
    func sentence(for reason: LockFailureReason) -> String {
        let detail = reason.sentence(in: text)
        switch reason {
        case .heldByAnother, .staleLock: return text("refused.locked", ["detail": detail])
        case .surroundings: return text("refused.not-ready", ["detail": detail])
        case .declined: return text("refused.declined")
        default: return text("refused.failed", ["detail": detail])
        }
    }

    /// Shows `text` on the notice line for a few seconds.
    mutating func show(_ text: String, now: UInt64) {
        notice = (text, MonotonicTime.moment(now, plus: Self.noticeTime))
        announcement = text
    }

    private mutating func resized(to newSize: TerminalSize) -> [FlowEffect] {
        let wasTooSmall = isTooSmall
        size = newSize
        guard isTooSmall != wasTooSmall, isInExam else { return [] }
        return [.log(isTooSmall ? .terminalTooSmall(columns: size.columns, rows: size.rows)
                                : .terminalSizeRestored(columns: size.columns, rows: size.rows))]
    }

    // MARK: - Saving

    /// Everything unsaved, with the progress: what leaving a question, submitting and
    /// leaving the sitting write.
    private mutating func everythingUnsaved(now: UInt64) -> SaveBatch {
        batch(autosave.takeAll(now: now), now: now, withProgress: true)
    }

    private func batch(_ ids: [String], now: UInt64, withProgress: Bool) -> SaveBatch {
        let answers = ids.map {
            SaveBatch.Answer(questionID: $0, response: sitting.responses[$0], flagged: sitting.flagged.contains($0))
        }
        let progress = withProgress && attemptID != nil ? secondsUsed(now: now).map {
            SaveBatch.Progress(secondsUsed: $0, currentQuestion: sitting.current, breaksTaken: breaksTaken)
        } : nil
        return SaveBatch(answers: answers, progress: progress)
    }

    /// Saves everything unsaved now (leaving a question, opening a list).
    private mutating func saveNow(now: UInt64) -> [FlowEffect] {
        let saving = everythingUnsaved(now: now)
        return saving.isEmpty ? [] : [.save(saving)]
    }

    private mutating func answerChanged(_ id: String, now: UInt64) {
        autosave.changed(id, now: now)
    }

    // MARK: - Time

    /// Advances banners, notices, the timer and autosave. Returns the effects that are
    /// due (a save, a warning to log, a submission when time is up).
    private mutating func tick(now: UInt64) -> [FlowEffect] {
        if let current = notice, now >= current.until { notice = nil }
        gate.tick(now: now)
        var effects: [FlowEffect] = []
        // A break ends in its time even under the help screen, which closes with it.
        switch phase.beneathHelp {
        case .endBanner(let until, let receipt) where now >= until: phase = .receipt(receipt)
        case .onBreak(let since, let until) where now >= until:
            phase = .question
            effects += endBreak(since: since, now: now)
        default: break
        }
        if savedOnThisTerminal, now >= nextDelivery {
            nextDelivery = MonotonicTime.moment(now, plus: Self.deliveryEvery)
            effects.append(.deliver)
        }
        guard isInExam, phase != .submitting else { return effects }
        let due = autosave.dueAnswers(now: now)
        let progress = autosave.progressDue(now: now) || !due.isEmpty
        let saving = batch(due, now: now, withProgress: progress)
        if !saving.isEmpty { effects.append(.save(saving)) }
        if let lockDeadline, now >= lockDeadline {
            return effects + submit(.lockExpired, now: now)
        }
        if clock.secondsLeft(now: now) == 0 {
            return effects + submit(.timeUp, now: now)
        }
        if let minutes = clock.dueWarning(now: now) {
            show(text.plural("notice.minutes-left", count: minutes), now: now)
            return effects + [.log(.timerWarning(minutesLeft: minutes))]
        }
        if let minutes = dueLockWarning(now: now) {
            show(text.plural("notice.lock-ends", count: minutes), now: now)
            return effects + [.log(.lockEndWarning(minutesLeft: minutes))]
        }
        return effects
    }

    /// The warning due at `now` that the lock reaches its longest time, and the answers
    /// are submitted, in so many minutes (at the exam clock's marks, once each); none while
    /// the exam's running clock ends first, since its own warnings say so.
    private mutating func dueLockWarning(now: UInt64) -> Int? {
        guard let lockDeadline else { return nil }
        let left = MonotonicTime.seconds(until: lockDeadline, from: now)
        if !clock.isStopped, let examLeft = clock.secondsLeft(now: now), examLeft <= left { return nil }
        return lockWarnings.due(secondsLeft: left)
    }

    /// The moment the exam's clock counts from when it is not the moment the first
    /// question shows: the common start's opening (a resumed attempt's clock goes on from
    /// the time it used instead).
    public var clockCountsFrom: UInt64? {
        guard case .opened(let moment) = commonStart, !isResumed else { return nil }
        return moment
    }

    /// The student leaves the banner: the first question shows and the exam's clock starts
    /// now (after a common start it has run from the opening since the lock). A
    /// resumed attempt that has already passed a warning mark (its time ran out past it
    /// before the crash or during the downtime) is warned of the nearest one here.
    private mutating func firstQuestion(now: UInt64) -> [FlowEffect] {
        phase = .question
        // Said on the first question, where it stays long enough to be read (behind the
        // banner it would be gone before the student saw it).
        if practice, let note = suggestions.missingDictionaryNote { show(note, now: now) }
        // After a common start the clock already runs (since the lock).
        guard clock.deadline == nil, let nearest = clock.start(now: now) else { return [] }
        show(text.plural("notice.minutes-left", count: nearest), now: now)
        return [.log(.timerWarning(minutesLeft: nearest))]
    }

    private mutating func submit(_ reason: SubmissionReason, now: UInt64) -> [FlowEffect] {
        let saving = everythingUnsaved(now: now)
        phase = .submitting
        return [.submit(reason, saving: saving, responses: sitting.responses)]
    }

    private mutating func leave(_ why: Leaving, now: UInt64) -> [FlowEffect] {
        if case .leaving = phase { return [] }
        let saving = everythingUnsaved(now: now)
        let consentPending = isConsent
        phase = .leaving(why)
        var effects: [FlowEffect] = consentPending ? [.consent(granted: false)] : []
        switch why {
        case .interrupted(let reason): effects.append(.interrupt(reason: reason, saving: saving))
        case .aborted(let reason): effects.append(.abort(reason: reason, saving: saving))
        }
        return effects
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

    private mutating func handle(_ key: Key, now: UInt64) -> [FlowEffect] {
        if key == .hangup { return leave(.interrupted("hangup"), now: now) }
        if isInExam, let name = Self.quitKeyName(key) {
            show(text("notice.key-does-nothing", ["key": name]), now: now)
            return [.log(.quitKeyIgnored(key: name))]
        }
        // Below the size the screens are laid out for, the screen says so and keys do nothing.
        if isTooSmall { return [] }
        if key == Self.proctorKey, isInExam, phase != .submitting, panel == nil {
            openPanel()
            return []
        }
        if phase.offersHelp, key == Self.helpKey || (key == .character("?") && !isTypingText) {
            phase = .help(returningTo: phase)
            return []
        }
        switch phase {
        case .launchSetup(var setup):
            switch setup.handle(key) {
            case .stay:
                phase = .launchSetup(setup)
                return []
            case .handOver: return handOver(setup.settings)
            case .cancel: return [.exit(.launchCancelled)]
            }
        case .welcome:
            if isWaitingForOpening {
                if key == .escape || key == .control("c") { return [.exit(.quitBeforeStart)] }
                return typeStartCode(key)
            }
            switch key {
            case .enter:
                phase = .starting
                return [.begin]
            case .character("q"), .escape, .control("c"): return [.exit(.quitBeforeStart)]
            default: return []
            }
        case .starting, .submitting, .leaving, .paused:
            return []
        case .consent:
            switch key {
            case .character("y"), .character("Y"), .enter:
                phase = .starting
                return [.consent(granted: true)]
            case .character("n"), .character("N"), .escape:
                phase = .starting
                return [.consent(granted: false)]
            default: return []
            }
        case .startBanner:
            if key == .enter || key == .character(" ") { return firstQuestion(now: now) }
            return []
        case .question:
            return handleInQuestion(key, now: now)
        case .palette(let selection):
            return handleInPalette(key, selection: selection, now: now)
        case .review(let selection):
            return handleInReview(key, selection: selection)
        case .confirmSubmit:
            switch key {
            case .character("y"), .character("Y"):
                return submit(.student, now: now)
            case .character("n"), .character("N"), .escape:
                phase = .review(selection: sitting.current)
            default: break
            }
            return []
        case .confirmBreak:
            switch key {
            case .character("y"), .character("Y"):
                phase = .question
                return startBreak(now: now)
            case .character("n"), .character("N"), .escape: phase = .question
            default: break
            }
            return []
        case .confirmLeave:
            switch key {
            case .character("y"), .character("Y"):
                phase = .question
                return go(to: sitting.current + 1, now: now)
            case .character("n"), .character("N"), .escape: phase = .question
            default: break
            }
            return []
        case .endBanner(_, let receipt):
            if key == .enter { phase = .receipt(receipt) }
            return []
        case .receipt:
            return key == .enter || key == .character("q") ? [.exit(.submitted)] : []
        case .refused(_, let outcome):
            return key == .enter || key == .character("q") ? [.exit(outcome)] : []
        case .onBreak(let since, _):
            guard key == .enter else { return [] }
            phase = .question
            return endBreak(since: since, now: now)
        case .proctor(let panel, let returningTo):
            return handleInPanel(key, panel: panel, returningTo: returningTo, now: now)
        case .help(let returningTo):
            if [.escape, .enter, Self.helpKey, .character("?")].contains(key) { phase = returningTo }
            return []
        case .settings(let selection, let returningTo):
            return handleInSettings(key, selection: selection, returningTo: returningTo, now: now)
        case .scratchpad:
            if key == .function(5) || key == .escape {
                phase = .question
            } else if case .refused(let why) = AnswerControl.edit(
                &scratchpad, key, width: AnswerControl.essayTextWidth(answerWidth: answerWidth)) {
                show(text(why), now: now)
            }
            return []
        }
    }

    private mutating func handleInQuestion(_ key: Key, now: UInt64) -> [FlowEffect] {
        switch key {
        case .tab, .pageDown:
            // Where there is no going back, leaving a question (not for the review) asks first.
            if !sitting.canGoBack, sitting.current + 1 < sitting.questions.count {
                phase = .confirmLeave
                return saveNow(now: now)
            }
            return go(to: sitting.current + 1, now: now)
        case .backTab, .pageUp:
            guard sitting.canGoBack else {
                show(text("notice.no-going-back"), now: now)
                return []
            }
            return go(to: sitting.current - 1, now: now)
        case .function(2):
            guard sitting.canFlag else {
                show(text("notice.no-flagging"), now: now)
                return []
            }
            sitting.toggleFlag()
            answerChanged(sitting.question.id, now: now)
            return []
        case .function(3):
            guard sitting.canJump else {
                show(text("notice.no-list"), now: now)
                return []
            }
            phase = .palette(selection: sitting.current)
            return saveNow(now: now)
        case .function(4):
            phase = .review(selection: sitting.current)
            return saveNow(now: now)
        case .function(5):
            if sitting.canUseScratchpad {
                phase = .scratchpad
            } else {
                show(text("notice.no-scratchpad"), now: now)
            }
            return saveNow(now: now)
        case .function(6):
            // A break once taken is spent: ask first.
            guard breaks.count > 0 else { return [] }
            guard breaksLeft > 0 else {
                show(text("notice.no-breaks"), now: now)
                return []
            }
            phase = .confirmBreak
            return []
        case Self.settingsKey:
            guard !switchableSettings.isEmpty else {
                show(text("notice.settings-fixed"), now: now)
                return []
            }
            phase = .settings(selection: 0, returningTo: .question)
            return saveNow(now: now)
        case .function(8):
            guard let on = suggestions.autocorrectToggle(for: control) else { return [] }
            return [.setSuggestion(.autocorrect, on: on)]
        default:
            // The control is taken out of `controls`, and the sitting lets go of its
            // response while the key is handled, so that an edit changes the answer's one
            // copy of its text in place (see `AnswerControl`).
            let id = sitting.question.id
            var control = controls.removeValue(forKey: id) ?? self.control
            let follows = sitting.responses[id] == control.response
            if follows { sitting.setResponse(nil, for: id) }
            let outcome = suggestions.handle(key, in: &control, width: answerWidth)
            controls[id] = control
            if follows || outcome == .changed { sitting.setResponse(control.response, for: id) }
            switch outcome {
            case .changed:
                answerChanged(id, now: now)
            case .refused(let why):
                show(text(why), now: now)
            case .ignored, .moved:
                break
            }
            return []
        }
    }

    private mutating func go(to index: Int, now: UInt64) -> [FlowEffect] {
        if index >= sitting.questions.count {
            phase = .review(selection: sitting.current)
            return saveNow(now: now)
        }
        guard show(question: index) else { return [] }
        return saveNow(now: now)
    }

    private mutating func handleInPalette(_ key: Key, selection: Int, now: UInt64) -> [FlowEffect] {
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

// MARK: - Accessibility settings inside the exam

extension ExamFlow {
    /// The settings the student may switch here, in the order the settings screen lists them.
    public var switchableSettings: [AccessibilityOption] {
        AccessibilityOption.allCases.filter(studentMaySwitch.contains)
    }

    /// True when a key typed now becomes text in an answer, the scratchpad or a field of
    /// the proctor's panel, so `?` is text there and only F1 opens the help.
    public var isTypingText: Bool {
        switch phase {
        case .scratchpad: return true
        case .proctor(let panel, _): return panel.takesText
        case .question:
            switch control.field {
            case .line, .essay: return true
            case .choices, .matching, .ordering: return false
            }
        default: return false
        }
    }

    private mutating func handleInSettings(_ key: Key, selection: Int, returningTo: Phase, now: UInt64) -> [FlowEffect] {
        let options = switchableSettings
        switch key {
        case .up: phase = .settings(selection: max(0, selection - 1), returningTo: returningTo)
        case .down, .tab: phase = .settings(selection: min(options.count - 1, selection + 1), returningTo: returningTo)
        case .character(" "), .enter, .left, .right:
            guard options.indices.contains(selection) else { return [] }
            let option = options[selection]
            let on = !accessibility.isOn(option)
            accessibility.set(option, on: on)
            show(text(on ? "notice.setting-on" : "notice.setting-off", ["setting": text.sentenceStart("setting." + option.rawValue)]), now: now)
            return [.log(.accessibilityChanged(option, on: on))]
        case .escape, Self.settingsKey: phase = returningTo
        default: break
        }
        return []
    }
}

// MARK: - Breaks and the proctor's panel

extension ExamFlow {
    /// Starts a break when one is left (the student said yes to ``Phase/confirmBreak``):
    /// the screen is hidden and the timer stops.
    private mutating func startBreak(now: UInt64) -> [FlowEffect] {
        guard breaksLeft > 0 else { return [] }
        breaksTaken += 1
        clock.stop(now: now)
        phase = .onBreak(since: now, until: MonotonicTime.moment(now, plus: .seconds(breaks.minutes * 60)))
        return saveNow(now: now)
            + [.log(.proctor(.breakStarted(number: breaksTaken, allowed: breaks.count, minutes: breaks.minutes)))]
    }

    /// Ends the break that began at `since` (the caller leaves the break screen): the
    /// timer goes on where it stopped.
    private mutating func endBreak(since: UInt64, now: UInt64) -> [FlowEffect] {
        clock.restart(now: now)
        return [.log(.proctor(.breakEnded(seconds: MonotonicTime.seconds(from: since, to: now))))]
    }

    private mutating func openPanel() {
        phase = .proctor(ProctorPanel(examIsPaused: phase == .paused, text: text), returningTo: phase)
    }

    private mutating func closePanel(returningTo: Phase, now: UInt64) {
        phase = returningTo
        if !phase.holdsTheClock { clock.restart(now: now) }
    }

    private mutating func handleInPanel(_ key: Key, panel: ProctorPanel, returningTo: Phase, now: UInt64) -> [FlowEffect] {
        if gate.isLocked(now: now), key != .escape { return [] }
        var panel = panel
        let outcome = panel.handle(key)
        phase = .proctor(panel, returningTo: returningTo)
        switch outcome {
        case .nothing:
            return []
        case .close:
            closePanel(returningTo: returningTo, now: now)
            return []
        case .checkPassword(let password):
            return [.verifyPassword(password)]
        case .perform(let action, let minutes, let reason):
            return perform(action, minutes: minutes, reason: reason, returningTo: returningTo, now: now)
        }
    }

    /// The password typed at the panel was checked. Three wrong in a row lock the
    /// prompt for a minute.
    private mutating func passwordChecked(accepted: Bool, now: UInt64) -> [FlowEffect] {
        guard case .proctor(var panel, var returningTo) = phase else { return [] }
        switch gate.checked(accepted: accepted, now: now) {
        case .accepted:
            panel.passwordChecked(accepted: true)
            // Behind the password the proctor works on the candidate's time: stop the
            // clock until the panel closes (never before, or Ctrl-] alone would stop it).
            var effects: [FlowEffect] = []
            if case .onBreak(let since, _) = returningTo {
                effects = endBreak(since: since, now: now)
                returningTo = .question
            }
            clock.stop(now: now)
            phase = .proctor(panel, returningTo: returningTo)
            return effects + [.log(.proctor(.passwordAccepted))]
        case .rejected(let failures):
            panel.passwordChecked(accepted: false, message: text("panel.wrong-password"))
            phase = .proctor(panel, returningTo: returningTo)
            return [.log(.proctor(.passwordRejected(failures: failures)))]
        case .lockedOut(let failures):
            panel.passwordChecked(accepted: false, message: text("panel.locked-out"))
            phase = .proctor(panel, returningTo: returningTo)
            return [.log(.proctor(.passwordRejected(failures: failures))),
                    .log(.proctor(.promptLockedOut(seconds: ProctorGate.lockSeconds)))]
        }
    }

    private mutating func perform(_ action: ProctorPanel.Action, minutes: Int, reason: String,
                                  returningTo: Phase, now: UInt64) -> [FlowEffect] {
        switch action {
        case .pause:
            phase = .paused
            return saveNow(now: now) + [.log(.proctor(.paused(reason: reason)))]
        case .resume:
            let since = clock.stoppedSince ?? now
            clock.restart(now: now)
            phase = .question
            return [.log(.proctor(.unpaused(seconds: MonotonicTime.seconds(from: since, to: now))))]
        case .addTime:
            clock.add(minutes: minutes, now: now)
            closePanel(returningTo: returningTo, now: now)
            show(text.plural("notice.time-added", count: minutes), now: now)
            return [.allowedTimeChanged(seconds: secondsAllowed), .log(.proctor(.timeAdded(minutes: minutes, reason: reason)))]
        case .endExam:
            return [.log(.proctor(.endedExam(reason: reason)))] + submit(.proctor, now: now)
        case .abort:
            return leave(.aborted(reason), now: now)
        case .close:
            closePanel(returningTo: returningTo, now: now)
            return []
        }
    }
}

// MARK: - Commands from the proctor's monitor

extension ExamFlow {
    /// How long a message from the monitor stays on the student's screen.
    public static let messageTime: Duration = .seconds(20)
    /// How long an extra break may last when the launch settings gave none.
    public static let extraBreakMinutes = 10

    /// True while the attempt runs and the proctor's panel is not open at the seat: a
    /// command from the monitor may change the exam.
    private var takesCommands: Bool {
        guard isInExam, attemptID != nil, panel == nil else { return false }
        switch phase.beneathHelp {
        case .submitting, .leaving, .startBanner: return false
        default: return true
        }
    }

    /// One break more, of `minutes` (or ``extraBreakMinutes``) when the launch settings gave none.
    private mutating func allowExtraBreak(minutes: Int?) {
        breaks.count += 1
        if breaks.minutes == 0 { breaks.minutes = minutes ?? Self.extraBreakMinutes }
    }

    /// Takes back what the proctor's commands did to a resumed attempt before it was
    /// interrupted: the extra breaks allowed by the commands the store says the attempt
    /// acknowledged (`acknowledged`, read from the store, never from the seat's own log,
    /// which the seat's role writes). Time they added is in the attempt's allowed time
    /// already; a command still pending comes again and is carried out then, once.
    public mutating func restoreCommands(acknowledged: [SeatCommand]) {
        for command in acknowledged where command.action == .extraBreak {
            allowExtraBreak(minutes: command.minutes)
        }
    }

    /// Carries out `command` as far as the sitting's state allows, logs it with who sent
    /// it and why, and acknowledges it.
    private mutating func carryOut(_ command: SeatCommand, now: UInt64) -> [FlowEffect] {
        var effects: [FlowEffect] = []
        var done = true
        switch command.action {
        case .pause where takesCommands && phase != .paused:
            if case .onBreak(let since, _) = phase.beneathHelp { effects += endBreak(since: since, now: now) }
            clock.stop(now: now)
            phase = .paused
            effects += saveNow(now: now) + [.log(.proctor(.paused(reason: command.reason)))]
        case .resume where phase == .paused:
            let since = clock.stoppedSince ?? now
            clock.restart(now: now)
            phase = .question
            effects.append(.log(.proctor(.unpaused(seconds: MonotonicTime.seconds(from: since, to: now)))))
        case .addTime where receipt == nil && phase != .submitting:
            // The store adds the time to the attempt itself when the command is acknowledged.
            let minutes = SeatCommand.minutesAdded(command.minutes)
            clock.add(minutes: minutes, now: now)
            show(text.plural("notice.time-added", count: minutes), now: now)
            effects.append(.log(.proctor(.timeAdded(minutes: minutes, reason: command.reason))))
        case .end where takesCommands:
            if phase.holdsTheClock { clock.restart(now: now) }
            effects += [.log(.proctor(.endedExam(reason: command.reason)))] + submit(.proctor, now: now)
        case .extraBreak where receipt == nil:
            allowExtraBreak(minutes: command.minutes)
            show(text("notice.break-allowed"), now: now)
        case .message:
            let text = command.message ?? ""
            notice = (text, MonotonicTime.moment(now, plus: Self.messageTime))
            announcement = text
        default:
            done = false
        }
        // The record of what was done comes first, then the acknowledgement.
        return effects
            + [.log(.proctor(.commandCarriedOut(id: command.id, action: command.action.rawValue, by: command.issuedBy,
                                                 reason: command.reason, done: done))),
               .acknowledgeCommand(id: command.id)]
    }
}
