import AssessTestSupport
import Foundation

@testable import AssessPlatform

/// The runner the real tests drive tools with.
let realRunner = SubprocessCommandRunner()

/// Runs a tool for a test and returns its output; a missing tool or a failure throws.
@discardableResult
func runTool(_ executable: String, _ arguments: [String], timeout: Double = 10) throws -> String {
    guard realRunner.locate(executable) != nil else {
        throw TestSetupError("\(executable) is not installed; apt-get install -y tmux xvfb xclip xsel screen")
    }
    let result = try realRunner.run(executable, arguments, timeoutSeconds: timeout)
    guard result.succeeded else {
        throw TestSetupError(
            "\(executable) \(arguments.joined(separator: " ")) exited \(result.exitStatus): \(result.standardError)")
    }
    return result.standardOutput
}

/// A private tmux server on its own socket, with one detached session.
struct TmuxServer {
    let socketName = "assess-test-\(UUID().uuidString.prefix(8))"
    let socketPath: String

    init() throws {
        try runTool("tmux", ["-L", socketName, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24"])
        socketPath = try runTool("tmux", ["-L", socketName, "display", "-p", "#{socket_path}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `$TMUX` as a program inside this server would see it.
    var tmuxVariable: String { "\(socketPath),0,0" }

    @discardableResult
    func command(_ arguments: [String]) throws -> String {
        try runTool("tmux", ["-L", socketName] + arguments)
    }

    func kill() { _ = try? realRunner.run("tmux", ["-L", socketName, "kill-server"], timeoutSeconds: 5) }
}

/// A detached GNU screen session with no configuration file.
struct ScreenSession {
    let name = "assess-test-\(UUID().uuidString.prefix(8))"

    init() throws {
        try runTool("screen", ["-dmS", name, "-c", "/dev/null"])
        try waitUntil("screen session \(name)") {
            (try? realRunner.run("screen", ["-S", name, "-X", "echo", ""], timeoutSeconds: 5))?.succeeded ?? false
        }
    }

    @discardableResult
    func command(_ arguments: [String]) throws -> String {
        try runTool("screen", ["-S", name, "-X"] + arguments)
    }

    func kill() { _ = try? realRunner.run("screen", ["-S", name, "-X", "quit"], timeoutSeconds: 5) }
}

/// An Xvfb server on a display it picks itself (`-displayfd 1` writes the number to
/// its standard output, a file here, once it accepts connections).
final class VirtualDisplay {
    private let child: ChildProcess
    /// The display name, e.g. `:3`.
    let display: String

    init(scratch: TemporaryDirectory) throws {
        guard let xvfb = realRunner.locate("Xvfb") else {
            throw TestSetupError("Xvfb is not installed; apt-get install -y xvfb")
        }
        let announcement = scratch.file("xvfb-display")
        child = try ChildProcess(
            xvfb, ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"],
            outputPath: announcement, errorPath: "/dev/null")
        var number = ""
        do {
            try waitUntil("Xvfb to announce its display", timeout: 15) {
                number = (try? String(contentsOfFile: announcement, encoding: .utf8)) ?? ""
                return number.hasSuffix("\n")
            }
        } catch {
            child.stop(graceSeconds: 1)
            throw error
        }
        display = ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() { child.stop(graceSeconds: 2) }
}
