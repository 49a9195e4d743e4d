import GRDB

/// The room's part of the SQLite schema: the commands a proctor sends to seats and the
/// indexes the monitor's queries need (PostgreSQL's is `postgres-v04-room-commands.sql`).
enum RoomSchema {
    /// SQLite's `v4`.
    static func sqlite(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX events_on_attempt_sequence ON events (attempt, sequence);
                CREATE INDEX events_on_kind_attempt ON events (kind, attempt);
                CREATE TABLE commands (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    exam_id TEXT NOT NULL,
                    candidate TEXT NOT NULL,
                    action TEXT NOT NULL,
                    minutes INTEGER,
                    message TEXT,
                    reason TEXT NOT NULL,
                    issued_by TEXT NOT NULL,
                    issued_at DATETIME NOT NULL,
                    acknowledged_at DATETIME,
                    acknowledged_by TEXT
                );
                CREATE INDEX commands_pending ON commands (exam_id, candidate) WHERE acknowledged_at IS NULL;
                """)
    }
}
