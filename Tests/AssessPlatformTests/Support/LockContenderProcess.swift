import Foundation

/// A running `lock-contender` (Tests/Support/LockContender), its output going to a file.
final class LockContenderProcess {
    let process = Process()
    private let outputPath: String

    /// Starts `lock-contender ARGUMENTS`; its standard output is written to `outputPath`.
    init(_ arguments: [String], outputPath: String) throws {
        self.outputPath = outputPath
        guard FileManager.default.createFile(atPath: outputPath, contents: nil) else {
            throw TestSetupError("cannot create \(outputPath)")
        }
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle.standardError
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// The lines printed so far.
    var lines: [String] {
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits until a line equal to `line` (or starting with it) has been printed.
    func waitForLine(startingWith line: String, timeout: Double = 20) throws {
        try waitUntil("lock-contender to print \(line) (printed \(lines))", timeout: timeout) {
            lines.contains { $0.hasPrefix(line) }
        }
    }

    /// Waits for the process to exit, killing it if it takes longer than `timeout`.
    func waitForExit(timeout: Double = 30) throws {
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try waitUntil("lock-contender \(pid) to exit", timeout: timeout) { !process.isRunning }
    }

    /// Kills the process with SIGKILL, as a crash would end it, and waits for it.
    func killHard() {
        kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// The `lock-contender` executable, built next to the test bundle: searched in the
    /// directories above `Bundle.main` and the test runner's own path.
    static func executable() throws -> URL {
        let starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("lock-contender")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw TestSetupError("lock-contender was not found near \(starts.map(\.path)); build the package's products first")
    }
}
