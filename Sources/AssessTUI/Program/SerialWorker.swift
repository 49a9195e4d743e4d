import AssessCore
import Foundation
import Synchronization

/// A thread of its own that runs jobs one at a time in the order given: where a
/// program's runner sends the store reads and writes, so that the key thread never
/// waits on them. Idle, it sleeps without waking. Not Swift's shared pool: a blocking
/// store call there would hold a thread others need.
public final class SerialWorker: Sendable {
    private struct Queue {
        var jobs: [(key: String?, work: @Sendable () -> Void)] = []
        var finishing = false
    }

    private let queue = Mutex(Queue())
    private let available = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// Starts the thread, named `name` (as `ps -L` shows it), `nice` lower in CPU priority
    /// than the thread that makes it (0 keeps it); the processes it starts inherit that.
    public init(name: String, nice: Int32 = 0) {
        let thread = Thread { [self] in
            ThreadName.setForCallingThread(name)
            if nice > 0 { ThreadPriority.lowerCallingThread(by: nice) }
            while let job = next() { job() }
            done.signal()
        }
        thread.start()
    }

    /// Runs `work` after every job given before it. A job with a `key` replaces one with
    /// the same key that has not started yet (a second "read the room" while one waits).
    public func enqueue(key: String? = nil, _ work: @escaping @Sendable () -> Void) {
        queue.withLock { queue in
            if let key, let waiting = queue.jobs.firstIndex(where: { $0.key == key }) {
                queue.jobs[waiting].work = work
            } else {
                queue.jobs.append((key, work))
            }
        }
        available.signal()
    }

    /// Returns once every job given has run, and ends the thread.
    public func finish() {
        queue.withLock { $0.finishing = true }
        available.signal()
        done.wait()
    }

    private func next() -> (@Sendable () -> Void)? {
        while true {
            available.wait()
            let job: (@Sendable () -> Void)?? = queue.withLock { queue in
                if !queue.jobs.isEmpty { return queue.jobs.removeFirst().work }
                return queue.finishing ? .some(nil) : nil
            }
            switch job {
            case .some(let work?): return work
            case .some(nil): return nil
            case nil: continue
            }
        }
    }
}
