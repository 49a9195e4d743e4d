import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A sitting whose PostgreSQL server stops for 10 s while the student types: the seat
/// carries on, and once the server is back everything typed before and during the outage
/// is on the server. The server is one of the test's own (the shared test server cannot
/// be stopped under the other tests); it needs PostgreSQL installed, and fails without it.
@Suite("A server outage during a sitting")
struct ServerOutageTests {
    /// A PostgreSQL cluster in a folder of its own, on a Unix socket only; as root it runs
    /// as the `postgres` user, since PostgreSQL refuses to run as root.
    final class PrivateServer {
        let folder: TemporaryDirectory
        let bin: String

        init() throws {
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
            guard let version = versions.compactMap(Int.init).max() else {
                throw TestFailure("no PostgreSQL server under /usr/lib/postgresql; apt-get install postgresql (.ci/run does)")
            }
            bin = "/usr/lib/postgresql/\(version)/bin"
            folder = try TemporaryDirectory("assess-outage")
            if getuid() == 0 { try run("/bin/chown", ["postgres:", folder.path], asServer: false) }
            try run(bin + "/initdb", ["-D", folder.file("data"), "-U", "postgres", "-A", "trust", "--no-sync"])
            try start()
            try PostgresConnectionForTests.psql(url(database: "postgres"), "CREATE DATABASE assess")
        }

        deinit {
            try? run(bin + "/pg_ctl", ["-D", folder.file("data"), "-m", "immediate", "stop"])
        }

        /// The URL of `database` as the superuser.
        func url(database: String = "assess") -> String {
            "postgresql:///\(database)?host=\(folder.path)&user=postgres"
        }

        func start() throws {
            try run(bin + "/pg_ctl", ["-D", folder.file("data"), "-l", folder.file("server.log"), "-w",
                                      "-o", "-k \(folder.path) -c listen_addresses=''", "start"])
        }

        func stop() throws {
            try run(bin + "/pg_ctl", ["-D", folder.file("data"), "-m", "fast", "-w", "stop"])
        }

        private func run(_ program: String, _ arguments: [String], asServer: Bool = true) throws {
            let result = asServer && getuid() == 0
                ? try TerminalUnderTest.runner.run("runuser", ["-u", "postgres", "--", program] + arguments, timeoutSeconds: 60)
                : try TerminalUnderTest.runner.run(program, arguments, timeoutSeconds: 60)
            guard result.succeeded else { throw TestFailure("\(program) \(arguments): \(result.standardError)") }
        }
    }

    @Test func typingGoesOnWhileTheServerIsAwayAndReachesItWhenItIsBack() throws {
        let server = try PrivateServer()
        let initialized = try TerminalUnderTest("store init", environment: ["ASSESS_STORE": server.url()])
        #expect(try initialized.exitStatus() == 0)
        let sitting = try TerminalUnderTest("take Exams/all-types.yaml --candidate c-outage",
                                            environment: ["ASSESS_STORE": server.url()])
        try sitting.acceptTheLock()
        for _ in 0..<12 where !(try sitting.screen().contains("why the Moon")) {
            try sitting.press("Tab")
            Thread.sleep(forTimeInterval: 0.3)
        }
        try sitting.waitFor("why the Moon")
        try sitting.type("before the outage ")
        Thread.sleep(forTimeInterval: 2)

        try server.stop()
        let outage = Date()
        for word in ["during", "the", "outage", "the", "student", "keeps", "typing"] {
            try sitting.type(word + " ")
            Thread.sleep(forTimeInterval: 1.4)
        }
        try sitting.waitFor("could not be saved yet")
        while Date().timeIntervalSince(outage) < 10 { Thread.sleep(forTimeInterval: 0.1) }
        try server.start()

        let expected = "before the outage during the outage the student keeps typing "
        let deadline = Date().addingTimeInterval(10)
        var saved: String?
        while Date() < deadline {
            let store = try? PostgresStore(url: server.url())
            saved = try? store?.attempts(candidate: "c-outage").first.flatMap { attempt in
                try store?.responses(for: attempt.id).first { $0.value.contains("essay") }?.value
            }
            if saved?.contains(expected) == true { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(saved?.contains(expected) == true, "on the server: \(saved ?? "nothing")")
        #expect(try sitting.screen().contains("why the Moon"), "the sitting carried on")
    }
}

/// Runs SQL with psql as the server's superuser, for tests that set up databases of their own.
enum PostgresConnectionForTests {
    @discardableResult
    static func psql(_ url: String, _ sql: String) throws -> String {
        let result = try TerminalUnderTest.runner.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], timeoutSeconds: 30)
        guard result.succeeded else { throw TestFailure("psql \(sql): \(result.standardError)") }
        return result.standardOutput
    }
}
