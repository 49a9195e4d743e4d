import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// Sample runs of code questions, counted by the store: each run is numbered, none is
/// taken past the budget, and only the code's hash is kept. On PostgreSQL the budget is
/// the one of the form the server published, whatever the seat says.
@Suite struct CodeRunStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let deliveryKey = String(repeating: "d", count: 64)
    static let hash = String(repeating: "7", count: 64)
    /// A delivery form as the server reads it: question `fizz` allows 2 runs, `plain` none.
    static let form =
        #"{"format":1,"id":"geo","sections":[{"questions":[{"id":"fizz","type":"code","code":{"runsDuringExam":2}},"#
        + #"{"id":"plain","type":"code","code":{"runsDuringExam":0}}]}]}"#

    static func publication() -> ExamPublication {
        ExamPublication(
            exam: "geo", deliveryKey: deliveryKey, deliveryForm: form, title: "Programs", durationSeconds: 600,
            instructions: "", questionCount: 2, scoringKey: "tests")
    }

    @Test(arguments: StoreBackend.allCases)
    func runsAreNumberedUntilTheBudgetIsSpent(_ backend: StoreBackend) throws {
        let opened = try backend.open()
        _ = try #require(opened.store.published).publish(Self.publication(), replace: false, by: "pat", at: start)
        let attempt = try opened.store.startAttempt(
            examID: "geo", examKey: Self.deliveryKey, candidate: "ana", secondsAllowed: nil, at: start)
        let runs = try #require(opened.store.codeRuns)
        #expect(try runs.codeRunsTaken(attempt: attempt.id, question: "fizz") == 0)
        #expect(try runs.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: Self.hash, allowed: 2) == 1)
        #expect(try runs.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: Self.hash, allowed: 2) == 2)
        #expect(throws: StoreError.noRunsLeft(allowed: 2)) {
            try runs.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: Self.hash, allowed: 2)
        }
        // A new opening of the store (a restarted sitting) counts the same runs.
        let reopened = try #require(try opened.reopen().codeRuns)
        #expect(try reopened.codeRunsTaken(attempt: attempt.id, question: "fizz") == 2)
        #expect(throws: StoreError.noRunsLeft(allowed: 2)) {
            try reopened.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: Self.hash, allowed: 2)
        }
        // Once the attempt ends, no run is taken.
        try opened.store.finishAttempt(id: attempt.id, status: .submitted, receipt: nil, at: start)
        #expect(throws: StoreError.self) {
            try runs.takeCodeRun(attempt: attempt.id, question: "plain", codeHash: Self.hash, allowed: 5)
        }
    }

    @Test func onPostgresTheBudgetIsThePublishedFormsNotTheSeats() throws {
        let opened = try StoreBackend.postgres.open()
        _ = try #require(opened.store.published).publish(Self.publication(), replace: false, by: "pat", at: start)
        let attempt = try opened.store.startAttempt(
            examID: "geo", examKey: Self.deliveryKey, candidate: "ana", secondsAllowed: nil, at: start)
        let runs = try #require(opened.store.codeRuns)
        // The seat says 100 runs; the form says none for `plain` and 2 for `fizz`.
        #expect(throws: StoreError.noRunsLeft(allowed: 0)) {
            try runs.takeCodeRun(attempt: attempt.id, question: "plain", codeHash: Self.hash, allowed: 100)
        }
        #expect(try runs.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: Self.hash, allowed: 100) == 1)
        #expect(try runs.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: Self.hash, allowed: 100) == 2)
        #expect(throws: StoreError.noRunsLeft(allowed: 2)) {
            try runs.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: Self.hash, allowed: 100)
        }
        // An attempt at a form the server did not publish (another key) gets no runs.
        let other = try opened.store.startAttempt(
            examID: "geo", examKey: String(repeating: "e", count: 64), candidate: "ben", secondsAllowed: nil,
            at: start)
        #expect(throws: StoreError.noRunsLeft(allowed: 0)) {
            try runs.takeCodeRun(attempt: other.id, question: "fizz", codeHash: Self.hash, allowed: 100)
        }
    }
}

/// What a seat's role can do to the count of sample runs with `psql`: take runs only
/// through the server's function (which counts against the published budget), and never
/// add, remove or change a run, nor take one of another seat's attempt.
@Suite struct CodeRunPrivilegeTests: RoleAttempts {
    let database: PostgresTestDatabase
    let ana: String, ben: String, proctor: String
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        ben = try database.login("ben", in: .seat)
        proctor = try database.login("pat", in: .proctor)
        _ = try PostgresStore(url: proctor).publish(
            CodeRunStoreTests.publication(), replace: false, by: "pat", at: start)
    }

    @Test func aSeatCannotResetAddOrChangeRunsNorGoPastTheBudget() throws {
        let seat = try PostgresStore(url: ana)
        let attempt = try seat.startAttempt(
            examID: "geo", examKey: CodeRunStoreTests.deliveryKey, candidate: "ana", secondsAllowed: nil, at: start)
        let hash = CodeRunStoreTests.hash
        #expect(try seat.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: hash, allowed: 99) == 1)
        #expect(try seat.takeCodeRun(attempt: attempt.id, question: "fizz", codeHash: hash, allowed: 99) == 2)
        // Straight at the table: no privilege to read, reset, add or renumber.
        expectRefused("SELECT * FROM assess.code_runs", as: ana)
        expectRefused("DELETE FROM assess.code_runs", as: ana)
        expectRefused("TRUNCATE assess.code_runs", as: ana)
        expectRefused("UPDATE assess.code_runs SET question_id = 'other'", as: ana)
        expectRefused(
            "INSERT INTO assess.code_runs (attempt_id, question_id, number, code_hash) VALUES ('\(attempt.id)', 'x', 1, '\(hash)')",
            as: ana)
        // The budget's own function is not the seat's to call or replace.
        expectRefused("SELECT assess.code_run_budget(a, 'fizz') FROM assess.attempts a", as: ana)
        #expect(throws: PostgresError.self) {
            try run(
                "CREATE OR REPLACE FUNCTION assess.code_run_budget(a assess.attempts, question text) RETURNS integer LANGUAGE sql AS 'SELECT 99'",
                as: ana)
        }
        // Through the function, past the budget: refused by the server.
        let past = #expect(throws: PostgresError.self) {
            try run("SELECT assess.take_code_run('\(attempt.id)', 'fizz', '\(hash)')", as: ana)
        }
        #expect(past?.sqlState == "AS020")
        // Another seat can neither take ana's runs nor count them.
        expectRefused("SELECT assess.take_code_run('\(attempt.id)', 'fizz', '\(hash)')", as: ben)
        expectRefused("SELECT assess.code_runs_taken('\(attempt.id)', 'fizz')", as: ben)
        // The proctor sees the runs, with their hash and no code.
        let rows = try run("SELECT number, code_hash FROM assess.code_runs ORDER BY number", as: proctor)
        #expect(rows.map { $0["number"] } == ["1", "2"])
        #expect(rows.allSatisfy { $0["code_hash"] == hash })
    }
}
