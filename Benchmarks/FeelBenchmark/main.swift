// assess-bench: measures how `assess` feels in a terminal, beside programs people know.
//
//   assess-bench [--assess PATH] [--exams DIR] [--exam-terminal PATH --exam-terminal-exam FILE] [--quick]
//                [--lab | --lab-only | --published-only [--seats N] | --sessions-only | --crash-only
//                 | --sample-runs-only [--seats N] | --pictures-only | --first-frames-only]
//
// Every program runs on a pseudo-terminal of 100×30 cells with TERM=xterm-256color and
// LANG=C.UTF-8, in a fresh temporary home, lock and data directory. Progress goes to
// standard error; the table (Markdown) to standard output. `Benchmarks/run` installs the
// reference programs, builds in release mode and runs this. See docs/performance.md.
import Foundation
import Glibc

/// The command line.
struct Options {
    /// The release `assess` binary; by default the one next to this program.
    var assess = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "assess"
    ).path
    /// The folder of sample exams (for `all-types.yaml`).
    var exams = "Exams"
    /// The `exam-terminal` program and the exam file to start it with; rows say "not
    /// measured" without them.
    var examTerminal: String?
    var examTerminalExam: String?
    /// Fewer repetitions and 10 sessions for 10 s instead of 100 for 60 s: a quick check
    /// that everything runs, not figures to publish.
    var quick = false
    /// Adds the lab rows (seats on the PostgreSQL server `.ci/with-postgres` started);
    /// `labOnly` measures nothing else.
    var lab = false
    var labOnly = false
    /// Measures only the many-sessions rows (for profiling them; not a table to publish).
    var sessionsOnly = false
    /// Measures only the crash rows (sittings killed while typing).
    var crashOnly = false
    /// Measures only the published exam's rows (on the lab's server; part of the lab rows),
    /// with `seats` seats waiting for the opening (100, or 10 with `quick`, unless given).
    var publishedOnly = false
    /// Measures only the sample-runs row, with `seats` sittings (100 unless given).
    var sampleRunsOnly = false
    /// Measures only the rows of an exam with pictures on a terminal that answers no query.
    var picturesOnly = false
    /// Measures only the first frames of `all-types.yaml`, as a file and published on SQLite,
    /// beside nano's.
    var firstFramesOnly = false
    var seats: Int?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--lab": lab = true
            case "--lab-only":
                lab = true
                labOnly = true
            case "--sessions-only": sessionsOnly = true
            case "--crash-only": crashOnly = true
            case "--published-only": publishedOnly = true
            case "--sample-runs-only": sampleRunsOnly = true
            case "--pictures-only": picturesOnly = true
            case "--first-frames-only": firstFramesOnly = true
            case "--seats":
                guard let value = rest.popFirst(), let number = Int(value), number > 0 else {
                    throw MeasurementError(description: "--seats needs a number of seats, more than 0")
                }
                seats = number
            case "--assess", "--exams", "--exam-terminal", "--exam-terminal-exam":
                guard let value = rest.popFirst() else {
                    throw MeasurementError(description: "\(argument) needs a value")
                }
                switch argument {
                case "--assess": assess = value
                case "--exams": exams = value
                case "--exam-terminal": examTerminal = value
                default: examTerminalExam = value
                }
            default:
                throw MeasurementError(
                    description: "unknown argument \(argument); see the comment at the top of main.swift")
            }
        }
    }
}

/// Prints progress on standard error.
func progress(_ message: String) {
    FileHandle.standardError.write(Data("assess-bench: \(message)\n".utf8))
}

