import Glibc
import Synchronization

/// The read end of the loop's wake-up pipe, or -1 before ``LoopWaker/prepare()``; the
/// write end, for the signal handlers (which may only store and `write`).
private let wakeReadEnd = Atomic<Int32>(-1)
private let wakeWriteEnd = Atomic<Int32>(-1)

/// Wakes the sitting's run loop at once from anywhere: a signal handler, the writer
/// posting a result. The loop waits for a key and this pipe together (`poll`), so it
/// sleeps until the next change on screen, up to a minute with reduced motion, and
/// still notices a signal or a result without a periodic wake-up.
public enum LoopWaker {
    /// Makes the pipe (once, before the signal handlers that write to it are installed).
    public static func prepare() {
        guard wakeReadEnd.load(ordering: .acquiring) < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeWriteEnd.store(ends[1], ordering: .releasing)
        wakeReadEnd.store(ends[0], ordering: .releasing)
    }

    /// The descriptor that becomes readable when someone wakes the loop; `nil` before ``prepare()``.
    public static var descriptor: Int32? {
        let end = wakeReadEnd.load(ordering: .acquiring)
        return end < 0 ? nil : end
    }

    /// Wakes the loop. Async-signal-safe: one `write` of one byte; a full pipe already wakes it.
    public static func wake() {
        let end = wakeWriteEnd.load(ordering: .relaxed)
        guard end >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(end, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    static func drain() {
        guard let end = descriptor else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(end, $0.baseAddress, $0.count) }) > 0 {}
    }
}
