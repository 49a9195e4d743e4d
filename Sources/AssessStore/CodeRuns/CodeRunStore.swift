import Foundation

/// The sample runs students make of code questions during the exam, counted where the
/// student cannot reset them: the store (a protected file on one machine, the server in a
/// lab). Each run keeps the code's hash, never the code.
public protocol CodeRunStore: ExamStore {
    /// Takes the next run of `questionID` for an attempt in progress and returns its number
    /// (1 for the first). SQLite counts against `allowed`, the exam's `run-during-exam:`;
    /// PostgreSQL ignores it and counts against the budget of the form it published.
    ///
    /// - Throws: `StoreError.noRunsLeft` once the budget is spent; `StoreError.unknownAttempt`
    ///   or `StoreError.attemptNotInProgress`; `StoreError.notPermitted` for another seat's attempt.
    func takeCodeRun(attempt attemptID: String, question questionID: String, codeHash: String, allowed: Int)
        throws -> Int

    /// How many runs of `questionID` the attempt has taken.
    func codeRunsTaken(attempt attemptID: String, question questionID: String) throws -> Int
}