func run(_ options: Options) throws -> String {
    // 60: a single run swings by 2 ms here (a virtual machine), so 20 left the medians half a
    // millisecond apart from one benchmark to the next (docs/performance.md).
    let firstFrameRuns = options.quick ? 3 : 60
    let typingRuns = options.quick ? 1 : 3
    let typedCharacters = options.quick ? 60 : 150
    let typingInterval = Duration.milliseconds(50)
    let idleTime = Duration.seconds(options.quick ? 3 : 10)
    let sessionCount = options.quick ? 10 : 100
    let sessionTime = Duration.seconds(options.quick ? 10 : 60)
    let essayBytes = 100_000
    let allTypes = URL(fileURLWithPath: options.exams).appendingPathComponent("all-types.yaml").path
    let typed = Workload.typing(characters: typedCharacters)
    var report = Report()
    if options.publishedOnly {
        try addPublishedRows(
            to: &report, assess: options.assess, exam: allTypes, quick: options.quick, seats: options.seats)
        return report.text
    }
    if options.labOnly {
        try addLabRows(to: &report, assess: options.assess, exam: allTypes, quick: options.quick)
        return report.text
    }
    let crashRuns = options.quick ? 5 : 52
    if options.crashOnly {
        try addCrashRows(to: &report, assess: options.assess, exam: allTypes, runs: crashRuns)
        return report.text
    }
    if options.sampleRunsOnly {
        try addSampleRunRow(
            to: &report, assess: options.assess,
            exam: URL(fileURLWithPath: options.exams).appendingPathComponent("programming.yaml").path,
            count: options.seats ?? 100)
        return report.text
    }
    if options.firstFramesOnly {
        _ = try addFirstFrameRows(to: &report, assess: options.assess, exam: allTypes, runs: firstFrameRuns)
        return report.text
    }
    if options.picturesOnly {
        try addPictureRows(to: &report, assess: options.assess, exams: options.exams, runs: firstFrameRuns)
        return report.text
    }
    if options.sessionsOnly {
        try addManySessionRows(
            to: &report, assess: options.assess, exam: allTypes, count: sessionCount, duration: sessionTime)
        return report.text
    }

    // First frame.
    let (assessFrame, nanoFrame) = try addFirstFrameRows(
        to: &report, assess: options.assess, exam: allTypes, runs: firstFrameRuns)
    progress("first frame: dialog, exam-terminal (\(firstFrameRuns) runs each)")
    let dialogFrame = try FirstFrame.measure(
        ["dialog", "--inputbox", "Your name?", "8", "40"],
        marker: "Cancel", runs: firstFrameRuns)
    var examTerminalFrame: FirstFrame?
    if let program = options.examTerminal, let exam = options.examTerminalExam {
        examTerminalFrame = try FirstFrame.measure(
            [program, "-e", exam], marker: "exam-terminal", runs: firstFrameRuns)
    }
    try addPictureRows(to: &report, assess: options.assess, exams: options.exams, runs: firstFrameRuns)
    report.add(
        "first frame, beside dialog --inputbox", assess: "",
        reference: "dialog " + Report.medianAndP99(dialogFrame.milliseconds, unit: "ms"),
        ratio: assessFrame.milliseconds.median! / dialogFrame.milliseconds.median!)
    if let examTerminalFrame {
        report.add(
            "first frame, beside exam-terminal", assess: "",
            reference: "exam-terminal " + Report.medianAndP99(examTerminalFrame.milliseconds, unit: "ms"),
            ratio: assessFrame.milliseconds.median! / examTerminalFrame.milliseconds.median!)
    } else {
        report.add(
            "first frame, beside exam-terminal", assess: "", reference: "exam-terminal not measured (not given)",
            ratio: nil)
    }

    // Typing into the essay of all-types.yaml, locked, beside nano on a new file.
    progress("typing: \(typingRuns) × \(typedCharacters) characters, one every \(typingInterval), into assess and nano")
    var assessTyping = Typing()
    var nanoTyping = Typing()
    for run in 0..<typingRuns {
        let sandbox = try Sandbox()
        let assess = try AssessDriver.openEssay(
            assess: options.assess, exam: allTypes, candidate: "typist-\(run)",
            practice: false, in: sandbox)
        assessTyping.add(Typing.type(typed, into: assess, every: typingInterval))
        assess.stop()
        let nano = try Nano.open(file: sandbox.path("home/essay.txt"), in: sandbox)
        nanoTyping.add(Typing.type(typed, into: nano, every: typingInterval))
        nano.stop()
    }
    addTypingRows(to: &report, label: "essay", assess: assessTyping, nano: nanoTyping, nanoLabel: "nano, new file")

    // Idle in the exam, timer running, beside exam-terminal on a question.
    progress("idle: \(idleTime) in an exam, assess and exam-terminal")
    let idleSandbox = try Sandbox()
    let idleAssess = try AssessDriver.openEssay(
        assess: options.assess, exam: allTypes, candidate: "idle",
        practice: false, in: idleSandbox)
    let assessIdle = try Idle.measure(idleAssess, for: idleTime)
    idleAssess.stop()
    var examTerminalIdle: (idle: Idle, peak: Int)?
    if let program = options.examTerminal, let exam = options.examTerminalExam {
        let sandbox = try Sandbox()
        let process = try PseudoTerminalProcess(arguments: [program, "-e", exam], environment: sandbox.environment)
        guard process.waitFor("exam-terminal") != nil else {
            throw MeasurementError(description: "exam-terminal did not start")
        }
        _ = process.waitForQuiet(FirstFrame.quiet)
        let offset = process.text.count
        process.send("\r")
        guard process.waitFor("?", from: offset) != nil else {
            throw MeasurementError(description: "exam-terminal showed no question")
        }
        examTerminalIdle = (
            try Idle.measure(process, for: idleTime), ProcessProbe.peakResidentBytes(of: process.pid) ?? 0
        )
        process.stop()
    }
    let reference =
        examTerminalIdle.map { "exam-terminal \(Report.format($0.idle.cpuPercent)) %" } ?? "exam-terminal not measured"
    report.add(
        "idle in an exam: CPU", assess: "\(Report.format(assessIdle.cpuPercent)) %", reference: reference,
        ratio: examTerminalIdle.map { assessIdle.cpuPercent / max($0.idle.cpuPercent, 0.01) },
        budget: "no CPU between timer ticks", holds: assessIdle.cpuPercent < 0.5)
    report.add(
        "idle in an exam: wake-ups",
        assess: "\(Report.format(assessIdle.wakeupsPerSecond)) /s"
            + " (and \(Report.format(assessIdle.preemptionsPerSecond)) /s preempted)",
        reference: examTerminalIdle.map { "exam-terminal \(Report.format($0.idle.wakeupsPerSecond)) /s" } ?? "",
        ratio: nil, budget: "≤ 1 per timer tick (1 /s)", holds: assessIdle.wakeupsPerSecond <= 1.2)
    report.add(
        "idle in an exam: bytes written", assess: "\(Report.format(assessIdle.bytesPerSecond)) B/s",
        reference: examTerminalIdle.map { "exam-terminal \(Report.format($0.idle.bytesPerSecond, digits: 0)) B/s" }
            ?? "",
        ratio: nil, budget: "≤ 50 B/s", holds: assessIdle.bytesPerSecond <= 50)
    // The same with the clock by the minute (reduced motion): nothing to draw between minutes.
    progress("idle: \(idleTime) in an exam with reduced motion")
    let quietSandbox = try Sandbox()
    let quietAssess = try AssessDriver.openEssay(
        assess: options.assess, exam: allTypes, candidate: "quiet",
        practice: false, options: ["--reduced-motion"], in: quietSandbox)
    let assessQuiet = try Idle.measure(quietAssess, for: idleTime)
    quietAssess.stop()
    report.add(
        "idle in an exam, reduced motion (clock by the minute): wake-ups",
        assess: "\(Report.format(assessQuiet.wakeupsPerSecond)) /s"
            + " (and \(Report.format(assessQuiet.preemptionsPerSecond)) /s preempted)", reference: "", ratio: nil,
        budget: "0 between minutes", holds: assessQuiet.wakeupsPerSecond < 0.1)
    if let examTerminalIdle {
        report.add(
            "peak memory, exam-terminal in an exam", assess: "",
            reference: "exam-terminal \(Report.format(Double(examTerminalIdle.peak) / 1_048_576)) MB", ratio: nil)
    }
    report.add(
        "peak memory at first frame", assess: Report.megabytes(assessFrame.peakResidentBytes),
        reference:
            "dialog \(Report.megabytes(dialogFrame.peakResidentBytes)), nano \(Report.megabytes(nanoFrame.peakResidentBytes))"
            + (examTerminalFrame.map { ", exam-terminal \(Report.megabytes($0.peakResidentBytes))" } ?? ""),
        ratio: nil)

    // The same typing at the end of a 100 KB essay in an exam of 1,000 questions.
    progress("100 KB essay: pasting it in practice mode, then typing; nano on the same text")
    let largeSandbox = try Sandbox()
    let largeExam = try largeSandbox.write(Workload.largeExam(questions: 1000), to: "large.yaml")
    let essay = Workload.essay(characters: essayBytes)
    let large = try AssessDriver.openEssay(
        assess: options.assess, exam: largeExam, candidate: "long-essay",
        practice: true, in: largeSandbox)
    let fillStarted = ContinuousClock.now
    let offset = large.text.count
    // Bracketed paste is accepted in practice mode; "Z" after it shows when all of it was taken in.
    large.send("\u{1B}[200~" + essay + "\u{1B}[201~Z")
    guard large.waitFor("Z", from: offset, timeout: .seconds(1800)) != nil else {
        throw MeasurementError(description: "assess did not take in the 100 KB essay within 30 minutes")
    }
    let fillTime = ContinuousClock.now - fillStarted
    large.send("\u{7F}")
    _ = large.waitForQuiet(.milliseconds(300))
    var largeTyping = Typing()
    for _ in 0..<typingRuns {
        largeTyping.add(Typing.type(typed, into: large, every: typingInterval))
    }
    large.stop()
    let essayFile = try largeSandbox.write(essay, to: "home/essay.txt")
    var nanoLargeTyping = Typing()
    for _ in 0..<typingRuns {
        let nano = try Nano.open(file: essayFile, in: largeSandbox, atEnd: true)
        nanoLargeTyping.add(Typing.type(typed, into: nano, every: typingInterval))
        nano.stop()
    }
    addTypingRows(
        to: &report, label: "100 KB essay, 1,000 questions", assess: largeTyping, nano: nanoLargeTyping,
        nanoLabel: "nano, 100 KB file")
    report.note(
        "Pasting the 100 KB essay (practice mode, one key per character) took \(Report.format(fillTime.milliseconds / 1000)) s."
    )

    try addManySessionRows(
        to: &report, assess: options.assess, exam: allTypes, count: sessionCount, duration: sessionTime)
    report.note(
        "Echo: from writing a letter to the terminal to the first output that prints it; p99 by nearest rank over "
            + "\(assessTyping.echoMilliseconds.count) letters (essay). "
            + "First frame: from exec to the last byte of the first output burst (ended by 100 ms of silence) "
            + "that shows the welcome screen's footer. Memory: peak resident set (VmHWM), which counts "
            + "the shared Swift runtime, Foundation and SQLite libraries in full for every process; PSS shares them out."
    )
    try addCrashRows(to: &report, assess: options.assess, exam: allTypes, runs: crashRuns)
    try addSampleRunRow(
        to: &report, assess: options.assess,
        exam: URL(fileURLWithPath: options.exams).appendingPathComponent("programming.yaml").path,
        count: options.quick ? 10 : 100)
    if options.lab { try addLabRows(to: &report, assess: options.assess, exam: allTypes, quick: options.quick) }
    return report.text
}

