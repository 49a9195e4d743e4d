import AssessCore
import AssessExam
import AssessStore
import AssessTUI
import Foundation

/// Keeps a sitting's attempt and answers in the store, and tags the event log's records
/// with the attempt while it runs.
package struct StoreSittingRecorder: DeliveringRecorder {
    /// The store the attempt and its answers go to.
    package let database: any ExamStore
    /// The event log, told which attempt its records belong to.
    package let events: EventStore
    /// The exam sat.
    package let exam: Exam
    /// The candidate's id.
    package let candidate: String
    /// The attempt in progress that `assess resume` continues, if any.
    package let resuming: Attempt?
    /// The sitting's lease on (exam, candidate), renewed with each save of progress; nil
    /// in practice.
    package let lease: LeaseHolder?
    /// How long the lease lasts without renewal (the policy's `lease-lost-after`).
    package let leaseLostAfter: TimeInterval
    /// The language the student's screens speak, kept with the attempt's settings so that
    /// `resume` speaks it without being told again.
    package let language: InterfaceLanguage

    package func startAttempt(practice: Bool, settings: LaunchSettings) throws -> String {
        if let resuming {
            events.currentAttempt = resuming.id
            return resuming.id
        }
        var kept = settings
        kept.language = language
        let attempt = try database.startAttempt(
            examID: exam.id, examKey: exam.examKey, candidate: candidate,
            secondsAllowed: settings.secondsAllowed(for: exam), isPractice: practice,
            settings: kept.json, at: Date())
        events.currentAttempt = attempt.id
        return attempt.id
    }

    package func save(
        attemptID: String, questionID: String, response: Response?, flagged: Bool, annotations: Annotations
    ) throws {
        try database.saveResponse(
            attempt: attemptID, question: questionID, value: response?.json ?? "null",
            flagged: flagged, annotations: annotations.stored, at: Date())
    }

    package func updateProgress(attemptID: String, secondsUsed: Int, currentQuestion: Int, breaksTaken: Int) throws {
        try database.updateProgress(
            attempt: attemptID, secondsUsed: secondsUsed, currentQuestion: currentQuestion,
            breaksTaken: breaksTaken, at: Date())
        if let lease {
            _ = try database.takeLease(
                exam: exam.id, candidate: candidate, holder: lease, lostAfter: leaseLostAfter, at: Date())
        }
    }

    package func updateSecondsAllowed(attemptID: String, seconds: Int) throws {
        try database.updateSecondsAllowed(attempt: attemptID, seconds: seconds)
    }

    package func closeSection(attemptID: String, section: Int, secondsUsed: Int) throws {
        try database.closeSection(attempt: attemptID, section: section, secondsUsed: secondsUsed, at: Date())
    }

    package func waitingForServer() -> Int {
        database.journal?.waiting ?? 0
    }

    package func deliverToServer() -> Int {
        database.journal?.deliver() ?? 0
    }

    package func chainHead() throws -> String? {
        try events.head()
    }

    package func finish(attemptID: String, as end: AttemptEnd, receipt: String?, at time: Date) throws {
        let status: AttemptStatus =
            switch end {
            case .submitted: .submitted
            case .timedOut: .timedOut
            case .aborted: .aborted
            }
        // The records after this one (submitted, lock released) still belong to the
        // attempt's timeline, so the log keeps tagging them with it.
        _ = try database.finishAttempt(id: attemptID, status: status, receipt: receipt, at: time)
    }
}

/// An attempt's saved answers read back as the exam module knows them: what `resume`
/// restores, `results` scores, `verify` recomputes a receipt from and `status` counts.
/// A question saved without an answer (stored as `null`, e.g. flagged only) has no
/// response here but may be flagged.
package struct SavedAnswers {
    /// The answers by question id.
    package let responses: [String: Response]
    /// The questions flagged for review, in question id order.
    package let flagged: [String]
    /// What the candidate marked on each question (struck-out choices), by question id.
    package let annotations: [String: Annotations]

    package init(attempt attemptID: String, database: any ExamStore) throws {
        var responses: [String: Response] = [:]
        var flagged: [String] = []
        var annotations: [String: Annotations] = [:]
        for saved in try database.responses(for: attemptID) {
            responses[saved.questionID] = Response(json: saved.value)
            if saved.flagged { flagged.append(saved.questionID) }
            let marked = Annotations(stored: saved.annotations)
            if !marked.isEmpty { annotations[saved.questionID] = marked }
        }
        self.responses = responses
        self.flagged = flagged
        self.annotations = annotations
    }
}
