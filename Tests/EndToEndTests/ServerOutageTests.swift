import AssessCore
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A sitting whose PostgreSQL server stops for 10 s while the student types: the seat
/// carries on, its writes waiting in a journal on the terminal, and once the server is back
/// everything typed before and during the outage is on the server and the log says how
/// long it was away; a seat killed during the outage loses nothing, `resume` sends what it
/// left. The server is one of the test's own (the shared test server cannot be stopped
/// under the other tests); it needs PostgreSQL installed, and fails without it.
@Suite("A server outage during a sitting", .ownThread)
struct ServerOutageTests {
    /// A PostgreSQL cluster in a folder of its own, on a Unix socket only; as root it runs
    /// as the `postgres` user, since PostgreSQL refuses to run as root.
    final class PrivateServer {
        let folder: TemporaryDirectory
        let bin: String
        /// `postgres` options beyond the socket folder and port; by default no TCP at all.
        var options = "-c listen_addresses=''"
        /// The port, which also names the socket; PostgreSQL's default unless set.
        var port = 5432

        /// A new cluster with a database `assess`; `configure` runs before the first start
        /// (to change `options` or the cluster's files).
        init(configure: (PrivateServer) throws -> Void = { _ in }) throws {
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
            guard let version = versions.compactMap(Int.init).max() else {
                throw TestFailure(
                    "no PostgreSQL server under /usr/lib/postgresql; apt-get install postgresql (.ci/run does)")
            }
            bin = "/usr/lib/postgresql/\(version)/bin"
            folder = try TemporaryDirectory("assess-outage")
            if getuid() == 0 { try run("/bin/chown", ["postgres:", folder.path], asServer: false) }
            try run(bin + "/initdb", ["-D", folder.file("data"), "-U", "postgres", "-A", "trust", "--no-sync"])
            try configure(self)
            try start()
            try PostgresConnectionForTests.psql(url(database: "postgres"), "CREATE DATABASE assess")
        }

        deinit {
            try? run(bin + "/pg_ctl", ["-D", folder.file("data"), "-m", "immediate", "stop"])
        }

        /// The URL of `database` as the superuser.
        func url(database: String = "assess") -> String {
            "postgresql:///\(database)?host=\(folder.path)&port=\(port)&user=postgres"
        }

        func start() throws {
            try run(
                bin + "/pg_ctl",
                [
                    "-D", folder.file("data"), "-l", folder.file("server.log"), "-w",
                    "-o", "-k \(folder.path) -p \(port) \(options)", "start",
                ])
        }

        func stop() throws {
            try run(bin + "/pg_ctl", ["-D", folder.file("data"), "-m", "fast", "-w", "stop"])
        }

        /// Runs `program` (as the server's user when `asServer` and the tests run as root).
        func run(_ program: String, _ arguments: [String], asServer: Bool = true) throws {
            let result =
                asServer && getuid() == 0
                ? try TerminalUnderTest.runner.run(
                    "runuser", ["-u", "postgres", "--", program] + arguments, timeoutSeconds: 60)
                : try TerminalUnderTest.runner.run(program, arguments, timeoutSeconds: 60)
            guard result.succeeded else { throw TestFailure("\(program) \(arguments): \(result.standardError)") }
        }
    }

