import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A sitting's roster and its common start, with the real binary in real terminals: a
/// roster imported from CSV, a candidate not on it refused, the accommodations reaching
/// the seat, and seats waiting at their welcome screens until the proctor's monitor opens
/// the sitting; against a PostgreSQL server as a lab runs it, and against one machine's
/// SQLite store.
@Suite("A roster and a common start", .ownThread)
struct RosterTests {
    /// How long a seat may take to start once the monitor opened the sitting: the issue's
    /// second (the store wakes the waiting seat; nothing waits for a poll).
    static let startsWithin: Double = 1

    /// The roster the tests import: Ana with extra time, a break and an accessibility
    /// setting; Ben with nothing, and a name that holds a comma.
    static let csv = """
        candidate,name,extra-time,breaks,accessibility
        ana,Ana Lima,+15m,1x5m,larger-spacing
        ben,"Okafor, Ben",,,

        """

    /// Waits until `terminal` shows `text`; returns how long that took.
    @discardableResult
    private func timed(_ terminal: TerminalUnderTest, _ text: String, step: String) throws -> Double {
        let start = Date()
        try terminal.waitFor(text, seconds: 10)
        let lag = Date().timeIntervalSince(start)
        print("roster lag: \(step): \(String(format: "%.2f", lag)) s")
        #expect(lag < Self.startsWithin, "\(step) took \(lag) s")
        return lag
    }

    /// Opens the sitting from `monitor`: `o`, the confirmation with the start code, `y`.
    /// Returns the start code shown.
    private func openTheSitting(_ monitor: TerminalUnderTest) throws -> String {
        try monitor.press("o")
        // The box's last sentence: a screen read before it may hold only the box's top half.
        let confirmation = try monitor.waitFor("each seat's clock starts now")
        let line = try #require(confirmation.split(separator: "\n").first { $0.contains("Start code: ") })
        let code = String(line.split(separator: ":").last ?? "").trimmingCharacters(
            in: CharacterSet(charactersIn: " │|"))
        #expect(code.count == 6, "\(confirmation)")
        try monitor.press("y")
        try monitor.waitFor("Opened geography-quiz")
        return code
    }

    @Test func aRosterFromCSVRefusesOthersGivesExtraTimeAndStartsTheRoomTogetherOnPostgreSQL() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let ana = lab.name + "_ana"
        let ben = lab.name + "_ben"
        let kiosk = lab.name + "_lab07"
        let pat = lab.name + "_pat"
        defer { for role in [ben, kiosk, pat] { try? lab.psql("DROP ROLE IF EXISTS \(role)") } }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        let initialised = try admin.assessCommand([
            "store", "init", "--seat", ana + ":ana", "--seat", ben + ":ben",
            "--seat", kiosk + ":*", "--proctor", pat,
        ])
        #expect(initialised.status == 0, "\(initialised.output)")