/// Adds the rows of `count` locked sittings typing at once, each with its own SQLite store.
func addManySessionRows(
    to report: inout Report, assess: String, exam: String, count sessionCount: Int, duration sessionTime: Duration
) throws {
    progress("many sessions: \(sessionCount) locked sittings typing 10 characters a second for \(sessionTime)")
    let many = try ManySessions.measure(
        assess: assess, exam: exam, count: sessionCount, rate: 10, duration: sessionTime)
    report.add(
        "\(sessionCount) sessions typing 10 char/s for \(sessionTime.components.seconds) s: echo (median / p99)",
        assess: Report.medianAndP99(many.echoMilliseconds, unit: "ms"), reference: "", ratio: nil,
        budget: "p99 ≤ 15 ms", holds: (many.echoMilliseconds.p99 ?? .infinity) <= 15 && many.missedEchoes == 0)
    let megabytes = { (bytes: Int) in Report.format(Double(bytes) / 1_048_576, digits: 0) + " MB" }
    let proportionalEach = Double(many.totalProportionalBytes) / Double(sessionCount)
    report.add(
        "\(sessionCount) sessions: total memory (sum of PSS; sum of peak RSS)",
        assess: "\(megabytes(many.totalProportionalBytes)), \(Report.format(proportionalEach / 1_048_576)) MB each; "
            + "RSS \(megabytes(many.totalPeakResidentBytes))",
        reference: "", ratio: nil, budget: "≤ 15 MB each (PSS)", holds: proportionalEach <= 15 * 1_048_576)
    if many.missedEchoes > 0 {
        report.note("\(many.missedEchoes) letters typed in the many-sessions run never echoed.")
    }
    report.note(
        "Many sessions' echo: p99 by nearest rank over \(many.echoMilliseconds.count) letters; "
            + "the driver that types for them ran at \(many.driverPriority.rawValue) priority.")
}

