import AssessCore
import Foundation

/// A seat's PostgreSQL store that carries on when the server goes away.
///
/// Every write goes to the server while it answers. When it does not (stopped, restarting,
/// unreachable), the write goes to the seat's `SeatJournal` instead, on disk before the call
/// returns, and so does every write after it, to keep their order; at most once every
/// `retryEvery`, a write (or `deliver()`) first tries to send the journal, in order, and once
/// the server has all of it writes go to the server again and the log records the outage
/// (`store.outage`: since when, how long, how many writes). A seat killed meanwhile loses
/// nothing: the next `deliver()` at that seat (`assess resume`) sends what it left.
///
/// Reads go to the server and fail while it is away. A refusal by the server (a role's
/// privilege, an attempt a proctor ended meanwhile) is thrown as it comes while the server
/// answers; a journaled write the server refuses later is skipped, counted in the outage's
/// record, and left in the journal's `….refused` file for the proctor.
///
/// Its calls are made off the key loop (the sitting's writer and engine), one at a time.
public final class JournaledStore: ExamStore, StoreJournal, @unchecked Sendable {
    /// The server's store.
    public let server: PostgresStore
    /// Where writes wait while the server is away.
    public let seatJournal: SeatJournal
    /// How often a seat tries the server again while it is away.
    public static let retryEvery: TimeInterval = 1

    private let eventTime: @Sendable () -> EventTime
    private let lock = NSLock()
    // Guarded by `lock`.
    private var pending: Int
    private var awaySince: Date?
    private var lastTry = Date.distantPast
    private var refused = 0
    /// The attempts this seat started or read, by id: what a write while the server is
    /// away returns.
    private var known: [String: Attempt] = [:]

    /// Remembers `attempt` (if any) as read or started, and returns it.
    private func remember(_ attempt: Attempt?) -> Attempt? {
        if let attempt { lock.withLock { known[attempt.id] = attempt } }
        return attempt
    }

    /// `server`, journaled into `journal`; `eventTime` stamps the outage's record.
    public init(server: PostgresStore, journal: SeatJournal, eventTime: @escaping @Sendable () -> EventTime) {
        self.server = server
        self.seatJournal = journal
        self.eventTime = eventTime
        // A journal an earlier sitting here left: the outage began with its first write.
        let left = (try? seatJournal.pending()) ?? []
        pending = left.count
        awaySince = left.first?.time
    }

    /// The server's location.
    public var location: String { server.location }

    // MARK: Capabilities

    /// The server's room: commands to seats are never journaled, and while the server is
    /// away reading them fails and the seat tries again.
    public var room: (any RoomStore)? { server }

    /// The server's rosters: who may sit and the common start are the server's word, never
    /// a journal's.
    public var roster: (any RosterStore)? { server }

    /// The server's marks (a proctor's, never journaled).
    public var marks: (any MarkStore)? { server }

    /// The server's count of sample runs: a run is taken from the server's budget or not at
    /// all, never journaled (while the server is away, the run key says so).
    public var codeRuns: (any CodeRunStore)? { server }

    /// The server's published exams: a delivery form is the server's to give, never a journal's.
    public var published: (any PublishedExamStore)? { server }

    /// This store journals its writes.
    public var journal: (any StoreJournal)? { self }

    /// The seat journal's file.
    public var journalPath: String { seatJournal.path }

    /// How many writes wait on this terminal for the server; 0 when it has everything.
    public var waiting: Int {
        lock.withLock { pending }
    }

    /// Sends what the journal holds, in order, when the server answers (tried at once,
    /// whenever it was last tried); returns how many writes still wait.
    @discardableResult
    public func deliver() -> Int {
        lock.withLock {
            lastTry = .distantPast
            flush()
            return pending
        }
    }

    // MARK: Writes

    /// Runs `send` on the server, or journals `entry` (returning `local`) when the server
    /// is away or earlier writes still wait.
    private func write<T>(_ entry: JournalEntry, local: T, _ send: () throws -> T) throws -> T {
        try lock.withLock {
            flush()
            if pending == 0 {
                do {
                    return try send()
                } catch  where Self.isAway(error) {
                    awaySince = awaySince ?? Date()
                    lastTry = Date()
                }
            }
            try seatJournal.append(entry)
            pending += 1
            return local
        }
    }

    /// Whether `error` says the server is away rather than that it refused.
    static func isAway(_ error: any Error) -> Bool {
        switch error {
        case let error as PostgresError:
            // No statement ran (no connection), a connection exception, or the server
            // shutting down or starting up.
            guard let state = error.sqlState else { return true }
            return state.hasPrefix("08") || state.hasPrefix("57P")
        case StoreProblem.noServer:
            return true
        default:
            return false
        }
    }

