import AssessCore
import AssessPlatform
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A real tmux server with one 100×30 window running the real `assess` binary, with its
/// own lock and data directories. tmux missing is a failure, never a skip.
final class TerminalUnderTest {
    let socket: String
    let lockDirectory: String
    let dataDirectory: String
    /// The policy file in force.
    let policy: String
    /// Holds this terminal's own lock and data directories; removed with it.
    let scratch: TemporaryDirectory
    /// The variables added to the window's environment, and to `assessCommand`'s.
    let environment: [String: String]
    let assess: String

    /// Starts tmux running `assess ARGUMENTS` (after `cd` to the package), and keeps the
    /// window open after it exits so the last screen and its exit status can be read.
    /// `policy` is the policy file's path; without one, an empty policy file of the
    /// terminal's own gives the built-in settings, whatever `/etc/assess` holds.
    /// `environment` adds variables to the window's environment.
    /// `program`, when given, runs instead of `assess` (a wrapper that starts it).
    /// `keepsExitStatus` starts `assess` through a shell that ignores the hang-up and
    /// writes its exit status to a file, for ``hangUp(waiting:)`` to read.
    init(
        _ arguments: String, lockDirectory: String? = nil, dataDirectory: String? = nil,
        policy: String? = nil, environment: [String: String] = [:], program: String? = nil,
        keepsExitStatus: Bool = false, width: Int = 100, height: Int = 30
    ) throws {
        scratch = try TemporaryDirectory("assess-e2e")
        self.lockDirectory = lockDirectory ?? scratch.file("lock")
        self.dataDirectory = dataDirectory ?? scratch.file("data")
        if let policy {
            self.policy = policy
        } else {
            self.policy = scratch.file("policy.yaml")
            try "# no settings: the built-in defaults\n".write(toFile: self.policy, atomically: true, encoding: .utf8)
        }
        self.environment = environment
        socket = "assess-e2e-\(UUID().uuidString.prefix(8))"
        assess = try BuiltProducts.path(of: "assess")
        guard Self.runner.locate("tmux") != nil else {
            throw TestFailure("tmux is not installed; install it (apt-get install -y tmux) — .ci/run does")
        }
        var program = program ?? assess
        if keepsExitStatus {
            let wrapper = scratch.file("keep-exit-status.sh")
            try "trap '' HUP\n'\(program)' \"$@\"\necho $? > '\(scratch.file("exit-status"))'\n".write(
                toFile: wrapper, atomically: true, encoding: .utf8)
            program = "/bin/sh \(wrapper)"
        }
        let command = "cd \(Self.packageRoot) && \(program) \(arguments); echo EXIT=$?; sleep 600"
        let extra = environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        // `swift test` runs the tests with NO_COLOR=1, which the tmux server would hand on
        // to the window: it starts without it, and a test that wants it sets it in `environment`.
        _ = try Self.runner.run(
            "env",
            ["-u", "NO_COLOR", "tmux", "-L", socket] + [
                "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
                "-e", "LANG=C.UTF-8", "-e", "ASSESS_LOCK_DIR=\(self.lockDirectory)",
                "-e", "ASSESS_DATA_DIR=\(self.dataDirectory)", "-e", "ASSESS_POLICY=\(self.policy)",
            ] + extra + [command], timeoutSeconds: 10)
    }

    /// Ends the window and removes the scratch folder once `assess` in it has ended: a
    /// sitting still shutting down after the hang-up writes to its lock directory, and a
    /// folder removed before that stays behind. Whatever the window started and is still
    /// running 10 s after the hang-up (a sitting that never ended, a crash report) is
    /// killed, so no process outlives its test, passed or failed.
    deinit {
        started.formUnion(Self.processes(under: (try? panePIDs()) ?? []))
        _ = try? tmux("kill-server")
        let deadline = Date().addingTimeInterval(10)
        while started.contains(where: \.isRunning) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        for process in started where process.isRunning { kill(process.pid, SIGKILL) }
        while started.contains(where: \.isRunning) && Date() < deadline.addingTimeInterval(5) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        scratch.remove()
    }

