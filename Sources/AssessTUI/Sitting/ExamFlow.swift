import AssessCore
import AssessExam

/// The student's whole flow as one state machine: welcome, consent, the lock banner,
/// the questions, the palette, review, confirmation, the unlocked banner and the
/// receipt, with breaks, pauses and the proctor's panel. Everything that happens enters
/// through `update(_:now:)` as a ``FlowEvent`` and leaves as ``FlowEffect``s: the flow
/// does no I/O, so it is tested without a terminal. Times are monotonic nanoseconds.
///
/// Its parts own their state and keys: the ``WelcomeGate`` (the common start and the
/// start code), the ``SittingTimers`` (the clock, the lock's longest time, autosave,
/// delivery), the ``AnswerSheet`` (answers, controls, scratchpad), the ``LaunchSetup``
/// and the ``ProctorPanel``; the flow moves between phases and turns what they return
/// into effects.
public struct ExamFlow: Sendable {
    public internal(set) var phase: Phase = .welcome
    /// The welcome screen's gate: the common start and the start code.
    var welcome: WelcomeGate
    /// The questions, answers and scratchpad.
    var sheet: AnswerSheet
    /// The clock, the lock's longest time, autosave and delivery.
    var timers: SittingTimers
    /// The one-line message for the student.
    var notices = NoticeLine()
    /// The proctor's messages the student has not yet acknowledged.
    var messages = ProctorMessages()
    /// The breaks allowed and taken.
    var breakLedger: BreakLedger
    /// The calculator's panel, once the student has opened it: kept for the sitting, in
    /// memory only, so its results and memory are there when it opens again.
    public internal(set) var calculatorPanel: CalculatorPanel?
    /// The sample runs of each code question, by its id, once the student ran it.
    public internal(set) var sampleRuns: [String: SampleRunState] = [:]
    /// True when the app can run samples (it was given a sandbox and a store that counts
    /// runs); without it the run key says runs are unavailable here.
    public var runsSamples = false
    /// False once the student switched auto-indent off in programs (``autoIndentKey``).
    public internal(set) var autoIndent = true
    /// True while the student has the header's countdown hidden (``hidesTime(secondsLeft:)``).
    public internal(set) var timerHidden = false
    /// True once the student agreed to lock the terminal: the wait after it says it locks,
    /// the wait before it only that the exam starts.
    public internal(set) var lockAgreed = false
    /// The student's raised hand: down, raised, or seen by the proctor (``HandState``).
    public internal(set) var hand = HandState.down
    /// How many times the student raised a hand in this attempt (a resumed one's from its
    /// log): the number of the raise that is up, which an acknowledgement must name.
    public internal(set) var handsRaised = 0
    /// On the break between two timed sections, the name of the section that opens when it
    /// ends; `nil` on any other break.
    public internal(set) var sectionBreakNext: String?
    /// Where the student reads a prompt with the line reader and the highlighter (the read
    /// key); see ``currentReading``.
    public internal(set) var reading: PromptReading?
    /// The language of the screens and messages (English unless set).
    public var language = InterfaceLanguage.english {
        didSet { suggestions.text = text }
    }
    /// The accessibility settings the screens follow now. A clock by the minute sets the
    /// progress's pace: saved when the loop wakes anyway, not every 5 s of its own.
    public internal(set) var accessibility: AccessibilitySettings {
        didSet { timers.autosave.pace = SittingTimers.progressPace(accessibility) }
    }
    /// The log's record of the accessibility settings the sitting starts with, and who
    /// chose them (the launch screen's hand-over makes it anew).
    public private(set) var accessibilityRecord: SessionEvent
    /// False on a terminal without colours (or with `NO_COLOR`): no colour, whatever was chosen.
    public let terminalHasColours: Bool
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
    public internal(set) var attemptID: String?
    /// True when this sitting continues an attempt a crash interrupted.
    public let isResumed: Bool
    /// The proctor's commands this sitting has carried out, by the store's number: one that
    /// comes again (its acknowledgement was lost) is acknowledged, not carried out twice.
    public internal(set) var carriedOutCommands: Set<Int64> = []
    /// The lockout in front of the proctor's panel.
    public internal(set) var proctorGate = ProctorGate()
    /// True when the app journals the typing (``takeTypingNotes()``) between saves.
    public var recordsTyping = false
    /// What the typing journal has not yet been told.
    var typingNotes: [TypingNote] = []
    /// The text questions the journal has a checkpoint of, with their kind of answer.
    var journaledQuestions: [String: TypedAnswerKind] = [:]
    /// The last save's checkpoint in the typing journal.
    private var lastJournalMark: UInt64 = 0
    /// Spell check, completion and autocorrect for prose answers; its settings follow
    /// the engine's (``FlowEvent/suggestionsChanged(_:)``).
    public var suggestions = SuggestionControl() {
        didSet { if suggestions.text != text { suggestions.text = text } }
    }

