import Foundation

/// This machine's processes as a lease's holder names them: a pid and the moment that
/// process started. A pid alone is not enough: the kernel hands a freed pid to a new
/// process, so a holder long gone could seem to run on.
public enum LocalProcess {
    /// This machine's name, as a lease's holder records it.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown host" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// When process `pid` started, in clock ticks since boot (`/proc/PID/stat`, field 22),
    /// or nil when it does not run (or `/proc` cannot say).
    public static func startTime(of pid: Int32) -> UInt64? {
        guard pid > 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return startTime(fromStat: stat)
    }

    /// Field 22 of a `/proc/PID/stat` line. The command's name (field 2) is in parentheses
    /// and may hold spaces and parentheses itself, so the fields are counted from the last
    /// `)`: field 3 is the first after it.
    static func startTime(fromStat stat: String) -> UInt64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        // Field 3 is fields[0], so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    /// True when `holder` is known alive here: it runs on this machine, and its pid is a
    /// running process that started when the holder recorded. A holder on another machine,
    /// or without a recorded start, is not known alive.
    public static func isAlive(_ holder: LeaseHolder) -> Bool {
        guard let recorded = holder.processStart, holder.host == hostName() else { return false }
        return startTime(of: holder.pid) == recorded
    }

    /// True when `holder` ran on this machine and its process is gone: no process has its
    /// pid, or the one that has it started at another moment (the pid was given again).
    public static func isGone(_ holder: LeaseHolder) -> Bool {
        guard holder.host == hostName() else { return false }
        if kill(holder.pid, 0) != 0 && errno == ESRCH { return true }
        guard let recorded = holder.processStart, let running = startTime(of: holder.pid) else { return false }
        return running != recorded
    }
}
