import AssessCore
import AssessExam
import Foundation

/// How a sitting ended, for the executable's exit status.
public enum SittingOutcome: Sendable, Equatable {
    /// The attempt was submitted (by the student or when time ran out).
    case submitted
    /// The student left before beginning.
    case quitBeforeStart
    /// The lock was not granted; nothing of the exam was shown.
    case notStarted(LockFailureReason)
    /// The attempt could not be stored, so the exam did not start; the text says why.
    case notRecorded(String)
    /// A signal or hang-up ended the sitting; answers were saved and the lock released.
    /// When the exam had started, its attempt stays in progress for `assess resume`.
    case interrupted(String, attemptInProgress: Bool)
    /// The proctor aborted the attempt for this reason; the lock was released. `stored`
    /// is false when the attempt could not be marked aborted.
    case aborted(String, stored: Bool)
}

/// Runs one sitting in a terminal: draws the flow, reads keys, drives the timer, saves
/// answers within a second of each change, and carries out the flow's effects through
/// the session (lock, log) and the recorder (attempt, answers).
public final class ExamApp {
    private let terminal: any TerminalDevice
    private let session: AssessmentSession
    private let recorder: any SittingRecorder
    private let clock: any Clock
    private let proctorPassword: ProctorPassword?
    private let startEvents: [SessionEvent]
    private var flow: ExamFlow
    private var pasteFilter = PasteFilter()
    private var attemptID: String?
    private var pending: Set<String> = []
    private var lastChange: UInt64 = 0
    private var lastSave: UInt64 = 0
    private var lastProgressSave: UInt64 = 0
    /// How the sitting ends once the student leaves the refusal screen.
    private var refusal: SittingOutcome?
    private var wasTooSmall = false

    /// Answers are saved this long after the last change, and at least this often while typing.
    static let saveAfterIdleNanoseconds: UInt64 = 300_000_000
    static let saveAtLeastEveryNanoseconds: UInt64 = 1_000_000_000
    /// The time used, the question on screen and "still alive" are saved this often, so
    /// that a crashed attempt resumes with at most this much time unaccounted for.
    static let progressEveryNanoseconds: UInt64 = 5_000_000_000

    /// - Parameters:
    ///   - proctorPassword: What the hidden prompt checks; with none set, no password
    ///     opens the proctor's panel.
    ///   - startEvents: Logged right after the attempt starts, tagged with it (the
    ///     proctor's launch settings, a resume).
    public init(flow: ExamFlow, terminal: any TerminalDevice, session: AssessmentSession,
                recorder: any SittingRecorder, clock: any Clock, proctorPassword: ProctorPassword?,
                startEvents: [SessionEvent] = []) {
        self.startEvents = startEvents
        self.flow = flow
        self.terminal = terminal
        self.session = session
        self.recorder = recorder
        self.clock = clock
        self.proctorPassword = proctorPassword
    }

    /// Runs until the student finishes or leaves, or a signal or hang-up stops the sitting.
    public func run() async -> SittingOutcome {
        var outcome: SittingOutcome?
        while outcome == nil {
            let now = clock.monotonicNanoseconds
            flow.suggestions.follow(await session.suggestions)
            // Keys already waiting would replace this frame at once: handle them first.
            if !terminal.hasPendingInput { draw(now: now) }
            let key = terminal.readKey(timeoutMilliseconds: timeout(now: now))
            let after = clock.monotonicNanoseconds
            if let signal = SignalTrap.pendingSignal {
                outcome = await interrupt(because: signal)
                break
            }
            var effects = flow.tick(now: after)
            if let key {
                if key == .hangup {
                    outcome = await interrupt(because: "hangup")
                    break
                }
                effects += await handle(key, now: after)
            }
            if await session.checkExpiry(), flow.isInExam {
                effects += [.saveNow, .submit(reason: "lock-expired")]
            }
            outcome = await perform(effects, now: after)
            if outcome == nil {
                await saveIfDue(now: after)
            }
        }
        return outcome ?? .quitBeforeStart
    }

    // MARK: - Drawing and time

    private func draw(now: UInt64) {
        let size = terminal.size
        var grid = CellGrid(size: size)
        ExamScreens.render(flow, now: now, into: &grid)
        terminal.draw(grid)
    }

