import Foundation
import Glibc

/// A measurement could not be taken; the report prints the reason in its place.
struct MeasurementError: Error, CustomStringConvertible {
    let description: String
}

/// First frame: from `posix_spawnp` returning to the last byte of the first burst of
/// output that contains `marker`, a burst ending when 100 ms pass without output.
/// Also the program's peak resident memory at that moment.
struct FirstFrame {
    var milliseconds = Samples()
    var peakResidentBytes = Samples()

    /// Output arriving less than this apart belongs to one frame.
    static let quiet: Duration = .milliseconds(100)

    /// One program whose first frame is measured: its command line, the text that shows its
    /// frame is whole, and the sandbox each run gets.
    struct Program {
        var arguments: [String]
        var marker: String
        /// The store every run's sandbox names (`ASSESS_STORE`), when given.
        var store: String?
        /// The data directory (and so the SQLite store) the runs share, when given.
        var sharedDataDirectory: String?
        /// Arguments added for each run, from its sandbox.
        var prepare: (Sandbox) throws -> [String] = { _ in [] }
    }

    /// Starts `arguments` `runs` times, each in a fresh sandbox, and measures each first frame.
    /// `store`, when given, is the store every run's sandbox names (`ASSESS_STORE`);
    /// `sharedDataDirectory` the data directory (and so the SQLite store) they share.
    static func measure(
        _ arguments: [String], marker: String, runs: Int, store: String? = nil, sharedDataDirectory: String? = nil,
        prepare: @escaping (Sandbox) throws -> [String] = { _ in [] }
    ) throws -> FirstFrame {
        try interleaved(
            [
                Program(
                    arguments: arguments, marker: marker, store: store, sharedDataDirectory: sharedDataDirectory,
                    prepare: prepare)
            ], runs: runs)[0]
    }

    /// Measures each of `programs` `runs` times, taking turns (one run of each, then the next
    /// round), so that the machine's slow and fast spells fall on all of them alike and
    /// their ratios hold from one benchmark to the next.
    static func interleaved(_ programs: [Program], runs: Int) throws -> [FirstFrame] {
        var results = Array(repeating: FirstFrame(), count: programs.count)
        for _ in 0..<runs {
            for (index, program) in programs.enumerated() {
                let sandbox = try Sandbox()
                sandbox.store = program.store
                sandbox.sharedDataDirectory = program.sharedDataDirectory
                let process = try PseudoTerminalProcess(
                    arguments: program.arguments + program.prepare(sandbox), environment: sandbox.environment)
                guard process.waitFor(program.marker) != nil, let last = process.waitForQuiet(quiet) else {
                    throw MeasurementError(
                        description:
                            "\(program.arguments[0]) never showed \"\(program.marker)\"; it showed: …\(process.text.tail())"
                    )
                }
                results[index].milliseconds.append((last - process.startedAt).milliseconds)
                if let peak = ProcessProbe.peakResidentBytes(of: process.pid) {
                    results[index].peakResidentBytes.append(Double(peak))
                }
                process.stop()
            }
        }
        return results
    }
}

/// Typing into an editor: keystroke-to-echo times, bytes written, memory.
struct Typing {
    /// Keystroke to echo, in milliseconds: from writing a letter to the terminal to the
    /// arrival of the first output that prints that letter. Spaces are typed but not timed.
    var echoMilliseconds = Samples()
    /// Letters whose echo did not come within ``echoTimeout``.
    var missedEchoes = 0
    /// Characters typed, and bytes the program wrote from the first key until 300 ms after the last.
    var characters = 0
    var bytes = 0
    /// Peak resident memory after typing.
    var peakResidentBytes = Samples()

    static let echoTimeout: Duration = .seconds(2)

    var bytesPerCharacter: Double? { characters == 0 ? nil : Double(bytes) / Double(characters) }

    mutating func add(_ other: Typing) {
        echoMilliseconds.append(contentsOf: other.echoMilliseconds)
        missedEchoes += other.missedEchoes
        characters += other.characters
        bytes += other.bytes
        peakResidentBytes.append(contentsOf: other.peakResidentBytes)
    }

    /// Types `text` into `process` one character every `interval`, timing each letter's echo.
    static func type(_ text: String, into process: PseudoTerminalProcess, every interval: Duration) -> Typing {
        var result = Typing()
        process.pump(for: .milliseconds(200))
        let bytesBefore = process.totalBytes
        for character in text {
            let sentAt = ContinuousClock.now
            let offset = process.text.count
            process.send(String(character))
            if character.isLetter, let byte = character.asciiValue {
                let deadline = sentAt + echoTimeout
                while !process.text.contains(byte: byte, from: offset) && ContinuousClock.now < deadline {
                    process.readAvailable(timeout: deadline - .now)
                }
                if process.text.contains(byte: byte, from: offset), let arrived = process.lastOutputAt {
                    result.echoMilliseconds.append((arrived - sentAt).milliseconds)
                } else {
                    result.missedEchoes += 1
                }
            }
            let next = sentAt + interval
            if next > .now { process.pump(for: next - .now) }
        }
        process.pump(for: .milliseconds(300))
        result.characters = text.count
        result.bytes = process.totalBytes - bytesBefore
        if let peak = ProcessProbe.peakResidentBytes(of: process.pid) { result.peakResidentBytes.append(Double(peak)) }
        return result
    }
}