/// Measures the first frames of `exam` as a file and published on SQLite, and nano's on a
/// new file, and adds their rows; returns the file's frames and nano's.
func addFirstFrameRows(to report: inout Report, assess: String, exam: String, runs: Int) throws
    -> (assess: FirstFrame, nano: FirstFrame)
{
    progress("first frame: assess (the file, and published on SQLite) and nano, taking turns (\(runs) runs each)")
    let office = try Sandbox()
    let frames = try FirstFrame.interleaved(
        [
            FirstFrame.Program(arguments: [assess, "take", exam, "--candidate", "bench"], marker: "quit"),
            try PublishedOneMachine.firstFrameProgram(assess: assess, exam: exam, office: office),
            FirstFrame.Program(arguments: ["nano", "--ignorercfiles"], marker: "Exit") { [$0.path("home/new.txt")] },
        ], runs: runs)
    let (file, published, nano) = (frames[0], frames[1], frames[2])
    addFirstFrameRow(to: &report, "first frame, welcome screen (median / p99)", file, nano: nano)
    addFirstFrameRow(
        to: &report, "first frame, published exam on SQLite, welcome screen (median / p99)", published, nano: nano)
    return (file, nano)
}

/// Adds a first-frame row measured against nano's, with the budget of every first frame.
func addFirstFrameRow(to report: inout Report, _ label: String, _ frame: FirstFrame, nano: FirstFrame) {
    let ratio = frame.milliseconds.median! / nano.milliseconds.median!
    report.add(
        label, assess: Report.medianAndP99(frame.milliseconds, unit: "ms"),
        reference: "nano " + Report.medianAndP99(nano.milliseconds, unit: "ms"), ratio: ratio,
        budget: "≤ 20 ms and ≤ 2× nano (median)", holds: frame.milliseconds.median! <= 20 && ratio <= 2)
}

