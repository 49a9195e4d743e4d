import AssessExam
import AssessTUI
import Foundation
import Synchronization

/// Keeps a sitting's attempt in memory, optionally taking its time over every write
/// (a slow disk), and failing on request.
public final class InMemorySittingRecorder: SittingRecorder {
    /// What was written, in order.
    public struct Record: Sendable, Equatable {
        public var attemptID: String?
        public var answers: [String: Response?] = [:]
        public var flagged: Set<String> = []
        /// The annotations saved last, by question (none saved leaves no entry).
        public var annotations: [String: Annotations] = [:]
        /// The question of every answer saved, in the order written.
        public var saves: [String] = []
        public var secondsUsed: Int?
        public var secondsAllowed: Int?
        /// The timed sections closed, in order, with the seconds used at each closing.
        public var sectionsClosed: [SaveBatch.SectionClosing] = []
        public var end: AttemptEnd?
        public var receipt: String?
        /// The proctor's settings the attempt started with.
        public var settings: LaunchSettings?
    }

    private let state = Mutex(Record())
    private let failing = Mutex(false)
    private let delay: Duration

    /// - Parameter delay: How long every write takes.
    public init(delay: Duration = .zero) {
        self.delay = delay
    }

    /// What has been written so far.
    public var record: Record { state.withLock { $0 } }

    /// Makes every write from now on fail (or succeed again).
    public func setFailing(_ fails: Bool) { failing.withLock { $0 = fails } }

    private func write() throws {
        if delay > .zero {
            Thread.sleep(
                forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) * 1e-18)
        }
        if failing.withLock({ $0 }) { throw FakeFailure("disk full") }
    }

    public func startAttempt(practice: Bool, settings: LaunchSettings) throws -> String {
        try write()
        return state.withLock {
            $0.attemptID = "attempt-1"
            $0.settings = settings
            return "attempt-1"
        }
    }

    public func save(
        attemptID: String, questionID: String, response: Response?, flagged: Bool, annotations: Annotations
    ) throws {
        try write()
        state.withLock {
            $0.answers[questionID] = response
            if flagged { $0.flagged.insert(questionID) } else { $0.flagged.remove(questionID) }
            $0.annotations[questionID] = annotations.isEmpty ? nil : annotations
            $0.saves.append(questionID)
        }
    }

    public func updateProgress(attemptID: String, secondsUsed: Int, currentQuestion: Int, breaksTaken: Int) throws {
        try write()
        state.withLock { $0.secondsUsed = secondsUsed }
    }

    public func updateSecondsAllowed(attemptID: String, seconds: Int) throws {
        try write()
        state.withLock { $0.secondsAllowed = seconds }
    }

    public func closeSection(attemptID: String, section: Int, secondsUsed: Int) throws {
        try write()
        state.withLock {
            $0.sectionsClosed.append(SaveBatch.SectionClosing(section: section, secondsUsed: secondsUsed))
        }
    }

    /// Keeps no event log, so there is no head: receipts are `v1`.
    public func chainHead() throws -> String? {
        nil
    }

    public func finish(attemptID: String, as end: AttemptEnd, receipt: String?, at time: Date) throws {
        try write()
        state.withLock {
            $0.end = end
            $0.receipt = receipt
        }
    }
}