/// A program left alone: CPU time, wake-ups, preemptions and bytes written per second.
struct Idle {
    var cpuPercent: Double
    var wakeupsPerSecond: Double
    var preemptionsPerSecond: Double
    var bytesPerSecond: Double

    /// How often the threads' wake-ups are sampled (see ``WakeupLedger``).
    static let samplingInterval: Duration = .milliseconds(100)

    static func measure(_ process: PseudoTerminalProcess, for duration: Duration) throws -> Idle {
        process.pump(for: .milliseconds(500))
        guard let cpuBefore = ProcessProbe.cpuTime(of: process.pid) else {
            throw MeasurementError(description: "the program exited before the idle measurement")
        }
        var ledger = WakeupLedger(pid: process.pid)
        let bytesBefore = process.totalBytes
        let started = ContinuousClock.now
        while ContinuousClock.now - started < duration {
            process.pump(for: min(Self.samplingInterval, duration - (ContinuousClock.now - started)))
            ledger.sample()
        }
        let elapsed = (ContinuousClock.now - started).milliseconds / 1000
        guard let cpuAfter = ProcessProbe.cpuTime(of: process.pid) else {
            throw MeasurementError(description: "the program exited during the idle measurement")
        }
        return Idle(
            cpuPercent: (cpuAfter - cpuBefore).milliseconds / 10 / elapsed,
            wakeupsPerSecond: Double(ledger.wakeups) / elapsed,
            preemptionsPerSecond: Double(ledger.preemptions) / elapsed,
            bytesPerSecond: Double(process.totalBytes - bytesBefore) / elapsed)
    }
}

/// Driving `assess take` through its screens.
enum AssessDriver {
    /// Starts `assess take exam` in `sandbox` and brings it to the first essay question:
    /// Enter on the welcome screen, `y` on the consent screen (unless `practice`), Enter
    /// on the start banner ("Press Enter to begin": it waits for it), then Tab until an essay's word
    /// count shows.
    /// `options` are more of `take`'s options, such as `--reduced-motion`.
    static func openEssay(
        assess: String, exam: String, candidate: String, practice: Bool,
        options: [String] = [], in sandbox: Sandbox
    ) throws -> PseudoTerminalProcess {
        var arguments = [assess, "take", exam, "--candidate", candidate] + options
        if practice { arguments.append("--practice") }
        let process = try PseudoTerminalProcess(arguments: arguments, environment: sandbox.environment)
        var offset = try step(process, waitingFor: "quit", from: 0, thenSend: "\r")
        if !practice { offset = try step(process, waitingFor: "decline", from: offset, thenSend: "y") }
        offset = try step(process, waitingFor: "Press", from: offset, thenSend: "\r")
        for _ in 0..<30 {
            _ = process.waitForQuiet(.milliseconds(150))
            if process.text.contains("Words:", from: offset) { return process }
            offset = process.text.count
            process.send("\t")
        }
        throw MeasurementError(description: "no essay question found in \(exam)")
    }

    /// Waits for `marker` in what was printed after `offset`, sends `key`, and returns
    /// the offset from which the next screen's text starts.
    private static func step(
        _ process: PseudoTerminalProcess, waitingFor marker: String, from offset: Int,
        thenSend key: String
    ) throws -> Int {
        guard process.waitFor(marker, from: offset) != nil else {
            throw MeasurementError(
                description: "assess never showed \"\(marker)\"; the end of what it printed: \(process.text.tail())")
        }
        let next = process.text.count
        process.send(key)
        return next
    }
}

/// Running a helper program to its end: `psql`, `pg_ctl`, `assess store init`, `assess passwd`.
enum Subprocess {
    /// Runs `program` (looked up in `PATH`) with `input` on its standard input, and returns
    /// its standard output; throws with its standard error when it fails. As root,
    /// `asServer` runs it as `postgres` (the server refuses root).
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil,
        input: String? = nil, asServer: Bool = false
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            (asServer && getuid() == 0 ? ["runuser", "-u", "postgres", "--"] : []) + [program] + arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        let entry = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = entry
        try process.run()
        entry.fileHandleForWriting.write(Data((input ?? "").utf8))
        try entry.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MeasurementError(description: "\(program) \(arguments.joined(separator: " ")) failed: \(problem)")
        }
        return text
    }
}