    @Test func typingGoesOnWhileTheServerIsAwayAndReachesItWhenItIsBack() throws {
        let server = try PrivateServer()
        let initialized = try TerminalUnderTest("store init", environment: ["ASSESS_STORE": server.url()])
        #expect(try initialized.exitStatus() == 0)
        let sitting = try TerminalUnderTest(
            "take Exams/all-types.yaml --candidate c-outage",
            environment: ["ASSESS_STORE": server.url()])
        try Self.typeInTheEssay(sitting, "before the outage ")

        try server.stop()
        let outage = Date()
        for word in ["during", "the", "outage", "the", "student", "keeps", "typing"] {
            try sitting.type(word + " ")
            Thread.sleep(forTimeInterval: 1.4)
        }
        // A quiet note, not an alarm: nothing is lost and the student need do nothing.
        try sitting.waitFor("Saved on this terminal")
        #expect(try !sitting.screen().contains("could not be saved"))
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
        // The seat's outage ended by the time its typing was found on the server.
        let foundAfter = Int(Date().timeIntervalSince(outage).rounded(.up))
        #expect(saved?.contains(expected) == true, "on the server: \(saved ?? "nothing")")
        #expect(try sitting.screen().contains("why the Moon"), "the sitting carried on")
        try Self.waitWhile(sitting, shows: "Saved on this terminal")

        // The log has every record written during the outage, and the outage itself.
        let store = try PostgresStore(url: server.url())
        let attempt = try #require(try store.attempts(candidate: "c-outage").first)
        let records = try store.events(after: 0, limit: nil, attempt: attempt.id).map(\.event)
        let outageRecord = try #require(records.first { $0.kind == "store.outage" })
        let seconds = try #require(outageRecord.details["seconds"].flatMap(Int.init))
        // At least the 10 s the server was stopped (to the second), at most until the typing
        // was found there: how long the restart took depends on the machine's load.
        #expect((9...foundAfter + 1).contains(seconds), "\(outageRecord.details), found after \(foundAfter) s")
        #expect(
            records.filter { $0.kind == "answer.saved" && $0.wallTime > outage && $0.wallTime < outage + 10 }.count >= 3
        )
        #expect(
            try EventStore(database: store).verifyChain()
                == .intact(count: try store.events(after: 0, limit: nil, attempt: nil).count))
    }

    /// With `reboot`, the machine restarts during the outage too (simulated: the runtime
    /// directory, where the lock lives, emptied): the journal is in the data directory,
    /// which a reboot keeps, and `resume` sends it all the same. Without, the journal is
    /// put where an earlier version kept it (the runtime directory), and `resume` finds it
    /// there.
    @Test(arguments: [false, true])
    func aSeatKilledWhileTheServerIsAwayLosesNothingResumeSendsItsJournal(reboot: Bool) throws {
        let server = try PrivateServer()
        let setup = try ProctorTests.Setup()
        let environment = ["ASSESS_STORE": server.url()]
        #expect(try TerminalUnderTest("store init", environment: environment).exitStatus() == 0)
        let first = try TerminalUnderTest(
            "take Exams/all-types.yaml --candidate c-killed", policy: setup.policy,
            environment: environment)
        try Self.typeInTheEssay(first, "typed before ")

        try server.stop()
        try first.type("and during the outage")
        try first.waitFor("Saved on this terminal")
        Thread.sleep(forTimeInterval: 1.5)
        kill(try #require(try first.assessPID()), SIGKILL)
        let killed = Date()
        try first.waitUntilAssessIsGone()
        let status = try first.assessCommand(["status"]).output
        #expect(status.contains("waiting on this terminal for the server: "), "\(status)")
        #expect(status.contains("cannot be read: "), "\(status)")
        let journals = first.dataDirectory + "/journal"
        #expect(status.contains(" in \(journals)/journal-"), "\(status)")
        let journalFiles = try FileManager.default.contentsOfDirectory(atPath: journals)
        #expect(journalFiles.contains { $0.hasSuffix(".jsonl") }, "\(journalFiles)")
        #expect(try FileManager.default.attributesOfItem(atPath: journals)[.posixPermissions] as? Int == 0o700)
        for name in journalFiles {
            let mode =
                try FileManager.default.attributesOfItem(atPath: journals + "/" + name)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)")
        }
        if reboot {
            for name in try FileManager.default.contentsOfDirectory(atPath: first.lockDirectory) {
                try FileManager.default.removeItem(atPath: first.lockDirectory + "/" + name)
            }
            let afterReboot = try first.assessCommand(["status"]).output
            #expect(afterReboot.contains("waiting on this terminal for the server: "), "\(afterReboot)")
            // A reboot takes a while: without the stale lock that showed the seat gone, `resume`
            // waits until the attempt has been quiet for `AttemptLiveness.quietSeconds` (15 s).
            while Date().timeIntervalSince(killed) < 16 { Thread.sleep(forTimeInterval: 0.2) }
        } else {
            // As an earlier version left it: beside the lock. `resume` moves it and sends it.
            for name in journalFiles {
                try FileManager.default.moveItem(
                    atPath: journals + "/" + name, toPath: first.lockDirectory + "/" + name)
            }
            let before = try first.assessCommand(["status"]).output
            #expect(before.contains(" in \(first.lockDirectory)/journal-"), "\(before)")
        }

        try server.start()
        let second = try TerminalUnderTest(
            "resume Exams/all-types.yaml --candidate c-killed", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: setup.policy, environment: environment)
        try second.answer("Proctor password:", with: ProctorTests.password)
        try second.waitFor("Exam key")
        try second.acceptTheLock()
        try second.waitFor("typed before and during the outage")

        let store = try PostgresStore(url: server.url())
        let attempt = try #require(try store.attempts(candidate: "c-killed").first)
        #expect(
            try store.responses(for: attempt.id).contains { $0.value.contains("typed before and during the outage") })
        let kinds = try store.events(after: 0, limit: nil, attempt: attempt.id).map(\.event.kind)
        #expect(kinds.contains("store.outage"))
        #expect(kinds.contains("lease.taken-over"))
        #expect(try !second.assessCommand(["status"]).output.contains("waiting on this terminal"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: first.lockDirectory).allSatisfy {
                !$0.hasPrefix("journal-")
            })
        try second.submitFromReview()
        try second.waitFor("no longer locked")
    }

    /// Accepts the lock, goes on to the essay, types `text` and waits 2 s (the answer is
    /// on the server within a second).
    @Test func aReducedMotionSeatTakesItsLeaseAgainOnItsNewConnectionAtOnceWhenTheServerRestarts() throws {
        let server = try PrivateServer()
        #expect(try TerminalUnderTest("store init", environment: ["ASSESS_STORE": server.url()]).exitStatus() == 0)
        let sitting = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate c-restart --reduced-motion",
            environment: ["ASSESS_STORE": server.url()])
        try sitting.acceptTheLock()
        try sitting.waitFor("Question 1 of 4")
        /// The seat's lease as the room shows it, read on a connection of its own.
        func seat() -> SeatView? {
            try? PostgresStore(url: server.url()).room(exams: nil, at: Date()).first { $0.candidate == "c-restart" }
        }
        #expect(seat()?.holderAlive == true)
        // A restart ends every backend, the seat's too. The seat, at rest between two
        // minutes of its clock, wakes on its commands' connection closing and connects again.
        try server.stop()
        try server.start()
        let back = Date()
        while seat()?.holderAlive != true && Date().timeIntervalSince(back) < 10 { Thread.sleep(forTimeInterval: 0.1) }
        let lag = Date().timeIntervalSince(back)
        print(
            "server restart: the reduced-motion seat's lease was taken again \(String(format: "%.1f", lag)) s after the server was back"
        )
        #expect(seat()?.holderAlive == true && lag < 5, "after \(lag) s: \(String(describing: seat()))")
        #expect(try sitting.screen().contains("Question 1 of 4"))
    }

    private static func typeInTheEssay(_ sitting: TerminalUnderTest, _ text: String) throws {
        try sitting.acceptTheLock()
        for _ in 0..<12 where !(try sitting.screen().contains("why the Moon")) {
            try sitting.press("Tab")
            Thread.sleep(forTimeInterval: 0.3)
        }
        try sitting.waitFor("why the Moon")
        try sitting.type(text)
        Thread.sleep(forTimeInterval: 2)
    }

    /// Waits up to 10 s until `terminal` no longer shows `text`.
    private static func waitWhile(
        _ terminal: TerminalUnderTest, shows text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let deadline = Date().addingTimeInterval(10)
        while try terminal.screen().contains(text), Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(try !terminal.screen().contains(text), "still shows \(text)", sourceLocation: sourceLocation)
    }
}

/// Runs SQL with psql as the server's superuser, for tests that set up databases of their own.
enum PostgresConnectionForTests {
    @discardableResult
    static func psql(_ url: String, _ sql: String) throws -> String {
        let result = try TerminalUnderTest.runner.run(
            "psql", [url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], timeoutSeconds: 30)
        guard result.succeeded else { throw TestFailure("psql \(sql): \(result.standardError)") }
        return result.standardOutput
    }
}
