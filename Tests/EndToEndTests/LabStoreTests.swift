import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// `assess` with a PostgreSQL store: set up by `store init`, checked by `store check`,
/// named by `status`, and a real sitting whose answers end up on the server. Needs the
/// server `.ci/with-postgres` starts; without it these tests fail, never skip.
@Suite("A lab's PostgreSQL store", .ownThread)
struct LabStoreTests {
    /// A database of its own on the test server, dropped with its roles at the end.
    final class LabDatabase {
        let serverURL: String
        let name = "assess_e2e_" + UUID().uuidString.prefix(8).lowercased()

        init() throws {
            guard let serverURL = ProcessInfo.processInfo.environment["ASSESS_TEST_POSTGRES"] else {
                throw TestFailure(
                    "ASSESS_TEST_POSTGRES is not set: run the tests beside a server, e.g. `.ci/with-postgres swift test`"
                )
            }
            self.serverURL = serverURL
            try psql("CREATE DATABASE \(name)")
        }

        deinit {
            try? psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            for role in ["seat", "proctor", "ana"] { try? psql("DROP ROLE IF EXISTS \(name)_\(role)") }
        }

        /// The database's URL as `user`.
        func url(user: String = "postgres", database: String? = nil) -> String {
            var components = URLComponents(string: serverURL)!
            components.path = "/" + (database ?? name)
            components.queryItems =
                (components.queryItems ?? []).filter { $0.name != "user" } + [URLQueryItem(name: "user", value: user)]
            return components.string!
        }

        /// Runs `sql` on the server as its superuser.
        func psql(_ sql: String) throws {
            try PostgresConnectionForTests.psql(serverURL, sql)
        }
    }

    /// Runs `assess ARGUMENTS` with `store` as ASSESS_STORE; its output and exit status.
    private func assess(_ arguments: [String], store: String) throws -> (output: String, status: Int32) {
        let terminal = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": store])
        return try terminal.assessCommand(arguments)
    }

    @Test func storeCheckSaysInOneLineWhatIsWrongAndInitPutsItRight() throws {
        let lab = try LabDatabase()
        let scratch = try TemporaryDirectory("assess-e2e-nothing")
        let cases: [(store: String, expected: String)] = [
            ("postgresql:///assess?host=\(scratch.path)", "no server"),
            (lab.url(database: lab.name + "_missing"), "no such database"),
            (lab.url(user: lab.name + "_nobody"), "authentication failed"),
            (lab.url(), "schema too old"),
        ]
        // A role the store does not know: it connects, but may not even read the schema.
        try lab.psql("CREATE ROLE \(lab.name)_stranger LOGIN")
        defer { try? lab.psql("DROP ROLE IF EXISTS \(lab.name)_stranger") }
        for (store, expected) in cases {
            let (output, status) = try assess(["store", "check"], store: store)
            #expect(status == 73, "\(store): \(output)")
            #expect(output.hasPrefix("assess: ") && output.contains(expected), "\(store): \(output)")
            #expect(output.split(separator: "\n").count == 1, "\(output)")
        }
        // `status` still reports the terminal, and says the store cannot be read rather than
        // showing no attempts in progress as if there were none.
        let down = try assess(["status"], store: cases[0].store)
        #expect(
            down.output.contains("store: PostgreSQL \(cases[0].store) (cannot be read: ")
                && down.output.contains("no server"),
            "\(down.output)")

        let (output, status) = try assess(["store", "init", "--seat", lab.name + "_ana:ana"], store: lab.url())
        #expect(status == 0, "\(output)")
        #expect(output.contains("ran migrations v1"))
        #expect(try assess(["store", "init"], store: lab.url()).output.contains("schema up to date"))
        #expect(
            try assess(["store", "check"], store: lab.url(user: lab.name + "_ana")).output.hasPrefix("ok: PostgreSQL"))
        let stranger = try assess(["store", "check"], store: lab.url(user: lab.name + "_stranger"))
        #expect(
            stranger.status == 73 && stranger.output.contains("authentication failed: permission denied"),
            "\(stranger.output)")
        let statusText = try assess(["status"], store: lab.url(user: lab.name + "_ana")).output
        #expect(statusText.contains("store: PostgreSQL \(lab.url(user: lab.name + "_ana"))"))
    }

    @Test func aSittingKeepsItsAnswersAndItsLogOnTheServer() throws {
        let lab = try LabDatabase()
        #expect(try assess(["store", "init", "--seat", lab.name + "_ana:ana"], store: lab.url()).status == 0)
        let seat = lab.url(user: lab.name + "_ana")
        let sitting = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ana", environment: ["ASSESS_STORE": seat])
        try sitting.acceptTheLock()
        try sitting.waitFor("Question 1 of 4")
        try sitting.press("2", "Tab")
        try sitting.waitFor("Question 2 of 4")
        try sitting.submitAndLeaveThroughTheReceipt()
        #expect(try sitting.exitStatus() == 0)

        let room = try PostgresStore(url: lab.url())
        let attempt = try #require(try room.attempts(candidate: "ana").first)
        #expect(attempt.status == .submitted)
        #expect(try room.responses(for: attempt.id).count == 1)
        #expect(
            try room.events(after: 0, limit: nil, attempt: attempt.id).contains { $0.event.kind == "exam.submitted" })
        #expect(
            try EventStore(database: room).verifyChain()
                == .intact(count: try room.events(after: 0, limit: nil, attempt: nil).count))
        #expect(FileManager.default.fileExists(atPath: sitting.dataDirectory + "/assess.sqlite") == false)
    }

    @Test func aCandidateSittingAtOneSeatIsRefusedAtASecondWithWhereTheFirstRuns() throws {
        let lab = try LabDatabase()
        #expect(try assess(["store", "init", "--seat", lab.name + "_ana:ana"], store: lab.url()).status == 0)
        let seat = lab.url(user: lab.name + "_ana")
        let first = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ana", environment: ["ASSESS_STORE": seat])
        try first.acceptTheLock()
        let second = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ana", environment: ["ASSESS_STORE": seat])
        #expect(try second.exitStatus() == 75)
        let refusal = try second.writtenText()
        #expect(
            refusal.contains("candidate ana is already sitting geography-quiz at \(ThisHost.name) on /dev/pts/"),
            "\(refusal)")
        #expect(refusal.contains("one candidate sits at one seat"))
        try first.submitFromReview()
        try first.waitFor("no longer locked")
    }
}

/// This machine's name, as the refusal names it.
enum ThisHost {
    static var name: String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        return String(cString: buffer)
    }
}
