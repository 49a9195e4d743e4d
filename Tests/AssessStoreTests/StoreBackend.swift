import AssessTestSupport
import Foundation
import GRDB
import Testing

@testable import AssessStore

/// The backends every store test runs against: the same suite, the same expectations.
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible {
    /// SQLite through GRDB, in memory.
    case sqlite
    /// SQLite through GRDB, in a file of a temporary directory, as `assess` keeps it.
    case sqliteFile
    /// PostgreSQL, a database of its own on the test server, as its owner.
    case postgres

    var testDescription: String { rawValue }

    /// A fresh, empty store of this backend.
    func open() throws -> StoreUnderTest {
        switch self {
        case .sqlite:
            // A named in-memory database lives as long as a connection to it is open, so
            // a second `SQLiteStore` on the same queue reads what the first wrote.
            let queue = try DatabaseQueue(named: "store-\(UUID().uuidString)")
            return StoreUnderTest(
                store: try SQLiteStore(writer: queue), keepAlive: queue,
                reopen: { try SQLiteStore(writer: queue) },
                tamper: { sql in try queue.write { try $0.execute(sql: sql) } })
        case .sqliteFile:
            let directory = try TemporaryDirectory()
            return StoreUnderTest(
                store: try SQLiteStore(dataDirectory: directory.url), keepAlive: directory,
                reopen: { try SQLiteStore(dataDirectory: directory.url) },
                tamper: { sql in
                    let outsider = try DatabaseQueue(path: directory.file(SQLiteStore.fileName))
                    try outsider.write { try $0.execute(sql: sql) }
                })
        case .postgres:
            let database = try PostgresTestDatabase()
            return StoreUnderTest(
                store: try PostgresStore(url: database.url), keepAlive: database,
                reopen: { try PostgresStore(url: database.url) },
                tamper: { sql in
                    // The owner, whom no policy stops; the tables' names as in SQLite.
                    try PostgresConnection(database.url).withSession {
                        try $0.run(script: "SET search_path = assess; " + sql)
                    }
                })
        }
    }
}

/// A store for one test, with what keeps it alive, a way to open it again and a way to
/// edit it behind `assess`'s back.
final class StoreUnderTest {
    let store: any ExamStore
    private let keepAlive: AnyObject
    private let reopener: () throws -> any ExamStore
    private let tamperer: (String) throws -> Void

    init(
        store: any ExamStore, keepAlive: AnyObject, reopen: @escaping () throws -> any ExamStore,
        tamper: @escaping (String) throws -> Void
    ) {
        self.store = store
        self.keepAlive = keepAlive
        self.reopener = reopen
        self.tamperer = tamper
    }

    /// A second, independent opening of the same store (another connection).
    func reopen() throws -> any ExamStore { try reopener() }

    /// Runs `sql` on the store through a connection of its own, as someone editing it
    /// outside `assess` with every right would.
    func tamper(_ sql: String) throws { try tamperer(sql) }

    /// Takes (or renews) the lease as `holder` through an opening of its own that then
    /// closes, as a sitting killed with SIGKILL leaves it: returns once the store no longer
    /// knows the holder alive (on PostgreSQL, once the server sees that backend gone).
    @discardableResult
    func takeLeaseAndVanish(
        exam: String, candidate: String, holder: LeaseHolder, lostAfter: TimeInterval = Lease.lostAfter,
        at time: Date
    ) throws -> Lease {
        let lease = try reopen().takeLease(
            exam: exam, candidate: candidate, holder: holder, lostAfter: lostAfter, at: time)
        guard let room = store.room else { return lease }
        let deadline = Date().addingTimeInterval(10)
        while try room.room(exams: nil, at: Date()).contains(where: {
            $0.exam == exam && $0.candidate == candidate && $0.holderAlive
        }) {
            guard Date() < deadline else { throw HolderStillAlive() }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return lease
    }
}

/// A lease's holder was still known alive 10 s after its opening closed.
struct HolderStillAlive: Error, CustomStringConvertible {
    var description: String { "the lease's holder was still known alive 10 s after its connection closed" }
}

/// A database of its own on the PostgreSQL server the tests run beside (`.ci/with-postgres`
/// starts one and sets `ASSESS_TEST_POSTGRES`), initialised with `assess store init`'s
/// schema and roles, and dropped with its roles when the last reference goes away.
final class PostgresTestDatabase: @unchecked Sendable {
    /// The server's superuser URL, from the environment.
    let serverURL: String
    /// The database's name, random.
    let name: String
    /// The URL of the database as the superuser (who owns it).
    let url: String
    private var logins: [String] = []

    /// Creates and initialises the database.
    ///
    /// - Throws: a message that says how to start the server when `ASSESS_TEST_POSTGRES`
    ///   is not set: a test that needs PostgreSQL fails without it, never skips.
    init() throws {
        guard let serverURL = ProcessInfo.processInfo.environment["ASSESS_TEST_POSTGRES"] else {
            throw PostgresTestServerMissing()
        }
        self.serverURL = serverURL
        name = "assess_test_" + UUID().uuidString.prefix(8).lowercased()
        let admin = try PostgresConnection(serverURL)
        let name = self.name
        try admin.withSession { try $0.execute("CREATE DATABASE \(name)") }
        let url = Self.url(serverURL, database: name, user: "postgres")
        self.url = url
        try PostgresStore.initialize(url: url)
    }

    deinit {
        guard let admin = try? PostgresConnection(serverURL) else { return }
        _ = try? admin.withSession { session in
            try session.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            for role in logins + ["\(name)_seat", "\(name)_proctor"] {
                try session.execute("DROP ROLE IF EXISTS \(PostgresSchema.identifier(role))")
            }
        }
    }

    /// A login role in `group`, named after this database and `label`; a seat sits as
    /// `candidates`, by default the candidate `label`. Returns its URL.
    func login(_ label: String, in group: PostgresStore.Group, sittingAs candidates: [String]? = nil) throws -> String {
        let role = "\(name)_\(label)"
        try PostgresStore.grant(role: role, to: group, sittingAs: group == .seat ? candidates ?? [label] : [], url: url)
        logins.append(role)
        return Self.url(serverURL, database: name, user: role)
    }

    /// `serverURL` with its database and user replaced.
    static func url(_ serverURL: String, database: String, user: String) -> String {
        var components = URLComponents(string: serverURL)!
        components.path = "/" + database
        components.queryItems =
            (components.queryItems ?? []).filter { $0.name != "user" } + [URLQueryItem(name: "user", value: user)]
        return components.string!
    }
}

/// The PostgreSQL tests were run without a server.
struct PostgresTestServerMissing: Error, CustomStringConvertible {
    var description: String {
        "ASSESS_TEST_POSTGRES is not set: run the tests beside a server, e.g. `.ci/with-postgres swift test`"
    }
}