    /// Wakes for the next timer second, a due save, or a banner's end; never later than 1 s.
    private func timeout(now: UInt64) -> Int {
        var wait: UInt64 = 1_000_000_000
        if let deadline = flow.deadline, deadline > now {
            let toNextSecond = (deadline - now) % 1_000_000_000
            wait = min(wait, toNextSecond == 0 ? 1_000_000_000 : toNextSecond)
        }
        if !pending.isEmpty {
            let due = min(lastChange + Self.saveAfterIdleNanoseconds, lastSave + Self.saveAtLeastEveryNanoseconds)
            wait = min(wait, due > now ? due - now : 0)
        }
        return Int(wait / 1_000_000) + 1
    }

    // MARK: - Keys

    private func handle(_ key: Key, now: UInt64) async -> [FlowEffect] {
        if key == .resize {
            await noteSize()
            return []
        }
        var key = key
        if flow.isInExam && !flow.practice {
            switch pasteFilter.filter(key) {
            case .pass(let passed): key = passed
            case .swallowed: return []
            case .rejected(let count):
                flow.show("Pasting is not allowed during the exam; the pasted text was discarded.", now: now)
                return [.log(.pasteRejected(characters: count))]
            }
        } else if key == .pasteBegin || key == .pasteEnd {
            return []
        }
        let width = ExamScreens.answerWidth(columns: terminal.size.columns)
        return flow.handle(key, now: now, answerWidth: width)
    }

    private func noteSize() async {
        let size = terminal.size
        let tooSmall = size.columns < ExamScreens.minimumSize.columns || size.rows < ExamScreens.minimumSize.rows
        guard tooSmall != wasTooSmall else { return }
        wasTooSmall = tooSmall
        guard flow.isInExam else { return }
        let event: SessionEvent = tooSmall
            ? .terminalTooSmall(columns: size.columns, rows: size.rows)
            : .terminalSizeRestored(columns: size.columns, rows: size.rows)
        await session.record(event)
    }

    // MARK: - Effects

    private func perform(_ effects: [FlowEffect], now: UInt64) async -> SittingOutcome? {
        for effect in effects {
            switch effect {
            case .begin:
                if let failure = await begin(now: now) { return failure }
            case .answerChanged(let questionID):
                // The "at least every second" clock starts at the first unsaved change.
                if pending.isEmpty { lastSave = now }
                pending.insert(questionID)
                lastChange = now
            case .saveNow:
                await saveAll(now: now)
            case .log(let event):
                await session.record(event)
            case .setSuggestion(let feature, let on):
                await session.requestSuggestion(feature, on: on)
            case .submit(let reason):
                await submit(reason: reason, now: now)
            case .verifyPassword(let password):
                let accepted = proctorPassword?.matches(password) ?? false
                let after = clock.monotonicNanoseconds
                if let outcome = await perform(flow.proctorPasswordChecked(accepted: accepted, now: after), now: after) {
                    return outcome
                }
            case .allowedTimeChanged(let seconds):
                if let attemptID {
                    do {
                        try recorder.updateSecondsAllowed(attemptID: attemptID, seconds: seconds)
                    } catch {
                        flow.show("The added time could not be stored (\(error)); it still applies here.", now: now)
                    }
                }
            case .abort(let reason):
                return await abort(reason: reason, now: now)
            case .exit:
                return refusal ?? (flow.receipt == nil ? .quitBeforeStart : .submitted)
            }
        }
        return nil
    }

    /// Takes the lock (the session asks consent) or starts practice; on refusal the
    /// refusal screen shows until the student leaves.
    private func begin(now: UInt64) async -> SittingOutcome? {
        if !flow.practice, case .failed(let reason) = await session.requestLock(true) {
            if reason == .declined { return .notStarted(.declined) }
            refuse(Self.sentence(for: reason), endingAs: .notStarted(reason))
            return nil
        }
        do {
            let id = try recorder.startAttempt(practice: flow.practice)
            attemptID = id
            await session.record(.examStarted(attemptID: id, examID: flow.sitting.exam.id, candidate: flow.candidate))
            for event in startEvents {
                await session.record(event)
            }
        } catch {
            _ = await session.requestLock(false)
            refuse("The answers could not be stored: \(error). Ask your proctor.",
                   endingAs: .notRecorded(String(describing: error)))
            return nil
        }
        flow.started(now: clock.monotonicNanoseconds)
        return nil
    }

    /// Shows the refusal screen; leaving it ends the sitting as `outcome`.
    private func refuse(_ sentence: String, endingAs outcome: SittingOutcome) {
        flow.refuse(sentence)
        refusal = outcome
    }

