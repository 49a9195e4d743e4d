import AssessTestSupport
import Foundation

@testable import AssessPlatform

#if canImport(Glibc)
    import Glibc
#endif

/// A running `lock-contender` (Tests/Support/LockContender), its output going to a file.
final class LockContenderProcess {
    private let child: ChildProcess
    private let outputPath: String
    private var exitStatus: Int32?

    /// Starts `lock-contender ARGUMENTS`; its standard output is written to `outputPath`.
    init(_ arguments: [String], outputPath: String) throws {
        self.outputPath = outputPath
        child = try ChildProcess(
            try BuiltProducts.path(of: "lock-contender"), arguments,
            outputPath: outputPath, errorPath: outputPath + ".err")
    }

    var pid: Int32 { child.pid }

    /// The lines printed so far.
    var lines: [String] {
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// True until the process has exited (and been reaped by `isRunning` or `waitForExit`).
    var isRunning: Bool {
        if exitStatus == nil { exitStatus = child.waitForExit(seconds: 0) }
        return exitStatus == nil
    }

    /// Waits until a line starting with `line` has been printed.
    func waitForLine(startingWith line: String, timeout: Double = 20) throws {
        try waitUntil("lock-contender to print \(line) (printed \(lines))", timeout: timeout) {
            lines.contains { $0.hasPrefix(line) }
        }
    }

    /// Waits for the process to exit, killing it if it takes longer than `timeout`.
    func waitForExit(timeout: Double = 30) throws {
        guard exitStatus == nil else { return }
        exitStatus = child.waitForExit(seconds: timeout)
        if exitStatus == nil {
            killHard()
            throw TestSetupError("lock-contender \(pid) did not exit within \(timeout) s")
        }
    }

    /// Kills the process with SIGKILL, as a crash would end it, and reaps it.
    func killHard() {
        guard exitStatus == nil else { return }
        kill(pid, SIGKILL)
        exitStatus = child.waitForExit(seconds: 10)
    }
}
