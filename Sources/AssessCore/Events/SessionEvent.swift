import Foundation

/// Every status change the engine and the front end report. Each becomes one record in
/// the durable event log.
///
/// The cases carry counts, ids and reasons — never answer text or answer keys — so
/// nothing a student typed can reach the log.
public enum SessionEvent: Sendable, Equatable {
    case lockRequested(examID: String, candidate: String)
    case lockGranted(LockRecord)
    case lockRefused(LockFailureReason)
    case lockDeclined
    case lockReleased
    case lockExpired(startedAt: Date)
    case stepReverted(step: String)
    case undoFailed(step: String, error: String)
    case staleLockFound(LockRecord)
    case staleLockCleared(LockRecord, by: String)
    case lockEndedByReboot(LockRecord)
    case clipboardCleared(backend: String, note: String)
    case clipboardClearFailed(backend: String, error: String)
    case suggestionsChanged(enabled: Set<SuggestionFeature>)
    case pasteRejectionChanged(on: Bool)
    case pasteRejected(characters: Int)
    case quitKeyIgnored(key: String)
    /// This many bytes that are not text (invalid UTF-8) came at the terminal and were
    /// dropped, in one burst; the terminal is still there.
    case invalidInputDropped(bytes: Int)
    case answerSaved(questionID: String, characters: Int)
    case examStarted(attemptID: String, examID: String, candidate: String)
    /// `chainHead`: the log's newest record when the receipt was made (`sequence:hash`),
    /// which the receipt covers; `nil` when there was none.
    case examSubmitted(attemptID: String, receipt: String, reason: SubmissionReason, chainHead: String?)
    case timerWarning(minutesLeft: Int)
    /// Timed section `section` (counted from 1) closed for good, its time up (`time-up`) or
    /// left by the student (`left`), when the attempt had used `secondsUsed`.
    case sectionClosed(section: Int, reason: String, secondsUsed: Int)
    /// The lock reaches its longest allowed time in `minutesLeft` minutes, before the exam's
    /// time runs out: the answers are submitted then, and the student was told.
    case lockEndWarning(minutesLeft: Int)
    case terminalTooSmall(columns: Int, rows: Int)
    case terminalSizeRestored(columns: Int, rows: Int)
    case sessionInterrupted(reason: String)
    /// The sitting's accessibility settings when it starts, and who chose them
    /// (`proctor`, `student`, `attempt` for a resumed one's as last switched, `environment`
    /// for `NO_COLOR` or a terminal without colours).
    case accessibilitySet(AccessibilitySettings, by: String)
    /// The student switched one accessibility setting inside the exam.
    case accessibilityChanged(AccessibilityOption, on: Bool)
    /// The student used one of the exam's tools: `tool` (`calculator` …) and what was done
    /// with it (`opened`, `result-copied` into the answer to `questionID` …), never what
    /// was typed into it.
    case toolUsed(tool: String, action: String, questionID: String?)
    /// The student raised a hand to ask for the proctor (`raised`), or lowered it.
    case handRaised(raised: Bool)
    /// The proctor `by` acknowledged the raised hand from the monitor (command `command`),
    /// and the student was told.
    case handAcknowledged(command: Int64, by: String)
    /// The student ran the samples of code question `questionID`: the run's number as the
    /// store counted it, the code's SHA-256 (never the code) and the outcome (`passed 2 of
    /// 3`, each sample's verdict in `verdicts`), never the output.
    case codeRun(questionID: String, number: Int, codeHash: String, passed: Int, of: Int, verdicts: [String])
    /// The proctor's side: launch settings, the password prompt, pauses, breaks, resume.
    case proctor(ProctorEvent)
    /// The store's server was away for `seconds` from `since`; `delivered` writes waited on
    /// the seat's journal and were sent in order once it was back (`refused` of them it
    /// refused, e.g. to an attempt a proctor ended meanwhile).
    case storeOutage(since: Date, seconds: Int, delivered: Int, refused: Int)
    /// This sitting took over the lease of the sitting on `host` (a crash or a lost
    /// connection); `why` says how it was found lost.
    case leaseTakenOver(host: String, tty: String?, pid: Int32, why: String)

    /// The record's kind, a short dotted name (`lock.granted`, `clipboard.cleared` ...).
    public var kind: String {
        switch self {
        case .lockRequested: return "lock.requested"
        case .lockGranted: return "lock.granted"
        case .lockRefused: return "lock.refused"
        case .lockDeclined: return "lock.declined"
        case .lockReleased: return "lock.released"
        case .lockExpired: return "lock.expired"
        case .stepReverted: return "lock.step-reverted"
        case .undoFailed: return "lock.undo-failed"
        case .staleLockFound: return "lock.stale-found"
        case .staleLockCleared: return "lock.stale-cleared"
        case .lockEndedByReboot: return "lock.ended-by-reboot"
        case .clipboardCleared: return "clipboard.cleared"
        case .clipboardClearFailed: return "clipboard.clear-failed"
        case .suggestionsChanged: return "suggestions.changed"
        case .pasteRejectionChanged: return "paste.rejection-changed"
        case .pasteRejected: return "paste.rejected"
        case .quitKeyIgnored: return "key.quit-ignored"
        case .invalidInputDropped: return "input.invalid-dropped"
        case .answerSaved: return "answer.saved"
        case .examStarted: return "exam.started"
        case .examSubmitted: return "exam.submitted"
        case .timerWarning: return "timer.warning"
        case .sectionClosed: return "section.closed"
        case .lockEndWarning: return "lock.end-warning"
        case .terminalTooSmall: return "terminal.too-small"
        case .terminalSizeRestored: return "terminal.size-restored"
        case .sessionInterrupted: return "session.interrupted"
        case .accessibilitySet: return "accessibility.set"
        case .accessibilityChanged: return "accessibility.changed"
        case .toolUsed: return "tool.used"
        case .handRaised(let raised): return raised ? SeatHand.raised : SeatHand.lowered
        case .handAcknowledged: return SeatHand.acknowledged
        case .codeRun: return "code.run"
        case .storeOutage: return "store.outage"
        case .leaseTakenOver: return "lease.taken-over"
        case .proctor(let event): return event.kind
        }
    }

