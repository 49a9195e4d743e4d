import GRDB

/// The SQLite schema, as a list of named migrations (the PostgreSQL one is `PostgresSchema`).
///
/// A migration that has shipped is never edited: a change to the schema is a new
/// migration appended at the end. Table and column names are written as strings here, not
/// derived from Swift types, so renaming a property never changes the schema by accident.
enum SQLiteSchema {
    /// One migration: a name that says the backend, the identifier GRDB records for it in
    /// `grdb_migrations`, and what it does.
    struct Migration: Sendable {
        let name: String
        /// The identifier the first stores recorded (`v1`...); kept, so that a store made
        /// before opens without running a migration again, and an older `assess` still
        /// opens a newer store.
        let recorded: String
        let migrate: @Sendable (Database) throws -> Void
    }

    /// Every migration, in order.
    static var migrations: [Migration] {
        [
            Migration(
                name: "sqlite-v01-events-attempts-responses", recorded: "v1", migrate: createEventsAttemptsAndResponses),
            Migration(
                name: "sqlite-v02-candidates-progress-results", recorded: "v2", migrate: addCandidatesProgressAndResults
            ),
            Migration(name: "sqlite-v03-leases", recorded: "v3", migrate: addLeases),
            Migration(name: "sqlite-v04-room-commands", recorded: "v4", migrate: RoomSchema.sqlite),
            Migration(name: "sqlite-v05-marks", recorded: "v5", migrate: MarkSchema.addMarks),
            Migration(name: "sqlite-v06-rosters-starts", recorded: "v6", migrate: RosterSchema.sqlite),
            Migration(name: "sqlite-v07-lease-process-start", recorded: "v7", migrate: addLeaseProcessStart),
            Migration(name: "sqlite-v08-published-exams", recorded: "v8", migrate: PublishedSchema.sqlite),
            Migration(name: "sqlite-v09-new-attempts-allowed", recorded: "v9", migrate: addNewAttemptsAllowed),
            Migration(
                name: "sqlite-v10-scoring-keys-leave-the-store", recorded: "v10",
                migrate: PublishedSchema.scoringKeysLeaveTheStore),
            Migration(name: "sqlite-v11-timed-sections", recorded: "v11", migrate: SectionSchema.sqlite),
            Migration(name: "sqlite-v12-annotations", recorded: "v12", migrate: addAnnotations),
            Migration(name: "sqlite-v13-code-runs", recorded: "v13", migrate: SQLiteStore.addCodeRuns),
        ]
    }

