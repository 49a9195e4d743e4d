import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// `assess open ID`: a published exam's questions go to the seats only once the proctor
/// opens its sitting, with or without a roster. Tried as a seat's role with psql against a
/// real server, and with the real binary in tmux on both stores.
@Suite("Opening the sitting of a published exam", .ownThread)
struct OpenSittingTests {
    static let examFile = TerminalUnderTest.packageRoot + "/Exams/geography.yaml"

    @Test func onPostgreSQLASeatReadsNoQuestionBeforeTheOpeningAndOnlyItsOwnFormAfter() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let ana = lab.name + "_ana"
        let bo = lab.name + "_bo"
        let pat = lab.name + "_pat"
        defer { for role in [bo, pat] { try? lab.psql("DROP ROLE IF EXISTS \(role)") } }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        let initialised = try admin.assessCommand(
            ["store", "init", "--seat", ana + ":ana", "--seat", bo + ":bo", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")
        let proctor = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let published = try proctor.assessCommand(
            ["publish", Self.examFile, "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        #expect(
            published.output.hasSuffix(
                "its questions go to the seats once the sitting opens: assess open geography-quiz\n"))

        // Before the opening, as ana's role with psql: the cover, and nothing of the questions.
        let anaURL = lab.url(user: ana)
        let cover = try PostgresConnectionForTests.psql(anaURL, "SELECT * FROM assess.exam_cover('geography-quiz')")
        #expect(cover.contains("Geography quiz") && cover.contains("|4"), "\(cover)")
        for secret in ["capital of Canada", "Ottawa", "Bolivia", "Canberra"] {
            #expect(!cover.contains(secret), "\(secret) in the cover")
        }
        for sql in [
            "SELECT * FROM assess.delivery_form('geography-quiz', 'ana')",
            "SELECT * FROM assess.delivery_form('geography-quiz', 'bo')",
            "SELECT delivery_form FROM assess.published_exams",
            "SELECT scoring_key FROM assess.scoring_keys",
            "SELECT assess.open_sitting('geography-quiz')",
        ] {
            #expect(throws: (any Error).self, "\(sql)") { try PostgresConnectionForTests.psql(anaURL, sql) }
        }
        // ana's take waits for the opening; a seat's role may not open it.
        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", policy: setup.policy,
            environment: ["ASSESS_STORE": anaURL])
        try seat.waitFor("Waiting for the proctor to open the sitting")
        let seatRole = try TerminalUnderTest("--help", policy: setup.policy, environment: ["ASSESS_STORE": anaURL])
        let forged = try seatRole.assessCommand(
            ["open", "geography-quiz", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(forged.status == 1 && forged.output.contains("proctor role"), "\(forged.output)")
        #expect(forged.output.split(separator: "\n").count == 1, "\(forged.output)")

        let opened = try proctor.assessCommand(
            ["open", "geography-quiz", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(opened.status == 0, "\(opened.output)")
        #expect(opened.output == "geography-quiz: open; the seats get their questions now\n")
        try seat.waitFor("Exam key")
        try seat.acceptTheLock()
        try seat.waitFor("What is the capital of Canada?")

        // After the opening: its own candidate's form, with no answer; never another's.
        let form = try PostgresConnectionForTests.psql(
            anaURL, "SELECT delivery_form FROM assess.delivery_form('geography-quiz', 'ana')")
        #expect(form.contains("What is the capital of Canada?") && !form.contains("Canberra"), "\(form)")
        #expect(throws: (any Error).self) {
            try PostgresConnectionForTests.psql(anaURL, "SELECT * FROM assess.delivery_form('geography-quiz', 'bo')")
        }
        #expect(throws: (any Error).self) {
            try PostgresConnectionForTests.psql(anaURL, "SELECT scoring_key FROM assess.scoring_keys")
        }
        let again = try proctor.assessCommand(
            ["open", "geography-quiz", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(again.output.hasPrefix("geography-quiz: open already (for 0:"), "\(again.output)")
        #expect(try proctor.assessCommand(["log"]).output.contains("sitting.opened"))
    }

    @Test func onSQLiteARostersSittingOpensWithAStartCodeToAnnounce() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        let notYet = try proctor.assessCommand(
            ["open", "geography-quiz", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(notYet.status == 66 && notYet.output.contains("publish it first"), "\(notYet.output)")
        #expect(
            try proctor.assessCommand(
                ["publish", Self.examFile, "--password-stdin"], input: ProctorTests.password + "\n"
            ).status == 0)
        #expect(
            try proctor.assessCommand(
                ["roster", "geography-quiz", "--add", "ana", "--password-stdin"], input: ProctorTests.password + "\n"
            ).status == 0)
        // The store holds the form, but take does not give it before the opening.
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared))
        #expect(throws: PublicationError.notOpenYet(exam: "geography-quiz")) {
            try store.deliveryForm(exam: "geography-quiz", candidate: "ana")
        }
        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", dataDirectory: shared, policy: setup.policy)
        try seat.waitFor("Waiting for the proctor to open the sitting")

        let opened = try proctor.assessCommand(
            ["open", "geography-quiz", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(opened.status == 0, "\(opened.output)")
        let lines = opened.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "geography-quiz: open; the seats get their questions now; the 1 on the roster start now")
        let last = try #require(lines.last)
        #expect(
            last.hasPrefix("start code: ")
                && last.hasSuffix(" (announce it: a student who types it at the welcome screen starts)"), "\(last)")
        let code = String(last.dropFirst("start code: ".count).prefix(6))
        #expect(try store.startCodeMatches(exam: "geography-quiz", code: code), "\(code)")
        // A roster's welcome screen goes on to the consent by itself once the sitting opens.
        try seat.waitFor("Lock this terminal")
        try seat.press("y")
        try seat.waitFor("This terminal is locked")
        try seat.press("Enter")
        try seat.waitFor("What is the capital of Canada?")
        let log = try proctor.assessCommand(["log"]).output
        #expect(log.contains("sitting.opened") && log.contains("startCode=true"), "\(log)")
    }

    @Test func launchSitsAPublishedExamByItsIDOnceOpen() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", Self.examFile, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        #expect(published.output.hasSuffix("geography-quiz: open; the seats get their questions now\n"))
        let deliveryKey = DeliveryForm(exam: try ExamLoader.load(fileAt: Self.examFile)).key
        let seat = try TerminalUnderTest(
            "launch geography-quiz --candidate cy --hand-over", dataDirectory: shared, policy: setup.policy)
        try seat.answer("Proctor password:", with: ProctorTests.password)
        let welcome = try seat.waitFor("Exam key")
        #expect(welcome.contains(ExamKey.short(deliveryKey)), "\(welcome)")
        try seat.acceptTheLock()
        try seat.waitFor("What is the capital of Canada?")
    }
}
