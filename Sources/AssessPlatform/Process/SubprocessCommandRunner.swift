import AssessCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why `SubprocessCommandRunner` could not run a program to the end.
public enum CommandRunnerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No executable of that name on the search path.
    case notFound(String)
    /// The program could not be started (or its output could not be captured).
    case couldNotStart(String, reason: String)
    /// The program was still running after the timeout and was stopped.
    case timedOut(String, seconds: Double)

    public var description: String {
        switch self {
        case .notFound(let name): return "\(name) is not installed (not found on PATH)"
        case .couldNotStart(let name, let reason): return "\(name) could not be started: \(reason)"
        case .timedOut(let name, let seconds): return "\(name) did not finish within \(seconds) s and was stopped"
        }
    }
}

/// Runs programs with `Foundation.Process`, for the clipboard backends.
///
/// - Standard input is `/dev/null`, so no program waits for typing.
/// - Standard output and error go to temporary files, not pipes, which are read once
///   the program has exited. X11 clipboard tools fork a background process that keeps
///   the selection and inherits these descriptors; with pipes, waiting for end-of-file
///   would wait for that background process. With files, nothing waits for it.
/// - The timeout is real: when it passes the program gets SIGTERM, and SIGKILL a
///   second later if it is still there; then `run` throws `timedOut`. Only the
///   program itself is signalled, not children it started.
/// - The program inherits this process's environment; backends that must point a tool
///   somewhere else say so in its arguments.
public struct SubprocessCommandRunner: CommandRunner {
    /// The directories searched for a program named without a slash (`PATH`'s form).
    public var searchPath: String

    /// How long a program gets between SIGTERM and SIGKILL after its timeout.
    private static let graceSeconds = 1.0

    /// A runner searching `searchPath`, by default this process's `PATH`.
    public init(searchPath: String? = nil) {
        self.searchPath = searchPath
            ?? ProcessInfo.processInfo.environment["PATH"]
            ?? "/usr/local/bin:/usr/bin:/bin"
    }

    /// The full path of the executable `name`: `name` itself when it contains a slash,
    /// else the first executable file of that name in `searchPath`.
    public func locate(_ name: String) -> String? {
        if name.contains("/") {
            return access(name, X_OK) == 0 ? name : nil
        }
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            var status = stat()
            if stat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments` and returns its exit status and output.
    /// A program killed by a signal reports `128 + signal`, as a shell does.
    public func run(_ executable: String, _ arguments: [String], timeoutSeconds: Double) throws -> CommandResult {
        guard let path = locate(executable) else { throw CommandRunnerError.notFound(executable) }

        let capture = try OutputFiles(for: executable)
        defer { capture.remove() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = capture.output
        process.standardError = capture.error
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw CommandRunnerError.couldNotStart(executable, reason: error.localizedDescription)
        }
        capture.closeWriters()

        if exited.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + Self.graceSeconds) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            throw CommandRunnerError.timedOut(executable, seconds: timeoutSeconds)
        }

        let status = process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus
            : process.terminationStatus
        return CommandResult(exitStatus: status,
                             standardOutput: capture.readOutput(),
                             standardError: capture.readError())
    }
}

/// Two temporary files that receive a program's standard output and error.
private struct OutputFiles {
    let outputPath: String
    let errorPath: String
    let output: FileHandle
    let error: FileHandle

    init(for executable: String) throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("assess-\(getpid())-\(UUID().uuidString)").path
        outputPath = base + ".out"
        errorPath = base + ".err"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil, attributes: [.posixPermissions: 0o600]),
              FileManager.default.createFile(atPath: errorPath, contents: nil, attributes: [.posixPermissions: 0o600]),
              let output = FileHandle(forWritingAtPath: outputPath),
              let error = FileHandle(forWritingAtPath: errorPath) else {
            try? FileManager.default.removeItem(atPath: outputPath)
            try? FileManager.default.removeItem(atPath: errorPath)
            throw CommandRunnerError.couldNotStart(executable, reason: "cannot create files for its output in \(base)")
        }
        self.output = output
        self.error = error
    }

    /// Closes this process's copies once the program has its own.
    func closeWriters() {
        try? output.close()
        try? error.close()
    }

    func readOutput() -> String { read(outputPath) }
    func readError() -> String { read(errorPath) }

    private func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    func remove() {
        closeWriters()
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }
}