    /// The exam's pictures and their mosaics; `nil` shows every picture as its alt text.
    public var pictures: PictureShelf?

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
    public init(
        sitting: ExamSitting, candidate: String, practice: Bool, maximumLockHours: Double,
        secondsAllowed: Int? = nil, resumedWithSecondsUsed: Int? = nil,
        breaks: BreakAllowance = .none, breaksTaken: Int = 0,
        size: TerminalSize = TerminalSize(columns: 100, rows: 30),
        accessibility: AccessibilitySettings = AccessibilitySettings(), chosenBy: String = "proctor",
        terminalHasColours: Bool = true,
        studentMaySwitch: Set<AccessibilityOption> = [], launch: LaunchSetup? = nil,
        waitsForOpening: Bool = false
    ) {
        (self.accessibility, accessibilityRecord) = Self.adopt(
            accessibility, chosenBy: chosenBy,
            terminalHasColours: terminalHasColours)
        timers = SittingTimers(
            clock: ExamClock(
                secondsAllowed: secondsAllowed ?? sitting.exam.durationSeconds,
                secondsUsedBefore: resumedWithSecondsUsed ?? 0),
            settings: self.accessibility)
        timers.sections = SectionClock(
            exam: sitting.exam, examSecondsAllowed: secondsAllowed ?? sitting.exam.durationSeconds)
        self.terminalHasColours = terminalHasColours
        self.studentMaySwitch = studentMaySwitch
        self.sheet = AnswerSheet(sitting: sitting)
        self.candidate = candidate
        self.practice = practice
        self.shortKey = ExamKey.short(sitting.examKey)
        self.maximumLockHours = maximumLockHours
        self.isResumed = resumedWithSecondsUsed != nil
        self.breakLedger = BreakLedger(allowance: breaks, taken: breaksTaken)
        self.size = size
        self.welcome = WelcomeGate(waitsForOpening: waitsForOpening)
        if let launch { phase = .launchSetup(launch) }
    }

    /// `requested`, with colour off on a terminal without colours, and its record for the log.
    private static func adopt(
        _ requested: AccessibilitySettings, chosenBy who: String,
        terminalHasColours: Bool
    ) -> (AccessibilitySettings, SessionEvent) {
        guard !terminalHasColours, !requested.isOn(.noColour) else {
            return (requested, .accessibilitySet(requested, by: who))
        }
        var settings = requested
        settings.set(.noColour, on: true)
        return (settings, .accessibilitySet(settings, by: who + ", environment"))
    }

    /// The proctor hands the terminal over with `settings`: they replace the ones the
    /// flow was made with, and the welcome screen shows.
    mutating func handOver(_ settings: LaunchSettings) -> [FlowEffect] {
        let exam = sitting.exam
        timers.clock = ExamClock(secondsAllowed: settings.secondsAllowed(for: exam))
        timers.sections = SectionClock(exam: exam, examSecondsAllowed: settings.secondsAllowed(for: exam))
        breakLedger.allowance = settings.breaks
        sheet.sitting.apply(restrictionStates: settings.restrictionStates)
        (accessibility, accessibilityRecord) = Self.adopt(
            settings.accessibility, chosenBy: "proctor",
            terminalHasColours: terminalHasColours)
        phase = .welcome
        return [.handOver(settings, log: settings.proctorEvents(for: exam) + [accessibilityRecord])]
    }

    // MARK: - The one update

    /// Applies one event at monotonic time `now`; returns what the app should do.
    public mutating func update(_ event: FlowEvent, now: UInt64) -> [FlowEffect] {
        let effects = apply(event, now: now)
        // A notice about a key belongs to the question or screen where the key was pressed.
        notices.follow(to: noticePlace)
        return effects
    }