/// Adds the echo, bytes, memory and longest-wait rows for one typing comparison.
/// `count` locked sittings of the programming exam type into its first (python3) question;
/// two seconds in, each presses Ctrl-G at once: the time from the key to the panel's verdict,
/// and the echo of every letter typed while runs were under way.
func addSampleRunRow(to report: inout Report, assess: String, exam: String, count: Int) throws {
    progress("sample runs: \(count) sittings typing 10 characters a second, each running its samples at 2 s")
    let many = try ManySessions.measure(
        assess: assess, exam: exam, count: count, rate: 10, duration: .seconds(20), runSamplesAfter: .seconds(2))
    report.add(
        "\(count) seats each making a sample run at once: time to verdict (median / p99)",
        assess: Report.medianAndP99(many.verdictMilliseconds, unit: "ms")
            + (many.missedVerdicts > 0 ? ", \(many.missedVerdicts) never came" : ""),
        reference: "", ratio: nil, budget: "", holds: many.missedVerdicts == 0)
    report.add(
        "\(count) seats making sample runs: echo while they run (median / p99)",
        assess: Report.medianAndP99(many.echoDuringRunsMilliseconds, unit: "ms"), reference: "", ratio: nil,
        budget: "p99 ≤ 15 ms",
        holds: (many.echoDuringRunsMilliseconds.p99 ?? .infinity) <= 15 && many.missedEchoes == 0)
    let slow = many.slowEchoesDuringRuns
    report.note(
        "Sample runs: \(slow.count) of \(many.echoDuringRunsMilliseconds.count) letters typed while runs ran "
            + "echoed in over 15 ms, \(slow.count { $0.typedAfter < 100 }) of them typed within 100 ms of the Ctrl-G.")
    // With them on, each sitting's session is scheduled as one, its runs included: see docs/performance.md.
    let groups =
        (try? String(contentsOfFile: "/proc/sys/kernel/sched_autogroup_enabled", encoding: .utf8))
        .map { $0.hasPrefix("1") ? "on" : "off" } ?? "not known"
    report.note("Sample runs: the kernel's automatic session groups (kernel.sched_autogroup_enabled) were \(groups).")
}

