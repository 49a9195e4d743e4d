import AssessExam

/// How an attempt ended.
public enum AttemptEnd: String, Sendable, Equatable {
    /// The student submitted.
    case submitted
    /// Time ran out and the answers were submitted for the student.
    case timedOut
    /// The terminal went away or the process was told to stop; answers were saved.
    case interrupted
}

/// Where a sitting's attempt and answers are kept. The executable backs it with the
/// store (`AssessStore`); tests with memory. Every call is durable when it returns.
public protocol SittingRecorder: Sendable {
    /// Starts the attempt once the exam begins; returns its id.
    func startAttempt(practice: Bool) throws -> String
    /// Saves the answer (or its absence) and flag of one question.
    func save(attemptID: String, questionID: String, response: Response?, flagged: Bool) throws
    /// Records how much of the allowed time has been used.
    func updateTimeUsed(attemptID: String, seconds: Int) throws
    /// Ends the attempt.
    func finish(attemptID: String, as end: AttemptEnd, receipt: String?) throws
}
