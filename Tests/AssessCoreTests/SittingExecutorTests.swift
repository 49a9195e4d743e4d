import Foundation
import Glibc
import Synchronization
import Testing

@testable import AssessCore

/// `main`'s executor: the command's task runs on the thread that asked for it.
@Suite struct SittingExecutorTests {
    @Test func aTaskRunOnTheCallingThreadStaysOnItAcrossSuspensionsAndReturnsWhenItEnds() {
        let seen = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        PlainThread.start {
            let caller = pthread_self()
            SittingExecutor.runOnCallingThread {
                seen.withLock { $0.append("began on the caller: \(pthread_self() == caller)") }
                // A suspension whose continuation is enqueued from another thread.
                let other = await withCheckedContinuation { (continuation: CheckedContinuation<pthread_t, Never>) in
                    PlainThread.start { continuation.resume(returning: pthread_self()) }
                }
                seen.withLock {
                    $0.append(
                        "resumed on the caller: \(pthread_self() == caller), woken from another: \(other != caller)")
                }
            }
            seen.withLock { $0.append("returned") }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success, "the task did not end")
        #expect(
            seen.withLock { $0 } == [
                "began on the caller: true", "resumed on the caller: true, woken from another: true", "returned",
            ])
    }
}
