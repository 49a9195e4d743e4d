import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A published exam's wrong key fixed after the sitting, on both stores: `results ID
/// --rescore FIXED` (a dry run that changes nothing, refused when the students would see
/// something else), `--apply --reason` (the next scoring key version, the regrade logged,
/// results and the candidate report on the new version, the earlier one still readable),
/// and an account that may not read the keys refused in one line.
@Suite("Rescoring a published exam", .ownThread)
struct RescoreTests {
    static let examFile = TerminalUnderTest.packageRoot + "/Exams/geography.yaml"

    /// The exam set up for a rescore: published with Sydney as the capital of Australia
    /// (the wrong key), and the file that fixes it (geography.yaml itself).
    final class Fixture {
        let setup: ProctorTests.Setup
        let wrong: String
        let fixed = RescoreTests.examFile

        init() throws {
            setup = try ProctorTests.Setup()
            wrong = try setup.exam(
                "geography-wrong.yaml",
                try String(contentsOfFile: RescoreTests.examFile, encoding: .utf8)
                    .replacingOccurrences(of: "accepted: [Canberra]", with: "accepted: [Sydney]"))
        }

        /// The fixed file with what the students see changed too: the title and a prompt.
        func seenChanged() throws -> String {
            try setup.exam(
                "geography-reworded.yaml",
                try String(contentsOfFile: RescoreTests.examFile, encoding: .utf8)
                    .replacingOccurrences(of: "title: Geography quiz", with: "title: Capitals")
                    .replacingOccurrences(of: "What is the capital of Canada?", with: "Which is Canada's capital?"))
        }
    }

    /// Sits geography-quiz by its id: Ottawa right, Australia's capital answered `capital`.
    private func sit(_ seat: TerminalUnderTest, candidate: String, capital: String) throws {
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
        try seat.type(capital)
        try seat.waitFor("Answer: \(capital)")
        try seat.submitAndLeaveThroughTheReceipt()
        #expect(try seat.exitStatus() == 0)
    }

    /// Each candidate's score in `results --csv`.
    private func scores(_ csv: String) -> [String: String] {
        var scores: [String: String] = [:]
        for line in csv.split(separator: "\n") where line.hasPrefix("geography-quiz,") {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            scores[String(cells[1])] = String(cells[4])
        }
        return scores
    }

    /// The dry run's report, whole, for ana (1 → 2) and bo (2 → 1) with their attempt ids.
    private func dryRun(ana: String, bo: String, deliveryKey: String, fixed: String) -> String {
        """
        geography-quiz: Geography quiz against scoring key v1 (the same delivery key, \(ExamKey.short(deliveryKey)))
        answers or marking rules changed: australia-capital
        2 attempts; 2 would score differently:
          ana  attempt \(ana)  1 of 6 → 2 of 6  (+1)
          bo   attempt \(bo)  2 of 6 → 1 of 6  (-1)
        dry run: nothing was changed; to publish \(fixed) as scoring key v2 and score with it from now on, add: --apply --reason "WHY"

        """
    }

    /// What both stores must do, given the proctor's terminal and the two candidates'
    /// attempts already sat on the wrong key.
    private func rescoreAsAProctor(_ proctor: TerminalUnderTest, _ fixture: Fixture, attempts: [String: String])
        throws
    {
        let deliveryKey = DeliveryForm(exam: try ExamLoader.load(fileAt: fixture.fixed)).key
        #expect(scores(try proctor.assessCommand(["results", "geography-quiz", "--csv"]).output)["ana"] == "1")

        // The dry run: whose score changes and by how much; nothing changes.
        let dry = try proctor.assessCommand(["results", "geography-quiz", "--rescore", fixture.fixed])
        #expect(dry.status == 0, "\(dry.output)")
        #expect(
            dry.output
                == dryRun(
                    ana: try #require(attempts["ana"]), bo: try #require(attempts["bo"]), deliveryKey: deliveryKey,
                    fixed: fixture.fixed))
        let unchanged = try proctor.assessCommand(["results", "geography-quiz", "--csv"])
        #expect(scores(unchanged.output) == ["ana": "1", "bo": "2"], "\(unchanged.output)")
        #expect(unchanged.output.contains("scoring key v1"))

