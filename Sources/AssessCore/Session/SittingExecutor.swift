import Foundation
import Synchronization

/// A serial executor with a thread of its own, for one sitting's engine and writer, or
/// the calling thread for `main`'s command (``runOnCallingThread(_:)``).
///
/// The engine (``AssessmentSession``) runs on it as its actor executor, and the sitting's
/// writer runs its task on it by executor preference, so neither waits for a thread of
/// Swift's shared pool: a sitting keeps saving and logging however busy that pool is
/// (one thread per core), on a one-core machine as in a test process running dozens of
/// tests at once. Jobs run one at a time, in the order they arrive. The thread ends when
/// the executor is released.
public final class SittingExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// The jobs waiting, shared with the thread (which must not keep the executor alive).
    private final class Queue: Sendable {
        let state = Mutex<(jobs: [UnownedJob], stopped: Bool)>(([], false))
        let ready = DispatchSemaphore(value: 0)

        /// Ends the jobs' loop once the jobs already running are done.
        func stop() {
            state.withLock { $0.stopped = true }
            ready.signal()
        }
    }

    private let queue = Queue()

    /// Starts the executor's thread, named `name` (as `ps -L` and debuggers show it; Linux
    /// keeps 15 bytes of it). A sitting's engine and writer run `inBackground`, at
    /// ``ThreadPriority/backgroundNice``; otherwise the thread keeps the ordinary priority,
    /// which the threads it starts inherit.
    public init(name: String, inBackground: Bool = true) {
        let queue = self.queue
        // Unretained: the thread runs jobs only while the executor exists (jobs arrive
        // through it), and stops when `deinit` says so.
        let executor = Unmanaged.passUnretained(self)
        PlainThread.start {
            ThreadName.setForCallingThread(name)
            // Saves and log records wait for a woken key loop, never the other way round.
            if inBackground { ThreadPriority.lowerCallingThread() }
            Self.runJobs(of: queue, on: executor)
        }
    }

    /// An executor whose jobs the thread of ``runOnCallingThread(_:)`` runs.
    private init() {}

    /// Runs `operation` as a task whose executor is the calling thread itself, and returns
    /// when the task ends: for `main`, whose thread would otherwise only wait while a
    /// command's thread works. Starting that thread and waking it on another core took
    /// about 1.4 ms of a sitting's first frame (docs/performance.md).
    public static func runOnCallingThread(_ operation: @escaping @Sendable () async -> Void) {
        let executor = SittingExecutor()
        let queue = executor.queue
        Task(executorPreference: executor) {
            await operation()
            queue.stop()
        }
        withExtendedLifetime(executor) { runJobs(of: queue, on: Unmanaged.passUnretained(executor)) }
    }

    /// Runs `queue`'s jobs on the calling thread, one at a time in the order they arrive,
    /// until it is stopped.
    private static func runJobs(of queue: Queue, on executor: Unmanaged<SittingExecutor>) {
        while true {
            queue.ready.wait()
            let next: UnownedJob?? = queue.state.withLock { state in
                if state.stopped { return .none }
                return .some(state.jobs.isEmpty ? nil : state.jobs.removeFirst())
            }
            guard let job = next else { return }
            guard let job else { continue }
            let serial = executor.takeUnretainedValue()
            job.runSynchronously(
                isolatedTo: serial.asUnownedSerialExecutor(),
                taskExecutor: serial.asUnownedTaskExecutor())
        }
    }

    deinit {
        queue.stop()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.state.withLock { $0.jobs.append(job) }
        queue.ready.signal()
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
