import AssessExam
import Foundation

/// How an attempt ended.
public enum AttemptEnd: String, Sendable, Equatable {
    /// The student submitted.
    case submitted
    /// Time ran out and the answers were submitted for the student.
    case timedOut
    /// The proctor abandoned the attempt; its answers do not count.
    case aborted
}

/// Where a sitting's attempt and answers are kept. The executable backs it with the
/// store (`AssessStore`); tests with memory. Every call is durable when it returns.
public protocol SittingRecorder: Sendable {
    /// Starts the attempt once the exam begins, kept with the proctor's `settings` (or,
    /// for `assess resume`, continues the attempt in progress); returns its id.
    func startAttempt(practice: Bool, settings: LaunchSettings) throws -> String
    /// Saves the answer (or its absence), flag and annotations (never scored) of one question.
    func save(
        attemptID: String, questionID: String, response: Response?, flagged: Bool, annotations: Annotations
    ) throws
    /// Records how far the attempt has come: time used, the question on screen, breaks taken.
    func updateProgress(attemptID: String, secondsUsed: Int, currentQuestion: Int, breaksTaken: Int) throws
    /// Records a new time allowance (the proctor added time).
    func updateSecondsAllowed(attemptID: String, seconds: Int) throws
    /// Closes timed section `section` for good, when the attempt had used `secondsUsed`.
    func closeSection(attemptID: String, section: Int, secondsUsed: Int) throws
    /// The event log's newest record as `sequence:hash`, for the receipt to carry; `nil`
    /// when no log is kept or it is empty.
    func chainHead() throws -> String?
    /// Ends the attempt; `time` is the moment the receipt was computed from.
    func finish(attemptID: String, as end: AttemptEnd, receipt: String?, at time: Date) throws
}

/// A recorder whose store is a server that may go away mid-exam: its writes then wait on
/// this terminal (a journal) and are sent in order once the server is back.
public protocol DeliveringRecorder: SittingRecorder {
    /// How many writes wait on this terminal for the server; 0 when it has them all.
    func waitingForServer() -> Int
    /// Tries to send what waits, now; returns how many writes still wait.
    func deliverToServer() -> Int
}

/// Why a sample run was not taken from the question's budget.
public enum SampleRunRefusal: Error, Sendable, Equatable {
    /// The store counted every run the question allows.
    case noneLeft
    /// The store could not be asked (the server is away, a write failed): the text says why.
    case unavailable(String)
}

/// Where the sample runs of code questions are counted: the store, which the student
/// cannot reset (a protected file, or the server, which counts against the form it published).
public protocol SampleRunCounter: Sendable {
    /// Takes the next run of `questionID` (of `allowed`) and returns its number, 1 for the first.
    ///
    /// - Throws: ``SampleRunRefusal``.
    func takeSampleRun(attemptID: String, questionID: String, codeHash: String, allowed: Int) throws(SampleRunRefusal)
        -> Int
}
