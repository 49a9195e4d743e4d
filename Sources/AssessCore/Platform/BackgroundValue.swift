import Foundation

/// A value computed on a thread of its own (``PlainThread``) from the moment it is made, for
/// what a sitting's first frame waits on while the command thread does its own part.
/// ``value`` waits for it the first time. Read from one thread only.
public final class BackgroundValue<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Set by the computing thread before `done` is signalled.
    private var computed: Value?
    private var waited = false

    /// Starts computing the value on a thread named `name` (as `ps -L` shows it).
    public init(named name: String, _ compute: @escaping @Sendable () -> Value) {
        PlainThread.start { [self] in
            ThreadName.setForCallingThread(name)
            computed = compute()
            done.signal()
        }
    }

    /// The value, once computed.
    public var value: Value {
        if !waited {
            done.wait()
            waited = true
        }
        // Set before the signal the wait returned on.
        return computed!
    }
}
