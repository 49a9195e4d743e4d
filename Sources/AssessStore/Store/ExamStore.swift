import AssessCore
import Foundation

/// Where `assess` keeps what must outlive a sitting: attempts, every saved answer and its
/// history, the hash-chained event log, candidates and results.
///
/// Two backends implement it and pass one test suite: `SQLiteStore` (SQLite, one
/// machine, the default) and `PostgresStore` (a server shared by a lab, where the server's
/// roles decide who may read and write what). Every method that writes returns only once
/// the write is durable, except that SQLite lets the heartbeats (`updateProgress`,
/// `takeLease`) of an idle sitting reach the disk up to `SQLiteStore.heartbeatSyncInterval`
/// later (they survive the process's crash at once); a backend throws `StoreError` for a refusal the caller can
/// explain, and its own error for a failure of the engine (a full disk, a lost server).
///
/// The store keeps responses as the exam module encoded them; it never holds answer keys
/// and never writes responses into the event log.
public protocol ExamStore: AnyObject, Sendable {
    /// One line naming the backend and where it is, for `assess status`
    /// (e.g. `SQLite /home/ana/.local/state/assess/assess.sqlite`).
    var location: String { get }

    // MARK: Capabilities

    /// The proctor's room and the commands to seats; nil when this store keeps no room.
    var room: (any RoomStore)? { get }

    /// Rosters, start codes and the common start; nil when this store keeps no roster (a
    /// caller that must know who may sit then refuses rather than lets anyone sit).
    var roster: (any RosterStore)? { get }

    /// The marks people give answers; nil when this store keeps no marks.
    /// Published exams: delivery forms and scoring keys (`assess publish`), or `nil`.
    var published: (any PublishedExamStore)? { get }

    var marks: (any MarkStore)? { get }
    /// The sample runs of code questions, counted against their budget; nil when this store counts none.
    var codeRuns: (any CodeRunStore)? { get }

    /// The writes waiting on this terminal for a server that is away; nil for a store that
    /// writes straight to where it keeps them.
    var journal: (any StoreJournal)? { get }

    // MARK: Attempts

    /// Starts a new attempt, in progress, with a fresh random id, and records the candidate.
    ///
    /// - Throws: `StoreError.attemptAlreadyInProgress` when the candidate already has an
    ///   attempt of this exam in progress; `StoreError.earlierAttempt` (SQLite) or
    ///   `StoreError.notPermitted` (a seat's role on PostgreSQL) when the candidate already
    ///   has an attempt of this exam (practice aside) and no proctor allowed another.
    func startAttempt(
        examID: String, examKey: String, candidate: String, secondsAllowed: Int?,
        isPractice: Bool, settings: String, at time: Date
    ) throws -> Attempt

    /// Allows the candidate one more attempt at this exam beside those they have: the next
    /// `startAttempt` (practice aside) uses the allowance.
    ///
    /// - Throws: `StoreError.notPermitted` when the server's role is not a proctor's.
    func allowNewAttempt(exam examID: String, candidate: String) throws

    /// Records how far an attempt in progress has come: the time used, the question on
    /// screen, the breaks taken, and that its session was alive at `time`.
    ///
    /// - Throws: `StoreError.unknownAttempt` or `StoreError.attemptNotInProgress`.
    func updateProgress(
        attempt attemptID: String, secondsUsed: Int, currentQuestion: Int,
        breaksTaken: Int, at time: Date) throws

    /// Changes the time an attempt in progress is allowed (the proctor added time).
    ///
    /// - Throws: `StoreError.unknownAttempt` or `StoreError.attemptNotInProgress`.
    func updateSecondsAllowed(attempt attemptID: String, seconds: Int) throws

    /// Closes timed section `section` (its index in the exam) of an attempt in progress for
    /// good, when the attempt had used `secondsUsed`: sections close in order, and a section
    /// already closed stays as it was. On PostgreSQL the server then refuses answers to it.
    ///
    /// - Throws: `StoreError.unknownAttempt`, `StoreError.attemptNotInProgress`, or
    ///   `StoreError.notPermitted` when `section` is not the open one.
    func closeSection(attempt attemptID: String, section: Int, secondsUsed: Int, at time: Date) throws

