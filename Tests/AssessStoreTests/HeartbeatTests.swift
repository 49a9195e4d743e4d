import AssessTestSupport
import Foundation
import GRDB
import Testing

@testable import AssessStore

/// SQLite's heartbeats (an attempt's progress, a lease's renewal): readable at once, on
/// disk with the next durable commit or within `heartbeatSyncInterval`, and never
/// leaving the writer connection without its fsync for the writes that follow.
@Suite struct HeartbeatTests {
    @Test func aHeartbeatSyncsItselfOnlyWhenNoDurableCommitCameForTheInterval() {
        let start = ContinuousClock.now
        #expect(SQLiteStore.heartbeatMustSync(lastDurableCommit: nil, now: start))
        #expect(!SQLiteStore.heartbeatMustSync(lastDurableCommit: start, now: start + .seconds(29)))
        #expect(SQLiteStore.heartbeatMustSync(lastDurableCommit: start, now: start + SQLiteStore.heartbeatSyncInterval))
    }

    @Test func heartbeatsAreReadAtOnceAndTheWritesAfterThemAreSyncedAgain() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(dataDirectory: directory.url)
        let holder = LeaseHolder(host: "lab-01", tty: "/dev/pts/3", pid: 4242)
        _ = try store.takeLease(exam: "algebra", candidate: "c-17", holder: holder, at: Date())
        let attempt = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "c-17", secondsAllowed: 600,
            isPractice: false, settings: "{}", at: Date())
        // Just after a durable commit: both heartbeats commit without an fsync of their own.
        try store.updateProgress(attempt: attempt.id, secondsUsed: 42, currentQuestion: 3, breaksTaken: 1, at: Date())
        _ = try store.takeLease(exam: "algebra", candidate: "c-17", holder: holder, at: Date())

        let synchronous = try store.writer.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA synchronous")
        }
        #expect(synchronous == 2, "the writer connection went back to FULL after the heartbeats")
        let reader = try SQLiteStore(dataDirectory: directory.url)
        let read = try #require(try reader.attempt(attempt.id))
        #expect(read.secondsUsed == 42 && read.currentQuestion == 3 && read.breaksTaken == 1)
    }
}
