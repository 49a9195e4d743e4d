import Foundation
import Glibc

/// A published exam on the lab's PostgreSQL server (`assess publish`, then `assess open`):
/// the first frame of its sitting at a seat, before the opening (the cover) and after it
/// (the welcome screen), and the time from the proctor's `assess open` to every waiting seat
/// showing its welcome screen and, with the bench answering Enter, `y` and Enter as soon as
/// each screen shows, its first question.
struct PublishedLab {
    /// The first frame, drawn before the store answers (the exam's id and the candidate).
    var askingFrame = FirstFrame()
    var coverFrame = FirstFrame()
    var welcomeFrame = FirstFrame()
    /// From the opening (its time on the server) to each seat's welcome screen.
    var openToWelcome = Samples()
    /// From the same moment to each seat's first question.
    var openToQuestion = Samples()
    /// Seats that showed no question within the time allowed.
    var missed = 0

    static let database = "assess_published"

    static func measure(assess: String, exam: String, server: LabServer, seats count: Int, frameRuns: Int) throws
        -> PublishedLab
    {
        let waiting = (0..<count).map { String(format: "pub%03d", $0) }
        let framed = (0..<(3 * frameRuns)).map { String(format: "frame%03d", $0) }
        let proctor = LabSessions.proctor
        try server.createStore(database, seats: waiting + framed, proctors: [proctor], assess: assess)
        let office = try Sandbox()
        office.store = server.url(database: database, user: proctor)
        let id = try publish(exam, assess: assess, in: office, password: RoomMonitor.password)
        var result = PublishedLab()
        var candidates = framed[...]
        func frame(marker: String) throws -> FirstFrame {
            var frames = FirstFrame()
            for _ in 0..<frameRuns {
                guard let candidate = candidates.popFirst() else { break }
                let one = try FirstFrame.measure(
                    [assess, "take", "--exam", id, "--candidate", candidate], marker: marker, runs: 1,
                    store: server.url(database: database, user: candidate))
                frames.milliseconds.append(contentsOf: one.milliseconds)
                frames.peakResidentBytes.append(contentsOf: one.peakResidentBytes)
            }
            return frames
        }
        progress("published exam: first frame, before the store answers (\(frameRuns) runs)")
        result.askingFrame = try frame(marker: "Candidate")
        progress("published exam: first frame of the cover (\(frameRuns) runs)")
        result.coverFrame = try frame(marker: "Waiting for the proctor")

        // The waiting seats, each at its cover, then the proctor's open.
        progress("published exam: \(count) seats wait at the cover")
        var sandboxes: [Sandbox] = []
        var processes: [PseudoTerminalProcess] = []
        defer {
            for process in processes { kill(process.pid, SIGTERM) }
            for process in processes { process.stop() }
        }
        for candidate in waiting {
            let sandbox = try Sandbox()
            sandbox.store = server.url(database: database, user: candidate)
            sandboxes.append(sandbox)
            let process = try PseudoTerminalProcess(
                arguments: [assess, "take", "--exam", id, "--candidate", candidate], environment: sandbox.environment)
            guard process.waitFor("Waiting for the proctor", timeout: .seconds(30)) != nil else {
                throw MeasurementError(description: "seat \(candidate) never showed the cover")
            }
            processes.append(process)
            for process in processes { process.drain() }
        }
        progress("published exam: the proctor opens the sitting")
        // The open runs beside the loop that reads the seats, so each screen is timed as it
        // comes, from the opening's time on the server (the same machine's clock).
        let environment = office.environment
        let opener = Thread {
            _ = try? Subprocess.run(
                assess, ["open", id, "--password-stdin"], environment: environment,
                input: RoomMonitor.password + "\n")
        }
        opener.start()
        // Each seat: the welcome screen (Enter), the consent (y), the banner (Enter), the question.
        let steps: [(marker: String, key: String?)] = [
            ("begin", "\r"), ("decline", "y"), ("Press", "\r"), ("Question 1 of", nil),
        ]
        var step = [Int](repeating: 0, count: count)
        var offset = processes.map { $0.text.count }
        var welcomeAt: [Date] = []
        var questionAt: [Date] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while step.contains(where: { $0 < steps.count }) && ContinuousClock.now < deadline {
            var descriptors = processes.map { pollfd(fd: $0.master, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 20)
            for (index, process) in processes.enumerated() where step[index] < steps.count {
                guard process.drain() > 0 else { continue }
                let now = Date()
                while step[index] < steps.count, process.text.contains(steps[step[index]].marker, from: offset[index]) {
                    if step[index] == 0 { welcomeAt.append(now) }
                    if step[index] == steps.count - 1 { questionAt.append(now) }
                    offset[index] = process.text.count
                    if let key = steps[step[index]].key { process.send(key) }
                    step[index] += 1
                }
            }
        }
        guard
            let opened = try server.psql(
                "SELECT extract(epoch FROM opened_at) FROM assess.sitting_starts WHERE exam_id = '\(id)'",
                database: database
            ).first?.first.flatMap(Double.init)
        else {
            throw MeasurementError(description: "the sitting of \(id) was never opened")
        }
        for at in welcomeAt { result.openToWelcome.append((at.timeIntervalSince1970 - opened) * 1000) }
        for at in questionAt { result.openToQuestion.append((at.timeIntervalSince1970 - opened) * 1000) }
        result.missed = step.filter { $0 < steps.count }.count

        // The waiting seats end before the welcome screen's first frames, which are each one
        // seat's on a server the others have left (as the cover's were).
        for process in processes { kill(process.pid, SIGTERM) }
        for process in processes { process.stop() }
        processes = []
        progress("published exam: first frame of the welcome screen once open (\(frameRuns) runs)")
        result.welcomeFrame = try frame(marker: "quit")
        return result
    }
}

/// Sets `password` as the proctor password of `office`'s policy, publishes `exam` into its
/// store (`publish`, then `arguments`), and returns the id `publish` names.
func publish(
    _ exam: String, assess: String, in office: Sandbox, password: String, arguments: [String] = []
) throws -> String {
    _ = try Subprocess.run(
        assess, ["passwd", "--password-stdin"], environment: office.environment, input: password + "\n")
    let published = try Subprocess.run(
        assess, ["publish", exam] + arguments + ["--password-stdin"], environment: office.environment,
        input: password + "\n")
    guard
        let id = published.split(separator: "\n").first(where: { $0.hasPrefix("exam: ") })?.dropFirst(6)
            .trimmingCharacters(in: .whitespaces)
    else {
        throw MeasurementError(description: "assess publish named no exam: \(published)")
    }
    return id
}

/// Adds the published exam's rows: its first frames and the proctor's open reaching `seats`
/// waiting seats (100, or 10 when `quick`, unless given).
func addPublishedRows(to report: inout Report, assess: String, exam: String, quick: Bool, seats: Int? = nil) throws {
    let server = try LabServer.fromEnvironment()
    let count = seats ?? (quick ? 10 : 100)
    let runs = quick ? 3 : 20
    progress("published exam on PostgreSQL: \(count) waiting seats, \(runs) first frames each way")
    let published = try PublishedLab.measure(assess: assess, exam: exam, server: server, seats: count, frameRuns: runs)
    report.add(
        "published exam on PostgreSQL: first frame, drawn before the store answers (median / p99)",
        assess: Report.medianAndP99(published.askingFrame.milliseconds, unit: "ms"), reference: "", ratio: nil)
    report.add(
        "published exam on PostgreSQL: first frame, the cover before the opening (median / p99)",
        assess: Report.medianAndP99(published.coverFrame.milliseconds, unit: "ms"), reference: "", ratio: nil)
    report.add(
        "published exam on PostgreSQL: first frame, the welcome screen once open (median / p99)",
        assess: Report.medianAndP99(published.welcomeFrame.milliseconds, unit: "ms"), reference: "", ratio: nil)
    report.add(
        "published exam: from the opening to \(count) waiting seats' welcome screens (median / p99)",
        assess: Report.medianAndP99(published.openToWelcome, unit: "ms"), reference: "", ratio: nil,
        budget: "p99 ≤ 1 s", holds: (published.openToWelcome.p99 ?? .infinity) <= 1000 && published.missed == 0)
    report.add(
        "published exam: from the opening to \(count) waiting seats' first question (median / p99)",
        assess: Report.medianAndP99(published.openToQuestion, unit: "ms"), reference: "", ratio: nil)
    if published.missed > 0 {
        report.note("published exam: \(published.missed) of \(count) seats showed no first question within 60 s.")
    }
    report.note(
        "Published exam: seats of their own login role sit `take --exam ID` against the lab's server; the "
            + "first frames are timed as the welcome screen's, to the burst that shows the cover's waiting line "
            + "or the welcome's footer. The open is timed from its time on the server (`sitting_starts.opened_at`, "
            + "the same machine's clock) to each screen's arrival; "
            + "the first question includes the lock, with Enter, y and Enter sent as soon as each screen shows.")
}
