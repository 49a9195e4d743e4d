import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A seat killed with kill -9 shows as lost within seconds on PostgreSQL, whatever the lease
/// time: its connection closes with the process, its backend ends, and the monitor, which
/// reads the room again every second while a seat's backend is known alive, sees it gone.
@Suite("A killed seat on PostgreSQL", .ownThread)
struct KilledSeatTests {
    /// The policy's lease time here: far longer than the seconds the monitor may take.
    static let leaseTime = 120
    /// How long after kill -9 the seat may take to show lost: the issue's 10 s.
    static let lostWithin: Double = 10

    @Test func aSeatKilledWithKillNineIsLostInTheMonitorsJSONWithinTenSeconds() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup(more: "lease-lost-after: \(Self.leaseTime)s\n")
        let ana = lab.name + "_ana"
        let pat = lab.name + "_pat"
        defer { try? lab.psql("DROP ROLE IF EXISTS \(pat)") }
        let initialised = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
            .assessCommand(["store", "init", "--seat", ana + ":ana", "--proctor", pat])
        #expect(initialised.status == 0, "\(initialised.output)")

        let seat = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ana", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)])
        try seat.acceptTheLock()
        try seat.waitFor("Question 1 of 4")

        let passwordFile = setup.scratch.file("password")
        try "\(ProctorTests.password)\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let jsonLines = setup.scratch.file("monitor.jsonl")
        let monitor = try TerminalUnderTest(
            "monitor --json --password-stdin Exams/geography.yaml < \(passwordFile) > \(jsonLines)",
            policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        _ = try Self.waitForLine(in: jsonLines, candidate: "ana", state: "answering", seconds: 10)

        let pid = try #require(try seat.assessPID())
        let killed = Date()
        kill(pid, SIGKILL)
        let lost = try Self.waitForLine(in: jsonLines, candidate: "ana", state: "lost", seconds: 30)
        let after = lost.timeIntervalSince(killed)
        print("killed seat: lost in the monitor's JSON \(String(format: "%.1f", after)) s after kill -9")
        #expect(after < Self.lostWithin, "lost only \(after) s after kill -9, lease time \(Self.leaseTime) s")

        try monitor.press("C-c")
        #expect(try monitor.exitStatus() == 0)
    }

    /// Waits until `file` has a line for `candidate` in `state`; returns when it was seen.
    private static func waitForLine(in file: String, candidate: String, state: String, seconds: Double) throws -> Date {
        let deadline = Date().addingTimeInterval(seconds)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let found = text.split(separator: "\n").contains {
                $0.contains(#""candidate":"\#(candidate)""#) && $0.contains(#""state":"\#(state)""#)
            }
            if found { return Date() }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("\(file) never said \(candidate) was \(state); it held:\n\(text)")
    }
}
