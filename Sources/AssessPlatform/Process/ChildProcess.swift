import AssessCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A program started with `posix_spawn` and watched with `waitpid`, so that waiting for
/// it needs no other thread (see `SubprocessCommandRunner` for why that matters).
///
/// The program gets `/dev/null` as standard input, its output in the given files, a
/// process group of its own, no blocked signals and default signal actions (a parent
/// that blocks or ignores SIGTERM must not pass that on), and the real user's and group's
/// ids as its own. Whoever starts it must wait
/// for it (`waitForExit`) or `stop` it, or it stays a zombie until this process ends.
struct ChildProcess {
    /// The program's process id, which is also its process group's id.
    let pid: pid_t

    /// Starts `path` with `arguments`, writing its standard output and error to the files
    /// at `outputPath` and `errorPath` (created or emptied, mode 0600).
    init(_ path: String, _ arguments: [String], outputPath: String, errorPath: String) throws(SystemCallError) {
        let written = O_WRONLY | O_CREAT | O_TRUNC
        pid = try ProcessSpawn.start(
            path, arguments,
            streams: (
                .file("/dev/null", flags: O_RDONLY), .file(outputPath, flags: written),
                .file(errorPath, flags: written)
            ))
    }

    /// Polls `waitpid` until the program exits, returning its status shell-style (the
    /// exit code, or 128 + the signal that ended it), or `nil` when `seconds` pass
    /// first. Polls every millisecond at first, then up to every 10 ms.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        var pause: useconds_t = 1_000
        while true {
            var status: Int32 = 0
            let result = retryingInterrupts { waitpid(pid, &status, WNOHANG) }
            if result == pid { return Self.shellStatus(status) }
            if result == -1 { return -1 }
            if DispatchTime.now().uptimeNanoseconds >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
    }

    /// Sends SIGTERM to the program's process group, SIGKILL if the program is still
    /// there after `graceSeconds`, and reaps it.
    func stop(graceSeconds: Double) {
        kill(-pid, SIGTERM)
        if waitForExit(seconds: graceSeconds) == nil {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            _ = retryingInterrupts { waitpid(pid, &status, 0) }
        }
    }

    /// The exit code in a `waitpid` status, or 128 + the signal that ended the program.
    /// (Swift cannot import the `WIFEXITED` family of macros.)
    private static func shellStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
