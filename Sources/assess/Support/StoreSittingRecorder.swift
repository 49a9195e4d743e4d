import AssessExam
import AssessStore
import AssessTUI
import Foundation

/// Keeps a sitting's attempt and answers in the store, and tags the event log's records
/// with the attempt while it runs.
struct StoreSittingRecorder: SittingRecorder {
    let database: AssessDatabase
    let events: EventStore
    let exam: Exam
    let candidate: String

    func startAttempt(practice: Bool) throws -> String {
        let attempt = try database.startAttempt(
            examID: exam.id, examKey: exam.examKey, candidate: candidate,
            secondsAllowed: exam.durationSeconds, isPractice: practice, at: Date())
        events.currentAttempt = attempt.id
        return attempt.id
    }

    func save(attemptID: String, questionID: String, response: Response?, flagged: Bool) throws {
        try database.saveResponse(attempt: attemptID, question: questionID, value: response?.json ?? "null",
                                  flagged: flagged, at: Date())
    }

    func updateTimeUsed(attemptID: String, seconds: Int) throws {
        try database.updateTimeUsed(attempt: attemptID, seconds: seconds)
    }

    func finish(attemptID: String, as end: AttemptEnd, receipt: String?) throws {
        let status: AttemptStatus = switch end {
        case .submitted: .submitted
        case .timedOut: .timedOut
        case .interrupted: .interrupted
        }
        _ = try database.finishAttempt(id: attemptID, status: status, receipt: receipt, at: Date())
        events.currentAttempt = nil
    }
}
