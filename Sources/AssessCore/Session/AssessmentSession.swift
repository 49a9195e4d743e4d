import Foundation

/// The session engine: what `requestGuidedAccessSession` and Automatic Assessment
/// Configuration do on an iPad, for a terminal.
///
/// `requestLock(true)` checks the policy and the surroundings, asks the student's
/// consent, takes the lock file, clears every clipboard, turns suggestions off and
/// turns paste rejection on — in that order, undoing what it did when a later step
/// fails. `requestLock(false)` clears the clipboards again, restores suggestions and
/// releases the lock. Every status change is appended to the durable event log before
/// the call returns; whoever follows the sitting reads that log.
///
/// The session does no I/O of its own: everything goes through `SessionDependencies`.
public actor AssessmentSession {
    private let dependencies: SessionDependencies
    private let policy: Policy
    private var exam: ExamDescriptor

    /// Whether the terminal is locked by this session.
    public private(set) var lockState: LockState = .unlocked
    /// The suggestion features on now. The editor asks this before offering any.
    public private(set) var suggestions: SuggestionSettings = .practice

    private var suggestionsBeforeLock: SuggestionSettings = .practice
    /// When the lock expires, on the monotonic clock.
    private var lockDeadline: UInt64?

    /// The thread the session runs on; the sitting's writer runs there too.
    public nonisolated let executor: SittingExecutor

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// - Parameter executor: Where the session runs: a thread of its own by default, so
    ///   that it never waits for Swift's shared pool.
    public init(
        exam: ExamDescriptor, policy: Policy, dependencies: SessionDependencies,
        executor: SittingExecutor = SittingExecutor(name: "assess engine")
    ) {
        self.executor = executor
        self.exam = exam
        self.policy = policy
        self.dependencies = dependencies
    }

    // MARK: - Before the exam

    /// Looks for a lock left by someone else, as the front end must at launch: any lock
    /// there (live or stale) means the exam must not start. A lock from an earlier boot
    /// ended with that boot; it is logged and reported so the caller can go on.
    /// Throws when the lock cannot be read: the exam must not start then either.
    public func inspectExistingLock() throws -> LockInspection {
        let found = try dependencies.lock.inspect()
        switch found {
        case .stale(let record): emit(.staleLockFound(record))
        case .fromPreviousBoot(let record): emit(.lockEndedByReboot(record))
        case .free, .live: break
        }
        return found
    }

    // MARK: - The lock

    /// Locks (`true`) or unlocks (`false`) the terminal and answers with the outcome.
    /// An expected refusal is a `.failed` result, never a thrown error.
    public func requestLock(_ enabled: Bool) async -> LockResult {
        enabled ? await lock() : await unlock(because: nil)
    }

    private func lock() async -> LockResult {
        if case .locked = lockState {
            emit(.lockRefused(.alreadyLocked))
            return .failed(.alreadyLocked)
        }
        do {
            try append(.lockRequested(examID: exam.examID, candidate: exam.candidate))
        } catch {
            return .failed(.eventLogUnavailable(String(describing: error)))
        }

        let startedAt = dependencies.clock.now
        let record = LockRecord(
            pid: dependencies.process.pid, bootID: dependencies.process.bootID,
            user: dependencies.process.userName, tty: dependencies.process.tty,
            examID: exam.examID, examKey: exam.examKey, candidate: exam.candidate,
            startedAt: startedAt, expiresAt: startedAt.addingTimeInterval(policy.maximumLockSeconds))

        let outcome = await RevertibleSteps.run(
            lockSteps(for: record),
            onRevert: { await self.emit(.stepReverted(step: $0)) },
            onUndoFailure: { await self.emit(.undoFailed(step: $0, error: String(describing: $1))) })

        if let failure = outcome.failure {
            let reason =
                (failure.error as? LockStepFailure)?.reason
                ?? .lockUnavailable("\(failure.step): \(failure.error)")
            if reason == .declined {
                emit(.lockDeclined)
            } else {
                emit(.lockRefused(reason))
            }
            return .failed(reason)
        }
        lockState = .locked(record)
        lockDeadline = dependencies.clock.monotonicNanoseconds + UInt64(policy.maximumLockSeconds * 1e9)
        emit(.lockGranted(record))
        return .locked(record)
    }

    /// The seven steps of taking the lock, in order.
    private func lockSteps(for record: LockRecord) -> [LockStep] {
        [
            LockStep("policy", perform: { try await self.checkPolicy() }),
            LockStep("surroundings", perform: { try await self.checkSurroundings() }),
            LockStep("consent", perform: { try await self.askConsent() }),
            LockStep(
                "lock-file", perform: { try await self.takeLockFile(record) },
                undo: { try self.dependencies.lock.release() }),
            LockStep("clipboards", perform: { try await self.clearClipboards(strict: self.policy.strictClipboards) }),
            LockStep(
                "suggestions", perform: { await self.turnSuggestionsOff() },
                undo: { await self.restoreSuggestions() }),
            LockStep(
                "paste-rejection", perform: { try await self.setPasteRejection(true) },
                undo: { try await self.setPasteRejection(false) }),
        ]
    }

    private func checkPolicy() throws {
        if let refusal = policy.refusal(forExam: exam.examID) {
            throw LockStepFailure(.notPermitted(refusal))
        }
    }

    private func checkSurroundings() throws {
        let problems = surroundingsProblems()
        if !problems.isEmpty {
            throw LockStepFailure(.surroundings(problems))
        }
    }

    /// Everything about the surroundings that stops an exam from locking.
    public func surroundingsProblems() -> [SurroundingsProblem] {
        var problems: [SurroundingsProblem] = []
        let environment = dependencies.environment
        let locale =
            environment.nonEmpty("LC_ALL")
            ?? environment.nonEmpty("LC_CTYPE")
            ?? environment["LANG"] ?? ""
        let normalized = locale.lowercased().replacingOccurrences(of: "-", with: "")
        if !normalized.contains("utf8") {
            problems.append(.localeNotUTF8(locale))
        }
        if let size = dependencies.surroundings.terminalSize() {
            let minimum = policy.minimumTerminal
            if size.columns < minimum.columns || size.rows < minimum.rows {
                problems.append(.terminalTooSmall(size, minimum: minimum))
            }
        } else {
            problems.append(.noTerminal)
        }
        if let problem = dependencies.surroundings.dataDirectoryProblem() {
            problems.append(.dataDirectory(problem))
        }
        if !policy.allowMultiplexers {
            if environment["TMUX"] != nil { problems.append(.multiplexer("tmux")) }
            if environment["STY"] != nil { problems.append(.multiplexer("GNU screen")) }
        }
        return problems
    }

    private func askConsent() async throws {
        let accepted = await dependencies.consent.askToLock(exam, maximumHours: policy.maximumLockSeconds / 3600)
        if !accepted {
            throw LockStepFailure(.declined)
        }
    }

    private func takeLockFile(_ record: LockRecord) throws {
        let acquisition: LockAcquisition
        do {
            acquisition = try dependencies.lock.acquire(record)
        } catch {
            throw LockStepFailure(.lockUnavailable(String(describing: error)))
        }
        switch acquisition {
        case .acquired(let endedByReboot):
            if let old = endedByReboot { emit(.lockEndedByReboot(old)) }
        case .refused(.live(let holder)):
            throw LockStepFailure(.heldByAnother(holder))
        case .refused(.stale(let holder)):
            emit(.staleLockFound(holder))
            throw LockStepFailure(.staleLock(holder))
        case .refused(let other):
            throw LockStepFailure(.lockUnavailable("unexpected lock state \(other)"))
        }
    }

    /// Clears every clipboard, logging each; with `strict`, the first failure stops the lock.
    private func clearClipboards(strict: Bool) async throws {
        for clipboard in dependencies.clipboards {
            do {
                let note = try await clipboard.clear()
                emit(.clipboardCleared(backend: clipboard.name, note: note))
            } catch {
                emit(.clipboardClearFailed(backend: clipboard.name, error: String(describing: error)))
                if strict {
                    throw LockStepFailure(.clipboardNotCleared("\(clipboard.name): \(error)"))
                }
            }
        }
    }

    private func turnSuggestionsOff() {
        suggestionsBeforeLock = suggestions
        changeSuggestions(
            to: .locked(
                examAllows: exam.allowedSuggestions,
                proctorDisabled: exam.proctorDisabledSuggestions))
    }

    private func restoreSuggestions() {
        changeSuggestions(to: suggestionsBeforeLock)
    }

    /// Before the lock: the proctor's launch screen turned these allowed suggestion
    /// features off for this sitting (the lock then keeps them off). Logged when the
    /// lock applies them, as every suggestion change is.
    public func proctorTurnsOff(_ features: Set<SuggestionFeature>) {
        exam.proctorDisabledSuggestions = features
    }

    /// Turns one suggestion feature on or off at the student's request (autocorrect is
    /// off until asked for). Returns false, changing and logging nothing, when the
    /// feature is not available now: while locked, the exam must name it and the
    /// proctor must not have turned it off. A change is logged like every other.
    @discardableResult
    public func requestSuggestion(_ feature: SuggestionFeature, on: Bool) -> Bool {
        guard let changed = suggestions.setting(feature, on: on) else { return false }
        if changed != suggestions { changeSuggestions(to: changed) }
        return true
    }

    private func changeSuggestions(to settings: SuggestionSettings) {
        suggestions = settings
        emit(.suggestionsChanged(enabled: settings.enabled))
    }

    private func setPasteRejection(_ on: Bool) throws {
        do {
            if on {
                try dependencies.pasteGuard.enablePasteRejection()
            } else {
                try dependencies.pasteGuard.disablePasteRejection()
            }
        } catch {
            // Turning it on is a lock step that can refuse the lock; turning it off
            // reports the plain error, which the undo record names.
            if on { throw LockStepFailure(.pasteRejectionUnavailable(String(describing: error))) }
            throw error
        }
        emit(.pasteRejectionChanged(on: on))
    }

    /// Undoes the lock: clipboards cleared again, suggestions restored, paste rejection
    /// off, lock file released. Each part is attempted even when an earlier one fails.
    private func unlock(because expiry: Date?) async -> LockResult {
        guard case .locked = lockState else { return .unlocked }
        try? await clearClipboards(strict: false)
        restoreSuggestions()
        // Locked means every lock step succeeded, paste rejection included.
        do {
            try setPasteRejection(false)
        } catch {
            emit(.undoFailed(step: "paste-rejection", error: String(describing: error)))
        }
        do {
            try dependencies.lock.release()
        } catch {
            emit(.undoFailed(step: "lock-file", error: String(describing: error)))
        }
        lockState = .unlocked
        lockDeadline = nil
        if let startedAt = expiry {
            emit(.lockExpired(startedAt: startedAt))
        } else {
            emit(.lockReleased)
        }
        return .unlocked
    }

    /// Ends the lock when its maximum duration has passed (on the monotonic clock), as
    /// the iPad ends Guided Access after 8 hours. The front end calls this on every tick.
    /// Returns true when the lock expired now. The caller may request the lock again.
    @discardableResult
    public func checkExpiry() async -> Bool {
        guard case .locked(let record) = lockState, let deadline = lockDeadline,
            dependencies.clock.monotonicNanoseconds >= deadline
        else { return false }
        _ = await unlock(because: record.startedAt)
        return true
    }

    // MARK: - Events from the front end

    /// Logs and publishes an event the front end observed (a quit key, a rejected
    /// paste, an answer saved, a submission ...). Returns the stored record, or `nil`
    /// when the log could not be written.
    @discardableResult
    public func record(_ event: SessionEvent) -> LoggedEvent? {
        emit(event)
    }

    // MARK: - Logging

    @discardableResult
    private func emit(_ event: SessionEvent) -> LoggedEvent? {
        // A log failure after the lock request is not allowed to stop the exam; the
        // request itself refuses when the log cannot be written (see `lock()`).
        try? append(event)
    }

    /// Appends to the durable log.
    @discardableResult
    private func append(_ event: SessionEvent) throws -> LoggedEvent {
        try dependencies.eventLog.append(event, at: EventTime(dependencies.clock))
    }
}
