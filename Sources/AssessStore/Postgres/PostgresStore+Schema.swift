import Foundation

/// What stands between a connection and a usable store, in words for the admin.
public enum StoreProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server cannot be reached (not running, wrong host or socket folder).
    case noServer(String)
    /// The server has no database by that name.
    case noSuchDatabase(String)
    /// The server refused the role (unknown role, failed peer or password authentication).
    case authenticationFailed(String)
    /// TLS would not verify the server: a certificate from an authority the URL's
    /// `sslrootcert` does not trust, or for another name than the URL's host.
    case tlsRefused(String)
    /// The database has no `assess` schema yet.
    case noSchema
    /// The schema lacks migrations this build needs.
    case schemaTooOld(missing: [String])
    /// The schema has migrations this build does not know: a newer `assess` ran there.
    case schemaTooNew(unknown: [String])

    /// One line: what is wrong and what to do.
    public var description: String {
        switch self {
        case .noServer(let detail):
            return "no server: \(detail); is PostgreSQL running, and is the URL's host or socket folder right?"
        case .noSuchDatabase(let detail):
            return "no such database: \(detail); the admin creates it (createdb) and runs `assess store init`"
        case .tlsRefused(let detail):
            return
                "TLS refused: \(detail); check the URL's sslrootcert (the school's certificate authority) and that its host is the name on the server's certificate"
        case .authenticationFailed(let detail):
            return
                "authentication failed: \(detail); the admin gives this account a role (see docs/lab.md, \"A lab on one server\")"
        case .noSchema:
            return "schema too old: the database has no assess schema; the admin runs `assess store init`"
        case .schemaTooOld(let missing):
            return "schema too old: it lacks \(missing.joined(separator: ", ")); the admin runs `assess store init`"
        case .schemaTooNew(let unknown):
            return
                "schema too new: it has \(unknown.joined(separator: ", ")), which this assess does not know; install the newer assess"
        }
    }

    /// The problem a failed connection stands for, from libpq's message (libpq gives no
    /// code for a connection that was never made).
    static func classify(_ error: PostgresError) -> StoreProblem {
        let message = error.message
        if message.contains("database \"") && message.contains("does not exist") {
            return .noSuchDatabase(message)
        }
        if message.contains("certificate") || message.contains("SSL error") {
            return .tlsRefused(message)
        }
        if message.contains("authentication failed") || message.contains("role \"")
            || message.contains("password") || message.contains("no pg_hba.conf entry")
        {
            return .authenticationFailed(message)
        }
        return .noServer(message)
    }
}

/// Where a database's schema stands against this build's migrations.
enum SchemaState: Equatable {
    case current
    case problem(StoreProblem)

    var problem: StoreProblem? {
        if case .problem(let problem) = self { return problem }
        return nil
    }
}

extension PostgresStore {
    /// Compares the migrations the database ran with those this build knows.
    static func schemaState(_ session: PostgresConnection.Session) throws -> SchemaState {
        let applied: [String]
        do {
            applied = try session.execute("SELECT name FROM assess.migrations").rows.compactMap { $0["name"] }
        } catch let error as PostgresError where error.sqlState == "42P01" || error.sqlState == "3F000" {
            return .problem(.noSchema)
        }
        let known = PostgresSchema.migrationNames
        let unknown = applied.filter { !known.contains($0) }.sorted()
        if !unknown.isEmpty { return .problem(.schemaTooNew(unknown: unknown)) }
        let missing = known.filter { !applied.contains($0) }
        if applied.isEmpty { return .problem(.noSchema) }
        if !missing.isEmpty { return .problem(.schemaTooOld(missing: missing)) }
        return .current
    }

    /// What `assess store check` reports: nil when the store at `url` is ready, else the
    /// one problem in the way.
    public static func check(url: String) -> StoreProblem? {
        do {
            let connection = try PostgresConnection(url)
            return try connection.withSession { try schemaState($0) }.problem
        } catch let error as PostgresError where error.sqlState == nil {
            return StoreProblem.classify(error)
        } catch let error as PostgresError where error.sqlState == "42501" {
            // Connected, but the role is neither a seat nor a proctor of this store.
            return .authenticationFailed(error.message)
        } catch {
            return .noServer("\(error)")
        }
    }

