/// Why an attempt was submitted; the log records it with the submission.
public enum SubmissionReason: String, Sendable, Equatable, CaseIterable {
    /// The student confirmed on the review screen.
    case student
    /// The proctor ended the exam from the panel.
    case proctor
    /// The exam's time ran out.
    case timeUp = "time-up"
    /// The lock reached its longest allowed time.
    case lockExpired = "lock-expired"
}