    /// Sends the journal's waiting entries in order, if it is time to try; stops at the
    /// first the server does not take because it is away. Called with `lock` held.
    private func flush() {
        guard pending > 0, Date().timeIntervalSince(lastTry) >= Self.retryEvery else { return }
        lastTry = Date()
        guard let entries = try? seatJournal.entries() else { return }
        var delivered = seatJournal.deliveredCount()
        var outageAttempt: String?
        while delivered < entries.count {
            let entry = entries[delivered]
            do {
                try send(entry)
            } catch  where Self.isAway(error) {
                pending = entries.count - delivered
                return
            } catch {
                refused += 1
                keepRefused(entry)
            }
            outageAttempt = entry.attempt ?? outageAttempt
            delivered += 1
            // A kill from here on resends at most the entry being sent.
            try? seatJournal.markDelivered(delivered)
        }
        seatJournal.remove()
        pending = 0
        if let since = awaySince {
            let seconds = max(0, Int(Date().timeIntervalSince(since).rounded()))
            _ = try? server.appendEvent(
                .storeOutage(
                    since: since, seconds: seconds, delivered: delivered - refused,
                    refused: refused),
                at: eventTime(), attempt: outageAttempt)
        }
        awaySince = nil
        refused = 0
    }

    /// Sends one journal entry to the server.
    private func send(_ entry: JournalEntry) throws {
        switch entry {
        case .response(let attempt, let question, let value, let flagged, let annotations, let savedAt):
            try server.saveResponse(
                attempt: attempt, question: question, value: value, flagged: flagged, annotations: annotations,
                at: Date(milliseconds: savedAt))
        case .progress(let attempt, let used, let question, let breaks, let at):
            try server.updateProgress(
                attempt: attempt, secondsUsed: used, currentQuestion: question, breaksTaken: breaks,
                at: Date(milliseconds: at))
        case .event(let kind, let details, let wall, let monotonic, let attempt):
            try server.appendEvent(
                ChainedFields(
                    sequence: 0, wallMilliseconds: wall, monotonicNanoseconds: monotonic,
                    kind: kind, details: details, attempt: attempt))
        case .finish(let attempt, let status, let receipt, let at):
            try server.finishAttempt(
                id: attempt, status: AttemptStatus(rawValue: status) ?? .submitted, receipt: receipt,
                at: Date(milliseconds: at))
        case .sectionClosed(let attempt, let section, let used, let at):
            try server.closeSection(attempt: attempt, section: section, secondsUsed: used, at: Date(milliseconds: at))
        }
    }

    /// Keeps an entry the server refused beside the journal, for the proctor.
    private func keepRefused(_ entry: JournalEntry) {
        try? SeatJournal(path: seatJournal.path + ".refused").append(entry)
    }

    @discardableResult
    public func saveResponse(
        attempt attemptID: String, question questionID: String,
        value: String, flagged: Bool, annotations: String?, at time: Date
    ) throws -> StoredResponse {
        let local = StoredResponse(
            attemptID: attemptID, questionID: questionID, value: value, flagged: flagged, annotations: annotations,
            savedAt: Date(milliseconds: time.wholeMilliseconds))
        return try write(
            .response(
                attempt: attemptID, question: questionID, value: value, flagged: flagged, annotations: annotations,
                savedAtMilliseconds: time.wholeMilliseconds), local: local
        ) {
            try server.saveResponse(
                attempt: attemptID, question: questionID, value: value, flagged: flagged, annotations: annotations,
                at: time)
        }
    }

    public func updateProgress(
        attempt attemptID: String, secondsUsed: Int, currentQuestion: Int,
        breaksTaken: Int, at time: Date
    ) throws {
        try write(
            .progress(
                attempt: attemptID, secondsUsed: secondsUsed, currentQuestion: currentQuestion,
                breaksTaken: breaksTaken, atMilliseconds: time.wholeMilliseconds), local: ()
        ) {
            try server.updateProgress(
                attempt: attemptID, secondsUsed: secondsUsed, currentQuestion: currentQuestion,
                breaksTaken: breaksTaken, at: time)
        }
    }

    @discardableResult
    public func appendEvent(_ event: SessionEvent, at time: EventTime, attempt: String?) throws -> LoggedEvent {
        // Numbered and chained by the server once it has it: until then, sequence 0 and no hash.
        let local = LoggedEvent(
            sequence: 0, wallTime: Date(milliseconds: time.wall.wholeMilliseconds),
            monotonicNanoseconds: time.monotonicNanoseconds, kind: event.kind,
            details: event.details, hash: "")
        return try write(
            .event(
                kind: event.kind, details: event.details, wallMilliseconds: time.wall.wholeMilliseconds,
                monotonicNanoseconds: time.monotonicNanoseconds, attempt: attempt), local: local
        ) {
            try server.appendEvent(event, at: time, attempt: attempt)
        }
    }