        // The proctor imports the roster; a seat's role may not.
        let file = setup.scratch.file("room-4.csv")
        try Self.csv.write(toFile: file, atomically: true, encoding: .utf8)
        let proctor = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let imported = try proctor.assessCommand(
            ["roster", "Exams/geography.yaml", "--import", file, "--list", "--password-stdin"],
            input: ProctorTests.password + "\n")
        #expect(imported.status == 0, "\(imported.output)")
        #expect(
            imported.output.contains("ana        Ana Lima     extra time +15m, breaks 1x5m, larger spacing"),
            "\(imported.output)")
        #expect(imported.output.contains("ben        Okafor, Ben  none"), "\(imported.output)")
        let seatRole = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: kiosk)])
        let forged = try seatRole.assessCommand(
            ["roster", "Exams/geography.yaml", "--add", "zed", "--password-stdin"],
            input: ProctorTests.password + "\n")
        #expect(forged.status == 1 && forged.output.contains("permission denied"), "\(forged.output)")

        // A candidate not on the roster is refused at the shared kiosk seat, before anything is locked.
        let stranger = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate zed", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: kiosk)])
        let refusal = try stranger.waitFor("EXIT=")
        #expect(refusal.contains("candidate zed is not on the roster of geography-quiz"), "\(refusal)")
        #expect(refusal.contains("EXIT=68"), "\(refusal)")
        #expect(try stranger.assessCommand(["status"]).output.contains("unlocked: no exam holds this terminal"))

        // The monitor shows both as not arrived, and the sitting waiting.
        let monitor = try TerminalUnderTest(
            "monitor Exams/geography.yaml", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: pat)])
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        let room = try monitor.waitFor("◌ not arrived 2")
        #expect(room.contains("geography-quiz waits (o opens)"), "\(room)")

        // Two seats wait at their welcome screens; Ana's shows her extra time.
        let seatA = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ana", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)])
        let seatB = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ben", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ben)])
        let welcomeA = try seatA.waitFor("Waiting for the proctor to start the exam")
        // Her larger spacing (wider margins) is on, from the roster too.
        #expect(
            welcomeA.contains(
                "    Time       25 minutes (with extra time; the exam is 10 minutes); breaks: 1 of up to 5"),
            "\(welcomeA)")
        try seatB.waitFor("Waiting for the proctor to start the exam")
        // The whole waiting screen, as the student sees it.
        let waitingScreen =
            [
                " assess" + String(repeating: " ", count: 88) + "exam", "", "  Geography quiz", "",
                "  Candidate  ben", "  Time       10 minutes", "  Questions  4", "  Exam key   9d5d-09a9", "",
                "  Waiting for the proctor to start the exam. This screen goes on by itself when the exam starts,",
                "  or type the start code the proctor announces and press Enter.", "  Start code:", "",
                "  " + String(repeating: "─", count: 96),
                "  Four questions on capitals, rivers and maps.",
                "  Choose or type one answer for each. You may go back to earlier questions.",
            ] + Array(repeating: "", count: 12) + [
                String(repeating: "─", count: 100),
                " Enter start with the code  Esc quit  ^U/^R undo/redo" + String(repeating: " ", count: 38) + "F1 help",
            ]
        let shown = try seatB.screen()
        #expect(
            shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix(30)
                == waitingScreen[...],
            "\(shown)")
        try monitor.waitFor("· welcome 2")
        // Enter does not begin while the sitting waits.
        try seatB.press("Enter")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try seatB.screen().contains("Waiting for the proctor to start the exam"))

        _ = try openTheSitting(monitor)
        try timed(seatA, "Lock this terminal", step: "seat A starts once the sitting opens")
        try timed(seatB, "Lock this terminal", step: "seat B starts once the sitting opens")
        // Ana's clock started at the opening, not when she reaches the first question.
        Thread.sleep(forTimeInterval: 3)
        try seatA.press("y")
        try seatA.waitFor("This terminal is locked")
        try seatA.press("Enter")
        let question = try seatA.waitFor("Question 1 of 4")
        let clock = try #require(question.range(of: #"Time left \d\d:\d\d"#, options: .regularExpression))
        let parts = question[clock].dropFirst("Time left ".count).split(separator: ":").compactMap { Int($0) }
        #expect(parts.count == 2 && parts[0] * 60 + parts[1] <= 1500 - 3, "\(question[clock])")

        // The log has the roster's accommodations, as a launch's hand-over has them.
        let store = try PostgresStore(url: lab.url())
        let attempt = try #require(try store.attempts(exam: "geography-quiz", candidate: "ana").first)
        #expect(attempt.secondsAllowed == 1500)
        let kinds = try store.events(after: 0, limit: nil, attempt: attempt.id).map(\.event.kind)
        #expect(kinds.contains("launch.accommodations"), "\(kinds)")
        let opened = try #require(try store.sittingStarts(exams: nil, at: Date()).first)
        #expect(opened.openedBy == pat)
        try monitor.press("q")
    }

    @Test func onOneMachineTheStartCodeStartsASeatBeforeTheOpening() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let file = setup.scratch.file("roster.csv")
        try Self.csv.write(toFile: file, atomically: true, encoding: .utf8)
        let monitor = try TerminalUnderTest("monitor", dataDirectory: shared, policy: setup.policy)
        let imported = try monitor.assessCommand(
            ["roster", "Exams/geography.yaml", "--import", file, "--password-stdin"],
            input: ProctorTests.password + "\n")
        #expect(imported.status == 0, "\(imported.output)")
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("◌ not arrived 2")

        let seat = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ben", dataDirectory: shared, policy: setup.policy)
        try seat.waitFor("Waiting for the proctor to start the exam")
        try monitor.waitFor("· welcome 1")
        // The proctor makes a code and keeps the room waiting; a wrong code is refused.
        try monitor.press("o")
        let confirmation = try monitor.waitFor("Start code: ")
        let line = try #require(confirmation.split(separator: "\n").first { $0.contains("Start code: ") })
        let code = String(line.split(separator: ":").last ?? "").trimmingCharacters(
            in: CharacterSet(charactersIn: " │|"))
        try monitor.press("n")
        try monitor.waitFor("still waits")
        try seat.type("ZZZZZZ")
        try seat.press("Enter")
        try seat.waitFor("That is not the start code")
        try seat.type(code.lowercased())
        try seat.press("Enter")
        try timed(seat, "Lock this terminal", step: "SQLite: the start code starts the seat")
        try monitor.press("q")

        // For scripts, a line per candidate; and the next sitting of the exam waits again.
        let listed = try monitor.assessCommand(
            ["roster", "geography-quiz", "--json", "--password-stdin"],
            input: ProctorTests.password + "\n")
        #expect(
            listed.output.contains(
                #"{"accessibility":["larger-spacing"],"breaks":"1x5m","candidate":"ana","deny":[],"exam":"geography-quiz","extraTime":"+15m","name":"Ana Lima"}"#
            ),
            "\(listed.output)")
        let reset = try monitor.assessCommand(
            ["roster", "Exams/geography.yaml", "--reset-start", "--password-stdin"],
            input: ProctorTests.password + "\n")
        #expect(
            reset.status == 0 && reset.output.contains("the opening and the start code are forgotten"),
            "\(reset.output)")
        let store = try monitor.store()
        #expect(try store.sittingStarts(exams: nil, at: Date()).first?.hasCode == false)

        // A proctor launching Ana's seat starts from her accommodations on the roster.
        let launched = try TerminalUnderTest(
            "launch Exams/geography.yaml --candidate ana", dataDirectory: shared,
            policy: setup.policy)
        try launched.answer("Proctor password:", with: ProctorTests.password)
        let screen = try launched.waitFor("Accessibility: larger spacing")
        let rows = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains("Extra time                          +15m"), "\(screen)")
        #expect(rows.contains("Breaks                              1x5m"), "\(screen)")
        #expect(rows.contains("Accessibility: larger spacing       on"), "\(screen)")
        try launched.press("Escape")
        #expect(try launched.exitStatus() == 1)
    }
}
