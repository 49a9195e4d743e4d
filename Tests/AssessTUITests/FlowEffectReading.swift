import AssessCore
import AssessTUI

/// Reading a flow's effects in tests: autosave batches come and go with time, so most
/// tests look at the other effects, and at saves on their own.
extension Array where Element == FlowEffect {
    /// Every effect but the saves.
    var withoutSaves: [FlowEffect] {
        filter { if case .save = $0 { return false } else { return true } }
    }

    /// The batches to save, in order.
    var saves: [SaveBatch] {
        compactMap { if case .save(let batch) = $0 { return batch } else { return nil } }
    }

    /// The reasons of the submissions asked for.
    var submissions: [SubmissionReason] {
        compactMap { if case .submit(let reason, _, _) = $0 { return reason } else { return nil } }
    }

    /// The events to log, in order.
    var logged: [AssessCore.SessionEvent] {
        compactMap { if case .log(let event) = $0 { return event } else { return nil } }
    }
}
