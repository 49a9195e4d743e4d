import AssessCore
import AssessTestSupport
import Foundation
import GRDB
import Testing

@testable import AssessStore

/// The hash-chained event log, the same for every backend: numbering, reading back,
/// and detection of every kind of tampering.
@Suite struct EventStoreTests {
    /// A time `second` seconds into a fixed day, on both clocks.
    private func time(_ second: Int) -> EventTime {
        EventTime(
            wall: Date(timeIntervalSince1970: 1_800_000_000 + Double(second) + 0.1234),
            monotonicNanoseconds: UInt64(second) * 1_000_000_000 + 42)
    }

    /// Appends `count` small events, one a second.
    private func appendEvents(_ count: Int, to log: EventStore) throws {
        for index in 1...count {
            try log.append(.answerSaved(questionID: "q\(index)", characters: index), at: time(index))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordsAreNumberedFromOneWithoutGaps(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(5, to: log)
        #expect(try log.events().map(\.event.sequence) == [1, 2, 3, 4, 5])
    }

    @Test(arguments: StoreBackend.allCases)
    func appendReturnsTheRecordExactlyAsItReadsBack(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        let appended = try log.append(.quitKeyIgnored(key: "ctrl-c"), at: time(7))
        let read = try log.events()
        #expect(read.map(\.event) == [appended] && read.map(\.attempt) == [nil])
        #expect(appended.kind == "key.quit-ignored")
        #expect(appended.details == ["key": "ctrl-c"])
        #expect(appended.monotonicNanoseconds == 7_000_000_042)
        #expect(appended.wallTime == Date(timeIntervalSince1970: 1_800_000_007.123))
    }

    @Test(arguments: StoreBackend.allCases)
    func firstRecordChainsToTheGenesisAndEachNextToItsPredecessor(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(2, to: log)
        let records = try log.events().map(\.event)
        let stored = try log.events()
        func fields(_ record: LoggedEvent) -> ChainedFields {
            var fields = ChainedFields(
                sequence: record.sequence, wallMilliseconds: record.wallTime.wholeMilliseconds,
                monotonicNanoseconds: record.monotonicNanoseconds, kind: record.kind,
                details: record.details, attempt: nil)
            // A server's record is chained with its place, its time and its writer too.
            if let server = stored.first(where: { $0.event.sequence == record.sequence }), let time = server.serverTime,
                let writer = server.writer
            {
                fields.server = ServerStamp(
                    chain: "room", position: record.sequence,
                    serverMicroseconds: Int64((time.timeIntervalSince1970 * 1_000_000).rounded()),
                    writer: writer)
            }
            return fields
        }
        #expect(records[0].hash == EventChain.hash(of: fields(records[0]), after: EventChain.genesis))
        #expect(records[1].hash == EventChain.hash(of: fields(records[1]), after: records[0].hash))
        #expect(records[0].hash.count == 64)
    }

    @Test(arguments: StoreBackend.allCases)
    func theHeadIsTheNewestRecord(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        #expect(try log.head() == nil)
        try appendEvents(3, to: log)
        let newest = try #require(try log.events().last?.event)
        #expect(try log.head() == "3:\(newest.hash)")
    }

    @Test(arguments: StoreBackend.allCases)
    func untouchedLogVerifies(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        #expect(try log.verifyChain() == .intact(count: 0))
        try appendEvents(6, to: log)
        #expect(try log.verifyChain() == .intact(count: 6))
    }

    @Test(arguments: StoreBackend.allCases)
    func editedRecordIsDetectedAndNamed(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(5, to: log)
        try opened.tamper(#"UPDATE events SET details = '{"characters":"999","question":"q3"}' WHERE sequence = 3"#)
        let result = try log.verifyChain()
        #expect(result == .broken(ChainBreak(sequence: 3, problem: .edited)))
        #expect(result.description.contains("record 3 was edited"))
    }

    @Test(arguments: StoreBackend.allCases)
    func editedHashIsDetected(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(3, to: log)
        try opened.tamper("UPDATE events SET hash = '\(String(repeating: "a", count: 64))' WHERE sequence = 2")
        #expect(try log.verifyChain() == .broken(ChainBreak(sequence: 2, problem: .edited)))
    }

    @Test(arguments: StoreBackend.allCases)
    func recordMovedToAnotherAttemptIsDetected(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        log.currentAttempt = "attempt-A"
        try appendEvents(2, to: log)
        try opened.tamper("UPDATE events SET attempt = 'attempt-B' WHERE sequence = 2")
        #expect(try log.verifyChain() == .broken(ChainBreak(sequence: 2, problem: .edited)))
    }

    @Test(arguments: StoreBackend.allCases)
    func theLatestOfSomeKindsInOneAttemptIsFound(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        log.currentAttempt = "attempt-A"
        try log.append(.examStarted(attemptID: "attempt-A", examID: "e", candidate: "c"), at: time(1))
        try log.append(.sessionInterrupted(reason: "hangup"), at: time(2))
        try log.append(.lockReleased, at: time(3))
        log.currentAttempt = "attempt-B"
        try log.append(.examStarted(attemptID: "attempt-B", examID: "e", candidate: "c"), at: time(4))
        let kinds = ["exam.started", "session.interrupted"]
        #expect(try log.latestKind(attempt: "attempt-A", among: kinds) == "session.interrupted")
        #expect(try log.latestKind(attempt: "attempt-B", among: kinds) == "exam.started")
        #expect(try log.latestKind(attempt: "attempt-C", among: kinds) == nil)
    }

    @Test(arguments: StoreBackend.allCases)
    func unreadableDetailsAreDetectedAsAnEdit(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(2, to: log)
        try opened.tamper("UPDATE events SET details = 'not json' WHERE sequence = 1")
        #expect(try log.verifyChain() == .broken(ChainBreak(sequence: 1, problem: .edited)))
        #expect(throws: StoreError.unreadableEvent(sequence: 1)) { try log.events() }
    }

    @Test(arguments: StoreBackend.allCases)
    func removedRecordIsDetectedAndNamed(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(5, to: log)
        try opened.tamper("DELETE FROM events WHERE sequence = 3")
        let result = try log.verifyChain()
        #expect(result == .broken(ChainBreak(sequence: 3, problem: .removed)))
        #expect(result.description.contains("record 3 was removed"))
    }

    @Test(arguments: StoreBackend.allCases)
    func removedFirstRecordIsDetected(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(2, to: log)
        try opened.tamper("DELETE FROM events WHERE sequence = 1")
        #expect(try log.verifyChain() == .broken(ChainBreak(sequence: 1, problem: .removed)))
    }

    @Test(arguments: StoreBackend.allCases)
    func swappedRecordsAreDetectedAndNamed(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(4, to: log)
        try opened.tamper(
            """
            UPDATE events SET sequence = -1 WHERE sequence = 2;
            UPDATE events SET sequence = 2 WHERE sequence = 3;
            UPDATE events SET sequence = 3 WHERE sequence = -1;
            """)
        let result = try log.verifyChain()
        if backend == .postgres {
            // A server chains each record with its place in its chain: a number moved is an edit.
            #expect(result == .broken(ChainBreak(sequence: 3, problem: .edited)))
        } else {
            #expect(result == .broken(ChainBreak(sequence: 2, problem: .outOfOrder(found: 3))))
            #expect(result.description.contains("record 3 stands where record 2 was written"))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordsRememberTheAttemptThatWasCurrent(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try log.append(.lockDeclined, at: time(1))
        log.currentAttempt = "attempt-A"
        try log.append(.examStarted(attemptID: "attempt-A", examID: "algebra", candidate: "c-17"), at: time(2))
        try log.append(.timerWarning(minutesLeft: 5), at: time(3))
        log.currentAttempt = nil
        try log.append(.lockReleased, at: time(4))

        #expect(try log.events(attempt: "attempt-A").map(\.event.sequence) == [2, 3])
        #expect(try log.events().map(\.attempt) == [nil, "attempt-A", "attempt-A", nil])
        #expect(try log.verifyChain() == .intact(count: 4))
    }

    @Test(arguments: StoreBackend.allCases)
    func eventsCanBeReadAfterASequenceNumberAndLimited(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(6, to: log)
        #expect(try log.events(after: 2, limit: 3).map(\.event.sequence) == [3, 4, 5])
        #expect(try log.events(after: 6).isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func logSurvivesReopeningTheDatabase(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        try appendEvents(3, to: log)
        let reopened = EventStore(database: try opened.reopen())
        try reopened.append(.lockReleased, at: time(4))
        #expect(try reopened.verifyChain() == .intact(count: 4))
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentAppendsFromTwoConnectionsKeepOneGaplessValidChain(backend: StoreBackend) async throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        // Two openings behave as two processes do: each has its own connection, and only
        // the engine (SQLite's file locks, PostgreSQL's table lock) keeps them apart.
        let first = EventStore(database: try opened.reopen())
        let second = EventStore(database: try opened.reopen())
        let perWriter = 150
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, store) in [("first", first), ("second", second)] {
                group.addTask {
                    for index in 0..<perWriter {
                        let time = EventTime(wall: Date(), monotonicNanoseconds: UInt64(index))
                        try store.append(.stepReverted(step: "\(name)-\(index)"), at: time)
                    }
                }
            }
            try await group.waitForAll()
        }
        let records = try log.events()
        #expect(records.map(\.event.sequence) == Array(1...Int64(2 * perWriter)))
        #expect(Set(records.map { $0.event.details["step"] ?? "" }).count == 2 * perWriter)
        #expect(try log.verifyChain() == .intact(count: 2 * perWriter))
    }

    @Test(arguments: StoreBackend.allCases)
    func appendTakesAFewMillisecondsWithFsync(backend: StoreBackend) throws {
        let opened = try backend.open()
        let log = EventStore(database: opened.store)
        var durations: [Duration] = []
        let clock = ContinuousClock()
        for index in 1...100 {
            durations.append(
                try clock.measure {
                    try log.append(.pasteRejected(characters: index), at: time(index))
                })
        }
        let median = durations.sorted()[durations.count / 2]
        print("\(backend) EventStore.append median over \(durations.count) appends: \(median)")
        #expect(try log.verifyChain() == .intact(count: 100))
    }
}

/// What only the SQLite backend on disk does: its durability settings, its storage, and
/// one chain kept by several processes sharing the file.
@Suite struct SQLiteEventStoreTests {
    let directory: TemporaryDirectory
    let database: SQLiteStore
    let log: EventStore

    init() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteStore(dataDirectory: directory.url)
        log = EventStore(database: database)
    }

    /// A time `second` seconds into a fixed day, on both clocks.
    private func time(_ second: Int) -> EventTime {
        EventTime(
            wall: Date(timeIntervalSince1970: 1_800_000_000 + Double(second) + 0.1234),
            monotonicNanoseconds: UInt64(second) * 1_000_000_000 + 42)
    }

    @Test func databaseIsInWriteAheadLogModeWithFullSynchronousCommits() throws {
        // `write` runs on the writer connection, the one whose commits must be fsynced.
        let (journal, synchronous) = try database.write { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Int.fetchOne(db, sql: "PRAGMA synchronous")
            )
        }
        #expect(journal == "wal")
        #expect(synchronous == 2) // FULL
        #expect(database.fileURL?.lastPathComponent == "assess.sqlite")
    }

