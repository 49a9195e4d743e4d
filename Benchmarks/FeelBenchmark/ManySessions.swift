import Foundation
import Glibc

/// Many `assess` sittings on one machine at once, each typing steadily into an essay
/// with autosave on (it always is): echo times across all of them, and their memory.
struct ManySessions {
    var echoMilliseconds = Samples()
    var missedEchoes = 0
    var sessions = 0
    /// The sum of every session's peak resident memory, which counts the code and
    /// libraries they share once per session.
    var totalPeakResidentBytes = 0
    /// The sum of every session's proportional resident memory at the end: the memory
    /// the sessions occupy together.
    var totalProportionalBytes = 0
    /// Each session's candidate, and what it typed.
    var candidates: [String] = []
    var typed = ""
    /// When each session sent each character it typed (wall clock, to compare with a
    /// server's own time): `sentAt[session][k]` is when character `k` left.
    var sentAt: [[Date]] = []
    /// When each session pressed F2 to flag or unflag its essay (see `flagEvery`).
    var flaggedAt: [[Date]] = []
    /// With `runSamplesAfter`: how long each session waited, from its Ctrl-G to the panel's
    /// verdict, and the echoes of the letters typed while any run was under way.
    var verdictMilliseconds = Samples()
    var missedVerdicts = 0
    var echoDuringRunsMilliseconds = Samples()
    /// Of those letters, each one's echo over the budget (15 ms) and when it was typed,
    /// in milliseconds from the Ctrl-G: where the slow ones fall.
    var slowEchoesDuringRuns: [(typedAfter: Double, milliseconds: Double)] = []
    /// Whether the driver's thread ran ahead of the sittings it measures (see ``DriverPriority``).
    var driverPriority = DriverPriority.Outcome.normal

