/// One step of taking the lock: something to do, and how to undo it.
public struct LockStep: Sendable {
    /// A short name for the log (`lock-file`, `clipboards` ...).
    public var name: String
    /// Does the step; throws `LockStepFailure` (or any error) when it cannot.
    public var perform: @Sendable () async throws -> Void
    /// Undoes the step, or `nil` when there is nothing to undo.
    public var undo: (@Sendable () async throws -> Void)?

    public init(
        _ name: String, perform: @escaping @Sendable () async throws -> Void,
        undo: (@Sendable () async throws -> Void)? = nil
    ) {
        self.name = name
        self.perform = perform
        self.undo = undo
    }
}

/// A step failed for a reason the caller reports as the lock request's answer.
public struct LockStepFailure: Error, Sendable {
    public var reason: LockFailureReason

    public init(_ reason: LockFailureReason) {
        self.reason = reason
    }
}

/// Runs steps in order; when one fails, undoes the ones already done, newest first,
/// carrying on past an undo that fails. The steps after the failed one are never run,
/// and the failed step itself is not undone (it did not complete).
public enum RevertibleSteps {
    /// What happened to a run of steps.
    public struct Outcome: Sendable {
        /// The step that failed and its error, or `nil` when every step completed.
        public var failure: (step: String, error: any Error)?
        /// The steps that were undone, in the order they were undone.
        public var reverted: [String]
        /// The undos that themselves failed, with their errors.
        public var undoFailures: [(step: String, error: any Error)]
    }

    /// Runs `steps`; `onRevert` and `onUndoFailure` hear about each undo as it happens.
    public static func run(
        _ steps: [LockStep],
        onRevert: @Sendable (String) async -> Void = { _ in },
        onUndoFailure: @Sendable (String, any Error) async -> Void = { _, _ in }
    ) async -> Outcome {
        var completed: [LockStep] = []
        for step in steps {
            do {
                try await step.perform()
                completed.append(step)
            } catch {
                var reverted: [String] = []
                var undoFailures: [(step: String, error: any Error)] = []
                for done in completed.reversed() {
                    guard let undo = done.undo else { continue }
                    do {
                        try await undo()
                        reverted.append(done.name)
                        await onRevert(done.name)
                    } catch let undoError {
                        undoFailures.append((done.name, undoError))
                        await onUndoFailure(done.name, undoError)
                    }
                }
                return Outcome(failure: (step.name, error), reverted: reverted, undoFailures: undoFailures)
            }
        }
        return Outcome(failure: nil, reverted: [], undoFailures: [])
    }
}
