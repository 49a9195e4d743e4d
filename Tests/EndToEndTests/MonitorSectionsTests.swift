import AssessTestSupport
import Foundation
import Testing

/// The proctor's monitor of a published exam with timed sections, at 80×24 in real
/// terminals, on one machine's SQLite store and on a lab's PostgreSQL server: each seat's
/// row says which section it is in (`1/2`) and, while it is on the break between two
/// sections, `1→2` beside "on break"; whole screens with their attributes.
@Suite("The monitor shows each seat's section", .ownThread)
struct MonitorSectionsTests {
    /// `screen` with what changes from run to run written the same way: the seat's place
    /// (host and terminal, whose widths vary), the clocks, the ages, and the last of the
    /// records a sitting writes as it starts (its settings and its first warning race).
    static func steady(_ screen: String) -> String {
        var text = screen
        for (pattern, replacement) in [
            (#"(?<=ana {9})\S+ pts/[0-9]+ +"#, "PLACE       "), (#"\b[0-9]+s (?=[a-z])"#, "Ns "),
            (#"\b[0-9]{2}:[0-9]{2}\b"#, "MM:SS"),
            (#"(?<=Ns )(settings|warned)\b"#, "STARTED"),
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
        try terminal.expectGoldenScreen(name, within: 5, steady: steady, sourceLocation: sourceLocation)
    }

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
    /// `store` ends the goldens' names: the seat's place and its last event differ by store.
    static func leaveTheFirstSection(
        seat: TerminalUnderTest, monitor: TerminalUnderTest, candidate: String, store: String
    ) throws {
        try seat.acceptTheLock()
        try seat.waitFor("Name a river.")
        try rowShows(monitor, candidate, "1/2")
        try rowShows(monitor, candidate, "answering")
        try expectScreen(monitor, named: "monitor-section-first\(store)-80x24")
        try seat.press("Tab")
        try seat.waitFor("Leave Reading for good?")
        try seat.press("y")
        try seat.waitFor("Between sections: Numbers begins when the break ends.")
        try rowShows(monitor, candidate, "1→2")
        try rowShows(monitor, candidate, "○ on break")
        try expectScreen(monitor, named: "monitor-section-break\(store)-80x24")
        try seat.press("Enter")
        try seat.waitFor("What is 6 times 7?")
        try rowShows(monitor, candidate, "2/2")
        try rowShows(monitor, candidate, "▶ answering")
        try expectScreen(monitor, named: "monitor-section-second\(store)-80x24")
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
        try monitor.waitFor("no seats yet", seconds: 60)
        let seat = try TerminalUnderTest(
            "take --exam timed-e2e --candidate ana --reduced-motion", dataDirectory: shared, policy: setup.policy,
            width: 80, height: 24)
        try Self.leaveTheFirstSection(seat: seat, monitor: monitor, candidate: "ana", store: "")
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
        try monitor.waitFor("no seats yet", seconds: 60)
        let seat = try TerminalUnderTest(
            "take --exam timed-e2e --candidate ana --reduced-motion", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)], width: 80, height: 24)
        try Self.leaveTheFirstSection(seat: seat, monitor: monitor, candidate: "ana", store: "-lab")
    }
}
