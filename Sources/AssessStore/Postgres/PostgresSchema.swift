/// The PostgreSQL schema, as a list of named migrations, and the two group roles it
/// grants to.
///
/// A migration that has shipped is never edited: a change is a new migration appended to
/// `migrations`. Only `assess store init` (the school's admin, a superuser) runs them; a
/// seat or a proctor only checks that the schema is the one it knows (`PostgresStore`).
///
/// Everything lives in the schema `assess`. Rights are the server's to enforce:
/// - `<database>_seat`, the group of every seat's (or candidate's) login role, may read
///   its own attempts, responses and events only (row-level security on the login role
///   that wrote them), add responses to its own attempts in progress, and change attempts
///   and the log only through narrow `SECURITY DEFINER` functions that check the caller.
///   It can update or delete nothing.
/// - `<database>_proctor` reads everything, keeps results, and ends any attempt through
///   the same functions.
/// Every row carries the server's own time (`now()`) beside the seat's clock, in a column
/// no seat may write.
enum PostgresSchema {
    /// The names of the group roles for `database`: a database of its own keeps roles of
    /// its own, so two stores on one server share nothing.
    struct Roles {
        /// The seats' group role, e.g. `assess_seat`.
        let seat: String
        /// The proctors' group role, e.g. `assess_proctor`.
        let proctor: String

        init(database: String) {
            seat = "\(database)_seat"
            proctor = "\(database)_proctor"
        }
    }

    /// One migration: its file in `SQL/` (named for the backend), and the name recorded in
    /// `assess.migrations` when it runs. The recorded names are those the first stores
    /// recorded (`v1`...), kept so that a store made before is current, and a seat of an
    /// older `assess` still finds the schema it knows.
    struct Migration: Sendable {
        let file: String
        let recorded: String
        /// The file's text, as built into the program.
        let source: [UInt8]
    }

    /// Every migration, in order.
    static let files: [Migration] = [
        Migration(
            file: "postgres-v01-attempts-responses-events-results", recorded: "v1",
            source: PackageResources.postgres_v01_attempts_responses_events_results_sql),
        Migration(file: "postgres-v02-leases", recorded: "v2", source: PackageResources.postgres_v02_leases_sql),
        Migration(
            file: "postgres-v03-seat-limits", recorded: "v3", source: PackageResources.postgres_v03_seat_limits_sql),
        Migration(
            file: "postgres-v04-room-commands", recorded: "v4", source: PackageResources.postgres_v04_room_commands_sql),
        Migration(file: "postgres-v05-marks", recorded: "v5", source: PackageResources.postgres_v05_marks_sql),
        Migration(
            file: "postgres-v06-rosters-starts", recorded: "v6",
            source: PackageResources.postgres_v06_rosters_starts_sql),
        Migration(file: "postgres-v07-seat-news", recorded: "v7", source: PackageResources.postgres_v07_seat_news_sql),
        Migration(
            file: "postgres-v08-commands-acknowledged", recorded: "v8",
            source: PackageResources.postgres_v08_commands_acknowledged_sql),
        Migration(
            file: "postgres-v09-lease-liveness", recorded: "v9",
            source: PackageResources.postgres_v09_lease_liveness_sql),
        Migration(
            file: "postgres-v10-server-decides", recorded: "v10",
            source: PackageResources.postgres_v10_server_decides_sql),
        Migration(
            file: "postgres-v11-published-exams", recorded: "v11",
            source: PackageResources.postgres_v11_published_exams_sql),
        Migration(
            file: "postgres-v12-message-read", recorded: "v12", source: PackageResources.postgres_v12_message_read_sql),
        Migration(
            file: "postgres-v13-open-releases-forms", recorded: "v13",
            source: PackageResources.postgres_v13_open_releases_forms_sql),
        Migration(
            file: "postgres-v14-pool-draws", recorded: "v14", source: PackageResources.postgres_v14_pool_draws_sql),
        Migration(file: "postgres-v15-tool-used", recorded: "v15", source: PackageResources.postgres_v15_tool_used_sql),
        Migration(
            file: "postgres-v16-room-version", recorded: "v16", source: PackageResources.postgres_v16_room_version_sql),
        Migration(
            file: "postgres-v17-room-anchors", recorded: "v17", source: PackageResources.postgres_v17_room_anchors_sql),
        Migration(
            file: "postgres-v18-paused-time", recorded: "v18", source: PackageResources.postgres_v18_paused_time_sql),
        Migration(
            file: "postgres-v19-raised-hand", recorded: "v19", source: PackageResources.postgres_v19_raised_hand_sql),
        Migration(
            file: "postgres-v20-timed-sections", recorded: "v20",
            source: PackageResources.postgres_v20_timed_sections_sql),
        Migration(
            file: "postgres-v21-annotations", recorded: "v21", source: PackageResources.postgres_v21_annotations_sql),
        Migration(
            file: "postgres-v22-code-runs", recorded: "v22", source: PackageResources.postgres_v22_code_runs_sql),
        Migration(
            file: "postgres-v23-seat-event-kinds", recorded: "v23",
            source: PackageResources.postgres_v23_seat_event_kinds_sql),
        Migration(
            file: "postgres-v24-response-limits", recorded: "v24",
            source: PackageResources.postgres_v24_response_limits_sql),
    ]

    /// Every migration, in order: its recorded name and its SQL for `roles`.
    static func migrations(_ roles: Roles) -> [(name: String, sql: String)] {
        files.map { ($0.recorded, render($0.source, roles)) }
    }

    /// A file's SQL with its role placeholders filled: `:"seat"` and `:"proctor"` (as psql
    /// writes a variable as an identifier) become the group roles' quoted names, `:'seat'`
    /// and `:'proctor'` their names as string literals.
    static func render(_ source: [UInt8], _ roles: Roles) -> String {
        String(decoding: source, as: UTF8.self)
            .replacingOccurrences(of: ":\"seat\"", with: identifier(roles.seat))
            .replacingOccurrences(of: ":\"proctor\"", with: identifier(roles.proctor))
            .replacingOccurrences(of: ":'seat'", with: literal(roles.seat))
            .replacingOccurrences(of: ":'proctor'", with: literal(roles.proctor))
    }

    /// The names of every migration this build knows, in order.
    static var migrationNames: [String] {
        migrations(Roles(database: "assess")).map(\.name)
    }

    /// `name` as an SQL identifier, quoted.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Creates the table that records which migrations ran, if missing; run before any.
    static let migrationsTable = String(decoding: PackageResources.postgres_migrations_table_sql, as: UTF8.self)

    /// What every seat's login role is held to (`ALTER ROLE … SET`, as `grant` and v10 set
    /// them): a lock waited for, a statement, a transaction left open, each at most this long.
    /// A session may lower or raise them itself; they stop a seat that hangs, while no seat
    /// can hold what another seat needs (see `postgres-v10-server-decides.sql`).
    static let seatTimeouts: [(setting: String, value: String)] = [
        ("lock_timeout", "2s"), ("statement_timeout", "15s"), ("idle_in_transaction_session_timeout", "5s"),
    ]

    /// The channel every seat listens on for a sitting's opening (the opening is no secret;
    /// see `postgres-v07-seat-news.sql`).
    static let openingChannel = "assess_opening"
}