    private mutating func apply(_ event: FlowEvent, now: UInt64) -> [FlowEffect] {
        switch event {
        case .key(let key):
            // Any key says a time warning was seen; the key does its own work too.
            notices.keyPressed()
            return handle(key, now: now) + tick(now: now)
        case .tick: return tick(now: now)
        case .resized(let newSize): return resized(to: newSize)
        case .stop(let reason): return leave(.interrupted(reason), now: now)
        case .consentRequested(let request): return consentRequested(request)
        case .attemptStarted(let id): return attemptStarted(id: id, now: now)
        case .lockRefused(let reason): return lockRefused(reason)
        case .attemptNotStored(let problem): return attemptNotStored(problem)
        case .saveFailed(let ids, let problem): return saveFailed(ids, problem: problem, now: now)
        case .submitted(let receipt, let problem): return submitted(receipt, problem: problem, now: now)
        case .passwordChecked(let accepted): return passwordChecked(accepted: accepted, now: now)
        case .allowedTimeNotStored(let problem): return notify("notice.time-not-stored", ["problem": problem], now: now)
        case .suggestionsChanged(let settings): return followSuggestions(settings)
        case .pasteRejected(let count):
            return notify("notice.paste-rejected", now: now) + [.log(.pasteRejected(characters: count))]
        case .proctorCommand(let command): return received(command, now: now)
        case .sittingOpened(let secondsAgo): return opened(at: WelcomeGate.opening(secondsAgo: secondsAgo, now: now))
        case .startCodeChecked(let accepted, let problem): return startCodeChecked(accepted, problem: problem, now: now)
        case .released(let abortStored): return released(abortStored: abortStored)
        case .savedOnThisTerminal(let waiting): return deliveryWaits(waiting, now: now)
        case .sampleRunFinished(let questionID, let number, let codeHash, let outcomes):
            return sampleRunFinished(questionID, number: number, codeHash: codeHash, outcomes: outcomes)
        case .sampleRunRefused(let questionID, let refusal): return sampleRunRefused(questionID, refusal, now: now)
        }
    }

    /// Shows `text` on the notice line for a few seconds.
    mutating func show(_ text: String, now: UInt64) {
        notices.show(text, until: MonotonicTime.moment(now, plus: Self.noticeTime))
    }

    /// Shows `text`, about the key just pressed, for a few seconds or until the student
    /// leaves this question or screen.
    mutating func showAboutKey(_ text: String, now: UInt64) {
        notices.show(text, until: MonotonicTime.moment(now, plus: Self.noticeTime), kind: .aboutKey(noticePlace))
    }

    /// Shows the catalogue's `key` with `arguments`, about the key just pressed; no effects.
    mutating func refuse(_ key: String, _ arguments: [String: any Sendable] = [:], now: UInt64) -> [FlowEffect] {
        showAboutKey(text(key, arguments), now: now)
        return []
    }

    /// Shows a time warning until the student presses a key.
    mutating func warn(_ text: String) {
        notices.show(text, until: nil, kind: .warning)
    }

    /// Where the student is, for a notice about a key: the screen and the question.
    var noticePlace: NoticeLine.Place {
        NoticeLine.Place(screen: phase.screen, question: sitting.current)
    }

    /// Shows the catalogue's `key` with `arguments` on the notice line; no effects.
    mutating func notify(_ key: String, _ arguments: [String: any Sendable] = [:], now: UInt64) -> [FlowEffect] {
        show(text(key, arguments), now: now)
        return []
    }

    private mutating func followSuggestions(_ settings: SuggestionSettings) -> [FlowEffect] {
        suggestions.follow(settings)
        return []
    }

    private mutating func deliveryWaits(_ waiting: Bool, now: UInt64) -> [FlowEffect] {
        timers.deliveryWaits(waiting, now: now)
        return []
    }

    private mutating func resized(to newSize: TerminalSize) -> [FlowEffect] {
        let wasTooSmall = isTooSmall
        size = newSize
        guard isTooSmall != wasTooSmall, isInExam else { return [] }
        return [
            .log(
                isTooSmall
                    ? .terminalTooSmall(columns: size.columns, rows: size.rows)
                    : .terminalSizeRestored(columns: size.columns, rows: size.rows))
        ]
    }

    // MARK: - Time

    /// Advances banners, notices, breaks, the timer and autosave. Returns the effects that
    /// are due (a save, a warning to log, a submission when time is up).
    private mutating func tick(now: UInt64) -> [FlowEffect] {
        notices.expire(now: now)
        proctorGate.tick(now: now)
        var effects = screenTimeUp(now: now)
        if timers.deliveryDue(now: now) { effects.append(.deliver) }
        guard isInExam, phase != .submitting else { return effects }
        effects += autosaveDue(now: now)
        switch timers.alarm(now: now) {
        case .lockExpired: return effects + submit(.lockExpired, now: now)
        case .timeUp: return effects + submit(.timeUp, now: now)
        case .sectionTimeUp: return effects + closeSection(.timeUp, now: now)
        case .sectionMinutesLeft(let minutes):
            warn(text.plural("notice.section-minutes-left", count: minutes))
            return effects + [.log(.timerWarning(minutesLeft: minutes))]
        case .minutesLeft(let minutes):
            warn(text.plural("notice.minutes-left", count: minutes))
            return effects + [.log(.timerWarning(minutesLeft: minutes))]
        case .lockEnds(let minutes):
            warn(text.plural("notice.lock-ends", count: minutes))
            return effects + [.log(.lockEndWarning(minutesLeft: minutes))]
        case nil: return effects
        }
    }

