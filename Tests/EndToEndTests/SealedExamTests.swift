import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A published exam from end to end, on both stores: `publish`, `take --exam ID` (no exam
/// file read at the seat), answers, submit, and `results` scoring with the stored scoring
/// key, then with a fixed one (a new version) without "exam file changed since".
@Suite("Sealed exams: publish, take by id, results", .ownThread)
struct SealedExamTests {
    static let examFile = TerminalUnderTest.packageRoot + "/Exams/geography.yaml"

    /// Sits geography-quiz by its id as `candidate`: Ottawa and Canberra right, the rest blank.
    private func sit(_ seat: TerminalUnderTest, candidate: String) throws {
        try seat.acceptTheLock()
        try seat.waitFor("What is the capital of Canada?")
        let form = DeliveryForm(exam: try ExamLoader.load(fileAt: Self.examFile)).exam
        let presented = try #require(ExamPresentation(exam: form, candidate: candidate).questions.first)
        let ottawaShownAt = try #require(presented.displayedOptions.firstIndex(of: "Ottawa"))
        try seat.press(String(ottawaShownAt + 1), "Tab")
        try seat.waitFor("Question 2 of 4")
        try seat.press("Tab")
        try seat.waitFor("Question 3 of 4")
        try seat.press("Tab")
        try seat.waitFor("Question 4 of 4")
        try seat.type("Canberra")
        try seat.waitFor("Answer: Canberra")
        try seat.submitAndLeaveThroughTheReceipt()
        #expect(try seat.exitStatus() == 0)
    }

    /// geography-quiz with Sydney as the only accepted capital of Australia: same questions, another key.
    private func wrongKey(_ setup: ProctorTests.Setup) throws -> String {
        let text = try String(contentsOfFile: Self.examFile, encoding: .utf8)
            .replacingOccurrences(of: "accepted: [Canberra]", with: "accepted: [Sydney]")
        return try setup.exam("geography-fixed.yaml", text)
    }

    private func score(_ csv: String) -> String? {
        csv.split(separator: "\n").first { $0.hasPrefix("geography-quiz,ana,") }.map {
            String($0.split(separator: ",")[4])
        }
    }

    @Test func publishTakeByIDAndResultsOnSQLite() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", Self.examFile, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        let deliveryKey = DeliveryForm(exam: try ExamLoader.load(fileAt: Self.examFile)).key
        #expect(published.output.contains("delivery key: \(ExamKey.short(deliveryKey))"), "\(published.output)")
        #expect(published.output.contains("scoring key: v1"))
        // The store's form holds no answer.
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared))
        let form = try #require(try store.deliveryForm(exam: "geography-quiz", candidate: "ana"))
        #expect(!form.form.contains("Canberra") && form.form.contains("capital city of Australia"))

        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", dataDirectory: shared, policy: setup.policy)
        try sit(seat, candidate: "ana")
        let attempt = try #require(try store.attempts(exam: "geography-quiz", candidate: "ana").first)
        #expect(attempt.examKey == deliveryKey)

        let results = try proctor.assessCommand(["results", "geography-quiz", "--csv"])
        #expect(results.status == 0, "\(results.output)")
        #expect(score(results.output) == "2", "\(results.output)")
        #expect(results.output.contains("scoring key v1"))

        // The same questions with a fixed key: a new version, and results scores with it.
        let fixed = try proctor.assessCommand(
            ["publish", try wrongKey(setup), "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(fixed.status == 0 && fixed.output.contains("scoring key: v2"), "\(fixed.output)")
        let rescored = try proctor.assessCommand(["results", "geography-quiz", "--csv"])
        #expect(score(rescored.output) == "1", "\(rescored.output)")
        #expect(!rescored.output.contains("changed since"))
        // Other questions under the same id are refused once an attempt exists, even with --replace.
        let other = try setup.exam(
            "geography-other.yaml",
            try String(contentsOfFile: Self.examFile, encoding: .utf8)
                .replacingOccurrences(of: "What is the capital of Canada?", with: "What is the capital of Chile?"))
        let replaced = try proctor.assessCommand(
            ["publish", other, "--replace", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(replaced.status == 1 && replaced.output.contains("1 attempt already"), "\(replaced.output)")
        #expect(try proctor.assessCommand(["log"]).output.contains("exam.published"))
    }

    @Test func publishTakeByIDAndResultsOnPostgreSQL() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let ana = lab.name + "_ana"
        let pat = lab.name + "_pat"
        defer { try? lab.psql("DROP ROLE IF EXISTS \(pat)") }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        #expect(try admin.assessCommand(["store", "init", "--seat", ana + ":ana", "--proctor", pat]).status == 0)

        // A seat's role may not publish.
        let seatRole = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: ana)])
        let forged = try seatRole.assessCommand(
            ["publish", Self.examFile, "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(forged.status == 1 && forged.output.contains("proctor role"), "\(forged.output)")

        let proctor = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let published = try proctor.assessCommand(
            ["publish", Self.examFile, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0 && published.output.contains("scoring key: v1"), "\(published.output)")

        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)])
        try sit(seat, candidate: "ana")

        // As the seat's role: no scoring key, by SQL or by `results`.
        #expect(throws: (any Error).self) {
            try PostgresConnectionForTests.psql(lab.url(user: ana), "SELECT scoring_key FROM assess.scoring_keys")
        }
        let refused = try seatRole.assessCommand(["results", "geography-quiz", "--csv"])
        #expect(refused.status == 1 && refused.output.contains("proctor"), "\(refused.output)")
        #expect(refused.output.split(separator: "\n").count == 1, "\(refused.output)")

        let results = try proctor.assessCommand(["results", "geography-quiz", "--csv"])
        #expect(results.status == 0 && score(results.output) == "2", "\(results.output)")
        let fixed = try proctor.assessCommand(
            ["publish", try wrongKey(setup), "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(fixed.output.contains("scoring key: v2"), "\(fixed.output)")
        #expect(score(try proctor.assessCommand(["results", "geography-quiz", "--csv"]).output) == "1")
    }
}
