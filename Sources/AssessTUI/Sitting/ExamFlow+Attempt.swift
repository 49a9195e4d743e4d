import AssessCore
import AssessExam

/// The attempt's start and end: the lock's consent and refusals, the common start's
/// opening, submission, and leaving early.
extension ExamFlow {
    /// True while the consent screen asks to lock the terminal (under the help or not).
    var asksConsent: Bool {
        if case .consent = phase.beneathHelp { return true }
        return false
    }

    /// True while the engine's answer to the request for the lock may still come.
    private var awaitsLock: Bool { phase == .starting || asksConsent }

    mutating func consentRequested(_ request: ConsentRequest) -> [FlowEffect] {
        guard phase == .starting else { return [.consent(granted: false)] }
        phase = .consent(request)
        return []
    }

    mutating func attemptStarted(id: String, now: UInt64) -> [FlowEffect] {
        // A sitting leaving before this arrived still owns the attempt (it stays in progress).
        if case .leaving = phase { attemptID = id }
        guard awaitsLock else { return [] }
        attemptID = id
        timers.attemptStarted(lockHours: practice ? nil : maximumLockHours, now: now)
        phase = .startBanner
        // After a common start the time counts from the opening, the banner's wait too: the
        // clock runs from now, so its warnings and its time-out come on the banner as well.
        if let opening = clockCountsFrom { timers.clock.start(now: min(opening, now)) }
        return []
    }

    mutating func lockRefused(_ reason: LockFailureReason) -> [FlowEffect] {
        guard awaitsLock else { return [] }
        if reason == .declined {
            phase = .welcome
            return [.exit(.notStarted(.declined))]
        }
        phase = .refused(sentence(for: reason), outcome: .notStarted(reason))
        return []
    }

    mutating func attemptNotStored(_ problem: String) -> [FlowEffect] {
        guard awaitsLock else { return [] }
        phase = .refused(text("refused.not-stored", ["problem": problem]), outcome: .notRecorded(problem))
        return []
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

    /// The sitting is open (since `moment`): a welcome screen that waited goes on by itself.
    mutating func opened(at moment: UInt64) -> [FlowEffect] {
        guard welcome.open(at: moment), phase.beneathHelp == .welcome else { return [] }
        phase = .starting
        return [.begin]
    }

    mutating func startCodeChecked(_ accepted: Bool, problem: String?, now: UInt64) -> [FlowEffect] {
        guard welcome.isCheckingCode else { return [] }
        if accepted { return opened(at: now) }
        welcome.codeNotTaken(wrong: problem == nil)
        guard let problem else { return [] }
        return notify("notice.start-code-unchecked", ["problem": problem], now: now)
    }

    mutating func submit(_ reason: SubmissionReason, now: UInt64) -> [FlowEffect] {
        let saving = everythingUnsaved(now: now)
        phase = .submitting
        return [.submit(reason, saving: saving, responses: sitting.responses)]
    }

    mutating func submitted(_ receipt: ReceiptInfo, problem: String?, now: UInt64) -> [FlowEffect] {
        if let problem { show(text("notice.submission-not-recorded", ["problem": problem]), now: now) }
        phase = .endBanner(until: MonotonicTime.moment(now, plus: Self.bannerTime), receipt: receipt)
        return []
    }

    mutating func leave(_ why: Leaving, now: UInt64) -> [FlowEffect] {
        if case .leaving = phase { return [] }
        let saving = everythingUnsaved(now: now)
        let consentPending = asksConsent
        phase = .leaving(why)
        var effects: [FlowEffect] = consentPending ? [.consent(granted: false)] : []
        switch why {
        case .interrupted(let reason): effects.append(.interrupt(reason: reason, saving: saving))
        case .aborted(let reason): effects.append(.abort(reason: reason, saving: saving))
        }
        return effects
    }

    func released(abortStored: Bool) -> [FlowEffect] {
        guard case .leaving(let why) = phase else { return [] }
        switch why {
        case .interrupted(let reason):
            return [.exit(.interrupted(reason, attemptInProgress: attemptID != nil && receipt == nil))]
        case .aborted(let reason):
            return [.exit(.aborted(reason, stored: abortStored))]
        }
    }
}
