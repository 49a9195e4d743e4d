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
}
