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
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, utime field 14, stime field 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        let ticksPerSecond = Int(sysconf(Int32(_SC_CLK_TCK)))
        return .milliseconds((user + system) * 1000 / ticksPerSecond)
    }

    /// How many times each of the process's threads has gone to sleep so far (voluntary
    /// context switches: each ends in a wake-up) and has been preempted while it ran
    /// (involuntary ones: another task, such as the terminal woken by its output, took
    /// the processor), by thread id. A thread that has ended is no longer listed, so a
    /// sum over threads can shrink; compare thread by thread (``WakeupLedger``).
    static func contextSwitchesByThread(of pid: pid_t) -> [Int: ContextSwitches] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var switches: [Int: ContextSwitches] = [:]
        for task in tasks {
            guard let id = Int(task) else { continue }
            let path = "/proc/\(pid)/task/\(task)/status"
            guard let voluntary = statusField("voluntary_ctxt_switches", path: path),
                let involuntary = statusField("nonvoluntary_ctxt_switches", path: path)
            else { continue }
            switches[id] = ContextSwitches(sleeps: voluntary, preemptions: involuntary)
        }
        return switches
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

/// A thread's context switches: the times it went to sleep (and later woke), and the
/// times it was preempted while running.
struct ContextSwitches: Equatable {
    var sleeps: Int
    var preemptions: Int

    static let zero = ContextSwitches(sleeps: 0, preemptions: 0)
}

/// Counts a process's wake-ups over a span of time, thread by thread: each thread's
/// voluntary context switches since the first sample (or since it started, for a thread
/// started later); a wake-up is the end of a sleep, and each sleep begins with one. Its
/// preemptions are counted apart: they are not wake-ups (the thread was running) but the
/// cost of what its output wakes, such as the terminal that reads it. Sampled often, a
/// thread that ends in between loses at most the switches of its last sampling interval,
/// where a sum over the threads listed at the start and at the end would lose all of its
/// switches, and even go negative.
struct WakeupLedger {
    private let pid: pid_t
    private let first: [Int: ContextSwitches]
    private var latest: [Int: ContextSwitches]

    init(pid: pid_t) {
        self.pid = pid
        first = ProcessProbe.contextSwitchesByThread(of: pid)
        latest = first
    }

    /// Takes a sample of every thread's counts.
    mutating func sample() {
        latest.merge(ProcessProbe.contextSwitchesByThread(of: pid)) { _, new in new }
    }

    /// The wake-ups of every thread seen, since the first sample.
    var wakeups: Int {
        latest.reduce(0) { total, thread in total + thread.value.sleeps - (first[thread.key] ?? .zero).sleeps }
    }

    /// The preemptions of every thread seen, since the first sample.
    var preemptions: Int {
        latest.reduce(0) { total, thread in total + thread.value.preemptions - (first[thread.key] ?? .zero).preemptions
        }
    }

    /// How many threads were seen.
    var threads: Int { latest.count }
}
