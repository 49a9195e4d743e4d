import Foundation
import GRDB

/// Attempts and their responses in SQLite: every method that writes does so in one
/// transaction that is on disk when the method returns. Only an attempt in progress can
/// change; a finished attempt is a record.
extension SQLiteStore: ExamStore {
    /// Starts a new attempt, in progress, with a fresh random id.
    ///
    /// - Throws: `StoreError.attemptAlreadyInProgress` when the candidate already has
    ///   an attempt of this exam in progress (resume it with `inProgressAttempt`, or
    ///   finish it, first); `StoreError.earlierAttempt` when they have one that ended and
    ///   no allowance for another (`allowNewAttempt`); practice is exempt.
    public func startAttempt(
        examID: String, examKey: String, candidate: String,
        secondsAllowed: Int?, isPractice: Bool, settings: String, at time: Date
    ) throws -> Attempt {
        try write { db in
            if let running = try inProgressAttempt(db, exam: examID, candidate: candidate) {
                throw StoreError.attemptAlreadyInProgress(id: running.id)
            }
            var allowance: Int64?
            if !isPractice,
                let earlier = try Attempt.filter(
                    Attempt.Columns.examID == examID && Attempt.Columns.candidate == candidate
                        && Attempt.Columns.isPractice == false
                ).order(Attempt.Columns.startedAt.desc, Column.rowID.desc).fetchOne(db)
            {
                allowance = try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM newAttemptsAllowed WHERE examID = ? AND candidate = ? AND usedBy IS NULL
                        ORDER BY id LIMIT 1
                        """, arguments: [examID, candidate])
                guard allowance != nil else {
                    throw StoreError.earlierAttempt(id: earlier.id, status: earlier.status)
                }
            }
            try db.execute(
                sql: "INSERT OR IGNORE INTO candidates (id, firstSeenAt) VALUES (?, ?)",
                arguments: [candidate, time])
            let attempt = Attempt(
                id: UUID().uuidString, examID: examID, examKey: examKey, candidate: candidate,
                status: .inProgress, startedAt: time, endedAt: nil, secondsAllowed: secondsAllowed,
                secondsUsed: 0, receipt: nil, isPractice: isPractice, settings: settings,
                currentQuestion: 0, breaksTaken: 0, lastActiveAt: time)
            let started = try attempt.insertAndFetch(db)
            if let allowance {
                try db.execute(
                    sql: "UPDATE newAttemptsAllowed SET usedBy = ? WHERE id = ?", arguments: [started.id, allowance])
            }
            return started
        }
    }

    /// Records a proctor's allowance of one more attempt, which the candidate's next
    /// attempt at the exam uses.
    public func allowNewAttempt(exam examID: String, candidate: String) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO newAttemptsAllowed (examID, candidate, allowedAt) VALUES (?, ?, ?)",
                arguments: [examID, candidate, Date()])
        }
    }

    /// Saves the response to one question: replaces the latest response and records the
    /// version in the history (a new version when the question's previous one is at least
    /// `ResponseHistory.interval` older, else in its place), in one transaction that is on disk
    /// when this returns.
    ///
    /// - Parameters:
    ///   - attemptID: An attempt in progress.
    ///   - questionID: The question answered.
    ///   - value: The response as JSON text, encoded by the exam module.
    ///   - flagged: Whether the question is flagged for review.
    ///   - annotations: What the candidate marked on it, never scored; `nil` when nothing.
    ///   - time: When the response was saved.
    /// - Throws: `StoreError.unknownAttempt` or `StoreError.attemptNotInProgress`.
    @discardableResult
    public func saveResponse(
        attempt attemptID: String, question questionID: String,
        value: String, flagged: Bool, annotations: String?, at time: Date
    ) throws -> StoredResponse {
        // Every autosave of every seat comes here: cached statements, no record encoding.
        let savedText = StoredDateText.text(time)
        return try write { db in
            try requireStatusInProgress(db, attemptID)
            let previous = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT id, savedAt FROM responseHistory WHERE attemptID = ? AND questionID = ? ORDER BY id DESC LIMIT 1
                        """), arguments: [attemptID, questionID])
            if let previous, let firstSaved: Date = previous["savedAt"],
                time.timeIntervalSince(firstSaved) < ResponseHistory.interval
            {
                // The version keeps the time it was first saved, so the next one is kept
                // half a minute after it.
                try db.cachedStatement(sql: "UPDATE responseHistory SET value = ? WHERE id = ?")
                    .execute(arguments: [value, previous["id"] as Int64])
            } else {
                try db.cachedStatement(
                    sql: "INSERT INTO responseHistory (attemptID, questionID, value, savedAt) VALUES (?, ?, ?, ?)"
                ).execute(arguments: [attemptID, questionID, value, savedText])
            }
            let stored = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        INSERT INTO responses (attemptID, questionID, value, flagged, annotations, savedAt)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (attemptID, questionID) DO UPDATE SET value = excluded.value,
                            flagged = excluded.flagged, annotations = excluded.annotations, savedAt = excluded.savedAt
                        RETURNING savedAt
                        """), arguments: [attemptID, questionID, value, flagged, annotations, savedText])
            // The time as the store keeps it (to the millisecond), as a read gives it back.
            let savedAt: Date = stored?["savedAt"] ?? time
            return StoredResponse(
                attemptID: attemptID, questionID: questionID, value: value, flagged: flagged,
                annotations: annotations, savedAt: savedAt)
        }
    }

    /// The latest response to each answered question of an attempt, by question id.
    public func responses(for attemptID: String) throws -> [StoredResponse] {
        try read { db in
            try StoredResponse
                .filter(StoredResponse.Columns.attemptID == attemptID)
                .order(StoredResponse.Columns.questionID)
                .fetchAll(db)
        }
    }

    /// Every version saved for an attempt, oldest first; only one question's when
    /// `questionID` is given.
    public func responseHistory(for attemptID: String, question questionID: String?) throws -> [ResponseVersion] {
        try read { db in
            var request = ResponseVersion.filter(ResponseVersion.Columns.attemptID == attemptID)
            if let questionID {
                request = request.filter(ResponseVersion.Columns.questionID == questionID)
            }
            return try request.order(ResponseVersion.Columns.id).fetchAll(db)
        }
    }

    /// Records how far an attempt in progress has come: the time it has used, the
    /// question on screen and the breaks taken, and that its session was alive at `time`.
    /// A heartbeat: on disk within `heartbeatSyncInterval` (see `writeHeartbeat`).
    ///
    /// - Throws: `StoreError.unknownAttempt` or `StoreError.attemptNotInProgress`.
    public func updateProgress(
        attempt attemptID: String, secondsUsed: Int, currentQuestion: Int,
        breaksTaken: Int, at time: Date
    ) throws {
        try writeHeartbeat { db in
            try requireStatusInProgress(db, attemptID)
            try db.cachedStatement(
                sql: """
                    UPDATE attempts SET secondsUsed = ?, currentQuestion = ?, breaksTaken = ?, lastActiveAt = ?
                    WHERE id = ?
                    """
            ).execute(arguments: [secondsUsed, currentQuestion, breaksTaken, StoredDateText.text(time), attemptID])
        }
    }

    /// Changes the time an attempt in progress is allowed (the proctor added time).
    ///
    /// - Throws: `StoreError.unknownAttempt` or `StoreError.attemptNotInProgress`.
    public func updateSecondsAllowed(attempt attemptID: String, seconds: Int) throws {
        try write { db in
            try requireInProgress(db, attemptID)
            try Attempt.filter(key: attemptID).updateAll(db, Attempt.Columns.secondsAllowed.set(to: seconds))
        }
    }

    /// The attempt that was given this receipt, if any.
    public func attempt(withReceipt receipt: String) throws -> Attempt? {
        try read { db in try Attempt.filter(Attempt.Columns.receipt == receipt).fetchOne(db) }
    }

    /// Every candidate who has started an attempt, by id.
    public func candidates() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT id FROM candidates ORDER BY id") }
    }

    /// Ends an attempt in progress and returns it as stored.
    ///
    /// - Parameters:
    ///   - id: The attempt.
    ///   - status: How it ended; any status but `inProgress`.
    ///   - receipt: The receipt given to the candidate, if any.
    ///   - time: When it ended.
    /// - Throws: `StoreError.notAFinishingStatus`, `StoreError.unknownAttempt` or
    ///   `StoreError.attemptNotInProgress`.
    @discardableResult
    public func finishAttempt(id: String, status: AttemptStatus, receipt: String?, at time: Date) throws -> Attempt {
        guard status != .inProgress else { throw StoreError.notAFinishingStatus(status) }
        return try write { db in
            var attempt = try requireInProgress(db, id)
            attempt.status = status
            attempt.receipt = receipt
            attempt.endedAt = time
            try attempt.update(db)
            return try Attempt.fetchOne(db, key: id) ?? attempt
        }
    }

    /// The attempt with this id, if there is one.
    public func attempt(_ id: String) throws -> Attempt? {
        try read { db in try Attempt.fetchOne(db, key: id) }
    }

    /// Attempts, oldest first, narrowed to an exam, a candidate and a status when given.
    public func attempts(exam examID: String?, candidate: String?, status: AttemptStatus?) throws -> [Attempt] {
        try read { db in
            var request = Attempt.all()
            if let examID {
                request = request.filter(Attempt.Columns.examID == examID)
            }
            if let candidate {
                request = request.filter(Attempt.Columns.candidate == candidate)
            }
            if let status {
                request = request.filter(Attempt.Columns.status == status.rawValue)
            }
            return try request.order(Attempt.Columns.startedAt).fetchAll(db)
        }
    }

    /// The candidate's attempt of this exam that is still in progress (after a crash,
    /// the one to resume), if any. There is at most one.
    public func inProgressAttempt(exam examID: String, candidate: String) throws -> Attempt? {
        try read { db in try inProgressAttempt(db, exam: examID, candidate: candidate) }
    }

    private func inProgressAttempt(_ db: Database, exam examID: String, candidate: String) throws -> Attempt? {
        try Attempt
            .filter(Attempt.Columns.examID == examID)
            .filter(Attempt.Columns.candidate == candidate)
            .filter(Attempt.Columns.status == AttemptStatus.inProgress.rawValue)
            .fetchOne(db)
    }

    /// Throws unless the attempt with this id is in progress, as ``requireInProgress(_:_:)``,
    /// reading its status alone: for the writes every seat makes every few seconds.
    func requireStatusInProgress(_ db: Database, _ attemptID: String) throws {
        guard
            let status = try String.fetchOne(
                db.cachedStatement(sql: "SELECT status FROM attempts WHERE id = ?"),
                arguments: [attemptID])
        else {
            throw StoreError.unknownAttempt(attemptID)
        }
        // A status this version does not know: the whole record read says what is wrong.
        guard let known = AttemptStatus(rawValue: status) else {
            try requireInProgress(db, attemptID)
            return
        }
        guard known == .inProgress else { throw StoreError.attemptNotInProgress(id: attemptID, status: known) }
    }

    /// The attempt with this id, which must be in progress.
    @discardableResult
    func requireInProgress(_ db: Database, _ attemptID: String) throws -> Attempt {
        guard let attempt = try Attempt.fetchOne(db, key: attemptID) else {
            throw StoreError.unknownAttempt(attemptID)
        }
        guard attempt.status == .inProgress else {
            throw StoreError.attemptNotInProgress(id: attemptID, status: attempt.status)
        }
        return attempt
    }
}
