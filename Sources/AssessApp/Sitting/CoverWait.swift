import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTUI
import Foundation
import Synchronization

/// A seat at a published exam whose sitting is not open yet: it holds the candidate's
/// lease (so the proctor's monitor shows it waiting at its welcome screen), shows the
/// exam's cover, and goes on the moment the store gives the questions.
package struct CoverWait {
    package let runtime: Runtime
    package let policy: Policy
    /// The published exam's id, as the command line gave it.
    package let examID: String
    package let candidate: String
    package let cover: ExamCover
    package let deliveryKey: String
    package let store: any PublishedExamStore
    /// Where the store is, for messages.
    package let location: String
    package var accessibility = AccessibilitySettings()
    package var language: InterfaceLanguage
    /// The terminal when it was taken over already (it showed that the store was asked).
    package var terminal: CursesTerminal?

    /// What the wait gives the sitting once the sitting opened.
    package struct Opened {
        /// The exam, or its questions sealed under the start code (`.exam` or `.sealed`).
        package let questions: SealedExamSource.Reading
        /// The terminal, taken over already.
        package let terminal: CursesTerminal
        /// The lease this process holds.
        package let holder: LeaseHolder
    }

    /// Waits at the cover; the exam, the terminal and the lease when the sitting opened,
    /// `nil` when the student left or a signal stopped the wait (the lease is given back).
    package func run() throws -> Opened? {
        let text = Catalogue.of(language)
        let (holder, _) = try SittingRunner.takeLease(
            exam: examID, examPath: examID, candidate: candidate, holder: nil, in: store, policy: policy,
            runtime: runtime, text: text)
        let terminal = self.terminal ?? CursesTerminal()
        do {
            try terminal.start()
        } catch {
            try? store.releaseLease(exam: examID, candidate: candidate, holder: holder)
            throw CommandFailure(.notDone, text("terminal.unusable", ["problem": "\(error)"]))
        }
        SignalTrap.install()
        let watch = StoreOpeningWatch(
            examID: examID, candidate: candidate, store: store, location: location, holder: holder,
            lostAfter: policy.leaseLostAfter)
        let outcome = CoverApp(
            cover: cover, deliveryKey: deliveryKey, candidate: candidate, language: language,
            accessibility: accessibility,
            terminal: terminal, watch: watch, clock: runtime.clock
        ).run()
        guard outcome == .opened, let questions = watch.questions else {
            terminal.stop()
            try? store.releaseLease(exam: examID, candidate: candidate, holder: holder)
            if let failure = watch.failure { throw failure }
            return nil
        }
        return Opened(questions: questions, terminal: terminal, holder: holder)
    }
}

/// Asks the store for a published exam's form whenever its seat watcher says news may have
/// come (at least once a second), renewing the waiting seat's lease as a sitting does.
final class StoreOpeningWatch: OpeningWatch, @unchecked Sendable {
    private let examID: String
    private let candidate: String
    private let store: any PublishedExamStore
    private let location: String
    private let holder: LeaseHolder
    private let lostAfter: Double
    private let state = Mutex<State>(State())

    private struct State {
        var questions: SealedExamSource.Reading?
        var failure: CommandFailure?
        var watcher: (any RoomWatcher)?
        var renewedAt = ContinuousClock.now
        var interrupted = false
    }

    /// The exam read once the sitting opened (`.exam`), or its questions sealed under the
    /// start code (`.sealed`).
    var questions: SealedExamSource.Reading? { state.withLock { $0.questions } }
    /// Why the wait cannot go on (the candidate may not sit the exam, its form is unreadable).
    var failure: CommandFailure? { state.withLock { $0.failure } }

    init(
        examID: String, candidate: String, store: any PublishedExamStore, location: String, holder: LeaseHolder,
        lostAfter: Double
    ) {
        self.examID = examID
        self.candidate = candidate
        self.store = store
        self.location = location
        self.holder = holder
        self.lostAfter = lostAfter
    }

    func questionsArrived() throws -> Bool {
        try renewLeaseWhenDue()
        do {
            guard let exam = try SealedExamSource.form(examID, candidate: candidate, store: store, location: location)
            else {
                throw CommandFailure(.examMissing, "no exam \(examID) is published in the store \(location) any more")
            }
            state.withLock { $0.questions = .exam(exam) }
            return true
        } catch let sealed as SealedExamSource.SealedForm {
            state.withLock { $0.questions = .sealed(sealed, store: store, location: location) }
            return true
        } catch PublicationError.notOpenYet {
            return false
        } catch let failure as CommandFailure {
            // The store answered, and its answer will not change by waiting: end the wait.
            state.withLock { $0.failure = failure }
            return true
        }
    }

    /// Renews the lease a sixth of its lost-after time after the last renewal, as often as
    /// a running sitting does at most.
    private func renewLeaseWhenDue() throws {
        let due = state.withLock { ContinuousClock.now - $0.renewedAt >= .seconds(max(1, lostAfter / 6)) }
        guard due else { return }
        _ = try store.takeLease(exam: examID, candidate: candidate, holder: holder, lostAfter: lostAfter, at: Date())
        state.withLock { $0.renewedAt = ContinuousClock.now }
    }

    func waitForNews(milliseconds: Int) -> Bool {
        let (watcher, interrupted) = state.withLock { state in
            if state.watcher == nil && !state.interrupted {
                state.watcher = try? store.room?.seatWatcher(exam: examID, candidate: candidate, holder: holder)
            }
            return (state.watcher, state.interrupted)
        }
        if interrupted { return true }
        guard let watcher else {
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            return true
        }
        return watcher.waitForChange(milliseconds: milliseconds)
    }

    func interrupt() {
        let watcher = state.withLock { state in
            state.interrupted = true
            return state.watcher
        }
        watcher?.interrupt()
    }
}
