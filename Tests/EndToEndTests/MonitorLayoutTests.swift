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

    @Test func theRosterNamesTheTotalsAndTheActionKeysShowAt80x24() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let roster = setup.scratch.file("roster.csv")
        try Self.csv.write(toFile: roster, atomically: true, encoding: .utf8)
        let monitor = try TerminalUnderTest(
            "monitor geography-quiz", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        for arguments in [
            ["publish", "Exams/geography.yaml", "--password-stdin"],
            ["roster", "Exams/geography.yaml", "--import", roster, "--password-stdin"],
        ] {
            let done = try monitor.assessCommand(arguments, input: ProctorTests.password + "\n")
            #expect(done.status == 0, "\(arguments): \(done.output)")
        }
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
}
