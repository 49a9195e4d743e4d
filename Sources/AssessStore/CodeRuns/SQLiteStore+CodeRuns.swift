import Foundation
import GRDB

/// Sample runs in SQLite: counted and taken in one transaction.
extension SQLiteStore: CodeRunStore {
    /// This store counts sample runs.
    public var codeRuns: (any CodeRunStore)? { self }

    public func takeCodeRun(attempt attemptID: String, question questionID: String, codeHash: String, allowed: Int)
        throws -> Int
    {
        // A room's seats take their runs in the same instant: cached statements, the status alone.
        let takenAt = StoredDateText.text(Date())
        return try write { db in
            try requireStatusInProgress(db, attemptID)
            let taken = try Self.runsTaken(db, attemptID, questionID)
            guard taken < allowed else { throw StoreError.noRunsLeft(allowed: allowed) }
            try db.cachedStatement(
                sql: "INSERT INTO codeRuns (attemptID, questionID, number, codeHash, takenAt) VALUES (?, ?, ?, ?, ?)"
            ).execute(arguments: [attemptID, questionID, taken + 1, codeHash, takenAt])
            return taken + 1
        }
    }

    public func codeRunsTaken(attempt attemptID: String, question questionID: String) throws -> Int {
        try read { db in try Self.runsTaken(db, attemptID, questionID) }
    }

    private static func runsTaken(_ db: Database, _ attemptID: String, _ questionID: String) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM codeRuns WHERE attemptID = ? AND questionID = ?"),
            arguments: [attemptID, questionID]) ?? 0
    }

    /// `v10`: the sample runs taken during the exam (PostgreSQL's `code_runs`, v17).
    static func addCodeRuns(_ db: Database) throws {
        try db.create(table: "codeRuns") { t in
            t.column("attemptID", .text).notNull().references("attempts")
            t.column("questionID", .text).notNull()
            t.column("number", .integer).notNull()
            t.column("codeHash", .text).notNull()
            t.column("takenAt", .datetime).notNull()
            t.primaryKey(["attemptID", "questionID", "number"])
        }
    }
}
