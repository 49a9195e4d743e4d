import AssessCore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessStore

/// Marks as the marking screen and `results` use them, the same for every backend.
@Suite struct MarkStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A store of a backend (kept open as long as this is) and a submitted attempt in it.
    struct Sitting {
        let opened: StoreUnderTest
        let store: any MarkStore
        let attempt: Attempt
    }

    /// A store of `backend` and a submitted attempt of candidate c-17 with an essay answered.
    private func submittedEssay(_ backend: StoreBackend) throws -> Sitting {
        let opened = try backend.open()
        let store = try #require(opened.store.marks)
        let attempt = try store.startAttempt(
            examID: "history", examKey: "k", candidate: "c-17", secondsAllowed: 600, at: start)
        try store.saveResponse(
            attempt: attempt.id, question: "essay", value: #"{"essay":"The war ended in 1918."}"#,
            flagged: false, at: start)
        try store.finishAttempt(id: attempt.id, status: .submitted, receipt: "r", at: start.addingTimeInterval(60))
        return Sitting(opened: opened, store: store, attempt: attempt)
    }

    @Test(arguments: StoreBackend.allCases)
    func aChangedMarkIsANewRowAndTheNewestCounts(backend: StoreBackend) throws {
        let sitting = try submittedEssay(backend)
        let store = sitting.store
        let attempt = sitting.attempt
        let first = StoredMark(
            attemptID: attempt.id, questionID: "essay", points: 2, comment: "Thin on causes.",
            marker: "pat", markedAt: start.addingTimeInterval(100))
        let second = StoredMark(
            attemptID: attempt.id, questionID: "essay", points: 2.5, comment: "Second reading: fair.",
            marker: "pat", markedAt: start.addingTimeInterval(200))
        try store.addMark(first)
        try store.addMark(second)

        let history = try store.markHistory(for: attempt.id)
        #expect(history.map(\.points) == [2, 2.5])
        #expect(history.map(\.comment) == ["Thin on causes.", "Second reading: fair."])
        #expect(history.map(\.markedAt) == [first.markedAt, second.markedAt])
        #expect(history.allSatisfy { !$0.marker.isEmpty })
        #expect(try store.latestMarks(for: attempt.id)["essay"]?.points == 2.5)
        // The answer itself is untouched.
        #expect(try store.responses(for: attempt.id).map(\.value) == [#"{"essay":"The war ended in 1918."}"#])
    }

    /// What a crash between writing the mark and writing its log record looks like to the store.
    struct CrashBetweenMarkAndRecord: Error {}

    /// `assess mark` keeps a mark and its `answer.marked` record in one transaction: a
    /// failure between them (here, thrown where the record is asked for, after the mark's
    /// row is written) leaves neither; without one, both are there.
    @Test(arguments: StoreBackend.allCases)
    func aMarkAndItsLogRecordAreKeptTogetherOrNotAtAll(backend: StoreBackend) throws {
        let sitting = try submittedEssay(backend)
        let store = sitting.store
        let attempt = sitting.attempt
        let headBefore = try store.eventLogHead()
        let mark = StoredMark(
            attemptID: attempt.id, questionID: "essay", points: 3, comment: "Good.", marker: "pat",
            markedAt: start.addingTimeInterval(100))
        let time = EventTime(wall: start.addingTimeInterval(100), monotonicNanoseconds: 1)
        #expect(throws: CrashBetweenMarkAndRecord.self) {
            try store.addMark(mark, logging: { _ in throw CrashBetweenMarkAndRecord() }, at: time)
        }
        #expect(try store.markHistory(for: attempt.id).isEmpty)
        #expect(try store.eventLogHead()?.sequence == headBefore?.sequence)

        let (stored, event) = try store.addMark(
            mark,
            logging: { stored in
                .proctor(
                    .answerMarked(
                        attemptID: stored.attemptID, questionID: stored.questionID, points: stored.points,
                        override: false, by: stored.marker))
            }, at: time)
        #expect(try store.markHistory(for: attempt.id) == [stored])
        #expect(event.kind == "answer.marked")
        #expect(try store.eventLogHead()?.sequence == event.sequence)
        #expect(event.sequence == (headBefore?.sequence ?? 0) + 1)
        guard case .intact = try store.verifyEventChain() else {
            Issue.record("the event chain is broken: \(try store.verifyEventChain())")
            return
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anOverrideKeepsItsReason(backend: StoreBackend) throws {
        let sitting = try submittedEssay(backend)
        let store = sitting.store
        let attempt = sitting.attempt
        try store.addMark(
            StoredMark(
                attemptID: attempt.id, questionID: "q1", points: 1, overrideReason: "Two answers are right",
                marker: "pat", markedAt: start))
        let mark = try #require(try store.latestMarks(for: attempt.id)["q1"])
        #expect(mark.isOverride)
        #expect(mark.overrideReason == "Two answers are right")
        #expect(try store.latestMarks(for: attempt.id)["essay"] == nil)
    }

    @Test(arguments: StoreBackend.allCases)
    func anAttemptInProgressNegativePointsAndAnUnknownAttemptAreRefused(backend: StoreBackend) throws {
        let sitting = try submittedEssay(backend)
        let store = sitting.store
        let attempt = sitting.attempt
        let running = try store.startAttempt(
            examID: "history", examKey: "k", candidate: "c-18", secondsAllowed: 600, at: start)
        #expect(throws: MarkRefusal.attemptInProgress(running.id)) {
            try store.addMark(
                StoredMark(attemptID: running.id, questionID: "essay", points: 1, marker: "pat", markedAt: start))
        }
        #expect(throws: MarkRefusal.negativePoints(-1)) {
            try store.addMark(
                StoredMark(attemptID: attempt.id, questionID: "essay", points: -1, marker: "pat", markedAt: start))
        }
        #expect(throws: StoreError.unknownAttempt("nope")) {
            try store.addMark(
                StoredMark(attemptID: "nope", questionID: "essay", points: 1, marker: "pat", markedAt: start))
        }
        #expect(try store.markHistory(for: attempt.id).isEmpty)
    }

    /// SQLite's triggers; on PostgreSQL the roles refuse it (MarkPrivilegeTests), and the
    /// owner that `tamper` connects as may do anything.
    @Test(arguments: [StoreBackend.sqlite, .sqliteFile])
    func marksCannotBeChangedOrRemovedBehindTheStoresBack(backend: StoreBackend) throws {
        let sitting = try submittedEssay(backend)
        let store = sitting.store
        let attempt = sitting.attempt
        try store.addMark(
            StoredMark(attemptID: attempt.id, questionID: "essay", points: 2, marker: "pat", markedAt: start))
        #expect(throws: (any Error).self) { try sitting.opened.tamper("UPDATE marks SET points = 3") }
        #expect(throws: (any Error).self) { try sitting.opened.tamper("DELETE FROM marks") }
        #expect(try store.markHistory(for: attempt.id).map(\.points) == [2])
    }
}
