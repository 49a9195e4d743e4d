import Foundation

/// The status changes of the proctor's side of a sitting: the launch settings, the
/// hidden password prompt and what is done behind it, breaks, and crash recovery.
/// Logged as `SessionEvent.proctor`. Like every event, they carry ids, counts and
/// reasons, never a password or answer text.
public enum ProctorEvent: Sendable, Equatable {
    /// A restriction's state was set at launch (or changed); `allowed` is the feature's state.
    case restrictionChanged(id: String, allowed: Bool)
    /// The proctor turned off a suggestion feature that the exam allows.
    case suggestionTurnedOff(SuggestionFeature)
    /// The candidate's time and breaks, fixed at hand-over.
    case accommodationsSet(extraTime: String, secondsAllowed: Int, breaks: String)
    /// A wrong password at the hidden prompt; `failures` in a row so far.
    case passwordRejected(failures: Int)
    /// Too many wrong passwords: the prompt refuses input for `seconds`.
    case promptLockedOut(seconds: Int)
    /// The right password was typed at the hidden prompt.
    case passwordAccepted
    /// The exam was paused: screen hidden, timer stopped.
    case paused(reason: String)
    /// The exam went on after a pause of `seconds`.
    case unpaused(seconds: Int)
    /// Time was added to the candidate's clock.
    case timeAdded(minutes: Int, reason: String)
    /// The proctor ended the exam; the answers are submitted as they stand.
    case endedExam(reason: String)
    /// The attempt was abandoned without submitting; its answers do not count.
    case aborted(attemptID: String, reason: String)
    /// The candidate took break `number` of `allowed`, for at most `minutes`.
    case breakStarted(number: Int, allowed: Int, minutes: Int)
    /// The candidate came back from a break after `seconds`.
    case breakEnded(seconds: Int)
    /// A crashed attempt continues; the terminal was down for `downSeconds`, which
    /// count against the candidate's time only when `charged`.
    case attemptResumed(attemptID: String, downSeconds: Int, charged: Bool)
    /// `assess unlock --stale` ended a crashed attempt as interrupted.
    case attemptInterrupted(attemptID: String, by: String)
    /// Proctor `by` allowed `candidate` one more attempt at `examID` (`assess take
    /// --new-attempt`, `assess roster --allow-new-attempt`).
    case newAttemptAllowed(examID: String, candidate: String, by: String)
    /// The seat carried out command `id` (`action`) that proctor `by` sent from the
    /// monitor for `reason`; `done` is false when the seat's state did not allow it, and the
    /// record is then of its own kind, a warning on the monitor's row.
    case commandCarriedOut(id: Int64, action: String, by: String, reason: String, done: Bool)
    /// The student acknowledged the message of command `id` that proctor `by` sent: it was
    /// shown whole until then.
    case messageRead(id: Int64, by: String)
    /// Proctor `by` issued command `id` (`action`) from the monitor to `candidate`'s seat
    /// for `reason`: the proctor's own record, beside the seat's of carrying it out.
    case commandIssued(id: Int64, action: String, candidate: String, by: String, reason: String)
    /// Proctor `by` reported an irregularity at `candidate`'s seat of `examID` from the
    /// monitor (`i`): its category and what happened, in the proctor's words. The store
    /// stamps when and, on PostgreSQL, the proctor's login role; a seat's role cannot write it.
    case incidentReported(examID: String, candidate: String, category: IncidentCategory, note: String, by: String)
    /// A marker gave one answer `points` (an `override` of its automatic score when true);
    /// the answer and the comment stay in the store, out of the log.
    case answerMarked(attemptID: String, questionID: String, points: Double, override: Bool, by: String)
    /// A proctor published an exam (`assess publish`): its delivery key, the scoring key
    /// version now in force, and what the publish did (`published`, `unchanged`,
    /// `new-scoring-key`, `replaced`).
    case examPublished(examID: String, deliveryKey: String, version: Int, outcome: String, by: String)
    /// Proctor `by` opened the sitting of `examID` from the command line (`assess open`,
    /// `publish --open`): a published exam's delivery form goes to the seats from now on;
    /// `startCode` when the sitting has a start code.
    case sittingOpened(examID: String, by: String, startCode: Bool)
    /// A proctor fixed a published exam's scoring key after its sitting (`assess results
    /// --rescore --apply`): scoring key `version` replaced `previous` for `reason`; the
    /// questions (and rules) it changed, and how many attempts now score differently.
    case examRescored(
        examID: String, previous: Int, version: Int, changed: [String], attemptsChanged: Int, reason: String,
        by: String)