    /// The record's details as flat strings, for the log and `assess log`.
    public var details: [String: String] {
        switch self {
        case .lockRequested(let examID, let candidate):
            return ["exam": examID, "candidate": candidate]
        case .lockGranted(let record), .staleLockFound(let record), .lockEndedByReboot(let record):
            return record.fields
        case .lockRefused(let reason):
            return ["reason": reason.code, "detail": reason.description]
        case .lockDeclined, .lockReleased:
            return [:]
        case .lockExpired(let startedAt):
            return ["since": startedAt.formatted(.iso8601)]
        case .stepReverted(let step):
            return ["step": step]
        case .undoFailed(let step, let error):
            return ["step": step, "error": error]
        case .staleLockCleared(let record, let by):
            return record.fields.merging(["clearedBy": by]) { $1 }
        case .clipboardCleared(let backend, let note):
            return ["backend": backend, "note": note]
        case .clipboardClearFailed(let backend, let error):
            return ["backend": backend, "error": error]
        case .suggestionsChanged(let enabled):
            let names = enabled.sorted().map(\.rawValue)
            return ["enabled": names.isEmpty ? "none" : names.joined(separator: ",")]
        case .pasteRejectionChanged(let on):
            return ["on": String(on)]
        case .pasteRejected(let characters):
            return ["characters": String(characters)]
        case .quitKeyIgnored(let key):
            return ["key": key]
        case .invalidInputDropped(let bytes):
            return ["bytes": String(bytes)]
        case .answerSaved(let questionID, let characters):
            return ["question": questionID, "characters": String(characters)]
        case .examStarted(let attemptID, let examID, let candidate):
            return ["attempt": attemptID, "exam": examID, "candidate": candidate]
        case .examSubmitted(let attemptID, let receipt, let reason, let chainHead):
            var details = ["attempt": attemptID, "receipt": receipt, "reason": reason.rawValue]
            if let chainHead { details["chain-head"] = chainHead }
            return details
        case .timerWarning(let minutesLeft), .lockEndWarning(let minutesLeft):
            return ["minutesLeft": String(minutesLeft)]
        case .sectionClosed(let section, let reason, let secondsUsed):
            return ["section": String(section), "reason": reason, "secondsUsed": String(secondsUsed)]
        case .terminalTooSmall(let columns, let rows), .terminalSizeRestored(let columns, let rows):
            return ["columns": String(columns), "rows": String(rows)]
        case .sessionInterrupted(let reason):
            return ["reason": reason]
        case .accessibilitySet(let settings, let by):
            return ["enabled": settings.summary, "by": by]
        case .accessibilityChanged(let option, let on):
            return ["setting": option.rawValue, "on": String(on)]
        case .storeOutage(let since, let seconds, let delivered, let refused):
            return [
                "since": since.formatted(.iso8601), "seconds": String(seconds), "delivered": String(delivered),
                "refused": String(refused),
            ]
        case .leaseTakenOver(let host, let tty, let pid, let why):
            var details = ["host": host, "pid": String(pid), "why": why]
            if let tty { details["tty"] = tty }
            return details
        case .toolUsed(let tool, let action, let questionID):
            var details = ["tool": tool, "action": action]
            if let questionID { details["question"] = questionID }
            return details
        case .handRaised:
            return [:]
        case .handAcknowledged(let command, let by):
            return ["command": String(command), "by": by]
        case .codeRun(let questionID, let number, let codeHash, let passed, let count, let verdicts):
            return [
                "question": questionID, "number": String(number), "code-hash": codeHash, "passed": String(passed),
                "samples": String(count), "verdicts": verdicts.joined(separator: " "),
            ]
        case .proctor(let event):
            return event.details
        }
    }
}

/// When an event happened, on both clocks.
public struct EventTime: Sendable, Equatable {
    public var wall: Date
    public var monotonicNanoseconds: UInt64

    public init(wall: Date, monotonicNanoseconds: UInt64) {
        self.wall = wall
        self.monotonicNanoseconds = monotonicNanoseconds
    }

    /// Reads both clocks of `clock` now.
    public init(_ clock: any Clock) {
        self.init(wall: clock.now, monotonicNanoseconds: clock.monotonicNanoseconds)
    }
}
