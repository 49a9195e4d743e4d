import AssessCore
import AssessExam
import Foundation

/// The exam a `take` asks for, read on a thread of its own from the command's start, beside
/// the policy: the two reads that need nothing from it, an exam file and a published
/// exam's form read the quick way from the SQLite store (``SealedExamSource``). The command
/// thread reads the policy meanwhile and takes what was read only where it would have read
/// the same itself (a published exam's quick form only when the store in force is SQLite),
/// so its refusals come in the same order as before.
package final class ExamReadAhead: @unchecked Sendable {
    /// What was read, as the command thread would have read it.
    enum Read {
        /// An exam file, or why it could not be read.
        case file(Result<Exam, CommandFailure>)
        /// A published exam's quick form (`nil`: the store itself must be asked), or why it
        /// could not be read.
        case quickForm(Result<Exam?, any Error>)
    }

    private let done = DispatchSemaphore(value: 0)
    /// Written by the reading thread before `done` is signalled; read after waiting on it.
    private var read: Read?
    /// Whether ``result()`` has waited already (it is only called on the command's thread).
    private var waited = false

    /// Starts reading `argument` (as `take` names it) for `candidate`, with the store's
    /// data directory `dataDirectory`.
    init(argument: String, byID: Bool, candidate: String, dataDirectory: String) {
        PlainThread.start { [self] in
            if SealedExamSource.namesPublishedExam(argument, byID: byID) {
                read = .quickForm(
                    Result {
                        try SealedExamSource.quickForm(argument, candidate: candidate, dataDirectory: dataDirectory)
                    })
            } else {
                read = .file(Result { () throws(CommandFailure) -> Exam in try ExamFiles.load(argument) })
            }
            done.signal()
        }
    }

    /// What was read, once it is.
    func result() -> Read? {
        if !waited {
            done.wait()
            waited = true
        }
        return read
    }
}
