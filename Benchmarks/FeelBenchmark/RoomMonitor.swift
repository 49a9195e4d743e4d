import Foundation
import Glibc

/// `assess monitor --json` watching the room as a proctor's script runs it: on a
/// pseudo-terminal of its own, so that it asks for the proctor password there as it
/// would at a proctor's terminal and is answered at the prompt; each line it prints is
/// timed as it arrives. The benchmark's typing loop reads its terminal beside the seats'
/// (``ManySessions``), so a line is timed when it comes, not when the loop gets round to it.
final class RoomMonitor {
    /// The proctor password the benchmark sets in the monitor's policy.
    static let password = "bench-proctor-password"

    /// One seat as a line of the monitor showed it, and when the line arrived.
    struct Sighting {
        var candidate: String
        var answered: Int
        var flagged: Int
        var at: Date
    }

    /// The fields of a line the benchmark compares (the line has more; see `assess monitor --help`).
    private struct Line: Decodable {
        var candidate: String
        var answered: Int
        var flagged: Int
    }

    let process: PseudoTerminalProcess
    /// The monitor's home, lock folder and policy (with the password), kept while it runs.
    private let sandbox: Sandbox
    /// Finds the server processes serving the monitor's connections, when the store is a
    /// server on this machine: their CPU is the monitor's too. Asked at ``begin()``, once
    /// the monitor has connected.
    var findServerProcesses: (() -> [pid_t])?
    private var serverProcesses: [pid_t] = []
    /// CPU time at ``begin()``: the monitor's, its server processes'.
    private var cpuAtBegin: (own: Duration, server: Duration)?
    private var begunAt: ContinuousClock.Instant?
    private var linesAtBegin = 0
    /// Over the span from ``begin()`` to ``end()``: the CPU the monitor used (all its
    /// threads) and its server processes used, in % of one core.
    private(set) var cpuPercent: Double?
    private(set) var serverCPUPercent: Double?
    /// Over the same span, the lines it printed per second.
    private(set) var linesPerSecond: Double?

    /// Sets the proctor password in `sandbox`'s policy with `assess passwd`, starts
    /// `assess monitor --json` with `sandbox`'s environment (and so its store), and
    /// answers its password prompt.
    init(assess: String, sandbox: Sandbox) throws {
        self.sandbox = sandbox
        _ = try Subprocess.run(
            assess, ["passwd", "--password-stdin"], environment: sandbox.environment,
            input: Self.password + "\n")
        process = try PseudoTerminalProcess(arguments: [assess, "monitor", "--json"], environment: sandbox.environment)
        process.keepsLines = true
        guard process.waitFor("Proctor password:") != nil else {
            throw MeasurementError(description: "assess monitor never asked for the proctor password")
        }
        process.send(Self.password + "\r")
    }

    /// Starts the span the monitor's CPU is measured over.
    func begin() {
        serverProcesses = findServerProcesses?() ?? []
        begunAt = .now
        linesAtBegin = process.lines.count
        cpuAtBegin = (ProcessProbe.cpuTime(of: process.pid) ?? .zero, serverCPUTime())
    }

    /// Ends the span begun by ``begin()``.
    func end() {
        guard let begunAt, let cpuAtBegin, let own = ProcessProbe.cpuTime(of: process.pid) else { return }
        let elapsed = (ContinuousClock.now - begunAt).milliseconds
        cpuPercent = (own - cpuAtBegin.own).milliseconds / elapsed * 100
        linesPerSecond = Double(process.lines.count - linesAtBegin) / elapsed * 1000
        if !serverProcesses.isEmpty {
            serverCPUPercent = (serverCPUTime() - cpuAtBegin.server).milliseconds / elapsed * 100
        }
    }

    private func serverCPUTime() -> Duration {
        serverProcesses.reduce(.zero) { $0 + (ProcessProbe.cpuTime(of: $1) ?? .zero) }
    }

    /// Every seat line the monitor printed so far, or an error with what it printed when
    /// there is none (a refused password, a store it could not read).
    func requireSightings() throws -> [Sighting] {
        let seen = sightings
        guard !seen.isEmpty else {
            throw MeasurementError(
                description: "assess monitor showed no seat; it printed: "
                    + process.lines.suffix(5).map(\.text).joined(separator: " / "))
        }
        return seen
    }

    /// Every seat line the monitor printed so far, in order; other lines (its prompt)
    /// are left out.
    var sightings: [Sighting] {
        let decoder = JSONDecoder()
        return process.lines.compactMap { line in
            guard line.text.hasPrefix("{"), let seat = try? decoder.decode(Line.self, from: Data(line.text.utf8)) else {
                return nil
            }
            return Sighting(candidate: seat.candidate, answered: seat.answered, flagged: seat.flagged, at: line.at)
        }
    }
}
