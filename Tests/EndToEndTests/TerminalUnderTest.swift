import AssessTestSupport
import Foundation
import Testing

/// A real tmux server with one 100×30 window running the real `assess` binary, with its
/// own lock and data directories. tmux missing is a failure, never a skip.
final class TerminalUnderTest {
    let socket: String
    let lockDirectory: String
    let dataDirectory: String
    let root: String
    let assess: String

    /// Starts tmux running `assess ARGUMENTS` (after `cd` to the package), and keeps the
    /// window open after it exits so the last screen and its exit status can be read.
    /// `policy` is the policy file's path; empty means the built-in defaults.
    init(_ arguments: String, lockDirectory: String? = nil, dataDirectory: String? = nil,
         policy: String = "", width: Int = 100, height: Int = 30) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("assess-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        self.lockDirectory = lockDirectory ?? root + "/lock"
        self.dataDirectory = dataDirectory ?? root + "/data"
        socket = "assess-e2e-\(UUID().uuidString.prefix(8))"
        assess = try BuiltProducts.path(of: "assess")
        guard Self.which("tmux") != nil else {
            throw TestFailure("tmux is not installed; install it (apt-get install -y tmux) — .ci/run does")
        }
        let command = "cd \(Self.packageRoot) && \(assess) \(arguments); echo EXIT=$?; sleep 600"
        try tmux("-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
                 "-e", "LANG=C.UTF-8", "-e", "ASSESS_LOCK_DIR=\(self.lockDirectory)",
                 "-e", "ASSESS_DATA_DIR=\(self.dataDirectory)", "-e", "ASSESS_POLICY=\(policy)",
                 command)
    }

    deinit {
        _ = try? tmux("kill-server")
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The package's root folder, where `Exams/` is.
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// The screen's text now.
    func screen() throws -> String {
        try tmux("capture-pane", "-p")
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

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux("send-keys", "-l", text)
    }

    /// Waits until the screen contains `text`; fails with the screen when it does not.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \"\(text)\"; the screen was:\n\(last)", sourceLocation: sourceLocation)
        throw TestFailure("timed out waiting for \(text)")
    }

    /// The exit status `assess` printed when it ended (waits for it).
    func exitStatus(seconds: Double = 10) throws -> Int? {
        let text = try waitFor("EXIT=", seconds: seconds)
        guard let range = text.range(of: "EXIT=") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// The process id of `assess` in the window.
    func assessPID() throws -> Int32? {
        let shell = try tmux("display", "-p", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try Self.run("/usr/bin/pgrep", ["-P", shell, "-f", assess])
        return Int32(children.split(separator: "\n").first ?? "")
    }

    /// Runs another `assess` command with this terminal's directories; returns output and status.
    func assessCommand(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: assess)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["ASSESS_LOCK_DIR"] = lockDirectory
        environment["ASSESS_DATA_DIR"] = dataDirectory
        environment["ASSESS_POLICY"] = ""
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try Self.run(Self.which("tmux") ?? "tmux", ["-L", socket] + arguments)
    }

    /// Runs a program and returns what it printed, waiting with `waitpid`. Output goes
    /// through a file, not a pipe: the tmux server that `new-session` starts would hold
    /// a pipe open forever.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else { throw TestFailure("cannot start \(executable): error \(status)") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
        return String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }

    static func which(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        return nil
    }
}

/// A test's own failure with a sentence.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
