import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A seat at a published exam before its sitting opens: the exam's cover (title, time,
/// number of questions, instructions, nothing of the questions) at 80×24, text and
/// attributes; the proctor's monitor shows the waiting seat, roster or not; and the seat goes
/// on by itself within a second of `assess open`, woken by the store (LISTEN on
/// PostgreSQL, the news file on SQLite).
@Suite("A seat waiting at a published exam's cover", .ownThread)
struct CoverTests {
    static let examFile = TerminalUnderTest.packageRoot + "/Exams/geography.yaml"
    /// How long the opening may take to reach a waiting seat: the issue's second.
    static let startsWithin: Double = 1

    /// Runs `assess open geography-quiz` as `proctor`; returns when the command came back.
    private func open(_ proctor: TerminalUnderTest) throws -> Date {
        let opened = try proctor.assessCommand(
            ["open", "geography-quiz", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(opened.status == 0, "\(opened.output)")
        return Date()
    }

    /// Waits for the seat's welcome screen of the opened exam (its footer offers to begin),
    /// and checks it came within ``startsWithin`` of `openedAt`.
    private func expectWelcome(_ seat: TerminalUnderTest, after openedAt: Date, step: String) throws {
        try seat.waitFor("Enter begin")
        let lag = Date().timeIntervalSince(openedAt)
        print("cover: \(step): the welcome screen \(String(format: "%.2f", lag)) s after the open")
        #expect(lag < Self.startsWithin, "\(step) took \(lag) s")
    }

    @Test func onPostgreSQLASeatShowsTheCoverIsOnTheMonitorAndStartsAtTheOpen() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let ana = lab.name + "_ana"
        let pat = lab.name + "_pat"
        defer { try? lab.psql("DROP ROLE IF EXISTS \(pat)") }
        let initialised = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
            .assessCommand(["store", "init", "--seat", ana + ":ana", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")
        let proctor = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let published = try proctor.assessCommand(
            ["publish", Self.examFile, "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")

        // The seat's own SQLite store holds the same exam, published and open: read ahead
        // beside the policy, it must not stand in for the server's, where it is not open.
        let seatData = setup.scratch.file("seat-data")
        let local = try TerminalUnderTest("--help", dataDirectory: seatData, policy: setup.policy)
            .assessCommand(
                ["publish", Self.examFile, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(local.status == 0, "\(local.output)")
        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", dataDirectory: seatData, policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)], width: 80, height: 24)
        try seat.waitFor("Waiting for the proctor to open the sitting")
        try PicturesInATerminalTests.expectScreen(seat, named: "cover-waiting-80x24")
        for secret in ["capital of Canada", "Ottawa"] { #expect(!(try seat.screen()).contains(secret)) }

        // The exam has no roster: the waiting seat is on the monitor all the same, at its welcome.
        let monitor = try TerminalUnderTest(
            "monitor geography-quiz", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        let room = try monitor.waitFor("· welcome")
        #expect(room.contains("ana"), "\(room)")

        let openedAt = try open(proctor)
        try expectWelcome(seat, after: openedAt, step: "PostgreSQL")
        try seat.acceptTheLock()
        try seat.waitFor("What is the capital of Canada?")
        let answering = try monitor.waitFor("▶ answering")
        #expect(answering.contains("0/4"), "\(answering)")
    }

    @Test func onSQLiteTheCoverGoesOnAtTheOpenAndEscLeavesWithTheLeaseGivenBack() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        #expect(
            try proctor.assessCommand(
                ["publish", Self.examFile, "--password-stdin"], input: ProctorTests.password + "\n"
            ).status == 0)
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared))

        // One student leaves the cover: no lease stays behind to keep the candidate out.
        let leaving = try TerminalUnderTest(
            "take --exam geography-quiz --candidate bo", dataDirectory: shared, policy: setup.policy)
        try leaving.waitFor("Waiting for the proctor to open the sitting")
        #expect(try store.room(exams: ["geography-quiz"], at: Date()).map(\.candidate) == ["bo"])
        try leaving.press("F1")
        try leaving.waitFor("Keys on this screen")
        try leaving.press("Escape")
        try leaving.waitFor("Waiting for the proctor to open the sitting")
        try leaving.press("Escape")
        #expect(try leaving.exitStatus() == 0)
        #expect(try store.room(exams: ["geography-quiz"], at: Date()).isEmpty)

        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", dataDirectory: shared, policy: setup.policy)
        try seat.waitFor("Waiting for the proctor to open the sitting")
        let openedAt = try open(proctor)
        try expectWelcome(seat, after: openedAt, step: "SQLite")
        try seat.acceptTheLock()
        try seat.waitFor("What is the capital of Canada?")
    }
}