    /// Every process the window started (found before its shell goes, after which they
    /// have another parent), for ``deinit`` to end.
    private var started: Set<OwnedProcess> = []

    /// The package's root folder, where `Exams/` is.
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// The screen's text now.
    func screen() throws -> String {
        try tmux("capture-pane", "-p")
    }

    /// The screen's lines as they were written: each line the terminal wrapped joined
    /// back into one, trailing blanks and the blank lines below the last one left out.
    /// For whole-screen comparisons of what a command printed, whatever its width.
    func writtenLines() throws -> [String] {
        var lines = try tmux("capture-pane", "-p", "-J").components(separatedBy: "\n")
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The screen's text as written, each line the terminal wrapped joined back (a path
    /// or sentence longer than the window reads whole, whatever the window's width).
    func writtenText() throws -> String {
        try writtenLines().joined(separator: "\n")
    }

    /// Waits until ``writtenLines()`` are `expected`, the whole screen; fails with the
    /// lines it last saw when they never are.
    func waitForWrittenLines(
        _ expected: [String], seconds: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String] = []
        while Date() < deadline {
            last = try writtenLines()
            if last == expected { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(last == expected, sourceLocation: sourceLocation)
        throw TestFailure("the screen never showed the expected lines")
    }

    /// The screen's text now with its attributes and colours as escape sequences
    /// (`ESC[4m` underline, `ESC[31m` red ...), as tmux draws them.
    func styledScreen() throws -> String {
        try tmux("capture-pane", "-p", "-e")
    }

    /// Types keys as tmux names them (`Enter`, `Tab`, `C-c`, `F4`, `y`).
    func press(_ keys: String...) throws {
        for key in keys { try tmux("send-keys", key) }
    }

    /// From the welcome screen: begin, accept the consent screen, wait for the lock
    /// banner, and (unless told not to) skip it to the first question.
    func acceptTheLock(skipBanner: Bool = true) throws {
        try waitFor("Exam key")
        try press("Enter")
        try waitFor("Lock this terminal")
        try press("y")
        try waitFor("This terminal is locked")
        if skipBanner { try press("Enter") }
    }

    /// From a question: F4, `s` on the review screen, `y` to confirm.
    func submitFromReview() throws {
        try press("F4")
        try waitFor("Review before submitting")
        try press("s")
        try waitFor("This cannot be undone")
        try press("y")
    }

    /// Submits from the review screen, then goes past the end banner and the receipt as a
    /// student would; returns the receipt's screen. The program then exits.
    @discardableResult
    func submitAndLeaveThroughTheReceipt() throws -> String {
        try submitFromReview()
        try waitFor("no longer locked")
        try press("Enter")
        let receipt = try waitFor("Receipt")
        try press("Enter")
        return receipt
    }

    /// Types `text` literally at a prompt once `prompt` shows, then Enter.
    func answer(_ prompt: String, with text: String) throws {
        try waitFor(prompt)
        try type(text)
        try press("Enter")
    }

    /// The store in this terminal's data directory.
    func store() throws -> SQLiteStore {
        try SQLiteStore(dataDirectory: URL(fileURLWithPath: dataDirectory))
    }

    /// Types `text` literally, as a fast typist would: tmux writes one `send-keys -l` to
    /// the terminal at once, which a locked sitting cannot tell from a paste past 32
    /// characters (see `KeyStream`), so longer text goes in pieces of 8, 25 ms apart.
    func type(_ text: String) throws {
        var rest = Substring(text)
        while !rest.isEmpty {
            try tmux("send-keys", "-l", String(rest.prefix(8)))
            rest = rest.dropFirst(8)
            if !rest.isEmpty { Thread.sleep(forTimeInterval: 0.025) }
        }
    }

    /// Waits until the screen contains `text`, then until the frame it belongs to is drawn
    /// whole, and returns that screen; fails with the screen when `text` never shows.
    ///
    /// A frame can reach tmux in more than one write: on a loaded machine a capture taken
    /// between them shows the top of the new frame over the rest of the old one. So the
    /// screen is returned once two captures 40 ms apart agree (or after half a second of
    /// a screen that keeps changing, such as a clock's).
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return try settled(from: last, showing: text) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \"\(text)\"; the screen was:\n\(last)", sourceLocation: sourceLocation)
        throw TestFailure("timed out waiting for \(text)")
    }