    @Test func detailsAreStoredAsJSONWithSortedKeys() throws {
        try log.append(.terminalTooSmall(columns: 70, rows: 20), at: time(1))
        let stored = try database.read { db in try String.fetchOne(db, sql: "SELECT details FROM events") }
        #expect(stored == #"{"columns":"70","rows":"20"}"#)
    }

    /// Opens the database in `path` and appends `count` events named after `writer`.
    private static func appendSteps(_ count: Int, from writer: String, in path: String) throws {
        let store = EventStore(database: try SQLiteStore(dataDirectory: URL(fileURLWithPath: path)))
        for index in 0..<count {
            let time = EventTime(wall: Date(), monotonicNanoseconds: UInt64(index))
            try store.append(.stepReverted(step: "\(writer)-\(index)"), at: time)
        }
    }

    @Test func appendsFromTwoProcessesKeepOneGaplessValidChain() async throws {
        let path = directory.url.path
        // Each exit test runs its body in a child process of its own.
        async let first = #expect(processExitsWith: .success) { [path = path as String] in
            try Self.appendSteps(100, from: "first", in: path)
        }
        async let second = #expect(processExitsWith: .success) { [path = path as String] in
            try Self.appendSteps(100, from: "second", in: path)
        }
        _ = await (first, second)
        let records = try log.events()
        #expect(records.map(\.event.sequence) == Array(1...200))
        #expect(Set(records.map { $0.event.details["step"] ?? "" }).count == 200)
        #expect(try log.verifyChain() == .intact(count: 200))
    }
}
