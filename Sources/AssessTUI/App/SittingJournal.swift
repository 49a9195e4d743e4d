import AssessCore
import Foundation
import Synchronization

/// The sitting's ``TypingJournal``, written on a thread of its own: the key loop hands it
/// each key's edits and returns at once; the thread writes them in the order given, each
/// batch in one `write` as soon as it comes, so a crash loses only what was typed in the
/// last moment. The writer waits for it (``flush()``) before each save, and tells it what
/// the store then has (``saved(mark:questions:)``).
///
/// A journal that cannot be written is removed and the sitting goes on without one:
/// the saves to the store go on as before.
final class SittingJournal: Sendable {
    private let directory: String
    private let worker = SerialWorker(name: "assess journal")
    /// Touched only on the worker's thread.
    private let file = Mutex<TypingJournal?>(nil)

    /// A journal in `directory` (the `journal` folder of the data directory), started by
    /// ``start(attempt:)``.
    init(directory: String) {
        self.directory = directory
    }

    /// Starts the journal of attempt `attempt` empty; what an earlier sitting left was
    /// replayed into the store before this one began.
    func start(attempt: String) {
        let directory = directory
        worker.enqueue { [self] in
            file.withLock { file in
                let journal = TypingJournal(directory: directory, attempt: attempt)
                do {
                    try journal.start()
                    file = journal
                } catch {
                    journal.remove()
                }
            }
        }
    }

    /// Writes `notes` after those given before; returns at once.
    func record(_ notes: [TypingNote]) {
        guard !notes.isEmpty else { return }
        worker.enqueue { [self] in
            use { journal in
                var records: [TypingRecord] = []
                for note in notes {
                    switch note {
                    case .checkpoint(let question, let kind, let text, let mark):
                        records.append(
                            .checkpoint(
                                question: question, kind: kind, digest: TypingJournal.digest(of: text), mark: mark))
                    case .edited(let question, let edits):
                        // One record an edit: each line stays short, whatever was pasted.
                        records += edits.map { .edit(question: question, $0) }
                    }
                }
                try journal.append(records)
            }
        }
    }

    /// Returns once everything given before is written and on the disk: the checkpoint of
    /// the save that follows is then in the journal before the store has its text.
    func flush() {
        let done = DispatchSemaphore(value: 0)
        worker.enqueue { [self] in
            use { try $0.sync() }
            done.signal()
        }
        done.wait()
    }

    /// The store has the texts of `questions` that checkpoint `mark` names.
    func saved(mark: UInt64, questions: Set<String>) {
        guard !questions.isEmpty else { return }
        worker.enqueue { [self] in use { try $0.saved(mark: mark, questions: questions) } }
    }

    /// The attempt ended: the journal goes.
    func remove() {
        worker.enqueue { [self] in
            file.withLock { file in
                file?.remove()
                file = nil
            }
        }
    }

    /// Waits for everything given, and ends the thread.
    func finish() {
        worker.finish()
    }

    /// Runs `action` on the journal, if it is still kept; a failure removes it.
    private func use(_ action: (TypingJournal) throws -> Void) {
        file.withLock { file in
            guard let journal = file else { return }
            do {
                try action(journal)
            } catch {
                // A journal with a gap could mislead a replay: none is better.
                journal.remove()
                file = nil
            }
        }
    }
}
