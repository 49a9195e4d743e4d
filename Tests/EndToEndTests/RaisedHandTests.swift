import AssessCore
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A student raises a hand (F12) and the proctor's monitor shows it, acknowledges it (`h`)
/// and writes an irregularity report (`i`), in the real binary in real terminals at 80×24,
/// on one machine's SQLite store and on a lab's PostgreSQL server. The time from the key
/// to the monitor's row is measured and printed.
@Suite("A raised hand and an incident between a seat and the monitor", .ownThread)
struct RaisedHandTests {

    /// An hour, so that the clocks on both screens count minutes and seconds.
    static let exam = """
        id: hands
        title: Hands
        duration: 60m
        restrictions:
          - {id: raise-hand, title: Raising a hand, detail: F12 asks for the proctor., default: on}
        questions:
          - id: river
            type: single-choice
            prompt: Which river flows through Lisbon?
            choices: [Douro, Tagus, Minho]
            answer: Tagus

        """

    /// How long the raised hand may take from the key to the monitor: the issue's second.
    static let showsWithin: Double = 1

    /// `screen` with what changes from run to run written the same way: this machine's name,
    /// the terminal's number, the clocks counting down and the ages the monitor counts up.
    static func steady(_ screen: String) -> String {
        var text = screen.replacingOccurrences(of: ThisHost.name, with: "HOST")
        for (pattern, replacement) in [
            (#"pts/[0-9]*…|pts/[0-9]+"#, "pts/N"), (#"\b[0-9]+s (?=[a-z])"#, "Ns "),
            (#"\b[0-9]{2}:[0-9]{2}\b"#, "MM:SS"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    /// Waits until `terminal`'s whole screen, with its attributes and made steady, is the
    /// golden screen `name` (recorded with ASSESS_RECORD_SCREENS=1).
    static func expectScreen(
        _ terminal: TerminalUnderTest, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try terminal.expectGoldenScreen(name, within: 3, steady: steady, sourceLocation: sourceLocation)
    }

    /// Waits until the monitor's row of `candidate` contains `text`; returns how long it took.
    @discardableResult
    static func rowShows(
        _ monitor: TerminalUnderTest, _ candidate: String, _ text: String, step: String,
        within seconds: Double = showsWithin
    ) throws -> Double {
        let start = Date()
        var screen = ""
        while Date().timeIntervalSince(start) < 10 {
            screen = try monitor.screen()
            let row = screen.split(separator: "\n").first { $0.dropFirst(2).hasPrefix(candidate + " ") } ?? ""
            if row.contains(text) {
                let lag = Date().timeIntervalSince(start)
                print("raised hand lag: \(step): \(String(format: "%.3f", lag)) s")
                #expect(lag < seconds, "\(step) took \(lag) s")
                return lag
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("\(step): the row of \(candidate) never showed \"\(text)\"; the screen was:\n\(screen)")
        throw TestFailure("timed out waiting for \(text)")
    }

    /// The seat raises a hand; the monitor shows it, acknowledges it and writes an incident;
    /// the seat shows the acknowledgement and lowers the hand. Returns the hand's lag.
    static func raiseAcknowledgeAndReport(
        seat: TerminalUnderTest, monitor: TerminalUnderTest, candidate: String, store: String,
        goldens: Bool
    ) throws -> Double {
        try seat.acceptTheLock()
        try seat.waitFor("Which river flows through Lisbon?")
        try rowShows(monitor, candidate, "answering", step: "\(store): seat answering", within: 10)
        try seat.press("F12")
        let lag = try rowShows(monitor, candidate, "HAND1", step: "\(store): F12 to the monitor's row")
        let raised = try seat.waitFor("hand raised")
        #expect(raised.contains("Hand raised: the proctor has been told. F12 lowers it."), "\(raised)")
        if goldens {
            try expectScreen(seat, named: "hand-raised-student-80x24")
            try expectScreen(monitor, named: "hand-raised-monitor-80x24")
        }
        // The raised hand is the first row, under the cursor: `h` acknowledges it.
        try monitor.press("h")
        try monitor.waitFor("Acknowledged: the student's screen says you are coming.")
        let start = Date()
        let seen = try seat.waitFor("proctor coming")
        print(
            "raised hand lag: \(store): h to the student's screen: \(String(format: "%.3f", Date().timeIntervalSince(start))) s"
        )
        #expect(seen.contains("The proctor saw your raised hand and is coming."), "\(seen)")
        try rowShows(monitor, candidate, "hand✓1", step: "\(store): the acknowledgement on the monitor", within: 10)
        // An irregularity report on the seat.
        try monitor.press("i")
        try monitor.waitFor("Irregularity at \(candidate)")
        try monitor.type("phone on the desk")
        try monitor.press("Down")
        try monitor.waitFor("Suspected misconduct (↑↓ change)")
        if goldens { try expectScreen(monitor, named: "incident-monitor-80x24") }
        try monitor.press("Enter")
        try monitor.waitFor("Incident written to \(candidate)'s log.")
        // The student lowers the hand: the row keeps the count.
        try seat.press("F12")
        try seat.waitFor("Hand lowered.")
        try rowShows(monitor, candidate, "hand1", step: "\(store): the lowered hand", within: 10)
        #expect(!(try seat.screen()).contains("proctor coming"))
        return lag
    }

    /// One machine's room for the hand tests: the hands exam, the proctor's monitor open on
    /// an empty room and a seat of candidate `cy` at its welcome screen, on one data folder.
    static func oneMachineRoom() throws -> (
        setup: ProctorTests.Setup, exam: String, monitor: TerminalUnderTest, seat: TerminalUnderTest
    ) {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("hands.yaml", Self.exam)
        let shared = setup.scratch.file("data")
        let monitor = try TerminalUnderTest(
            "monitor", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")
        let seat = try TerminalUnderTest(
            "take '\(exam)' --candidate cy", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        return (setup, exam, monitor, seat)
    }

    /// The seat raises a hand and is killed with kill -9; `resume` (with `environment`'s
    /// store) brings the sitting back with the hand still raised, on its screen and on the
    /// monitor, from the attempt's log; the monitor acknowledges that same raise.
    static func raiseKillAndResume(
        seat: TerminalUnderTest, monitor: TerminalUnderTest, candidate: String, exam: String, policy: String,
        environment: [String: String] = [:], store: String, goldens: Bool
    ) throws {
        try seat.acceptTheLock()
        try seat.waitFor("Which river flows through Lisbon?")
        try seat.press("F12")
        try rowShows(monitor, candidate, "HAND1", step: "\(store): F12 before the crash")
        try seat.waitFor("hand raised")
        kill(try #require(try seat.assessPID()), SIGKILL)
        try seat.waitUntilAssessIsGone()

        let resumed = try TerminalUnderTest(
            "resume '\(exam)' --candidate \(candidate)", lockDirectory: seat.lockDirectory,
            dataDirectory: seat.dataDirectory, policy: policy, environment: environment, width: 80, height: 24)
        try resumed.answer("Proctor password:", with: ProctorTests.password)
        try resumed.acceptTheLock()
        let screen = try resumed.waitFor("Which river flows through Lisbon?")
        #expect(screen.contains("hand raised  0/1 answered"), "\(screen)")
        if goldens { try expectScreen(resumed, named: "hand-raised-resumed-student-80x24") }
        // Still the first raise on the monitor: raised once, waiting, first.
        try rowShows(monitor, candidate, "answering", step: "\(store): the resumed seat answering", within: 10)
        try rowShows(monitor, candidate, "HAND1", step: "\(store): the hand after resume", within: 10)
        try monitor.press("h")
        try monitor.waitFor("Acknowledged: the student's screen says you are coming.")
        try resumed.waitFor("proctor coming")
        try rowShows(monitor, candidate, "hand✓1", step: "\(store): the resumed hand acknowledged", within: 10)
        // F12 lowers it: the resumed seat knows the hand is up, so the key does not raise it twice.
        try resumed.press("F12")
        try resumed.waitFor("Hand lowered.")
        try rowShows(monitor, candidate, "hand1", step: "\(store): the resumed hand lowered", within: 10)
        kill(try #require(try resumed.assessPID()), SIGTERM)
        #expect(try resumed.exitStatus() == 1)
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    @Test func onOneMachineAHandRaisedWhenTheSeatIsKilledIsStillRaisedAfterResume() throws {
        let (setup, exam, monitor, seat) = try Self.oneMachineRoom()
        try Self.raiseKillAndResume(
            seat: seat, monitor: monitor, candidate: "cy", exam: exam, policy: setup.policy, store: "SQLite",
            goldens: true)
        let attempt = try #require(try seat.store().attempts(exam: "hands", candidate: "cy").first)
        let kinds = try seat.store().eventKinds(attempt: attempt.id, among: SeatHand.kinds)
        #expect(kinds == [SeatHand.raised, SeatHand.acknowledged, SeatHand.lowered])
    }

    @Test func inALabAHandRaisedWhenTheSeatIsKilledIsStillRaisedAfterResume() throws {
        let room = try LabRoom()
        defer { room.dropRoles() }
        let (lab, setup, exam, monitor, ana) = (room.lab, room.setup, room.exam, room.monitor, room.ana)
        let environment = ["ASSESS_STORE": lab.url(user: ana)]
        let seat = try TerminalUnderTest(
            "take '\(exam)' --candidate ana", policy: setup.policy, environment: environment, width: 80, height: 24)
        try Self.raiseKillAndResume(
            seat: seat, monitor: monitor, candidate: "ana", exam: exam, policy: setup.policy,
            environment: environment, store: "PostgreSQL", goldens: false)
        let records = try PostgresStore(url: lab.url()).events(after: 0, limit: nil, attempt: nil)
        #expect(
            records.map(\.event.kind).filter { $0.hasPrefix("hand.") }
                == [SeatHand.raised, SeatHand.acknowledged, SeatHand.lowered])
    }

    @Test func onOneMachineAHandReachesTheMonitorWithinASecondAndTheIncidentIsInTheResults() throws {
        let (setup, exam, monitor, seat) = try Self.oneMachineRoom()
        // The scratch folder (the policy, the store) lives as long as `setup`.
        defer { withExtendedLifetime(setup) {} }
        let lag = try Self.raiseAcknowledgeAndReport(
            seat: seat, monitor: monitor, candidate: "cy", store: "SQLite", goldens: true)
        print("raised hand: SQLite: \(String(format: "%.3f", lag)) s from F12 to the monitor")

        try seat.press("2")
        try seat.submitFromReview()
        let attempt = try #require(try seat.store().attempts(exam: "hands", candidate: "cy").first)
        try seat.waitForLog("hand.lowered")
        let log = try seat.assessCommand(["log", "--attempt", attempt.id]).output
        let kinds = log.split(separator: "\n").compactMap { line in
            line.split(separator: "\t").first { $0.hasPrefix("hand.") || $0.hasPrefix("proctor.incident") }
        }
        #expect(kinds == ["hand.raised", "hand.acknowledged", "proctor.incident", "hand.lowered"], "\(log)")
        let results = try seat.assessCommand(["results", exam]).output
        #expect(results.contains("incidents reported at the monitor:"), "\(results)")
        #expect(
            results.contains("  cy hands: ") && results.contains(", suspected misconduct: phone on the desk"),
            "\(results)")
        let report = try seat.assessCommand(["results", exam, "--candidate", "cy"]).output
        #expect(report.contains("Incidents reported by the proctor:"), "\(report)")
        #expect(report.contains(", suspected misconduct: phone on the desk"), "\(report)")
        let json = try seat.assessCommand(["results", exam, "--json"]).output
        #expect(json.contains(#""incidents" : ["#) && json.contains(#""category" : "suspected misconduct""#), "\(json)")
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    @Test func inALabAHandReachesTheMonitorWithinASecondAndTheServerSignsTheIncident() throws {
        let room = try LabRoom()
        defer { room.dropRoles() }
        let (lab, setup, exam, monitor, ana, pat) = (room.lab, room.setup, room.exam, room.monitor, room.ana, room.pat)
        let seat = try TerminalUnderTest(
            "take '\(exam)' --candidate ana", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)], width: 80, height: 24)
        let lag = try Self.raiseAcknowledgeAndReport(
            seat: seat, monitor: monitor, candidate: "ana", store: "PostgreSQL", goldens: false)
        print("raised hand: PostgreSQL: \(String(format: "%.3f", lag)) s from F12 to the monitor")

        let records = try PostgresStore(url: lab.url()).events(after: 0, limit: nil, attempt: nil)
        let incident = try #require(records.first { $0.event.kind == "proctor.incident" })
        #expect(incident.writer == pat && incident.serverTime != nil)
        #expect(incident.event.details["note"] == "phone on the desk")
        #expect(incident.event.details["category"] == "suspected misconduct")
        #expect(records.first { $0.event.kind == "hand.raised" }?.writer == ana)
        // The acknowledgement went as the proctor's command, and the seat carried it out.
        let issued = records.filter { $0.event.kind == "proctor.command-issued" }
        #expect(issued.map { $0.event.details["action"] } == ["hand-acknowledged"])
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }
}

/// A lab for the hand tests: a server database of its own with a seat `ana` and a proctor
/// `pat` (login roles of the test's own), the hands exam, and the proctor's monitor open on
/// an empty room. The roles outlive the database: ``dropRoles()`` ends them.
struct LabRoom {
    let lab: LabStoreTests.LabDatabase
    let setup: ProctorTests.Setup
    let exam: String
    let ana: String
    let pat: String
    let monitor: TerminalUnderTest

    init() throws {
        lab = try LabStoreTests.LabDatabase()
        setup = try ProctorTests.Setup()
        exam = try setup.exam("hands.yaml", RaisedHandTests.exam)
        ana = lab.name + "_ana"
        pat = lab.name + "_pat"
        let initialised = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
            .assessCommand(["store", "init", "--seat", ana + ":ana", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")
        monitor = try TerminalUnderTest(
            "monitor", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)], width: 80,
            height: 24)
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")
    }

    func dropRoles() {
        for role in [ana, pat] { try? lab.psql("DROP ROLE IF EXISTS \(role)") }
    }
}
