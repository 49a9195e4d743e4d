import GRDB

/// The SQLite schema of marks: their own append-only table beside the answers
/// (PostgreSQL's is `postgres-v05-marks.sql`).
enum MarkSchema {
    /// SQLite's migration `v5`: the `marks` table, one row per mark given.
    static func addMarks(_ db: Database) throws {
        try db.create(table: "marks") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("attemptID", .text).notNull().references("attempts")
            t.column("questionID", .text).notNull()
            t.column("points", .double).notNull().check { $0 >= 0 }
            t.column("comment", .text).notNull()
            t.column("overrideReason", .text)
            t.column("marker", .text).notNull()
            t.column("markedAt", .datetime).notNull()
        }
        try db.create(index: "marks_on_attempt_question", on: "marks", columns: ["attemptID", "questionID"])
        // Append-only, like the answers: a changed mark is a new row.
        try db.execute(
            sql: """
                CREATE TRIGGER marks_are_never_changed BEFORE UPDATE ON marks
                BEGIN SELECT RAISE(ABORT, 'marks are append-only'); END;
                CREATE TRIGGER marks_are_never_removed BEFORE DELETE ON marks
                BEGIN SELECT RAISE(ABORT, 'marks are append-only'); END;
                """)
    }
}
