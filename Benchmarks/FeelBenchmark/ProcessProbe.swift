import Foundation
import Glibc

/// Reads a running process's memory, CPU time and wake-ups from `/proc`.
enum ProcessProbe {
    /// Peak resident memory (`VmHWM`) in bytes, or `nil` when the process is gone.
    static func peakResidentBytes(of pid: pid_t) -> Int? {
        statusField("VmHWM", of: pid).map { $0 * 1024 }
    }

    /// Proportional resident memory (`Pss` of `smaps_rollup`) in bytes: the process's own
    /// pages plus its share of pages it shares with others (the program's code and
    /// libraries, shared by every session). Summed over processes, it is the memory they
    /// occupy together. `nil` when the process is gone.
    static func proportionalResidentBytes(of pid: pid_t) -> Int? {
        statusField("Pss", path: "/proc/\(pid)/smaps_rollup").map { $0 * 1024 }
    }

    /// CPU time used so far (user + system, all threads), or `nil` when the process is gone.
    static func cpuTime(of pid: pid_t) -> Duration? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": state is field 3, utime field 14, stime field 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        let ticksPerSecond = Int(sysconf(Int32(_SC_CLK_TCK)))
        return .milliseconds((user + system) * 1000 / ticksPerSecond)
    }

    /// How many times the process's threads have been switched out so far (voluntary and
    /// not): each wake-up from a sleep ends in one, so the growth while idle counts wake-ups.
    static func contextSwitches(of pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let path = "/proc/\(pid)/task/\(task)/status"
            return total + (statusField("voluntary_ctxt_switches", path: path) ?? 0)
                + (statusField("nonvoluntary_ctxt_switches", path: path) ?? 0)
        }
    }

    private static func statusField(_ name: String, of pid: pid_t) -> Int? {
        statusField(name, path: "/proc/\(pid)/status")
    }

    /// The first number on the line of `/proc/.../status` that starts with `name:`.
    private static func statusField(_ name: String, path: String) -> Int? {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first ?? "")
        }
        return nil
    }
}