        // What the students saw may not change: refused, naming what differs.
        let reworded = try proctor.assessCommand(["results", "geography-quiz", "--rescore", try fixture.seenChanged()])
        #expect(reworded.status == 1, "\(reworded.output)")
        #expect(
            reworded.output.hasPrefix(
                "assess: \(try fixture.seenChanged()) changes what the students saw (the title; question capital-canada's prompt): "
            ), "\(reworded.output)")
        #expect(reworded.output.split(separator: "\n").count == 1, "\(reworded.output)")

        // Another exam's file, and the exam's own file by its path, are refused too.
        let spelling = TerminalUnderTest.packageRoot + "/Exams/spelling.yaml"
        let other = try proctor.assessCommand(["results", "geography-quiz", "--rescore", spelling])
        #expect(
            other.status == 1
                && other.output
                    == "assess: \(spelling) is the exam spelling-test, not geography-quiz; name the fixed file of geography-quiz\n",
            "\(other.output)")
        let byPath = try proctor.assessCommand(["results", fixture.wrong, "--rescore", fixture.fixed])
        #expect(byPath.status == 64 && byPath.output.contains("name the exam by its id"), "\(byPath.output)")

        // --apply needs a reason, and the proctor password.
        let noReason = try proctor.assessCommand(["results", "geography-quiz", "--rescore", fixture.fixed, "--apply"])
        #expect(noReason.status == 64 && noReason.output.contains("--reason"), "\(noReason.output)")
        let wrongPassword = try proctor.assessCommand(
            [
                "results", "geography-quiz", "--rescore", fixture.fixed, "--apply", "--reason", "key said Sydney",
                "--password-stdin",
            ], input: "not-the-password\n")
        #expect(wrongPassword.status == 77, "\(wrongPassword.output)")

        let applied = try proctor.assessCommand(
            [
                "results", "geography-quiz", "--rescore", fixture.fixed, "--apply", "--reason",
                "the key said Sydney; the capital is Canberra", "--password-stdin",
            ], input: ProctorTests.password + "\n")
        #expect(applied.status == 0, "\(applied.output)")
        #expect(
            applied.output.hasSuffix(
                """
                geography-quiz: rescored with scoring key v2 (was v1), logged as exam.rescored; \
                results scores with v2 from now on (an earlier one: --scoring-key 1)

                """), "\(applied.output)")

        // From now on results scores with v2; v1 stays readable; the report names its version.
        let after = try proctor.assessCommand(["results", "geography-quiz", "--csv"])
        #expect(scores(after.output) == ["ana": "2", "bo": "1"], "\(after.output)")
        #expect(after.output.contains("scoring key v2"))
        let report = try proctor.assessCommand(["results", "geography-quiz", "--candidate", "ana"])
        #expect(report.output.contains("Result: 2 of 6 points (33%)"), "\(report.output)")
        #expect(report.output.contains("Scored with the published scoring key v2\n"), "\(report.output)")
        let earlier = try proctor.assessCommand(
            ["results", "geography-quiz", "--scoring-key", "1", "--candidate", "ana"])
        #expect(earlier.output.contains("Result: 1 of 6 points"), "\(earlier.output)")
        #expect(earlier.output.contains("Scored with the published scoring key v1\n"), "\(earlier.output)")
        let missing = try proctor.assessCommand(["results", "geography-quiz", "--scoring-key", "3"])
        #expect(missing.status == 1 && missing.output.contains("its versions are v1 to v2"), "\(missing.output)")

        // The regrade in the log: who, why, what changed.
        let log = try proctor.assessCommand(["log", "--json"]).output
        let rescored = try #require(log.split(separator: "\n").first { $0.contains("exam.rescored") })
        for part in [
            #""reason":"the key said Sydney; the capital is Canberra""#, #""changed":"australia-capital""#,
            #""previous":"v1""#, #""scoring-key":"v2""#, #""attempts-changed":"2""#,
        ] {
            #expect(rescored.contains(part), "\(rescored)")
        }
        // mark and export take the published exam's id too: bo's Sydney, wrong under v2, is
        // overridden by hand, and the export carries the fixed key.
        let marking = try TerminalUnderTest(
            "mark geography-quiz --question australia-capital --candidate bo --show-candidates",
            dataDirectory: proctor.dataDirectory, policy: proctor.policy, environment: proctor.environment)
        try marking.answer("Proctor password:", with: ProctorTests.password)
        let desk = try marking.waitFor("Answer 1 of 1 · australia-capital · 1 point · Candidate bo")
        #expect(desk.contains("Name the capital city of Australia.") && desk.contains("Sydney"), "\(desk)")
        try marking.type("1")
        try marking.press("Enter")
        try marking.waitFor("Overriding the exam's own score needs a reason")
        try marking.type("the question was unclear")
        try marking.press("Enter")
        try marking.waitFor("Saved: 1 point.")
        try marking.press("Escape")
        #expect(try marking.exitStatus() == 0)
        #expect(scores(try proctor.assessCommand(["results", "geography-quiz", "--csv"]).output)["bo"] == "2")
        let exported = try proctor.assessCommand(["export", "geography-quiz"])
        #expect(exported.status == 0 && exported.output.contains("Canberra"), "\(exported.output)")
        #expect(!exported.output.contains("Sydney"), "\(exported.output)")

        // The same file again: nothing left to apply.
        let again = try proctor.assessCommand(
            [
                "results", "geography-quiz", "--rescore", fixture.fixed, "--apply", "--reason", "again",
                "--password-stdin",
            ], input: ProctorTests.password + "\n")
        #expect(again.status == 1 && again.output.contains("nothing was published"), "\(again.output)")
    }

    @Test func rescoreOnSQLite() throws {
        let fixture = try Fixture()
        let shared = fixture.setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: fixture.setup.policy)
        let published = try proctor.assessCommand(
            ["publish", fixture.wrong, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        for (candidate, capital) in [("ana", "Canberra"), ("bo", "Sydney")] {
            let seat = try TerminalUnderTest(
                "take --exam geography-quiz --candidate \(candidate)", dataDirectory: shared,
                policy: fixture.setup.policy)
            try sit(seat, candidate: candidate, capital: capital)
        }
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared))
        var attempts: [String: String] = [:]
        for candidate in ["ana", "bo"] {
            attempts[candidate] = try #require(try store.attempts(exam: "geography-quiz", candidate: candidate).first)
                .id
        }

        // Another account than the store's owner (a seat's) is refused in one line, before anything is read.
        for folder in [fixture.setup.scratch.path, shared] {
            try FileManager.default.setAttributes([.posixPermissions: 0o711], ofItemAtPath: folder)
        }
        let other = try TerminalUnderTest.runner.run(
            "env",
            [
                "ASSESS_DATA_DIR=\(shared)", "ASSESS_STORE=sqlite", "setpriv", "--reuid=nobody", "--regid=nogroup",
                "--clear-groups", proctor.assess, "results", "geography-quiz", "--rescore", fixture.fixed,
            ], timeoutSeconds: 30)
        #expect(other.exitStatus == 1, "\(other.standardError)")
        #expect(
            other.standardError
                == "assess: the store \(shared)/assess.sqlite is not this account's: only the account that owns it, or root, may rescore the exams published in it\n"
        )

        try rescoreAsAProctor(proctor, fixture, attempts: attempts)
    }

    @Test func rescoreOnPostgreSQL() throws {
        let lab = try LabStoreTests.LabDatabase()
        let fixture = try Fixture()
        let ana = lab.name + "_ana"
        let bo = lab.name + "_bo"
        let pat = lab.name + "_pat"
        defer { for role in [bo, pat] { try? lab.psql("DROP ROLE IF EXISTS \(role)") } }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        let initialised = try admin.assessCommand(
            ["store", "init", "--seat", ana + ":ana", "--seat", bo + ":bo", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")
        let proctor = try TerminalUnderTest(
            "--help", policy: fixture.setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let published = try proctor.assessCommand(
            ["publish", fixture.wrong, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        for (candidate, role, capital) in [("ana", ana, "Canberra"), ("bo", bo, "Sydney")] {
            let seat = try TerminalUnderTest(
                "take --exam geography-quiz --candidate \(candidate)", policy: fixture.setup.policy,
                environment: ["ASSESS_STORE": lab.url(user: role)])
            try sit(seat, candidate: candidate, capital: capital)
        }
        let store = try PostgresStore(url: lab.url())
        var attempts: [String: String] = [:]
        for candidate in ["ana", "bo"] {
            attempts[candidate] = try #require(try store.attempts(exam: "geography-quiz", candidate: candidate).first)
                .id
        }

        // A seat's role: refused in one line, dry run or not, and by SQL.
        let seat = try TerminalUnderTest(
            "--help", policy: fixture.setup.policy, environment: ["ASSESS_STORE": lab.url(user: ana)])
        for arguments in [
            ["mark", "geography-quiz"], ["export", "geography-quiz"],
            ["results", "geography-quiz", "--rescore", fixture.fixed],
            [
                "results", "geography-quiz", "--rescore", fixture.fixed, "--apply", "--reason", "mine",
                "--password-stdin",
            ],
        ] {
            let refused = try seat.assessCommand(arguments, input: ProctorTests.password + "\n")
            #expect(refused.status == 1 && refused.output.contains("proctor role"), "\(refused.output)")
            #expect(refused.output.split(separator: "\n").count == 1, "\(refused.output)")
        }
        let forged = """
            INSERT INTO assess.scoring_keys (exam_id, version, delivery_key, scoring_key)
            SELECT exam_id, 2, delivery_key, 'answers: mine' FROM assess.published_exams
            """
        #expect(throws: (any Error).self) { try PostgresConnectionForTests.psql(lab.url(user: ana), forged) }

        try rescoreAsAProctor(proctor, fixture, attempts: attempts)

        // The server's record of the new version: who published it.
        let key = try #require(try store.scoringKey(exam: "geography-quiz", version: 2))
        #expect(key.publishedBy == pat)
        #expect(try store.scoringKey(exam: "geography-quiz", version: 1)?.content.contains("[Sydney]") == true)
        #expect(throws: (any Error).self) {
            try PostgresConnectionForTests.psql(lab.url(user: ana), "SELECT scoring_key FROM assess.scoring_keys")
        }
    }
}
