import Foundation
import Testing

@testable import AssessStore

/// Who may mark on a PostgreSQL store, tried against the real server as each role: a
/// proctor adds and reads marks under the server's name for them; a seat's role can
/// neither write a mark (for itself or anyone) nor read one.
@Suite struct MarkPrivilegeTests {
    let database: PostgresTestDatabase
    let ana: String, proctor: String
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        proctor = try database.login("pat", in: .proctor)
    }

    /// Ana's submitted attempt, with an essay answered.
    private func anasSubmittedAttempt() throws -> Attempt {
        let anaStore = try PostgresStore(url: ana)
        let attempt = try anaStore.startAttempt(
            examID: "history", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        try anaStore.saveResponse(
            attempt: attempt.id, question: "essay", value: #"{"essay":"mine"}"#, flagged: false, at: start)
        try anaStore.finishAttempt(id: attempt.id, status: .submitted, receipt: "r", at: start)
        return attempt
    }

    private func expectRefused(_ sql: String, as url: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: PostgresError.self, sourceLocation: sourceLocation) {
            try PostgresConnection(url).withSession { try $0.execute(sql) }
        }
        #expect(error?.sqlState == "42501", "\(sql): \(error?.message ?? "")", sourceLocation: sourceLocation)
    }

    @Test func aProctorMarksUnderTheServersNameForThem() throws {
        let attempt = try anasSubmittedAttempt()
        let marked = try PostgresStore(url: proctor).addMark(
            StoredMark(
                attemptID: attempt.id, questionID: "essay", points: 3, comment: "Good", marker: "someone else",
                markedAt: start))
        #expect(marked.marker == "\(database.name)_pat")
        #expect(try PostgresStore(url: proctor).markHistory(for: attempt.id).map(\.marker) == ["\(database.name)_pat"])
        // Nor can a proctor write the marker column, change or remove a mark.
        expectRefused(
            "INSERT INTO assess.marks (attempt_id, question_id, points, marked_at, marker) VALUES ('\(attempt.id)', 'essay', 1, now(), 'x')",
            as: proctor)
        expectRefused("UPDATE assess.marks SET points = 0", as: proctor)
        expectRefused("DELETE FROM assess.marks", as: proctor)
    }

    @Test func aSeatCannotWriteOrReadAMark() throws {
        let attempt = try anasSubmittedAttempt()
        try PostgresStore(url: proctor).addMark(
            StoredMark(
                attemptID: attempt.id, questionID: "essay", points: 1, marker: "pat", markedAt: start))
        let anaStore = try PostgresStore(url: ana)
        #expect(throws: StoreError.self) {
            try anaStore.addMark(
                StoredMark(attemptID: attempt.id, questionID: "essay", points: 5, marker: "pat", markedAt: start))
        }
        expectRefused(
            "INSERT INTO assess.marks (attempt_id, question_id, points, marked_at) VALUES ('\(attempt.id)', 'essay', 5, now())",
            as: ana)
        expectRefused("UPDATE assess.marks SET points = 5", as: ana)
        expectRefused("DELETE FROM assess.marks", as: ana)
        expectRefused("SELECT * FROM assess.marks", as: ana)
        #expect(try PostgresStore(url: proctor).markHistory(for: attempt.id).map(\.points) == [1])
    }
}
