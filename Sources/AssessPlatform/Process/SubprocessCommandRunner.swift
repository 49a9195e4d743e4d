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

/// Runs programs for the clipboard backends, with `posix_spawn` and `waitpid`.
///
/// - Standard input is `/dev/null`, so no program waits for typing.
/// - Standard output and error go to temporary files, not pipes, and are read once the
///   program has exited. X11 clipboard tools fork a background process that keeps the
///   selection and inherits these descriptors; with pipes, waiting for end-of-file
///   would wait for that background process. With files, nothing waits for it.
/// - The program starts in a process group of its own with default signal handling.
///   The timeout is real: when it passes, the group gets SIGTERM, and SIGKILL a second
///   later if the program is still there; then `run` throws `timedOut`.
/// - The program inherits this process's environment; backends that must point a tool
///   somewhere else say so in its arguments.
///
/// Why not `Foundation.Process`: on Linux it learns that a child exited through a
/// Dispatch source, which needs a free Dispatch worker thread. `run` is synchronous and
/// blocks its caller's thread, and Swift's cooperative threads are those same workers,
/// as many as there are CPUs; two clears at once on two CPUs (one on one CPU) left
/// every worker waiting for an exit nobody could report. `waitpid` needs no other thread.
public struct SubprocessCommandRunner: CommandRunner {
    /// The directories searched for a program named without a slash (`PATH`'s form).
    public var searchPath: String

    /// How long a program gets between SIGTERM and SIGKILL after its timeout.
    private static let graceSeconds = 1.0

    /// A runner searching `searchPath`, by default this process's `PATH`.
    public init(searchPath: String? = nil) {
        self.searchPath =
            searchPath
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
        let capture = OutputFiles()
        defer { capture.remove() }

        let child: ChildProcess
        do {
            child = try ChildProcess(path, arguments, outputPath: capture.outputPath, errorPath: capture.errorPath)
        } catch {
            throw CommandRunnerError.couldNotStart(executable, reason: error.description)
        }
        guard let status = child.waitForExit(seconds: timeoutSeconds) else {
            child.stop(graceSeconds: Self.graceSeconds)
            throw CommandRunnerError.timedOut(executable, seconds: timeoutSeconds)
        }
        return CommandResult(
            exitStatus: status, standardOutput: capture.read(capture.outputPath),
            standardError: capture.read(capture.errorPath))
    }
}

/// The paths of two temporary files that receive a program's standard output and error.
private struct OutputFiles {
    let outputPath: String
    let errorPath: String

    init() {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("assess-command-\(getpid())-\(UUID().uuidString)").path
        outputPath = base + ".out"
        errorPath = base + ".err"
    }

    func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }
}