    /// How many timed sections of an attempt are closed, and when the last closed.
    ///
    /// - Throws: `StoreError.unknownAttempt`.
    func sectionsClosed(attempt attemptID: String) throws -> SectionsClosed

    /// Ends an attempt in progress with `status` (anything but `inProgress`) and returns
    /// it as stored.
    ///
    /// - Throws: `StoreError.notAFinishingStatus`, `StoreError.unknownAttempt` or
    ///   `StoreError.attemptNotInProgress`.
    @discardableResult
    func finishAttempt(id: String, status: AttemptStatus, receipt: String?, at time: Date) throws -> Attempt

    /// The attempt with this id, if there is one (and the caller may read it).
    func attempt(_ id: String) throws -> Attempt?

    /// The attempt that was given this receipt, if any.
    func attempt(withReceipt receipt: String) throws -> Attempt?

    /// Attempts, oldest first, narrowed to an exam, a candidate and a status when given.
    func attempts(exam examID: String?, candidate: String?, status: AttemptStatus?) throws -> [Attempt]

    /// The candidate's attempt of this exam still in progress (the one to resume), if any.
    func inProgressAttempt(exam examID: String, candidate: String) throws -> Attempt?

    /// Every candidate who has started an attempt, by id.
    func candidates() throws -> [String]

    // MARK: Leases

    /// Takes, or renews when `holder` already has it, the lease on (exam, candidate), and
    /// returns the lease as it stands: held by `holder`, or by another sitting that renewed
    /// it less than `lostAfter` ago (never taken as less than `Lease.shortestLostAfter`) or
    /// is known alive (see `Lease`), unless that sitting ran on this machine and its process
    /// is gone; the caller then refuses to start. PostgreSQL times the lease by the server's
    /// clock, SQLite by `time`. Another sitting's token is not returned by PostgreSQL.
    ///
    /// - Throws: `StoreError.notPermitted` when the server's role may not sit as `candidate`.
    func takeLease(
        exam examID: String, candidate: String, holder: LeaseHolder, lostAfter: TimeInterval,
        at time: Date
    ) throws -> Lease

    /// Gives the lease up, when `holder` has it.
    func releaseLease(exam examID: String, candidate: String, holder: LeaseHolder) throws

    // MARK: Responses

    /// Saves the response to one question with its flag and `annotations` (see
    /// `StoredResponse`): it becomes the latest, and the history keeps the value as
    /// `ResponseHistory` describes.
    ///
    /// - Throws: `StoreError.unknownAttempt` or `StoreError.attemptNotInProgress`.
    @discardableResult
    func saveResponse(
        attempt attemptID: String, question questionID: String,
        value: String, flagged: Bool, annotations: String?, at time: Date
    ) throws -> StoredResponse

    /// The latest response to each answered question of an attempt, by question id.
    func responses(for attemptID: String) throws -> [StoredResponse]

    /// The kept versions of an attempt's responses (see `ResponseHistory`), oldest first;
    /// only one question's when `questionID` is given.
    func responseHistory(for attemptID: String, question questionID: String?) throws -> [ResponseVersion]

    // MARK: Results

    /// Keeps `result` as the attempt's latest score, replacing an earlier one.
    ///
    /// - Throws: `StoreError.unknownAttempt` when no attempt has the result's id.
    func saveResult(_ result: StoredResult) throws

    /// The latest score computed for an attempt, if any.
    func result(for attemptID: String) throws -> StoredResult?

    // MARK: The event log

    /// Appends one record, numbered and chained after the last record of the whole log
    /// (every seat's), and returns it once it is durable.
    @discardableResult
    func appendEvent(_ event: SessionEvent, at time: EventTime, attempt: String?) throws -> LoggedEvent

    /// The newest record's sequence number and hash (among those the caller may read), or
    /// nil while the log is empty.
    func eventLogHead() throws -> (sequence: Int64, hash: String)?

