import GRDB

/// The SQLite roster and common start (PostgreSQL's are `postgres-v06-rosters-starts.sql`): who is expected at each exam with
/// their accommodations, and when the proctor opened the sitting (its start code as a hash).
enum RosterSchema {
    /// SQLite's `v6`. On one machine the proctor password guards the commands that write it.
    static func sqlite(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE roster (
                    exam_id TEXT NOT NULL,
                    candidate TEXT NOT NULL,
                    name TEXT NOT NULL,
                    settings TEXT NOT NULL,
                    PRIMARY KEY (exam_id, candidate)
                );
                CREATE TABLE sitting_starts (
                    exam_id TEXT PRIMARY KEY,
                    code_hash TEXT,
                    code_set_by TEXT,
                    code_set_at DATETIME,
                    opened_at DATETIME,
                    opened_by TEXT
                );
                """)
    }
}
