import AssessCalculator
import AssessCore

/// The tools the exam may give its students, each off unless the exam lists it and the
/// proctor leaves it allowed: the calculator, the reference sheet, striking out choices,
/// hiding the countdown, asking the time left, and raising a hand.
extension ExamFlow {
    /// The key that strikes out the highlighted choice (and puts it back).
    public static let strikeOutKey = Key.character("x")
    /// The key that opens (and closes) the calculator.
    public static let calculatorKey = Key.control("k")
    /// The key that opens (and closes) the reference sheet.
    public static let referenceKey = Key.control("l")
    /// The key that hides the countdown in the header, and shows it again.
    public static let hideTimerKey = Key.control("o")
    /// The key that says the time left on the notice line.
    public static let timeLeftKey = Key.control("t")
    /// The key that raises a hand to ask for the proctor, and lowers it.
    public static let raiseHandKey = Key.function(12)
    /// From how many seconds left a hidden countdown shows again: the last five minutes.
    public static let hiddenTimerShowsFrom = 300

    /// The strike-out key on a choice question: the highlighted choice is struck out (or put
    /// back) where the exam allows it; the answer stays as it is. Saved with the answer by
    /// the next autosave, off the key's path; the log says which choice, never more.
    mutating func strikeOut(now: UInt64) -> [FlowEffect] {
        guard sitting.canStrikeOut else { return refuse("notice.no-strike-out", now: now) }
        guard case .choices(let highlight) = control.field else { return [] }
        let id = sitting.question.id
        let index = sitting.presented.fileIndex(ofDisplayed: highlight)
        let struck = sheet.sitting.toggleStrike(index)
        timers.autosave.changed(id, now: now)
        return [.log(.toolUsed(tool: "strike-out", action: struck ? "struck" : "restored", questionID: id))]
    }

    /// The reference key on a question: the sheet opens at its top when the exam has one
    /// the proctor did not deny; the log says it was opened.
    mutating func openReference(now: UInt64) -> [FlowEffect] {
        guard sitting.reference != nil else { return refuse("notice.no-reference", now: now) }
        phase = .reference(top: 0)
        return saveNow(now: now) + [.log(.toolUsed(tool: "reference", action: "opened", questionID: nil))]
    }

    /// The sheet's keys: ↑ ↓, PageUp PageDown, Home End scroll it (the screen keeps the
    /// last line in sight); Esc or the reference key go back.
    mutating func handleInReference(_ key: Key, top: Int) -> [FlowEffect] {
        let page = max(1, size.rows - 8)
        let last = max(0, referenceLines.count - page)
        switch key {
        case .escape, Self.referenceKey: phase = .question
        case .up: phase = .reference(top: max(0, top - 1))
        case .down: phase = .reference(top: min(last, top + 1))
        case .pageUp: phase = .reference(top: max(0, top - page))
        case .pageDown, .character(" "): phase = .reference(top: min(last, top + page))
        case .home: phase = .reference(top: 0)
        case .end: phase = .reference(top: last)
        default: break
        }
        return []
    }

    /// The reference sheet's text wrapped to the screen's width, its line breaks kept.
    public var referenceLines: [String] {
        guard let sheet = sitting.reference else { return [] }
        return ExamScreens.referenceLines(sheet.text, columns: size.columns)
    }

    /// True when the header hides the countdown with `secondsLeft` left: always under the
    /// accommodation "no countdown timer"; while the student hid it, until the last five minutes.
    public func hidesTime(secondsLeft: Int) -> Bool {
        accessibility.isOn(.noCountdown) || timerHidden && secondsLeft > Self.hiddenTimerShowsFrom
    }

    /// The hide-timer key on a question: the header says "time hidden" instead of the
    /// countdown (the warnings still come, and the last five minutes show it again).
    mutating func toggleTimer(now: UInt64) -> [FlowEffect] {
        // Under the accommodation the countdown stays hidden whatever the student presses.
        if accessibility.isOn(.noCountdown) {
            return refuse(
                sitting.canAskTimeLeft ? "notice.timer-accommodation" : "notice.timer-accommodation-no-time-left",
                now: now)
        }
        guard sitting.canHideTimer else { return refuse("notice.no-hide-timer", now: now) }
        timerHidden.toggle()
        let hidden = sitting.canAskTimeLeft ? "notice.timer-hidden" : "notice.timer-hidden-no-time-left"
        showAboutKey(text(timerHidden ? hidden : "notice.timer-shown"), now: now)
        return [.log(.toolUsed(tool: "timer", action: timerHidden ? "hidden" : "shown", questionID: nil))]
    }