    /// Returns the attempt as this seat last read or started it, ended, when the server is
    /// away; the server's own once it has the write.
    @discardableResult
    public func finishAttempt(id: String, status: AttemptStatus, receipt: String?, at time: Date) throws -> Attempt {
        guard status != .inProgress else { throw StoreError.notAFinishingStatus(status) }
        guard var ended = lock.withLock({ known[id] }) else { throw StoreError.unknownAttempt(id) }
        ended.status = status
        ended.receipt = receipt
        ended.endedAt = Date(milliseconds: time.wholeMilliseconds)
        return try write(
            .finish(attempt: id, status: status.rawValue, receipt: receipt, atMilliseconds: time.wholeMilliseconds),
            local: ended
        ) {
            try server.finishAttempt(id: id, status: status, receipt: receipt, at: time)
        }
    }

    /// Renews (or takes) the lease on the server; while the server is away the seat keeps
    /// the lease it had, which the server times out as any other (see `Lease`).
    public func takeLease(
        exam examID: String, candidate: String, holder: LeaseHolder, lostAfter: TimeInterval,
        at time: Date
    ) throws -> Lease {
        do {
            return try server.takeLease(
                exam: examID, candidate: candidate, holder: holder, lostAfter: lostAfter, at: time)
        } catch  where Self.isAway(error) && waiting > 0 {
            return Lease(holder: holder, since: time)
        }
    }

    public func releaseLease(exam examID: String, candidate: String, holder: LeaseHolder) throws {
        try server.releaseLease(exam: examID, candidate: candidate, holder: holder)
    }

    // MARK: What goes straight to the server

    public func startAttempt(
        examID: String, examKey: String, candidate: String, secondsAllowed: Int?,
        isPractice: Bool, settings: String, at time: Date
    ) throws -> Attempt {
        let started = try server.startAttempt(
            examID: examID, examKey: examKey, candidate: candidate,
            secondsAllowed: secondsAllowed, isPractice: isPractice, settings: settings,
            at: time)
        return remember(started) ?? started
    }

    /// A proctor's word, never journaled: the server takes it or refuses it now.
    public func allowNewAttempt(exam examID: String, candidate: String) throws {
        try server.allowNewAttempt(exam: examID, candidate: candidate)
    }

    public func updateSecondsAllowed(attempt attemptID: String, seconds: Int) throws {
        try server.updateSecondsAllowed(attempt: attemptID, seconds: seconds)
    }

    /// Journaled while the server is away, like the answers before it: a closing the
    /// server gets late only opens the next section later by its clock.
    public func closeSection(attempt attemptID: String, section: Int, secondsUsed: Int, at time: Date) throws {
        try write(
            .sectionClosed(
                attempt: attemptID, section: section, secondsUsed: secondsUsed,
                atMilliseconds: time.wholeMilliseconds), local: ()
        ) {
            try server.closeSection(attempt: attemptID, section: section, secondsUsed: secondsUsed, at: time)
        }
    }

    /// The server's count, as the attempt itself is read from the server.
    public func sectionsClosed(attempt attemptID: String) throws -> SectionsClosed {
        try server.sectionsClosed(attempt: attemptID)
    }

    public func attempt(_ id: String) throws -> Attempt? { remember(try server.attempt(id)) }

    public func attempt(withReceipt receipt: String) throws -> Attempt? { try server.attempt(withReceipt: receipt) }

    public func attempts(exam examID: String?, candidate: String?, status: AttemptStatus?) throws -> [Attempt] {
        try server.attempts(exam: examID, candidate: candidate, status: status)
    }

    public func inProgressAttempt(exam examID: String, candidate: String) throws -> Attempt? {
        remember(try server.inProgressAttempt(exam: examID, candidate: candidate))
    }

    public func candidates() throws -> [String] { try server.candidates() }

    public func responses(for attemptID: String) throws -> [StoredResponse] { try server.responses(for: attemptID) }

    public func responseHistory(for attemptID: String, question questionID: String?) throws -> [ResponseVersion] {
        try server.responseHistory(for: attemptID, question: questionID)
    }

    public func saveResult(_ result: StoredResult) throws { try server.saveResult(result) }

    public func result(for attemptID: String) throws -> StoredResult? { try server.result(for: attemptID) }

    public func eventLogHead() throws -> (sequence: Int64, hash: String)? { try server.eventLogHead() }

    public func latestEventKind(attempt: String, among kinds: [String]) throws -> String? {
        try server.latestEventKind(attempt: attempt, among: kinds)
    }

    public func eventKinds(attempt: String, among kinds: [String]) throws -> [String] {
        try server.eventKinds(attempt: attempt, among: kinds)
    }

    public func events(after sequence: Int64, limit: Int?, attempt: String?) throws -> [StoredEvent] {
        try server.events(after: sequence, limit: limit, attempt: attempt)
    }

    public func verifyEventChain() throws -> ChainVerification { try server.verifyEventChain() }

    public func keptHead() throws -> String? { try server.keptHead() }
}