    /// What the student reads when the lock is refused.
    static func sentence(for reason: LockFailureReason) -> String {
        switch reason {
        case .heldByAnother, .staleLock: return "This terminal is already locked: \(reason.description)."
        case .surroundings(let problems): return "This terminal is not ready: " + problems.joined(separator: "; ") + "."
        default: return reason.description.prefix(1).uppercased() + reason.description.dropFirst() + "."
        }
    }

    private func saveIfDue(now: UInt64) async {
        if flow.isInExam, now >= lastProgressSave + Self.progressEveryNanoseconds {
            saveProgress(now: now)
        }
        guard !pending.isEmpty else { return }
        if now >= lastChange + Self.saveAfterIdleNanoseconds || now >= lastSave + Self.saveAtLeastEveryNanoseconds {
            await saveAll(now: now)
        }
    }

    /// Saves every changed answer now, and the time used.
    private func saveAll(now: UInt64) async {
        guard let attemptID, !pending.isEmpty else { return }
        let sitting = flow.sitting
        for questionID in pending.sorted() {
            let response = sitting.responses[questionID]
            do {
                try recorder.save(attemptID: attemptID, questionID: questionID, response: response,
                                  flagged: sitting.flagged.contains(questionID))
                pending.remove(questionID)
                let characters = Self.characterCount(response)
                await session.record(.answerSaved(questionID: questionID, characters: characters))
            } catch {
                flow.show("Your answer could not be saved yet (\(error)); it will be tried again.", now: now)
            }
        }
        saveProgress(now: now)
        lastSave = now
    }

    /// Saves the time used, the question on screen and the breaks taken.
    private func saveProgress(now: UInt64) {
        lastProgressSave = now
        guard let attemptID, let used = flow.secondsUsed(now: now) else { return }
        // A failure here costs at most a few seconds of accounting after a crash; the
        // next save tries again.
        try? recorder.updateProgress(attemptID: attemptID, secondsUsed: used,
                                     currentQuestion: flow.sitting.current, breaksTaken: flow.breaksTaken)
    }

    private static func characterCount(_ response: Response?) -> Int {
        switch response {
        case .shortText(let text), .numeric(let text), .essay(let text): return text.count
        case nil: return 0
        default: return 1
        }
    }

    private func submit(reason: String, now: UInt64) async {
        await saveAll(now: now)
        // Whole seconds: the receipt is computed from them, and the store keeps
        // milliseconds rounded to the nearest, which could otherwise cross a second.
        let submittedAt = Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down))
        let id = attemptID ?? "none"
        let code = Receipt.code(examKey: flow.sitting.exam.examKey, attemptID: id,
                                responses: flow.sitting.responses, submittedAt: submittedAt)
        let end: AttemptEnd = reason == "student" || reason == "proctor" ? .submitted : .timedOut
        do {
            try recorder.finish(attemptID: id, as: end, receipt: code, at: submittedAt)
        } catch {
            flow.show("The submission could not be recorded: \(error). Tell your proctor.", now: now)
        }
        await session.record(.examSubmitted(attemptID: id, receipt: code, reason: reason))
        _ = await session.requestLock(false)
        flow.submitted(ExamFlow.ReceiptInfo(code: code, submittedAt: submittedAt.formatted(.iso8601), reason: reason),
                       now: clock.monotonicNanoseconds)
    }

    /// A signal or hang-up (a dropped SSH session, a shutdown): save everything, log it,
    /// release the lock. The attempt stays in progress, so the candidate cannot start
    /// afresh: a proctor continues it with `assess resume` or ends it.
    private func interrupt(because reason: String) async -> SittingOutcome {
        let now = clock.monotonicNanoseconds
        await saveAll(now: now)
        saveProgress(now: now)
        await session.record(.sessionInterrupted(reason: reason))
        _ = await session.requestLock(false)
        return .interrupted(reason, attemptInProgress: attemptID != nil && flow.receipt == nil)
    }

    /// The proctor aborted: save everything, mark the attempt aborted, release the lock.
    private func abort(reason: String, now: UInt64) async -> SittingOutcome {
        await saveAll(now: now)
        let id = attemptID ?? "none"
        await session.record(.proctor(.aborted(attemptID: id, reason: reason)))
        var stored = attemptID == nil
        if let attemptID {
            stored = (try? recorder.finish(attemptID: attemptID, as: .aborted, receipt: nil, at: clock.now)) != nil
        }
        _ = await session.requestLock(false)
        return .aborted(reason, stored: stored)
    }
}