    /// Runs every migration that the database has not run yet, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.recorded, migrate: migration.migrate)
        }
        return migrator
    }

    /// `v10`: what a candidate marked on a question for their own reading (struck-out
    /// choices), kept with the latest response and never scored (PostgreSQL's v17).
    private static func addAnnotations(_ db: Database) throws {
        try db.alter(table: "responses") { t in t.add(column: "annotations", .text) }
    }

    /// `v9`: a proctor's allowance of one more attempt for a candidate who already sat an
    /// exam (PostgreSQL's `new_attempts_allowed`, v10); `usedBy` is the attempt that used it.
    private static func addNewAttemptsAllowed(_ db: Database) throws {
        try db.create(table: "newAttemptsAllowed") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("examID", .text).notNull()
            t.column("candidate", .text).notNull()
            t.column("allowedAt", .datetime).notNull()
            t.column("usedBy", .text)
        }
    }

    /// `v1`: the hash-chained event log, attempts, responses and the history of every
    /// saved response.
    private static func createEventsAttemptsAndResponses(_ db: Database) throws {
        // `id` keeps the order in which records were inserted, independently of
        // `sequence`, so that verification can tell a reordered log from a gap.
        try db.create(table: "events") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("sequence", .integer).notNull().unique()
            t.column("wallMilliseconds", .integer).notNull()
            t.column("monotonicNanoseconds", .integer).notNull()
            t.column("kind", .text).notNull()
            t.column("details", .text).notNull()
            t.column("attempt", .text).indexed()
            t.column("hash", .text).notNull()
        }

        try db.create(table: "attempts") { t in
            t.primaryKey("id", .text)
            t.column("examID", .text).notNull()
            t.column("examKey", .text).notNull()
            t.column("candidate", .text).notNull()
            t.column("status", .text).notNull()
            t.column("startedAt", .datetime).notNull()
            t.column("endedAt", .datetime)
            t.column("secondsAllowed", .integer)
            t.column("secondsUsed", .integer).notNull()
            t.column("receipt", .text)
            t.column("isPractice", .boolean).notNull()
        }
        try db.create(index: "attempts_on_exam_candidate", on: "attempts", columns: ["examID", "candidate"])
        // At most one attempt of an exam in progress for a candidate, even when two
        // terminals start one at the same moment.
        try db.create(
            index: "attempts_one_in_progress", on: "attempts", columns: ["examID", "candidate"],
            options: .unique, condition: Column("status") == "inProgress")

        try db.create(table: "responses") { t in
            t.column("attemptID", .text).notNull().references("attempts")
            t.column("questionID", .text).notNull()
            t.column("value", .text).notNull()
            t.column("flagged", .boolean).notNull()
            t.column("savedAt", .datetime).notNull()
            t.primaryKey(["attemptID", "questionID"])
        }

        try db.create(table: "responseHistory") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("attemptID", .text).notNull().references("attempts")
            t.column("questionID", .text).notNull()
            t.column("value", .text).notNull()
            t.column("savedAt", .datetime).notNull()
        }
        try db.create(
            index: "responseHistory_on_attempt_question", on: "responseHistory",
            columns: ["attemptID", "questionID"])
    }

    /// `v2`: the proctor's side. Candidates; each attempt's launch settings (extra time,
    /// breaks, restrictions), where the candidate was and when the session was last
    /// seen alive, for resuming after a crash; and the results the proctor's commands
    /// computed.
    private static func addCandidatesProgressAndResults(_ db: Database) throws {
        try db.create(table: "candidates") { t in
            t.primaryKey("id", .text)
            t.column("firstSeenAt", .datetime).notNull()
        }
        try db.execute(
            sql: """
                INSERT INTO candidates (id, firstSeenAt)
                SELECT candidate, MIN(startedAt) FROM attempts GROUP BY candidate
                """)

        try db.alter(table: "attempts") { t in
            t.add(column: "settings", .text).notNull().defaults(to: "{}")
            t.add(column: "currentQuestion", .integer).notNull().defaults(to: 0)
            t.add(column: "breaksTaken", .integer).notNull().defaults(to: 0)
            t.add(column: "lastActiveAt", .datetime)
        }

        try db.create(table: "results") { t in
            t.primaryKey("attemptID", .text).references("attempts")
            t.column("examKey", .text).notNull()
            t.column("awarded", .double).notNull()
            t.column("maximum", .double).notNull()
            t.column("awaitingManualMarking", .integer).notNull()
            t.column("computedAt", .datetime).notNull()
        }
    }

    /// `v3`: leases, one per (exam, candidate): which sitting holds it, where, since when,
    /// and when it last renewed it.
    private static func addLeases(_ db: Database) throws {
        try db.create(table: "leases") { t in
            t.column("exam_id", .text).notNull()
            t.column("candidate", .text).notNull()
            t.column("holder", .text).notNull()
            t.column("host", .text).notNull()
            t.column("tty", .text)
            t.column("pid", .integer).notNull()
            t.column("since", .datetime).notNull()
            t.column("renewed_at", .datetime).notNull()
            t.primaryKey(["exam_id", "candidate"])
        }
    }

    /// `v7`: when the lease holder's process started (clock ticks since boot), beside its
    /// pid: the holder is known alive while a process with that pid and start runs here,
    /// and a pid given to another process later does not count. NULL in leases taken
    /// before: such a holder is never known alive.
    private static func addLeaseProcessStart(_ db: Database) throws {
        try db.alter(table: "leases") { t in
            t.add(column: "process_start", .integer)
        }
    }
}
