import AssessTestSupport
import Foundation
import Testing

/// The proctor's monitor at 80×24 in a real terminal, whole screens with their attributes:
/// the roster's names in place of the ids, each row's total of questions from the exam the
/// store published, and the keys that act in the footer; watching every exam, the exam in a
/// column of its own.
@Suite("The monitor's layout at 80 columns", .ownThread)
struct MonitorLayoutTests {
    /// Three candidates: two with a name on the roster (one with a comma), one without.
    static let csv = """
        candidate,name,extra-time,breaks,accessibility
        ana,Ana Lima,,,
        ben,"Okafor, Ben",,,
        cy-2026-0042,,,,

        """

    /// Publishes geography.yaml with the three candidates' roster in `monitor`'s store.
    static func publishWithRoster(_ monitor: TerminalUnderTest, setup: ProctorTests.Setup) throws {
        let roster = setup.scratch.file("roster.csv")
        try Self.csv.write(toFile: roster, atomically: true, encoding: .utf8)
        for arguments in [
            ["publish", "Exams/geography.yaml", "--password-stdin"],
            ["roster", "Exams/geography.yaml", "--import", roster, "--password-stdin"],
        ] {
            let done = try monitor.assessCommand(arguments, input: ProctorTests.password + "\n")
            #expect(done.status == 0, "\(arguments): \(done.output)")
        }
    }

    @Test func theRosterNamesTheTotalsAndTheActionKeysShowAt80x24() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let monitor = try TerminalUnderTest(
            "monitor geography-quiz", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        try Self.publishWithRoster(monitor, setup: setup)
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        let screen = try monitor.waitFor("◌ not arrived 3")
        #expect(screen.contains("Ana Lima") && screen.contains("Okafor, Ben") && screen.contains("0/4"), "\(screen)")
        try PicturesInATerminalTests.expectScreen(monitor, named: "monitor-roster-80x24")
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)

        // Watching every exam: the exam has a column, and the id never runs into it.
        let every = try TerminalUnderTest(
            "monitor", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        try every.answer("Proctor password:", with: ProctorTests.password)
        try every.waitFor("◌ not arrived 3")
        try PicturesInATerminalTests.expectScreen(every, named: "monitor-every-exam-80x24")
        try every.press("q")
        #expect(try every.exitStatus() == 0)
    }

    /// A password typed twice: the prompt takes the first copy, and the second, typed ahead
    /// of the screen, is thrown away unread (its `o` once asked to open the sitting, and the
    /// `y`-less rest went on to find and sort). The screen is the one a single password gives.
    @Test func keysTypedBeforeTheFirstFrameNeverActOnTheMonitor() throws {
        let setup = try ProctorTests.Setup()
        let monitor = try TerminalUnderTest(
            "monitor geography-quiz", dataDirectory: setup.scratch.file("data"), policy: setup.policy,
            width: 80, height: 24)
        try Self.publishWithRoster(monitor, setup: setup)
        try monitor.waitFor("Proctor password:")
        // Both copies reach the terminal at once, before the monitor draws anything.
        try monitor.tmux("send-keys", "-l", ProctorTests.password)
        try monitor.press("Enter")
        try monitor.tmux("send-keys", "-l", ProctorTests.password)
        try monitor.press("Enter")
        try monitor.waitFor("◌ not arrived 3")
        // Anything the second copy did would show within this.
        Thread.sleep(forTimeInterval: 1)
        try PicturesInATerminalTests.expectScreen(monitor, named: "monitor-roster-80x24")
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    /// `monitor --json` names each seat's candidate as the roster does, and leaves the name
    /// out where the roster has none.
    @Test func monitorJSONCarriesTheRostersNameOfEachSeat() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let passwordFile = setup.scratch.file("password")
        try "\(ProctorTests.password)\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        // The exam and its roster first, from a terminal of their own.
        let desk = try TerminalUnderTest("status", dataDirectory: shared, policy: setup.policy)
        try Self.publishWithRoster(desk, setup: setup)
        let jsonLines = setup.scratch.file("monitor.jsonl")
        let json = try TerminalUnderTest(
            "monitor --json --password-stdin geography-quiz < \(passwordFile) > \(jsonLines)",
            dataDirectory: shared, policy: setup.policy)
        let deadline = Date().addingTimeInterval(20)
        var lines: [String] = []
        while Date() < deadline {
            lines = ((try? String(contentsOfFile: jsonLines, encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
            if lines.count >= 3 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        func line(_ candidate: String) -> String {
            lines.first { $0.contains(#""candidate":"\#(candidate)""#) } ?? "no line for \(candidate) in \(lines)"
        }
        #expect(line("ana").contains(#""name":"Ana Lima""#), "\(line("ana"))")
        #expect(line("ben").contains(#""name":"Okafor, Ben""#), "\(line("ben"))")
        #expect(line("cy-2026-0042").hasPrefix("{") && !line("cy-2026-0042").contains(#""name""#))
        try json.press("C-c")
        #expect(try json.exitStatus() == 0)
    }
}
