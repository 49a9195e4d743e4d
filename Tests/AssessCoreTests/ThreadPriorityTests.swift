import Foundation
import Synchronization
import Testing

@testable import AssessCore

/// The engine's and writer's thread runs below the key loop's priority.
@Suite struct ThreadPriorityTests {
    @Test func theSittingsExecutorRunsItsJobsAtTheBackgroundPriority() async {
        let here = ThreadPriority.callingThreadNice
        let executor = SittingExecutor(name: "priority test")
        let there = await Task(executorPreference: executor) { ThreadPriority.callingThreadNice }.value
        #expect(there == min(19, here + ThreadPriority.backgroundNice))
        // Only that thread: the caller keeps its own.
        #expect(ThreadPriority.callingThreadNice == here)
    }

    @Test func aCommandsExecutorKeepsTheOrdinaryPriorityForTheThreadsItStarts() async {
        let here = ThreadPriority.callingThreadNice
        let executor = SittingExecutor(name: "command test", inBackground: false)
        // The key loop is a thread the command starts: it inherits the command thread's nice value.
        let started = await Task(executorPreference: executor) { () -> Int32 in
            let seen = Mutex<Int32?>(nil)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                seen.withLock { $0 = ThreadPriority.callingThreadNice }
                done.signal()
            }
            thread.start()
            done.wait()
            return seen.withLock { $0 } ?? -100
        }.value
        #expect(started == here)
    }
}
