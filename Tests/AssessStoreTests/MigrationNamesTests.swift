import AssessTestSupport
import Foundation
import GRDB
import Testing

@testable import AssessStore

/// The migrations' names say their backend, while the names stores record stay those the
/// first stores recorded: a store made before opens without running a migration again.
@Suite struct MigrationNamesTests {
    /// The folder of the PostgreSQL migrations' SQL files.
    static let sqlFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/AssessStore/Postgres/SQL").path

    @Test func everyPostgresFileIsAMigrationInOrderAndNamedForItsBackend() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sqlFolder).filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(files == ["postgres-migrations-table.sql"] + PostgresSchema.files.map { $0.file + ".sql" })
        #expect(PostgresSchema.files.map(\.file) == PostgresSchema.files.map(\.file).sorted())
        #expect(PostgresSchema.files.allSatisfy { $0.file.hasPrefix("postgres-v") })
        #expect(SQLiteSchema.migrations.allSatisfy { $0.name.hasPrefix("sqlite-v") })
    }

    @Test func theRecordedNamesAreTheFirstStoresOnes() {
        #expect(PostgresSchema.migrationNames == (1...24).map { "v\($0)" })
        #expect(SQLiteSchema.migrations.map(\.recorded) == (1...13).map { "v\($0)" })
    }

    @Test func theRolesFillEveryPlaceholder() {
        let roles = PostgresSchema.Roles(database: "lab")
        for (name, sql) in PostgresSchema.migrations(roles) {
            #expect(!sql.contains(":\"seat\"") && !sql.contains(":\"proctor\""), "\(name)")
            #expect(!sql.contains(":'seat'") && !sql.contains(":'proctor'"), "\(name)")
        }
        let first = PostgresSchema.migrations(roles)[0].sql
        #expect(first.contains("TO \"lab_seat\", \"lab_proctor\""))
        #expect(first.contains("pg_has_role(session_user, 'lab_proctor', 'MEMBER')"))
    }

    /// A store as the first SQLite stores recorded their migrations opens as it is.
    @Test func aSQLiteStoreMadeBeforeOpensWithoutMigratingAgain() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(dataDirectory: directory.url)
        let attempt = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "c-17", secondsAllowed: nil,
            at: Date())
        let file = directory.file(SQLiteStore.fileName)
        let recorded = try DatabaseQueue(path: file).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(PostgresSchema.migrationNames == (1...24).map { "v\($0)" })
        #expect(SQLiteSchema.migrations.map(\.recorded) == (1...13).map { "v\($0)" })
        let reopened = try SQLiteStore(dataDirectory: directory.url)
        #expect(try reopened.attempt(attempt.id) == attempt)
    }
}
