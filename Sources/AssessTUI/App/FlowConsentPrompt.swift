import AssessCore
import Synchronization

/// The consent question as a step of the flow: the engine's ``ConsentPrompt`` posts
/// the request to the run loop, which shows the consent screen and answers with the
/// student's key. No second loop reads the terminal.
public final class FlowConsentPrompt: ConsentPrompt {
    private struct State {
        var inbox: ProgramInbox<FlowEvent>?
        var waiting: CheckedContinuation<Bool, Never>?
    }

    private let state = Mutex(State())

    public init() {}

    /// Sends future requests to `inbox` (the app connects it when it starts).
    func connect(_ inbox: ProgramInbox<FlowEvent>) {
        state.withLock { $0.inbox = inbox }
    }

    public func askToLock(_ exam: ExamDescriptor, maximumHours: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            let inbox: ProgramInbox<FlowEvent>? = state.withLock { state in
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
