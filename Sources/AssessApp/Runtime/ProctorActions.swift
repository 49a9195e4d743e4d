import AssessCore
import AssessPlatform
import AssessStore
import Foundation

/// What the proctor's commands do to a crashed sitting, each logged: clear its stale lock,
/// end its attempt.
package enum ProctorActions {
    /// Clears the stale lock at `lock` and logs who did (in the crashed sitting's timeline,
    /// where the monitor then stops showing its seat as a stale lock); returns the record it held.
    package static func clearStaleLock(
        _ lock: FileTerminalLock, events: EventStore, by proctor: String, clock: any Clock
    ) throws -> LockRecord {
        let record: LockRecord
        do {
            record = try lock.clearStale()
        } catch TerminalLockError.holderIsAlive(let record) {
            throw CommandFailure(
                .locked, "refused: the lock's holder came back to life: \(LockMessages.holder(record))")
        } catch TerminalLockError.noStaleLock {
            throw CommandFailure(.notDone, "the stale lock at \(lock.location) was cleared by someone else meanwhile")
        }
        try events.append(.staleLockCleared(record, by: proctor), at: EventTime(clock))
        return record
    }

    /// True when `candidate` has an attempt at `examID` that ended (practice aside) and
    /// none in progress: a new attempt then needs a proctor's allowance.
    package static func needsAllowance(exam examID: String, candidate: String, database: any ExamStore) throws -> Bool {
        let earlier = try database.attempts(exam: examID, candidate: candidate, status: nil).filter { !$0.isPractice }
        return !earlier.isEmpty && !earlier.contains { $0.status == .inProgress }
    }

    /// Allows `candidate` one more attempt at `examID` and logs who did.
    ///
    /// - Throws: `StoreError.notPermitted` when the store's role is not a proctor's (a seat
    ///   on a lab's server, where only a proctor's role gives the allowance).
    package static func allowNewAttempt(
        exam examID: String, candidate: String, by proctor: String, database: any ExamStore, events: EventStore,
        clock: any Clock
    ) throws {
        try database.allowNewAttempt(exam: examID, candidate: candidate)
        try events.append(
            .proctor(.newAttemptAllowed(examID: examID, candidate: candidate, by: proctor)), at: EventTime(clock))
    }

    /// Ends `attempt` as interrupted, keeping its saved answers, and logs it in its timeline.
    package static func markInterrupted(
        _ attempt: Attempt, by proctor: String, database: any ExamStore, events: EventStore,
        clock: any Clock
    ) throws {
        try database.finishAttempt(id: attempt.id, status: .interrupted, receipt: nil, at: clock.now)
        events.currentAttempt = attempt.id
        try events.append(.proctor(.attemptInterrupted(attemptID: attempt.id, by: proctor)), at: EventTime(clock))
    }
}