func addTypingRows(to report: inout Report, label: String, assess: Typing, nano: Typing, nanoLabel: String) {
    let assessP99 = assess.echoMilliseconds.p99 ?? .infinity
    let nanoP99 = nano.echoMilliseconds.p99 ?? 0
    report.add(
        "echo, \(label) (median / p99)", assess: Report.medianAndP99(assess.echoMilliseconds, unit: "ms"),
        reference: "\(nanoLabel) " + Report.medianAndP99(nano.echoMilliseconds, unit: "ms"),
        ratio: nano.echoMilliseconds.median.flatMap { reference in assess.echoMilliseconds.median.map { $0 / reference }
        },
        budget: "p99 ≤ nano's + 1 ms", holds: assessP99 <= nanoP99 + 1 && assess.missedEchoes == 0)
    report.add(
        "longest wait for an echo (autosave included), \(label)",
        assess: assess.echoMilliseconds.maximum.map { "\(Report.format($0)) ms" } ?? "n/a",
        reference: nano.echoMilliseconds.maximum.map { "\(nanoLabel) \(Report.format($0)) ms" } ?? "",
        ratio: nil, budget: "≤ 16 ms", holds: (assess.echoMilliseconds.maximum ?? .infinity) <= 16)
    let bytesRatio = assess.bytesPerCharacter.flatMap { mine in nano.bytesPerCharacter.map { mine / $0 } }
    report.add(
        "bytes written per typed character, \(label)",
        assess: assess.bytesPerCharacter.map { "\(Report.format($0)) B" } ?? "n/a",
        reference: "\(nanoLabel) " + (nano.bytesPerCharacter.map { "\(Report.format($0)) B" } ?? "n/a"),
        ratio: bytesRatio, budget: "≤ 1.5× nano", holds: bytesRatio.map { $0 <= 1.5 })
    report.add(
        "peak memory while typing, \(label)", assess: Report.megabytes(assess.peakResidentBytes),
        reference: "\(nanoLabel) " + Report.megabytes(nano.peakResidentBytes), ratio: nil,
        budget: "≤ 15 MB", holds: (assess.peakResidentBytes.maximum ?? .infinity) <= 15 * 1_048_576)
}

/// Starting nano as the typing reference.
enum Nano {
    /// Opens `file` in nano without any nanorc, with the cursor at the end of the text
    /// when `atEnd`, and waits for its first screen to settle.
    static func open(file: String, in sandbox: Sandbox, atEnd: Bool = false) throws -> PseudoTerminalProcess {
        var arguments = ["nano", "--ignorercfiles"]
        if atEnd { arguments.append("+999999999,999999999") }
        let process = try PseudoTerminalProcess(arguments: arguments + [file], environment: sandbox.environment)
        guard process.waitFor("Exit") != nil else { throw MeasurementError(description: "nano did not start") }
        _ = process.waitForQuiet(FirstFrame.quiet)
        return process
    }
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    guard access(options.assess, X_OK) == 0 else {
        throw MeasurementError(
            description: "no assess binary at \(options.assess); build it with swift build -c release")
    }
    progress(
        "\(ProcessInfo.processInfo.activeProcessorCount) cores; load average \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?")"
    )
    print(try run(options))
} catch {
    progress("failed: \(error)")
    exit(1)
}
