import AssessCore
import Foundation
import GRDB
import Testing

@testable import AssessStore

/// Timed sections on the server, tried as a student with `psql` and the seat's role would:
/// an answer to a closed section, to a section not yet open, or to the open one after its
/// time by the server's clock is refused; a seat writes no closing itself, closes only its
/// own open section, and reads no other seat's.
@Suite struct SectionPrivilegeTests: RoleAttempts {
    let database: PostgresTestDatabase
    let ana: String, ben: String, proctor: String
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    /// Three sections: a long timed one, one of a second, and an untimed last one.
    static let form = """
        {"sections":[{"title":"Long","duration":600,"questions":[{"id":"a1"}]},\
        {"title":"Short","duration":1,"questions":[{"id":"b1"}]},{"title":"Last","questions":[{"id":"c1"}]}]}
        """

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        ben = try database.login("ben", in: .seat)
        proctor = try database.login("pat", in: .proctor)
        let store = try PostgresStore(url: proctor)
        _ = try store.publish(
            ExamPublication(
                exam: "timed", deliveryKey: String(repeating: "b", count: 64), deliveryForm: Self.form,
                title: "Timed", durationSeconds: 600, instructions: "", questionCount: 3, scoringKey: "answer: x"),
            replace: false, by: "pat", at: start)
        try store.openSitting(exam: "timed", by: "pat", at: start)
        // No grace, so that the short section's second is the whole of its time.
        try run("SELECT assess.set_exam_terms('timed', 600, 0)", as: proctor)
    }

    private func insert(_ attempt: String, _ question: String) -> String {
        "INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at) VALUES ('\(attempt)', '\(question)', '\"x\"', false, now())"
    }

    @Test func aSeatAnswersOnlyTheOpenSectionWhileItsTimeLastsByTheServersClock() throws {
        let store = try PostgresStore(url: ana)
        let attempt = try store.startAttempt(
            examID: "timed", examKey: String(repeating: "b", count: 64), candidate: "ana", secondsAllowed: 600,
            at: start)
        try run(insert(attempt.id, "a1"), as: ana)
        // The next sections are not open yet, whatever the seat sends.
        expectRefused(insert(attempt.id, "b1"), as: ana)
        expectRefused(insert(attempt.id, "c1"), as: ana)
        #expect(throws: StoreError.self) {
            try store.saveResponse(attempt: attempt.id, question: "b1", value: "\"x\"", flagged: false, at: start)
        }
        // No skipping ahead, and no closing written by hand.
        expectRefused("SELECT assess.close_section('\(attempt.id)', 1, 5)", as: ana)
        expectRefused(
            "INSERT INTO assess.section_closings (attempt_id, section, seconds_used) VALUES ('\(attempt.id)', 0, 1)",
            as: ana)
        expectRefused("SELECT * FROM assess.section_closings", as: ana)
        expectRefused("SELECT * FROM assess.timed_sections('timed')", as: ana)
        #expect(try store.sectionsClosed(attempt: attempt.id) == .none)

        // The seat closes its open section: its answers are closed for good.
        try store.closeSection(attempt: attempt.id, section: 0, secondsUsed: 30, at: start)
        try store.closeSection(attempt: attempt.id, section: 0, secondsUsed: 31, at: start) // already closed: kept
        #expect(try store.sectionsClosed(attempt: attempt.id) == SectionsClosed(count: 1, secondsUsedAtLast: 30))
        expectRefused(insert(attempt.id, "a1"), as: ana)
        expectRefused("UPDATE assess.section_closings SET section = 5", as: ana)
        expectRefused("DELETE FROM assess.section_closings", as: ana)

        // The short section's second passes on the server's clock: its answers are refused.
        Thread.sleep(forTimeInterval: 1.5)
        let late = #expect(throws: PostgresError.self) { try run(insert(attempt.id, "b1"), as: ana) }
        #expect(late?.sqlState == "42501" && late?.message.contains("is over") == true, "\(late?.message ?? "")")
        // The untimed last section opens when the seat closes the short one.
        try store.closeSection(attempt: attempt.id, section: 1, secondsUsed: 32, at: start)
        try run(insert(attempt.id, "c1"), as: ana)
        // The last section has nothing after it to open.
        expectRefused("SELECT assess.close_section('\(attempt.id)', 2, 40)", as: ana)
    }

    @Test func aSeatNeitherClosesNorReadsAnotherSeatsSections() throws {
        let attempt = try PostgresStore(url: ben).startAttempt(
            examID: "timed", examKey: String(repeating: "b", count: 64), candidate: "ben", secondsAllowed: 600,
            at: start)
        expectRefused("SELECT assess.close_section('\(attempt.id)', 0, 5)", as: ana)
        expectRefused("SELECT * FROM assess.sections_closed('\(attempt.id)')", as: ana)
        #expect(throws: StoreError.self) {
            try PostgresStore(url: ana).closeSection(attempt: attempt.id, section: 0, secondsUsed: 5, at: start)
        }
        // A proctor reads every closing.
        try PostgresStore(url: ben).closeSection(attempt: attempt.id, section: 0, secondsUsed: 5, at: start)
        #expect(try run("SELECT section FROM assess.section_closings", as: proctor).map { $0["section"] } == ["0"])
    }

    @Test func theSQLiteStoreKeepsTheClosingsInOrder() throws {
        let store = try SQLiteStore(writer: try DatabaseQueue())
        let attempt = try store.startAttempt(
            examID: "timed", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        #expect(throws: StoreError.self) {
            try store.closeSection(attempt: attempt.id, section: 1, secondsUsed: 5, at: start)
        }
        try store.closeSection(attempt: attempt.id, section: 0, secondsUsed: 40, at: start)
        try store.closeSection(attempt: attempt.id, section: 0, secondsUsed: 50, at: start)
        #expect(try store.sectionsClosed(attempt: attempt.id) == SectionsClosed(count: 1, secondsUsedAtLast: 40))
        #expect(throws: StoreError.self) { try store.sectionsClosed(attempt: "nobody") }
    }
}
