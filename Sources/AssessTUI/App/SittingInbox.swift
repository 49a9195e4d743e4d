import AssessCore
import Foundation
import Synchronization

/// Where the sitting's writer, the password check and the consent prompt post their
/// results for the run loop, which takes them as ``FlowEvent``s at its next turn.
/// Posting never blocks on the loop, and wakes it (``LoopWaker``).
public final class SittingInbox: Sendable {
    private let events = Mutex<[FlowEvent]>([])
    /// Signalled at every post, for a loop that waits without a terminal (after a hang-up).
    private let posted = DispatchSemaphore(value: 0)

    public init() {}

    /// Leaves `event` for the loop.
    public func post(_ event: FlowEvent) {
        events.withLock { $0.append(event) }
        posted.signal()
        LoopWaker.wake()
    }

    /// Every event posted since the last call, oldest first.
    func takeAll() -> [FlowEvent] {
        events.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// Waits up to `milliseconds` for a post (returns at once when one is waiting).
    func wait(milliseconds: Int) {
        _ = posted.wait(timeout: .now() + .milliseconds(milliseconds))
    }
}

/// The consent question as a step of the flow: the engine's ``ConsentPrompt`` posts
/// the request to the run loop, which shows the consent screen and answers with the
/// student's key. No second loop reads the terminal.
public final class FlowConsentPrompt: ConsentPrompt {
    private struct State {
        var inbox: SittingInbox?
        var waiting: CheckedContinuation<Bool, Never>?
    }

    private let state = Mutex(State())

    public init() {}

    /// Sends future requests to `inbox` (the app connects it when it starts).
    func connect(_ inbox: SittingInbox) {
        state.withLock { $0.inbox = inbox }
    }

    public func askToLock(_ exam: ExamDescriptor, maximumHours: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            let inbox: SittingInbox? = state.withLock { state in
                state.waiting = continuation
                return state.inbox
            }
            guard let inbox else {
                answer(granted: false)
                return
            }
            inbox.post(.consentRequested(ConsentRequest(title: exam.title, maximumHours: maximumHours)))
        }
    }

    /// The student answered (or the sitting is leaving): the engine goes on.
    func answer(granted: Bool) {
        let waiting = state.withLock { state in
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: granted)
    }
}