    /// The screen once two captures in a row agree, starting from `first`; the last
    /// capture still showing `text` if the screen moves on before then.
    private func settled(from first: String, showing text: String) throws -> String {
        let deadline = Date().addingTimeInterval(0.5)
        var previous = first
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.04)
            let now = try screen()
            if now == previous || !now.contains(text) { return previous }
            previous = now
        }
        return previous
    }

    /// The exit status `assess` printed when it ended (waits for it).
    func exitStatus(seconds: Double = 10) throws -> Int? {
        let text = try waitFor("EXIT=", seconds: seconds)
        guard let range = text.range(of: "EXIT=") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// The process id of `assess` in the window (a child of its shell, or further down
    /// when a wrapper started it).
    func assessPID() throws -> Int32? {
        let shell = try tmux("display", "-p", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        let matches = try Self.runner.run("pgrep", ["-f", assess], timeoutSeconds: 10).standardOutput
        return matches.split(separator: "\n").compactMap { Int32($0) }.first {
            Self.isDescendant($0, of: Int32(shell) ?? 0)
        }
    }

    /// True when `pid`'s chain of parents reaches `ancestor`.
    private static func isDescendant(_ pid: Int32, of ancestor: Int32) -> Bool {
        var current = pid
        while current > 1 {
            guard let stat = try? String(contentsOfFile: "/proc/\(current)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { return false }
            let fields = stat[afterName.upperBound...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]) else { return false }
            if parent == ancestor { return true }
            current = parent
        }
        return false
    }

    /// What ``hangUp(waiting:)`` saw.
    struct HangUp {
        /// Seconds from the terminal's end to `assess`'s, or `nil` when it was still running.
        var secondsToEnd: Double?
        /// The processor time `assess` used after its terminal went away, in seconds.
        var processorSeconds: Double
        /// Its exit status, when the terminal keeps it (`keepsExitStatus`) and it ended.
        var exitStatus: Int32?
    }

    /// Takes the terminal away from `assess` as a dropped SSH session or a closed window
    /// does: the tmux server ends, and with it the pseudo-terminal (`assess` gets SIGHUP
    /// and its reads fail). Then waits up to `seconds` for `assess` to end, following the
    /// processor time it uses meanwhile.
    func hangUp(waiting seconds: Double) throws -> HangUp {
        let pid = try #require(try assessPID())
        let processes = Self.processes(under: try panePIDs())
        started.formUnion(processes)
        let process = try #require(processes.first { $0.pid == pid })
        let before = try #require(process.processorSeconds)
        var last = before
        let hungUp = Date()
        try tmux("kill-server")
        while Date().timeIntervalSince(hungUp) < seconds {
            guard process.isRunning, let now = process.processorSeconds else {
                let ended = Date().timeIntervalSince(hungUp)
                // The shell that started it writes its status once it is reaped.
                var status: Int32?
                while status == nil && Date().timeIntervalSince(hungUp) < seconds + 2 {
                    status = (try? String(contentsOfFile: scratch.file("exit-status"), encoding: .utf8))
                        .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                    if status == nil { Thread.sleep(forTimeInterval: 0.02) }
                }
                return HangUp(secondsToEnd: ended, processorSeconds: last - before, exitStatus: status)
            }
            last = now
            Thread.sleep(forTimeInterval: 0.02)
        }
        return HangUp(secondsToEnd: nil, processorSeconds: last - before)
    }

    /// The process ids of the window's shells.
    private func panePIDs() throws -> [Int32] {
        try tmux("list-panes", "-a", "-F", "#{pane_pid}").split(separator: "\n").compactMap { Int32($0) }
    }

    /// One process, told apart from a later one with the same id by when it started.
    struct OwnedProcess: Hashable {
        let pid: Int32
        let startTime: String

        /// The fields of `/proc/PID/stat` after the command's name (the state is the first).
        private static func fields(of pid: Int32) -> [Substring]? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { return nil }
            return stat[afterName.upperBound...].split(separator: " ")
        }

        init?(pid: Int32) {
            guard let fields = Self.fields(of: pid), fields.count > 19 else { return nil }
            self.pid = pid
            startTime = String(fields[19])
        }

        /// This process's parent, while it runs.
        var parent: Int32? {
            Self.fields(of: pid).flatMap { $0.count > 1 ? Int32($0[1]) : nil }
        }

        /// True while the process runs (not ended, and not a zombie waiting for its parent).
        var isRunning: Bool {
            guard let fields = Self.fields(of: pid), fields.count > 19 else { return false }
            return String(fields[19]) == startTime && fields[0] != "Z" && fields[0] != "X"
        }

        /// The processor time it has used (user and system), in seconds; `nil` once it ended.
        var processorSeconds: Double? {
            guard isRunning, let fields = Self.fields(of: pid), fields.count > 12,
                let user = Double(fields[11]), let system = Double(fields[12])
            else { return nil }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }

    /// `roots` and every process below them.
    static func processes(under roots: [Int32]) -> Set<OwnedProcess> {
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
            .compactMap(OwnedProcess.init(pid:)).map { (process: $0, parent: $0.parent) }
        var found = Set(all.map(\.process).filter { roots.contains($0.pid) })
        var grew = true
        while grew {
            let pids = Set(found.map(\.pid))
            let more = all.filter { !found.contains($0.process) && $0.parent.map(pids.contains) == true }
            found.formUnion(more.map(\.process))
            grew = !more.isEmpty
        }
        return found
    }

    /// Waits until `assess` has ended (after a kill, when its last screen stays up and
    /// the exit line may wrap).
    func waitUntilAssessIsGone(seconds: Double = 10) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try assessPID() == nil { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("assess was still running after \(seconds) s")
    }

    /// The event log (`assess log`) once it holds `text`: the sitting's writer logs behind
    /// the screen, so a record may come a moment after the screen that follows it. Fails
    /// with the log when `text` does not come within `seconds`.
    @discardableResult
    func waitForLog(_ text: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let deadline = Date().addingTimeInterval(seconds)
        var log = ""
        while Date() < deadline {
            log = try assessCommand(["log"]).output
            if log.contains(text) { return log }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("timed out waiting for \"\(text)\" in the log:\n\(log)", sourceLocation: sourceLocation)
        throw TestFailure("timed out waiting for \(text) in the log")
    }

    /// Runs another `assess` command with this terminal's directories; returns what it
    /// printed (standard output, then standard error) and its exit status.
    /// `input`, when given, is the command's standard input (e.g. a password for `--password-stdin`).
    /// `timeoutSeconds` is longer for a command that derives scrypt keys on a loaded machine.
    func assessCommand(_ arguments: [String], input: String? = nil, timeoutSeconds: Double = 30) throws -> (
        output: String, status: Int32
    ) {
        let environment =
            [
                "LANG=C.UTF-8", "ASSESS_LOCK_DIR=\(lockDirectory)",
                "ASSESS_DATA_DIR=\(dataDirectory)", "ASSESS_POLICY=\(policy)",
            ]
            + self.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let result: CommandResult
        if let input {
            let inputFile = scratch.file("input-\(UUID().uuidString.prefix(8))")
            try input.write(toFile: inputFile, atomically: true, encoding: .utf8)
            let quoted = ([assess] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            result = try Self.runner.run(
                "env", environment + ["sh", "-c", quoted.joined(separator: " ") + " < '\(inputFile)'"],
                timeoutSeconds: timeoutSeconds)
        } else {
            result = try Self.runner.run("env", environment + [assess] + arguments, timeoutSeconds: timeoutSeconds)
        }
        return (result.standardOutput + result.standardError, result.exitStatus)
    }

    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Self.runner.run("tmux", ["-L", socket] + arguments, timeoutSeconds: 10).standardOutput
    }

    /// Runs tmux, pgrep and `assess` for the tests. It waits with waitpid and captures
    /// output in files, so the tmux server that `new-session` leaves behind holds no pipe.
    static let runner = SubprocessCommandRunner()
}

/// A test's own failure with a sentence.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