    /// Opens `count` locked sittings of `exam` (each with its own lock and data
    /// directory), then has each type `rate` characters a second for `duration`, their
    /// keys spread evenly in time; a letter's echo is timed as in ``Typing``.
    ///
    /// - Parameters:
    ///   - candidate: The candidate of session `index`.
    ///   - store: The store session `index` keeps its attempt in; each its own SQLite file when `nil`.
    ///   - sharedDataDirectory: A data directory every session keeps its attempt in (one
    ///     machine's SQLite store) instead of its own, when `store` names none.
    ///   - flagEvery: Each session presses F2 (flag the essay for review, or unflag it)
    ///     every this many keys, the sessions' presses spread evenly over that span: a change
    ///     the proctor's monitor shows. The letter sent with it is not timed (the flag's
    ///     frame has letters of its own).
    ///   - monitor: A monitor watching the room, opened already: its terminal is read in
    ///     the same loop as the sessions', and its CPU measured over the typing.
    ///   - meanwhile: Runs on a thread of its own once typing starts (a server outage).
    ///   - runSamplesAfter: Every session presses Ctrl-G this long after typing starts, all
    ///     at once (a code question the exam lets students run), and keeps typing.
    static func measure(
        assess: String, exam: String, count: Int, rate: Int, duration: Duration,
        candidate: (Int) -> String = { "bench-\($0)" }, store: ((Int) -> String)? = nil,
        sharedDataDirectory: String? = nil, flagEvery: Int? = nil, monitor: RoomMonitor? = nil,
        meanwhile: (@Sendable () -> Void)? = nil, runSamplesAfter: Duration? = nil
    ) throws -> ManySessions {
        var sandboxes: [Sandbox] = []
        var processes: [PseudoTerminalProcess] = []
        defer {
            for process in processes { kill(process.pid, SIGTERM) }
            for process in processes { process.stop() }
        }
        for index in 0..<count {
            let sandbox = try Sandbox()
            sandbox.store = store?(index)
            sandbox.sharedDataDirectory = sharedDataDirectory
            sandboxes.append(sandbox)
            processes.append(
                try AssessDriver.openEssay(
                    assess: assess, exam: exam, candidate: candidate(index),
                    practice: false, in: sandbox))
            // Keep the earlier sessions' timer output from piling up in their terminals.
            for process in processes { process.drain() }
            monitor?.process.drain()
        }

        let interval = Duration.seconds(1) / rate
        let text = Array(Workload.typing(characters: Int(duration.milliseconds / 1000) * rate))
        // Before the first key is scheduled and at the driver's own priority: it may ask the server.
        monitor?.begin()
        let start = ContinuousClock.now + .milliseconds(200)
        var nextKey = [Int](repeating: 0, count: count)
        var pending = [[(byte: UInt8, sentAt: ContinuousClock.Instant, offset: Int)]](repeating: [], count: count)
        var result = ManySessions(sessions: count)
        result.candidates = (0..<count).map(candidate)
        result.typed = String(text)
        result.sentAt = Array(repeating: [], count: count)
        result.flaggedAt = Array(repeating: [], count: count)
        if let meanwhile { Thread.detachNewThread(meanwhile) }
        let runAt = runSamplesAfter.map { start + $0 }
        var runSent: [(at: ContinuousClock.Instant, offset: Int)?] = Array(repeating: nil, count: count)
        var verdictAt: [ContinuousClock.Instant?] = Array(repeating: nil, count: count)
        var echoes: [(sentAt: ContinuousClock.Instant, milliseconds: Double)] = []

        func sendTime(_ session: Int, _ key: Int) -> ContinuousClock.Instant {
            start + interval * key + interval * session / count
        }
        func collect(_ session: Int) {
            let process = processes[session]
            while let first = pending[session].first, process.text.contains(byte: first.byte, from: first.offset) {
                let echo = ((process.lastOutputAt ?? .now) - first.sentAt).milliseconds
                result.echoMilliseconds.append(echo)
                echoes.append((first.sentAt, echo))
                pending[session].removeFirst()
            }
            if let sent = runSent[session], verdictAt[session] == nil,
                process.text.contains("Example", from: sent.offset)
            {
                verdictAt[session] = process.lastOutputAt ?? .now
                result.verdictMilliseconds.append(((process.lastOutputAt ?? .now) - sent.at).milliseconds)
            }
        }

        var descriptors = (processes + (monitor.map { [$0.process] } ?? [])).map {
            pollfd(fd: $0.master, events: Int16(POLLIN), revents: 0)
        }
        // With a monitor, 5 s more for the lines of the last changes (seats on one SQLite
        // store can take seconds to save them).
        let end = start + duration + .seconds(monitor == nil ? 1 : 6)
        result.driverPriority = DriverPriority.raise()
        defer { DriverPriority.lower() }
        var monitorSpanOpen = monitor != nil
        while ContinuousClock.now < end {
            if monitorSpanOpen && ContinuousClock.now >= start + duration {
                monitor?.end()
                monitorSpanOpen = false
            }
            let now = ContinuousClock.now
            if let runAt, now >= runAt, runSent[0] == nil {
                for session in 0..<count {
                    runSent[session] = (.now, processes[session].text.count)
                    processes[session].send("\u{07}")
                }
            }
            var earliest = monitorSpanOpen ? start + duration : end
            if let runAt, runSent[0] == nil { earliest = min(earliest, runAt) }
            for session in 0..<count where nextKey[session] < text.count {
                let due = sendTime(session, nextKey[session])
                if due <= now {
                    let character = text[nextKey[session]]
                    let process = processes[session]
                    let flags =
                        flagEvery.map { nextKey[session] > 0 && (nextKey[session] + session * $0 / count) % $0 == 0 }
                        ?? false
                    if flags {
                        process.send("\u{1B}OQ")
                        result.flaggedAt[session].append(Date())
                    }
                    if !flags, character.isLetter, let byte = character.asciiValue {
                        pending[session].append((byte, .now, process.text.count))
                    }
                    process.send(String(character))
                    result.sentAt[session].append(Date())
                    nextKey[session] += 1
                }
                if nextKey[session] < text.count { earliest = min(earliest, sendTime(session, nextKey[session])) }
            }
            let wait = max(0, (earliest - .now).milliseconds)
            guard poll(&descriptors, nfds_t(descriptors.count), Int32(wait.rounded(.up))) > 0 else { continue }
            if let monitor, descriptors[count].revents != 0 { monitor.process.drain() }
            for session in 0..<count where descriptors[session].revents != 0 {
                processes[session].drain()
                collect(session)
            }
        }
        result.missedEchoes = pending.reduce(0) { $0 + $1.count }
        if let runStart = runSent[0]?.at {
            result.missedVerdicts = verdictAt.count { $0 == nil }
            let runEnd = verdictAt.compactMap { $0 }.max() ?? end
            for echo in echoes where echo.sentAt >= runStart && echo.sentAt <= runEnd {
                result.echoDuringRunsMilliseconds.append(echo.milliseconds)
                if echo.milliseconds > 15 {
                    result.slowEchoesDuringRuns.append(((echo.sentAt - runStart).milliseconds, echo.milliseconds))
                }
            }
        }
        result.totalPeakResidentBytes = processes.reduce(0) { $0 + (ProcessProbe.peakResidentBytes(of: $1.pid) ?? 0) }
        result.totalProportionalBytes = processes.reduce(0) {
            $0 + (ProcessProbe.proportionalResidentBytes(of: $1.pid) ?? 0)
        }
        return result
    }
}

/// The driver stands for a hundred keyboards: one thread sends every session's keys on
/// schedule and timestamps their echoes. At the sittings' own priority it is one more
/// thread among hundreds, so a busy moment delays it, its late keys then leave in a
/// clump that real, independent keyboards never send, and its echo timestamps are taken
/// late. Run at a real-time priority (it only sends, polls and reads, and sleeps in
/// `poll` between), its keys leave on time and its clock reads what the sittings did.
enum DriverPriority {
    enum Outcome: String {
        /// SCHED_FIFO: the driver runs as soon as it is woken.
        case realTime = "real-time (SCHED_FIFO)"
        /// Not allowed (not root): the driver ran at the sittings' priority.
        case normal = "normal (real-time refused)"
    }

    /// Raises the calling thread to SCHED_FIFO, or says that it could not.
    static func raise() -> Outcome {
        var parameter = sched_param(sched_priority: 10)
        return sched_setscheduler(0, SCHED_FIFO, &parameter) == 0 ? .realTime : .normal
    }

    /// Back to the ordinary policy.
    static func lower() {
        var parameter = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, SCHED_OTHER, &parameter)
    }
}