    /// The kind of an irregularity report (`incidentReported`), which `results` looks for.
    public static let incidentKind = "proctor.incident"

    /// The record's kind.
    public var kind: String {
        switch self {
        case .restrictionChanged: return "restriction.changed"
        case .suggestionTurnedOff: return "suggestions.turned-off"
        case .accommodationsSet: return "launch.accommodations"
        case .passwordRejected: return "proctor.password-rejected"
        case .promptLockedOut: return "proctor.prompt-locked"
        case .passwordAccepted: return "proctor.password-accepted"
        case .paused: return "exam.paused"
        case .unpaused: return "exam.unpaused"
        case .timeAdded: return "exam.time-added"
        case .endedExam: return "exam.ended-by-proctor"
        case .aborted: return "attempt.aborted"
        case .breakStarted: return "break.started"
        case .breakEnded: return "break.ended"
        case .attemptResumed: return "attempt.resumed"
        case .attemptInterrupted: return "attempt.interrupted"
        case .newAttemptAllowed: return "attempt.new-allowed"
        case .commandCarriedOut(_, _, _, _, let done): return done ? "proctor.command" : "proctor.command-refused"
        case .messageRead: return "proctor.message-read"
        case .commandIssued: return "proctor.command-issued"
        case .incidentReported: return Self.incidentKind
        case .answerMarked: return "answer.marked"
        case .examPublished: return "exam.published"
        case .examRescored: return "exam.rescored"
        case .sittingOpened: return "sitting.opened"
        }
    }

    /// The record's details as flat strings.
    public var details: [String: String] {
        switch self {
        case .restrictionChanged(let id, let allowed):
            return ["restriction": id, "allowed": String(allowed)]
        case .suggestionTurnedOff(let feature):
            return ["feature": feature.rawValue]
        case .accommodationsSet(let extraTime, let secondsAllowed, let breaks):
            return ["extraTime": extraTime, "secondsAllowed": String(secondsAllowed), "breaks": breaks]
        case .passwordRejected(let failures):
            return ["failures": String(failures)]
        case .promptLockedOut(let seconds):
            return ["seconds": String(seconds)]
        case .passwordAccepted:
            return [:]
        case .paused(let reason), .endedExam(let reason):
            return ["reason": reason]
        case .unpaused(let seconds), .breakEnded(let seconds):
            return ["seconds": String(seconds)]
        case .timeAdded(let minutes, let reason):
            return ["minutes": String(minutes), "reason": reason]
        case .aborted(let attemptID, let reason):
            return ["attempt": attemptID, "reason": reason]
        case .breakStarted(let number, let allowed, let minutes):
            return ["number": String(number), "allowed": String(allowed), "minutes": String(minutes)]
        case .attemptResumed(let attemptID, let downSeconds, let charged):
            return ["attempt": attemptID, "downSeconds": String(downSeconds), "charged": String(charged)]
        case .attemptInterrupted(let attemptID, let by):
            return ["attempt": attemptID, "by": by]
        case .newAttemptAllowed(let examID, let candidate, let by):
            return ["exam": examID, "candidate": candidate, "by": by]
        case .commandCarriedOut(let id, let action, let by, let reason, let done):
            return ["command": String(id), "action": action, "by": by, "reason": reason, "done": String(done)]
        case .messageRead(let id, let by):
            return ["command": String(id), "by": by]
        case .commandIssued(let id, let action, let candidate, let by, let reason):
            return ["command": String(id), "action": action, "candidate": candidate, "by": by, "reason": reason]
        case .incidentReported(let examID, let candidate, let category, let note, let by):
            return ["exam": examID, "candidate": candidate, "category": category.rawValue, "note": note, "by": by]
        case .answerMarked(let attemptID, let questionID, let points, let override, let by):
            return [
                "attempt": attemptID, "question": questionID, "points": String(points), "override": String(override),
                "by": by,
            ]
        case .examPublished(let examID, let deliveryKey, let version, let outcome, let by):
            return [
                "exam": examID, "delivery-key": deliveryKey, "scoring-key": "v\(version)", "outcome": outcome, "by": by,
            ]
        case .sittingOpened(let examID, let by, let startCode):
            return ["exam": examID, "by": by, "startCode": String(startCode)]
        case .examRescored(let examID, let previous, let version, let changed, let attemptsChanged, let reason, let by):
            return [
                "exam": examID, "previous": "v\(previous)", "scoring-key": "v\(version)",
                "changed": changed.joined(separator: ","), "attempts-changed": String(attemptsChanged),
                "reason": reason, "by": by,
            ]
        }
    }
}