    /// The kind of the attempt's newest record among `kinds`, or nil when it has none.
    func latestEventKind(attempt: String, among kinds: [String]) throws -> String?

    /// The kinds of the attempt's records among `kinds`, oldest first (a resumed sitting
    /// replays its raised hand from them).
    func eventKinds(attempt: String, among kinds: [String]) throws -> [String]

    /// Records in sequence order, after `sequence`, at most `limit`, only `attempt`'s
    /// when given.
    func events(after sequence: Int64, limit: Int?, attempt: String?) throws -> [StoredEvent]

    /// Checks every record, in insertion order, against the hash chain (see `EventChain`).
    func verifyEventChain() throws -> ChainVerification

    /// The record a proctor keeps (`sequence:hash`) to find a later rewrite of the log: the
    /// newest of the room's chain on a server, whose records anchor every ended attempt's
    /// head; the newest of the log where the log is one chain. Nil while there is none.
    func keptHead() throws -> String?
}

/// A store that journals its writes while its server is away (`JournaledStore`).
public protocol StoreJournal: AnyObject, Sendable {
    /// How many writes wait on this terminal for the server; 0 when it has everything.
    var waiting: Int { get }

    /// Sends what waits, in order, when the server answers; returns how many writes still wait.
    @discardableResult
    func deliver() -> Int

    /// The file where the writes wait.
    var journalPath: String { get }
}

extension ExamStore {
    /// Saves a response without annotations; see the requirement.
    @discardableResult
    public func saveResponse(
        attempt attemptID: String, question questionID: String, value: String, flagged: Bool, at time: Date
    ) throws -> StoredResponse {
        try saveResponse(
            attempt: attemptID, question: questionID, value: value, flagged: flagged, annotations: nil, at: time)
    }

    /// Starts a new attempt; see the requirement. Not practice, no launch settings by default.
    public func startAttempt(
        examID: String, examKey: String, candidate: String, secondsAllowed: Int?,
        isPractice: Bool = false, settings: String = "{}", at time: Date
    ) throws -> Attempt {
        try startAttempt(
            examID: examID, examKey: examKey, candidate: candidate, secondsAllowed: secondsAllowed,
            isPractice: isPractice, settings: settings, at: time)
    }

    /// Attempts, oldest first; every argument narrows the list when given.
    public func attempts(exam examID: String? = nil, candidate: String? = nil, status: AttemptStatus? = nil) throws
        -> [Attempt]
    {
        try attempts(exam: examID, candidate: candidate, status: status)
    }

    /// Takes or renews the lease, lost after `Lease.lostAfter`; see the requirement.
    public func takeLease(exam examID: String, candidate: String, holder: LeaseHolder, at time: Date) throws -> Lease {
        try takeLease(exam: examID, candidate: candidate, holder: holder, lostAfter: Lease.lostAfter, at: time)
    }

    /// Every kept version of an attempt's responses, oldest first.
    public func responseHistory(for attemptID: String) throws -> [ResponseVersion] {
        try responseHistory(for: attemptID, question: nil)
    }
}

/// Which versions of an answer the store keeps. Autosave writes an answer every second
/// while the student types; keeping each would show a 100 KB essay 3,600 times an hour.
/// Within `interval` of the version before it, a save replaces that version's text (the
/// version keeps the time it began), so the history holds a version every half minute and
/// always the last.
public enum ResponseHistory {
    /// How far apart the kept versions of one answer are.
    public static let interval: TimeInterval = 30

    /// The kept versions among `saves`, every save of one attempt in the order they were
    /// made (for a backend that keeps every save and thins them when read).
    static func kept(from saves: [ResponseVersion]) -> [ResponseVersion] {
        var kept: [ResponseVersion] = []
        var lastByQuestion: [String: Int] = [:]
        for save in saves {
            if let index = lastByQuestion[save.questionID],
                save.savedAt.timeIntervalSince(kept[index].savedAt) < interval
            {
                kept[index].value = save.value
            } else {
                lastByQuestion[save.questionID] = kept.count
                kept.append(save)
            }
        }
        return kept
    }
}