    /// Creates or brings up to date the store at `url` (what `assess store init` does):
    /// the group roles `<database>_seat` and `<database>_proctor` when missing, then every
    /// migration not yet run, in one transaction. Run by a role that may create roles and
    /// owns the database (the `postgres` superuser on one server).
    ///
    /// - Returns: The names of the migrations that ran now (empty when it was current).
    /// - Throws: `StoreProblem` (connection, a schema newer than this build) or `PostgresError`.
    @discardableResult
    public static func initialize(url: String) throws -> [String] {
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url)
        } catch let error as PostgresError {
            throw StoreProblem.classify(error)
        }
        return try connection.withSession { session in
            let roles = try Self.roles(session)
            for role in [roles.seat, roles.proctor] where try !exists(role: role, session) {
                try session.execute("CREATE ROLE \(PostgresSchema.identifier(role)) NOLOGIN")
            }
            try session.execute("BEGIN")
            do {
                // One initializer at a time; a second waits and then finds nothing to do.
                try session.execute("SELECT pg_advisory_xact_lock(hashtext('assess migrations'))")
                try session.run(script: PostgresSchema.migrationsTable)
                let applied = Set(
                    try session.execute("SELECT name FROM assess.migrations").rows.compactMap { $0["name"] })
                let known = PostgresSchema.migrationNames
                if let unknown = applied.subtracting(known).sorted().first {
                    throw StoreProblem.schemaTooNew(unknown: [unknown])
                }
                var ran: [String] = []
                for migration in PostgresSchema.migrations(roles) where !applied.contains(migration.name) {
                    try session.run(script: migration.sql)
                    try session.execute("INSERT INTO assess.migrations (name) VALUES ($1)", [migration.name])
                    ran.append(migration.name)
                }
                try session.execute("COMMIT")
                return ran
            } catch {
                _ = try? session.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Which group a login role joins with `grant(role:to:url:)`.
    public enum Group: String, Sendable, CaseIterable {
        /// A seat (or a candidate): adds its own answers and events, reads its own attempts.
        case seat
        /// A proctor: reads everything, keeps results, ends attempts.
        case proctor
    }

    /// Makes `role` a login role (creating it when missing) and a member of the store's
    /// `group`: with peer authentication over the local socket, the Unix account of the
    /// same name then connects as it.
    ///
    /// A seat sits as the candidate of its own name unless `candidates` names others
    /// (`*` for any candidate: a seat shared by the students of a room); the names add to
    /// those given before.
    public static func grant(role: String, to group: Group, sittingAs candidates: [String] = [], url: String) throws {
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url)
        } catch let error as PostgresError {
            throw StoreProblem.classify(error)
        }
        try connection.withSession { session in
            let roles = try Self.roles(session)
            let name = PostgresSchema.identifier(role)
            if try !exists(role: role, session) {
                try session.execute("CREATE ROLE \(name) LOGIN")
            }
            let groupName = group == .seat ? roles.seat : roles.proctor
            try session.execute("GRANT \(PostgresSchema.identifier(groupName)) TO \(name)")
            if group == .seat {
                // No seat session holds a lock, a statement or an open transaction for long.
                for (setting, value) in PostgresSchema.seatTimeouts {
                    try session.execute("ALTER ROLE \(name) SET \(setting) = \(PostgresSchema.literal(value))")
                }
            }
            for candidate in candidates {
                try session.execute(
                    "INSERT INTO assess.seat_candidates (seat_role, candidate) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                    [role, candidate])
            }
        }
    }

    private static func roles(_ session: PostgresConnection.Session) throws -> PostgresSchema.Roles {
        guard let database = try session.execute("SELECT current_database() AS name").rows.first?["name"] else {
            throw StoreError.unreadableRow(table: "pg_database", column: "name")
        }
        return PostgresSchema.Roles(database: database)
    }

    private static func exists(role: String, _ session: PostgresConnection.Session) throws -> Bool {
        try !session.execute("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]).rows.isEmpty
    }
}
