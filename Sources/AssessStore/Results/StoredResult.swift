import Foundation
import GRDB

/// The score the proctor's commands computed for a finished attempt, kept as the
/// record of what was reported. Scoring happens outside the store (the exam module
/// knows the answer key); the store only keeps the totals.
public struct StoredResult: Sendable, Equatable, Codable {
    /// The attempt scored.
    public var attemptID: String
    /// The exam key the attempt was scored against.
    public var examKey: String
    /// The points awarded by automatic marking.
    public var awarded: Double
    /// The points available.
    public var maximum: Double
    /// How many answers (essays) wait for a person to mark them.
    public var awaitingManualMarking: Int
    /// When the score was computed.
    public var computedAt: Date

    public init(
        attemptID: String, examKey: String, awarded: Double, maximum: Double,
        awaitingManualMarking: Int, computedAt: Date
    ) {
        self.attemptID = attemptID
        self.examKey = examKey
        self.awarded = awarded
        self.maximum = maximum
        self.awaitingManualMarking = awaitingManualMarking
        self.computedAt = computedAt
    }
}

extension StoredResult: FetchableRecord, PersistableRecord {
    /// The table results are stored in.
    public static let databaseTableName = "results"
}

extension SQLiteStore {
    /// Keeps `result` as the attempt's latest score, replacing an earlier one.
    ///
    /// - Throws: `StoreError.unknownAttempt` when no attempt has the result's id.
    public func saveResult(_ result: StoredResult) throws {
        try write { db in
            guard try Attempt.exists(db, key: result.attemptID) else {
                throw StoreError.unknownAttempt(result.attemptID)
            }
            try result.save(db)
        }
    }

    /// The latest score computed for an attempt, if any.
    public func result(for attemptID: String) throws -> StoredResult? {
        try read { db in try StoredResult.fetchOne(db, key: attemptID) }
    }
}
