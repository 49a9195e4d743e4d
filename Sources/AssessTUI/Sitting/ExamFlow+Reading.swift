import AssessCore
import AssessExam

/// What the screens, the app and the executable read of the flow.
extension ExamFlow {
    /// The strings in ``language``.
    public var text: Catalogue { Catalogue.of(language) }

    /// The settings the screen is drawn in now: the proctor's launch screen is drawn in
    /// the plain look (without colour where the terminal has none), every other in the
    /// student's.
    public var screenAccessibility: AccessibilitySettings {
        guard case .launchSetup = phase.beneathHelp else { return accessibility }
        return terminalHasColours ? AccessibilitySettings() : AccessibilitySettings([.noColour])
    }

    /// Where the sitting's common start stands.
    public var commonStart: CommonStart { welcome.commonStart }
    /// The start code typed on the welcome screen while it waits for the common start.
    public var startCode: LineField { welcome.startCode }
    /// True when the sitting was made to wait for its common start.
    public var waitsForOpening: Bool { welcome.waitsForOpening }
    /// True while the welcome screen waits for the common start.
    public var isWaitingForOpening: Bool { welcome.isWaiting }

    /// The moment the exam's clock counts from when it is not the moment the first
    /// question shows: the common start's opening (a resumed attempt's clock goes on from
    /// the time it used instead).
    public var clockCountsFrom: UInt64? { isResumed ? nil : welcome.openedAt }

    /// The sitting: its exam, answers, flags and the question on screen.
    public var sitting: ExamSitting { sheet.sitting }
    /// The answer controls of the questions visited so far, by question id.
    public var controls: [String: AnswerControl] { sheet.controls }
    /// The control for the question on screen.
    public var control: AnswerControl { sheet.control }
    /// The scratchpad's text: kept in memory only, gone when the program ends.
    public var scratchpad: TextEditor { sheet.scratchpad }
    /// The width of the answer area on the terminal.
    public var answerWidth: Int { ExamScreens.answerWidth(columns: size.columns) }

    /// A one-line message for the student, and when it disappears (`nil`: a time warning,
    /// which stays until the student presses a key).
    public var notice: (text: String, until: UInt64?)? { notices.current.map { ($0.text, $0.until) } }
    /// The time warning standing until the student presses a key, if any.
    public var timeWarning: String? { notices.warning }
    /// The proctor's message on screen until the student acknowledges it: the oldest not yet
    /// acknowledged, shown over every screen but the proctor's own.
    public var proctorMessage: ProctorMessages.Message? {
        switch phase.beneathHelp {
        case .launchSetup, .proctor: return nil
        default: return messages.current
        }
    }
    /// The last message shown, kept until the next: the screen reader's layout writes it
    /// on a line of its own, so that it is never only a transient overlay.
    public var announcement: String? { notices.announcement }

    /// The breaks this candidate may take (the monitor may allow one more).
    public var breaks: BreakAllowance { breakLedger.allowance }
    /// How many breaks have been taken.
    public var breaksTaken: Int { breakLedger.taken }
    /// Breaks the candidate may still take.
    public var breaksLeft: Int { breakLedger.left }

    /// The exam's timer: it starts when the first question shows and is moved by pauses,
    /// breaks and added time.
    public var clock: ExamClock { timers.clock }
    /// True while what the sitting saved waits on this terminal for the store's server.
    public var savedOnThisTerminal: Bool { timers.savedOnThisTerminal }
    /// The seconds this candidate is allowed, extra and added time included.
    public var secondsAllowed: Int { clock.secondsAllowed }
    /// The seconds already used before this sitting began (a resumed attempt).
    public var secondsUsedBefore: Int { clock.secondsUsedBefore }

    /// Seconds left, rounded up; `nil` before the clock starts. Frozen while the timer is
    /// stopped. In an exam with timed sections, the open section's when it ends first.
    public func secondsLeft(now: UInt64) -> Int? {
        timers.secondsLeft(now: now)
    }

    /// The clock of the timed sections, for an exam that has them.
    public var sectionClock: SectionClock? { timers.sections }

    /// The seconds of the allowance used so far, for the store.
    public func secondsUsed(now: UInt64) -> Int? {
        clock.secondsUsed(now: now)
    }

    /// Seconds until the prompt opens again after too many wrong passwords; `nil` when it is not locked.
    public func promptLockSecondsLeft(now: UInt64) -> Int? {
        proctorGate.secondsLocked(now: now)
    }

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

    /// The settings the student may switch here, in the order the settings screen lists them.
    public var switchableSettings: [AccessibilityOption] {
        AccessibilityOption.allCases.filter(studentMaySwitch.contains)
    }

    /// True when a key typed now becomes text in an answer, the scratchpad or a field of
    /// the proctor's panel, so `?` is text there and only F1 opens the help.
    public var isTypingText: Bool {
        switch phase {
        case .scratchpad, .calculator: return true
        case .proctor(let panel, _): return panel.takesText
        case .question:
            switch control.field {
            case .line, .essay: return true
            case .choices, .matching, .ordering: return false
            }
        default: return false
        }
    }
}
