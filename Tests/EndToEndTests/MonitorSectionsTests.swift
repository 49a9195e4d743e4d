import AssessTestSupport
import Foundation
import Testing

/// The proctor's monitor of a published exam with timed sections, at 80×24 in real
/// terminals, on one machine's SQLite store and on a lab's PostgreSQL server: each seat's
/// row says which section it is in (`1/2`) and, while it is on the break between two
/// sections, `1→2` beside "on break"; whole screens with their attributes.
@Suite("The monitor shows each seat's section", .ownThread)
struct MonitorSectionsTests {
    /// Waits until the monitor's row of `candidate` shows `text`.
    static func rowShows(_ monitor: TerminalUnderTest, _ candidate: String, _ text: String) throws {
        let deadline = Date().addingTimeInterval(10)
        var screen = ""
        while Date() < deadline {
            screen = try monitor.screen()
            let row = screen.split(separator: "\n").first { $0.dropFirst(2).hasPrefix(candidate + " ") } ?? ""
            if row.contains(text) { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("the row of \(candidate) never showed \"\(text)\"; the screen was:\n\(screen)")
        throw TestFailure("timed out waiting for \(text)")
    }

    /// Leaves the first section for good at `seat`, watching `monitor`'s row of `candidate`
    /// through the break and into the second section; goldens of the monitor on the way.
    static func leaveTheFirstSection(seat: TerminalUnderTest, monitor: TerminalUnderTest, candidate: String) throws {
        try seat.acceptTheLock()
        try seat.waitFor("Name a river.")
        try rowShows(monitor, candidate, "1/2")
        try rowShows(monitor, candidate, "answering")
        try RaisedHandTests.expectScreen(monitor, named: "monitor-section-first-80x24")
        try seat.press("Tab")
        try seat.waitFor("Leave Reading for good?")
        try seat.press("y")
        try seat.waitFor("Between sections: Numbers begins when the break ends.")
        try rowShows(monitor, candidate, "1→2")
        try rowShows(monitor, candidate, "○ on break")
        try RaisedHandTests.expectScreen(monitor, named: "monitor-section-break-80x24")
        try seat.press("Enter")
        try seat.waitFor("What is 6 times 7?")
        try rowShows(monitor, candidate, "2/2")
        try rowShows(monitor, candidate, "▶ answering")
        try RaisedHandTests.expectScreen(monitor, named: "monitor-section-second-80x24")
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    @Test func onOneMachineTheMonitorShowsTheSectionAndTheBreakBetween() throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("timed.yaml", TimedSectionsTests.exam(first: "5m"))
        let shared = setup.scratch.file("data")
        let monitor = try TerminalUnderTest(
            "monitor timed-e2e", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        let published = try monitor.assessCommand(
            ["publish", exam, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")
        let seat = try TerminalUnderTest(
            "take --exam timed-e2e --candidate ana --reduced-motion", dataDirectory: shared, policy: setup.policy,
            width: 80, height: 24)
        try Self.leaveTheFirstSection(seat: seat, monitor: monitor, candidate: "ana")
    }

    @Test func inALabTheMonitorShowsTheSectionAndTheBreakBetween() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("timed.yaml", TimedSectionsTests.exam(first: "5m"))
        let ana = lab.name + "_ana"
        let pat = lab.name + "_pat"
        defer { for role in [ana, pat] { try? lab.psql("DROP ROLE IF EXISTS \(role)") } }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        let initialised = try admin.assessCommand(["store", "init", "--seat", ana + ":ana", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")
        let monitor = try TerminalUnderTest(
            "monitor timed-e2e", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)],
            width: 80, height: 24)
        let published = try monitor.assessCommand(
            ["publish", exam, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("no seats yet")
        let seat = try TerminalUnderTest(
            "take --exam timed-e2e --candidate ana --reduced-motion", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)], width: 80, height: 24)
        try Self.leaveTheFirstSection(seat: seat, monitor: monitor, candidate: "ana")
    }
}
