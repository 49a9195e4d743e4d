import AssessCore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessStore

/// A seat's journal while its server is away, against a real server: the test takes the
/// seat's database away (no connections allowed, its connections ended) and gives it back,
/// as a stopped server would, without stopping the server the other tests share.
@Suite struct JournalTests {
    let database: PostgresTestDatabase
    let seatURL: String
    let proctorURL: String
    let folder: TemporaryDirectory
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        database = try PostgresTestDatabase()
        seatURL = try database.login("ana", in: .seat)
        proctorURL = try database.login("pat", in: .proctor)
        folder = try TemporaryDirectory("assess-journal")
    }

    /// Ana's seat, journaled in the test's folder.
    private func seat() throws -> JournaledStore {
        JournaledStore(
            server: try PostgresStore(url: seatURL),
            journal: SeatJournal(directory: folder.path, exam: "algebra", candidate: "ana"),
            eventTime: { EventTime(wall: Date(), monotonicNanoseconds: DispatchTime.now().uptimeNanoseconds) })
    }

    /// Runs `body` while the database takes no connection, as when its server is stopped.
    private func whileAway<T>(_ body: () throws -> T) throws -> T {
        try PostgresConnection(database.serverURL).withSession { session in
            try session.execute("ALTER DATABASE \(database.name) ALLOW_CONNECTIONS false")
            try session.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [database.name])
        }
        defer {
            _ = try? PostgresConnection(database.serverURL).withSession { session in
                try session.execute("ALTER DATABASE \(database.name) ALLOW_CONNECTIONS true")
            }
        }
        return try body()
    }

    @Test func writesWhileTheServerIsAwayWaitInOrderAndReachItWhenItIsBack() throws {
        let store = try seat()
        let attempt = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        try store.saveResponse(attempt: attempt.id, question: "q1", value: "before", flagged: false, at: start)
        let ended = try whileAway {
            for (index, text) in ["during 1", "during 2", "during 3"].enumerated() {
                try store.saveResponse(
                    attempt: attempt.id, question: "q1", value: text, flagged: false,
                    at: start.addingTimeInterval(Double(index + 1)))
            }
            try store.appendEvent(
                .answerSaved(questionID: "q1", characters: 8), at: EventTime(wall: start, monotonicNanoseconds: 9),
                attempt: attempt.id)
            try store.updateProgress(
                attempt: attempt.id, secondsUsed: 40, currentQuestion: 1, breaksTaken: 0, at: start)
            let ended = try store.finishAttempt(id: attempt.id, status: .submitted, receipt: "R-1", at: start)
            #expect(store.waiting == 6)
            #expect(store.deliver() == 6, "the server is still away")
            return ended
        }
        #expect(ended.status == .submitted && ended.receipt == "R-1" && ended.examID == "algebra")
        // Counted once the server has it: until then, still in progress there.
        let proctor = try PostgresStore(url: proctorURL)
        #expect(try proctor.attempt(attempt.id)?.status == .inProgress)

        #expect(store.deliver() == 0)
        #expect(!FileManager.default.fileExists(atPath: store.seatJournal.path))
        #expect(try proctor.responseHistory(for: attempt.id).map(\.value).last == "during 3")
        #expect(try proctor.attempt(attempt.id)?.status == .submitted)
        #expect(try proctor.attempt(attempt.id)?.secondsUsed == 40)
        let kinds = try proctor.events(after: 0, limit: nil, attempt: attempt.id).map(\.event.kind)
        #expect(kinds == ["answer.saved", "store.outage"])
        // The two, and the room's anchor of the ended attempt's head.
        #expect(try EventStore(database: proctor).verifyChain() == .intact(count: 3))
    }

    @Test func aSeatKilledWhileAwayLeavesItsJournalForTheNextSittingHere() throws {
        let first = try seat()
        let attempt = try first.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        try whileAway {
            try first.saveResponse(
                attempt: attempt.id, question: "q1", value: "typed while away", flagged: true, at: start)
        }
        // The seat is gone (nothing more of `first` runs); the next one here sends its journal.
        let waiting = SeatJournal.waiting(in: folder.path)
        #expect(waiting.map(\.path) == [first.seatJournal.path])
        let next = try seat()
        #expect(next.waiting == 1)
        #expect(next.deliver() == 0)
        #expect(try PostgresStore(url: proctorURL).responses(for: attempt.id).map(\.value) == ["typed while away"])
        #expect(SeatJournal.waiting(in: folder.path).isEmpty)
    }

    @Test func annotationsWrittenWhileAwayReachTheServerAndAnOlderJournalLineStillReads() throws {
        let store = try seat()
        let attempt = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        try whileAway {
            try store.saveResponse(
                attempt: attempt.id, question: "q1", value: "null", flagged: false,
                annotations: #"{"struck":[1]}"#, at: start)
        }
        #expect(store.deliver() == 0)
        #expect(
            try PostgresStore(url: proctorURL).responses(for: attempt.id).map(\.annotations) == [#"{"struck":[1]}"#])
        // A journal written before annotations has none in its lines.
        let older =
            #"{"response":{"attempt":"a","question":"q","value":"null","flagged":true,"savedAtMilliseconds":5}}"#
        let entry = try JSONDecoder().decode(JournalEntry.self, from: Data(older.utf8))
        #expect(
            entry == .response(attempt: "a", question: "q", value: "null", flagged: true, savedAtMilliseconds: 5))
    }

    @Test func aJournalLeftInTheRuntimeDirectoryMovesWhereARebootKeepsItAndIsDelivered() throws {
        // Before: journals lived in the runtime directory, which a reboot empties.
        let runtime = folder.file("run")
        let state = folder.file("state/journal")
        let old = JournaledStore(
            server: try PostgresStore(url: seatURL),
            journal: SeatJournal(directory: runtime, exam: "algebra", candidate: "ana"),
            eventTime: { EventTime(wall: Date(), monotonicNanoseconds: 1) })
        let attempt = try old.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        try whileAway {
            try old.saveResponse(attempt: attempt.id, question: "q1", value: "first", flagged: false, at: start)
            try old.saveResponse(attempt: attempt.id, question: "q1", value: "second", flagged: false, at: start)
            #expect(old.deliver() == 2)
        }
        // Killed after sending the first: the count moves with it.
        try old.seatJournal.markDelivered(1)

        #expect(try SeatJournal.move(from: runtime, to: state).isEmpty)
        // The reboot: the runtime directory emptied.
        try FileManager.default.removeItem(atPath: runtime)
        let moved = SeatJournal(directory: state, exam: "algebra", candidate: "ana")
        #expect(SeatJournal.waiting(in: state).map(\.path) == [moved.path])
        #expect(try moved.pending().count == 1)
        let folderMode = try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: moved.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700 && fileMode == 0o600)

        let next = JournaledStore(
            server: try PostgresStore(url: seatURL), journal: moved,
            eventTime: { EventTime(wall: Date(), monotonicNanoseconds: 2) })
        #expect(next.deliver() == 0)
        #expect(try PostgresStore(url: proctorURL).responses(for: attempt.id).map(\.value) == ["second"])
        #expect(SeatJournal.waiting(in: state).isEmpty)
    }

    @Test func aJournalThatCannotMoveStaysWhereItIs() throws {
        let runtime = folder.file("run")
        let state = folder.file("journal")
        let entry = JournalEntry.progress(
            attempt: "a1", secondsUsed: 1, currentQuestion: 0, breaksTaken: 0, atMilliseconds: 5)
        let old = SeatJournal(directory: runtime, exam: "algebra", candidate: "ana")
        try old.append(entry)
        // Moved once already, then written to again there: the same name with other entries.
        try SeatJournal(directory: state, exam: "algebra", candidate: "ana").append(entry)
        try SeatJournal(directory: state, exam: "algebra", candidate: "ana").append(entry)
        #expect(try SeatJournal.move(from: runtime, to: state).map(\.path) == [old.path])
        #expect(try old.pending() == [entry])
        // The same bytes on both sides: a move a crash cut short between writing and removing.
        SeatJournal(directory: state, exam: "algebra", candidate: "ana").remove()
        try FileManager.default.copyItem(
            atPath: old.path, toPath: SeatJournal(directory: state, exam: "algebra", candidate: "ana").path)
        #expect(try SeatJournal.move(from: runtime, to: state).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(try SeatJournal(directory: state, exam: "algebra", candidate: "ana").pending() == [entry])
    }

    @Test func aWriteTheServerRefusesWhenItIsBackIsKeptAsideAndCounted() throws {
        let store = try seat()
        let attempt = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        try whileAway {
            try store.saveResponse(attempt: attempt.id, question: "q1", value: "too late", flagged: false, at: start)
        }
        // Meanwhile a proctor ended the attempt.
        try PostgresStore(url: proctorURL).finishAttempt(id: attempt.id, status: .interrupted, receipt: nil, at: start)
        #expect(store.deliver() == 0)
        #expect(
            try SeatJournal(path: store.seatJournal.path + ".refused").pending()
                == [
                    .response(
                        attempt: attempt.id, question: "q1", value: "too late", flagged: false,
                        savedAtMilliseconds: start.wholeMilliseconds)
                ])
        let outage = try PostgresStore(url: proctorURL).events(after: 0, limit: nil, attempt: attempt.id).map(\.event)
            .first { $0.kind == "store.outage" }
        #expect(outage?.details["delivered"] == "0" && outage?.details["refused"] == "1")
    }

    @Test func aTornLastLineWasNeverAcknowledgedAndIsIgnored() throws {
        let journal = SeatJournal(directory: folder.path, exam: "algebra", candidate: "a/b c")
        #expect(URL(fileURLWithPath: journal.path).lastPathComponent == "journal-algebra-a%2Fb%20c.jsonl")
        let entry = JournalEntry.progress(
            attempt: "a1", secondsUsed: 1, currentQuestion: 0, breaksTaken: 0, atMilliseconds: 5)
        try journal.append(entry)
        try journal.append(entry)
        let handle = try #require(FileHandle(forWritingAtPath: journal.path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"progress":{"attempt":"a1","secon"#.utf8))
        handle.closeFile()
        #expect(try journal.pending() == [entry, entry])
        try journal.markDelivered(1)
        #expect(try journal.pending() == [entry])
        let mode = try FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func inAFolderSharedByAGroupTheJournalsFolderAndFilesAreTheGroupsToo() throws {
        // A protected store's folder (setgid 2770): another exam account's sitting must be
        // able to send what this one left.
        chmod(folder.path, 0o2770)
        let journal = SeatJournal(directory: folder.file("journal"), exam: "algebra", candidate: "ana")
        try journal.append(
            .progress(attempt: "a1", secondsUsed: 1, currentQuestion: 0, breaksTaken: 0, atMilliseconds: 5))
        try journal.markDelivered(0)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.file("journal"))[.posixPermissions]
        #expect(folderMode as? Int == 0o2770)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.file("journal")) {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.file("journal/" + file))[
                .posixPermissions]
            #expect(mode as? Int == 0o660, "\(file)")
        }
    }
}
