import AssessCore
import Synchronization
import Testing

/// Runs each test of a suite on a thread of its own instead of Swift's shared pool, and at
/// most ``limit`` of them at once. An end-to-end test spends its time waiting for a real
/// terminal, blocking its thread; on the pool (one thread per core) two such tests would
/// hold every thread and starve the rest of the run. For any suite whose tests block on a
/// real program: the end-to-end suites, and the app's tests that run the built binary.
public struct OwnThread: SuiteTrait, TestTrait, TestScoping {
    /// How many end-to-end tests run at once: enough to overlap their waits on two cores,
    /// few enough that each terminal's program still gets the processor in time.
    public static let limit = 6
    private static let slots = Slots(count: limit)

    public var isRecursive: Bool { true }

    public init() {}

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        await Self.slots.take()
        defer { Self.slots.give() }
        let executor = SittingExecutor(name: "assess e2e test", inBackground: false)
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == OwnThread {
    /// Each test on a thread of its own, a few at a time (see ``OwnThread``).
    public static var ownThread: Self { OwnThread() }
}

/// A counting semaphore for tasks: `take` suspends (never blocks a thread) until a slot is free.
private final class Slots: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(free: count))
    }

    func take() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func give() {
        let next = state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
