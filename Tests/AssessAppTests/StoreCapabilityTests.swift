import AssessCore
import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// A store that lacks a capability is refused where it matters, never taken as "allowed".
@Suite struct StoreCapabilityTests {
    let directory: TemporaryDirectory
    let sqlite: SQLiteStore
    let exam: Exam

    init() throws {
        directory = try TemporaryDirectory("assess-capabilities")
        sqlite = try SQLiteStore(dataDirectory: directory.url)
        exam = try ExamLoader.load(fileAt: PackageRoot.path + "/Exams/all-types.yaml")
    }

    @Test func aStoreWithoutARosterRefusesEveryCandidate() throws {
        let store = StoreLacking(sqlite, room: true)
        #expect(throws: CommandFailure.self) {
            try TakeRequest.rosterEntry(in: store, exam: exam, candidate: "ana", text: .english)
        }
    }

    @Test func aStoreWithARosterButNoneForTheExamLetsAnyoneSit() throws {
        #expect(try TakeRequest.rosterEntry(in: sqlite, exam: exam, candidate: "ana", text: .english) == nil)
    }

    @Test func aSeatWithoutARosterNeitherOpensNorAcceptsACode() throws {
        let store = StoreLacking(sqlite, room: true)
        let link = try #require(
            StoreCommandLink(
                store: store, exam: exam.id, candidate: "ana",
                lease: LeaseHolder(host: "here", tty: nil, pid: 1)))
        #expect(throws: StoreError.unsupported("roster or common start")) { try link.startCodeMatches("ABCDEF") }
        #expect(throws: StoreError.unsupported("roster or common start")) { try link.secondsSinceOpening() }
    }

    @Test func aStoreWithoutARoomGivesASittingNoLink() {
        let store = StoreLacking(sqlite, room: false)
        #expect(
            StoreCommandLink(
                store: store, exam: exam.id, candidate: "ana",
                lease: LeaseHolder(host: "here", tty: nil, pid: 1)) == nil)
    }

    @Test func theSQLiteStoreHasEveryCapabilityButAJournal() {
        #expect(sqlite.room != nil)
        #expect(sqlite.roster != nil)
        #expect(sqlite.marks != nil)
        #expect(sqlite.codeRuns != nil)
        #expect(sqlite.journal == nil)
    }
}

/// The SQLite store without a roster, marks, sample runs or journal, and with a room only when asked.
final class StoreLacking: ExamStore, @unchecked Sendable {
    let inner: SQLiteStore
    let keepsRoom: Bool

    init(_ inner: SQLiteStore, room: Bool) {
        self.inner = inner
        keepsRoom = room
    }

    var location: String { "a store lacking capabilities" }
    var room: (any RoomStore)? { keepsRoom ? inner : nil }
    var roster: (any RosterStore)? { nil }
    var marks: (any MarkStore)? { nil }
    var published: (any PublishedExamStore)? { nil }
    var codeRuns: (any CodeRunStore)? { nil }
    var journal: (any StoreJournal)? { nil }

    func startAttempt(
        examID: String, examKey: String, candidate: String, secondsAllowed: Int?,
        isPractice: Bool, settings: String, at time: Date
    ) throws -> Attempt {
        try inner.startAttempt(
            examID: examID, examKey: examKey, candidate: candidate, secondsAllowed: secondsAllowed,
            isPractice: isPractice, settings: settings, at: time)
    }
    func updateProgress(
        attempt attemptID: String, secondsUsed: Int, currentQuestion: Int,
        breaksTaken: Int, at time: Date
    ) throws {
        try inner.updateProgress(
            attempt: attemptID, secondsUsed: secondsUsed, currentQuestion: currentQuestion,
            breaksTaken: breaksTaken, at: time)
    }
    func allowNewAttempt(exam examID: String, candidate: String) throws {
        try inner.allowNewAttempt(exam: examID, candidate: candidate)
    }
    func updateSecondsAllowed(attempt attemptID: String, seconds: Int) throws {
        try inner.updateSecondsAllowed(attempt: attemptID, seconds: seconds)
    }
    func closeSection(attempt attemptID: String, section: Int, secondsUsed: Int, at time: Date) throws {
        try inner.closeSection(attempt: attemptID, section: section, secondsUsed: secondsUsed, at: time)
    }
    func sectionsClosed(attempt attemptID: String) throws -> SectionsClosed {
        try inner.sectionsClosed(attempt: attemptID)
    }
    func finishAttempt(id: String, status: AttemptStatus, receipt: String?, at time: Date) throws -> Attempt {
        try inner.finishAttempt(id: id, status: status, receipt: receipt, at: time)
    }
    func attempt(_ id: String) throws -> Attempt? { try inner.attempt(id) }
    func attempt(withReceipt receipt: String) throws -> Attempt? { try inner.attempt(withReceipt: receipt) }
    func attempts(exam examID: String?, candidate: String?, status: AttemptStatus?) throws -> [Attempt] {
        try inner.attempts(exam: examID, candidate: candidate, status: status)
    }
    func inProgressAttempt(exam examID: String, candidate: String) throws -> Attempt? {
        try inner.inProgressAttempt(exam: examID, candidate: candidate)
    }
    func candidates() throws -> [String] { try inner.candidates() }
    func takeLease(
        exam examID: String, candidate: String, holder: LeaseHolder, lostAfter: TimeInterval,
        at time: Date
    ) throws -> Lease {
        try inner.takeLease(exam: examID, candidate: candidate, holder: holder, lostAfter: lostAfter, at: time)
    }
    func releaseLease(exam examID: String, candidate: String, holder: LeaseHolder) throws {
        try inner.releaseLease(exam: examID, candidate: candidate, holder: holder)
    }
    func saveResponse(
        attempt attemptID: String, question questionID: String,
        value: String, flagged: Bool, annotations: String?, at time: Date
    ) throws -> StoredResponse {
        try inner.saveResponse(
            attempt: attemptID, question: questionID, value: value, flagged: flagged, annotations: annotations, at: time
        )
    }
    func responses(for attemptID: String) throws -> [StoredResponse] { try inner.responses(for: attemptID) }
    func responseHistory(for attemptID: String, question questionID: String?) throws -> [ResponseVersion] {
        try inner.responseHistory(for: attemptID, question: questionID)
    }
    func saveResult(_ result: StoredResult) throws { try inner.saveResult(result) }
    func result(for attemptID: String) throws -> StoredResult? { try inner.result(for: attemptID) }
    func appendEvent(_ event: SessionEvent, at time: EventTime, attempt: String?) throws -> LoggedEvent {
        try inner.appendEvent(event, at: time, attempt: attempt)
    }
    func eventLogHead() throws -> (sequence: Int64, hash: String)? { try inner.eventLogHead() }
    func latestEventKind(attempt: String, among kinds: [String]) throws -> String? {
        try inner.latestEventKind(attempt: attempt, among: kinds)
    }
    func eventKinds(attempt: String, among kinds: [String]) throws -> [String] {
        try inner.eventKinds(attempt: attempt, among: kinds)
    }
    func events(after sequence: Int64, limit: Int?, attempt: String?) throws -> [StoredEvent] {
        try inner.events(after: sequence, limit: limit, attempt: attempt)
    }
    func verifyEventChain() throws -> ChainVerification { try inner.verifyEventChain() }
    func keptHead() throws -> String? { try inner.keptHead() }
}