    /// The time-left key on a question: the time left on the notice line, in words, for a
    /// student who hid the countdown or does not want it read out every minute.
    mutating func sayTimeLeft(now: UInt64) -> [FlowEffect] {
        guard sitting.canAskTimeLeft else { return refuse("notice.no-time-left", now: now) }
        guard let left = secondsLeft(now: now) else { return [] }
        // Whole minutes rounded up, as the header counts them, until the last minute.
        let shown = left > 60 ? (left + 59) / 60 * 60 : left
        showAboutKey(text("notice.time-left", ["time": text.duration(shown)]), now: now)
        return [.log(.toolUsed(tool: "time-left", action: "asked", questionID: nil))]
    }

    /// The calculator key on a question: the panel opens when the exam has a calculator the
    /// proctor did not deny. The log says it was opened, never what is typed into it.
    mutating func openCalculator(now: UInt64) -> [FlowEffect] {
        guard let kind = sitting.calculator else { return refuse("notice.no-calculator", now: now) }
        if calculatorPanel?.calculator.kind != kind { calculatorPanel = CalculatorPanel(kind: kind) }
        phase = .calculator
        return saveNow(now: now) + [.log(.toolUsed(tool: "calculator", action: "opened", questionID: nil))]
    }

    mutating func handleInCalculator(_ key: Key, now: UInt64) -> [FlowEffect] {
        guard var panel = calculatorPanel else {
            phase = .question
            return []
        }
        if key == Self.calculatorKey {
            phase = .question
            return []
        }
        let outcome = panel.handle(key)
        calculatorPanel = panel
        switch outcome {
        case .stay: return []
        case .close:
            phase = .question
            return []
        case .refused(let why): return refuse(why, now: now)
        case .putInAnswer(let result): return putInAnswer(result, now: now)
        }
    }

    /// Puts `result` into the numeric answer of the question beneath, as the one paste a
    /// locked sitting allows (Ctrl-U undoes it), and goes back to the question.
    private mutating func putInAnswer(_ result: CalculatorNumber, now: UInt64) -> [FlowEffect] {
        guard case .numeric = sitting.question.kind else { return refuse("notice.calculator-not-numeric", now: now) }
        let id = sitting.question.id
        var (control, follows) = sheet.takeControl()
        let outcome = control.putNumber(result.plain)
        sheet.putBack(control, follows: follows, changed: outcome == .changed)
        if outcome == .changed { timers.autosave.changed(id, now: now) }
        phase = .question
        showAboutKey(text("notice.calculator-put", ["number": result.plain]), now: now)
        return [.log(.toolUsed(tool: "calculator", action: "result-copied", questionID: id))]
    }

    /// The raise-hand key on a question: a hand down is raised (the monitor shows it at
    /// once, from the log's record); a raised one, seen by the proctor or not, is lowered.
    /// A practice sitting has no proctor watching (no lease, no monitor): it says so.
    mutating func toggleHand(now: UInt64) -> [FlowEffect] {
        guard !practice else { return refuse("notice.no-hand-in-practice", now: now) }
        guard sitting.canRaiseHand else { return refuse("notice.no-raise-hand", now: now) }
        let raise = hand == .down
        hand = raise ? .raised : .down
        if raise { handsRaised += 1 }
        showAboutKey(text(raise ? "notice.hand-raised" : "notice.hand-lowered"), now: now)
        return [.log(.handRaised(raised: raise))]
    }

    /// True when an acknowledgement with `reason` answers the hand that is up now: one
    /// sent for an earlier raise (the student lowered that hand, and maybe raised it again,
    /// before it came) answers nothing.
    func acknowledgementAnswersHand(reason: String) -> Bool {
        guard hand != .down else { return false }
        return SeatHand.raise(acknowledgedFor: reason).map { $0 == handsRaised } ?? true
    }

    /// The proctor's acknowledgement of the raised hand, from the monitor: the header says
    /// the proctor is coming until the student lowers the hand. Logged by the caller.
    mutating func handAcknowledged(now: UInt64) {
        hand = .acknowledged
        show(text("notice.hand-acknowledged"), now: now)
    }

    /// A resumed attempt's hand as its log in the store tells it: still raised (and on the
    /// monitor) when the sitting stopped with it raised, or acknowledged; the raises counted.
    public mutating func resumeHand(_ log: SeatHandLog) {
        handsRaised = log.raises
        switch log.last {
        case SeatHand.raised: hand = .raised
        case SeatHand.acknowledged: hand = .acknowledged
        default: hand = .down
        }
    }
}

/// A student's raised hand, as the sitting shows it in the header.
public enum HandState: Sendable, Equatable {
    case down
    /// Raised; the proctor has not acknowledged it yet.
    case raised
    /// The proctor acknowledged it from the monitor and is coming.
    case acknowledged
}