    /// The end banner gives way to the receipt, and a break ends, in their time (a break
    /// even under the help screen, which closes with it).
    private mutating func screenTimeUp(now: UInt64) -> [FlowEffect] {
        switch phase.beneathHelp {
        case .endBanner(let until, let receipt) where now >= until:
            phase = .receipt(receipt)
            return []
        case .onBreak(let since, let until) where now >= until:
            phase = .question
            return endBreak(since: since, now: now)
        default: return []
        }
    }

    /// How long from `now` until the flow next needs a tick: the timer's next second, a
    /// due save, a banner's or notice's end; never more than a second. On a question or a
    /// break with reduced motion or the screen reader's layout the clock on screen changes
    /// once a minute until its last minute, so the loop sleeps until that change, the next
    /// answer's save or the lock's end, up to a minute (the progress, and with it the
    /// lease, is saved when it wakes): a signal or a result from the writer wakes it at
    /// once (``LoopWaker``).
    public func untilNextTick(now: UInt64) -> Duration {
        if notices.expiry == nil, ScreenLook(accessibility).clockByTheMinute, let end = minuteCountdownEnd(now: now),
            let quiet = timers.untilMinuteChange(of: end, now: now, savesProgress: isInExam)
        {
            return quiet
        }
        switch phase.beneathHelp {
        case .endBanner(let until, _), .onBreak(_, let until): return timers.untilNextTick(now: now, screenEnds: until)
        default: return timers.untilNextTick(now: now, screenEnds: nil)
        }
    }

    /// The end of the countdown on screen that may show whole minutes: a question's
    /// running clock, or a break's.
    private func minuteCountdownEnd(now: UInt64) -> UInt64? {
        switch phase {
        case .question: return clock.untilNextSecond(now: now) == nil ? nil : timers.countdownEnd(now: now)
        case .onBreak(_, let until): return until
        default: return nil
        }
    }

    // MARK: - Saving

    /// The answers due for the store, with the progress when it is due too.
    private mutating func autosaveDue(now: UInt64) -> [FlowEffect] {
        let due = timers.autosave.dueAnswers(now: now)
        let saving = batch(due, now: now, withProgress: timers.autosave.progressDue(now: now))
        return saving.isEmpty ? [] : [.save(saving)]
    }

    /// Everything unsaved, with the progress: what leaving a question, submitting and
    /// leaving the sitting write.
    mutating func everythingUnsaved(now: UInt64) -> SaveBatch {
        timers.autosave.progressSaved(now: now)
        return batch(timers.autosave.takeAll(now: now), now: now, withProgress: true)
    }

    private mutating func batch(_ ids: [String], now: UInt64, withProgress: Bool) -> SaveBatch {
        let progress =
            withProgress && attemptID != nil
            ? secondsUsed(now: now).map {
                SaveBatch.Progress(secondsUsed: $0, currentQuestion: sitting.current, breaksTaken: breaksTaken)
            } : nil
        var batch = SaveBatch(answers: sheet.answers(ids), progress: progress)
        checkpointTyping(of: &batch)
        return batch
    }

    /// Tells the typing journal the texts `batch` saves of the questions it journals, under
    /// a mark of the batch's own, so that it can drop what the store then has.
    private mutating func checkpointTyping(of batch: inout SaveBatch) {
        let journaled = batch.answers.compactMap { answer in
            journaledQuestions[answer.questionID].map { (answer, $0) }
        }
        guard !journaled.isEmpty else { return }
        lastJournalMark += 1
        batch.journalMark = lastJournalMark
        for (answer, kind) in journaled {
            let text: String
            switch answer.response {
            case .essay(let typed), .shortText(let typed), .numeric(let typed), .code(let typed): text = typed
            default: text = ""
            }
            typingNotes.append(
                .checkpoint(question: answer.questionID, kind: kind, text: text, mark: lastJournalMark))
        }
    }

    /// What the typing journal has not been told yet, in order; emptied.
    public mutating func takeTypingNotes() -> [TypingNote] {
        defer { typingNotes = [] }
        return typingNotes
    }

    /// Saves everything unsaved now (leaving a question, opening a list).
    mutating func saveNow(now: UInt64) -> [FlowEffect] {
        let saving = everythingUnsaved(now: now)
        return saving.isEmpty ? [] : [.save(saving)]
    }

    private mutating func saveFailed(_ ids: [String], problem: String, now: UInt64) -> [FlowEffect] {
        timers.autosave.failed(ids, now: now)
        return notify("notice.save-failed", ["problem": problem], now: now)
    }
}
