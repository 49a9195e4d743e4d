import AssessCore
import Foundation
import Synchronization

/// Runs `body` on a thread of its own, `nice` lower in CPU priority than the caller's (as
/// a sitting's sample-run thread is), waits for it, and gives back what it returned or threw.
public func onThreadLowered<Value: Sendable>(
    by nice: Int32, _ body: @escaping @Sendable () throws -> Value
) throws -> Value {
    let result = Mutex<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        ThreadPriority.lowerCallingThread(by: nice)
        let outcome = Result { try body() }
        result.withLock { $0 = outcome }
        done.signal()
    }.start()
    done.wait()
    return try result.withLock { $0! }.get()
}
