import AssessCore
import Foundation
import Synchronization
import Testing

@testable import AssessStore

/// The proctor's view of the room and the commands to seats, the same for every backend.
@Suite struct RoomStoreTests {
    let seatA = LeaseHolder(host: "lab-01", tty: "/dev/pts/3", pid: 4242)
    let seatB = LeaseHolder(host: "lab-02", tty: "/dev/pts/7", pid: 4343)

    private func room(_ opened: StoreUnderTest) throws -> (any RoomStore) {
        try #require(opened.store.room)
    }

    @Test(arguments: StoreBackend.allCases)
    func eachSeatShowsWhereItIsAndHowFarItHasCome(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try room(opened)
        let now = Date()
        // Ana is at the welcome screen; Ben answers, with a paste rejected twice and a quit key.
        _ = try store.takeLease(exam: "algebra", candidate: "ana", holder: seatA, at: now)
        _ = try store.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: now)
        let ben = try store.startAttempt(
            examID: "algebra", examKey: "AB12-CD34", candidate: "ben", secondsAllowed: 600, at: now)
        try store.saveResponse(attempt: ben.id, question: "q1", value: #"{"choice":1}"#, flagged: false, at: now)
        try store.saveResponse(attempt: ben.id, question: "q2", value: "null", flagged: true, at: now)
        try store.saveResponse(attempt: ben.id, question: "q3", value: #"{"text":"x"}"#, flagged: true, at: now)
        try store.updateProgress(attempt: ben.id, secondsUsed: 120, currentQuestion: 2, breaksTaken: 0, at: now)
        let time = EventTime(wall: now, monotonicNanoseconds: 1)
        try store.appendEvent(
            .examStarted(attemptID: ben.id, examID: "algebra", candidate: "ben"), at: time, attempt: ben.id)
        try store.appendEvent(.pasteRejected(characters: 40), at: time, attempt: ben.id)
        try store.appendEvent(.quitKeyIgnored(key: "Ctrl-C"), at: time, attempt: ben.id)
        try store.appendEvent(.pasteRejected(characters: 9), at: time, attempt: ben.id)
        try store.appendEvent(
            .storeOutage(since: now, seconds: 12, delivered: 30, refused: 0), at: time, attempt: ben.id)
        // Someone else's exam, left out when the room is narrowed to algebra.
        _ = try store.takeLease(exam: "physics", candidate: "cy", holder: seatA, at: now)

        let seats = try store.room(exams: ["algebra"], at: now)
        #expect(seats.map(\.candidate) == ["ana", "ben"])
        let (ana, benSeat) = (seats[0], seats[1])
        #expect(ana.host == "lab-01" && ana.tty == "/dev/pts/3" && ana.attempt == nil)
        #expect(ana.state(lostAfter: Lease.lostAfter) == .welcome)
        #expect(benSeat.host == "lab-02" && benSeat.attempt == ben.id && benSeat.examKey == "AB12-CD34")
        #expect(benSeat.state(lostAfter: Lease.lostAfter) == .answering)
        #expect(benSeat.answered == 2 && benSeat.flagged == 2)
        #expect(benSeat.count(.pasteRejected) == 2 && benSeat.count(.quitKey) == 1 && benSeat.count(.tooSmall) == 0)
        #expect(benSeat.count(.outage) == 1)
        #expect(benSeat.lastEvent == "store.outage")
        #expect(benSeat.secondsAllowed == 600 && benSeat.secondsUsed == 120)
        let left = try #require(benSeat.secondsLeft(lostAfter: Lease.lostAfter))
        #expect((470...480).contains(left))
        #expect(try store.room(exams: nil, at: now).map(\.candidate) == ["ana", "ben", "cy"])
    }

    @Test(arguments: StoreBackend.allCases)
    func aRaisedHandShowsWithItsCountUntilAcknowledgedOrLowered(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try room(opened)
        let now = Date()
        let ben = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: now)
        let time = EventTime(wall: now, monotonicNanoseconds: 1)
        func seat() throws -> SeatView { try #require(try store.room(exams: nil, at: now).first) }
        #expect(try seat().handsRaised == 0 && !seat().handWaiting)
        try store.appendEvent(.handRaised(raised: true), at: time, attempt: ben.id)
        #expect(try seat().handWaiting && seat().handsRaised == 1)
        try store.appendEvent(.handAcknowledged(command: 1, by: "pat"), at: time, attempt: ben.id)
        #expect(try !seat().handWaiting && seat().handAcknowledged)
        try store.appendEvent(.handRaised(raised: false), at: time, attempt: ben.id)
        try store.appendEvent(.handRaised(raised: true), at: time, attempt: ben.id)
        #expect(try seat().handWaiting && seat().handsRaised == 2)
        try store.appendEvent(.handRaised(raised: false), at: time, attempt: ben.id)
        #expect(try !seat().handWaiting && !seat().handAcknowledged && seat().handsRaised == 2)
        // A resumed sitting replays the same records, in order, passing over the rest.
        try store.appendEvent(.toolUsed(tool: "timer", action: "hidden", questionID: nil), at: time, attempt: ben.id)
        let (raised, lowered) = (SeatHand.raised, SeatHand.lowered)
        #expect(
            try store.eventKinds(attempt: ben.id, among: SeatHand.kinds)
                == [raised, SeatHand.acknowledged, lowered, raised, lowered])
        // The acknowledgement is a command like any other, which the seat picks up.
        try store.issueCommand(
            exam: "algebra", candidate: "ben", action: .acknowledgeHand, minutes: nil, message: nil,
            reason: "raised hand", issuedBy: "pat", at: now)
        #expect(try seat().pendingCommands == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func pausesBreaksTheEndAndALostLeaseChangeTheState(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try room(opened)
        let now = Date()
        // A sitting that is then killed: its holder is not known alive, so its lease's age decides.
        try opened.takeLeaseAndVanish(exam: "algebra", candidate: "ben", holder: seatB, at: now)
        let ben = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: now)
        let time = EventTime(wall: now, monotonicNanoseconds: 1)
        func state() throws -> SeatState? {
            try store.room(exams: nil, at: now).first?.state(lostAfter: Lease.lostAfter)
        }
        try store.appendEvent(.proctor(.paused(reason: "fire drill")), at: time, attempt: ben.id)
        #expect(try state() == .paused)
        try store.appendEvent(.proctor(.unpaused(seconds: 30)), at: time, attempt: ben.id)
        #expect(try state() == .answering)
        try store.appendEvent(.proctor(.breakStarted(number: 1, allowed: 1, minutes: 5)), at: time, attempt: ben.id)
        #expect(try state() == .onBreak)
        #expect(
            try store.room(exams: nil, at: now).first?.state(elapsed: Lease.lostAfter, lostAfter: Lease.lostAfter)
                == .lost)
        try opened.tamper("UPDATE leases SET renewed_at = '2000-01-01 00:00:00.000'")
        #expect(try state() == .lost)
        try store.releaseLease(exam: "algebra", candidate: "ben", holder: seatB)
        #expect(try state() == .interrupted)
        try store.finishAttempt(id: ben.id, status: .submitted, receipt: "R", at: now)
        #expect(try state() == .submitted)
    }

    @Test(arguments: StoreBackend.allCases)
    func aCommandWaitsForTheSeatThatHoldsTheLeaseUntilItIsAcknowledged(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try room(opened)
        let now = Date()
        _ = try store.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: now)
        let pause = try store.issueCommand(
            exam: "algebra", candidate: "ben", action: .pause, minutes: nil, message: nil,
            reason: "fire drill", issuedBy: "pat", at: now)
        let more = try store.issueCommand(
            exam: "algebra", candidate: "ben", action: .addTime, minutes: 10, message: nil,
            reason: "late start", issuedBy: "pat", at: now)
        #expect(try store.room(exams: nil, at: now).first?.pendingCommands == 2)
        let pending = try store.pendingCommands(exam: "algebra", candidate: "ben", holder: seatB)
        #expect(pending.map(\.id) == [pause, more])
        #expect(pending.map(\.action) == [.pause, .addTime])
        #expect(pending[1].minutes == 10 && pending[1].reason == "late start" && !pending[1].issuedBy.isEmpty)
        // Another seat, not holding Ben's lease, neither reads nor acknowledges them.
        #expect(throws: StoreError.self) { try store.pendingCommands(exam: "algebra", candidate: "ben", holder: seatA) }
        #expect(throws: StoreError.self) {
            try store.acknowledgeCommand(pause, exam: "algebra", candidate: "ben", holder: seatA, at: now)
        }
        try store.acknowledgeCommand(pause, exam: "algebra", candidate: "ben", holder: seatB, at: now)
        #expect(try store.pendingCommands(exam: "algebra", candidate: "ben", holder: seatB).map(\.id) == [more])
        #expect(try store.room(exams: nil, at: now).first?.pendingCommands == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func aResumedAttemptLearnsWhichCommandsItAcknowledgedFromTheStore(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try room(opened)
        let start = Date()
        func issue(_ action: SeatCommand.Action) throws -> Int64 {
            try store.issueCommand(
                exam: "algebra", candidate: "ben", action: action, minutes: 15, message: nil,
                reason: "unwell", issuedBy: "pat", at: start)
        }
        _ = try store.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: start)
        // An earlier attempt of the same candidate had a break of its own.
        let earlier = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: start)
        let earlierBreak = try issue(.extraBreak)
        try store.acknowledgeCommand(
            earlierBreak, exam: "algebra", candidate: "ben", holder: seatB, at: start.addingTimeInterval(1))
        _ = try store.finishAttempt(id: earlier.id, status: .submitted, receipt: nil, at: start.addingTimeInterval(2))
        try store.allowNewAttempt(exam: "algebra", candidate: "ben")
        let ben = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600,
            at: start.addingTimeInterval(10))
        let extraBreak = try issue(.extraBreak)
        let pause = try issue(.pause)
        let stillPending = try issue(.extraBreak)
        for id in [extraBreak, pause] {
            try store.acknowledgeCommand(
                id, exam: "algebra", candidate: "ben", holder: seatB, at: start.addingTimeInterval(11))
        }
        let acknowledged = try store.commandsAcknowledged(
            during: ben.id, exam: "algebra", candidate: "ben", holder: seatB)
        #expect(acknowledged.map(\.id) == [extraBreak, pause])
        #expect(acknowledged.first?.minutes == 15)
        #expect(try store.pendingCommands(exam: "algebra", candidate: "ben", holder: seatB).map(\.id) == [stillPending])
        // Only the seat holding the lease asks.
        #expect(throws: StoreError.self) {
            try store.commandsAcknowledged(during: ben.id, exam: "algebra", candidate: "ben", holder: seatA)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func timeToAddIsAddedToTheAttemptInProgressOnceWhenTheSeatAcknowledgesTheCommand(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try room(opened)
        let now = Date()
        _ = try store.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: now)
        let ben = try store.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: now)
        let more = try store.issueCommand(
            exam: "algebra", candidate: "ben", action: .addTime, minutes: 5, message: nil,
            reason: "late start", issuedBy: "pat", at: now)
        let pause = try store.issueCommand(
            exam: "algebra", candidate: "ben", action: .pause, minutes: nil, message: nil,
            reason: "drill", issuedBy: "pat", at: now)
        #expect(try store.attempt(ben.id)?.secondsAllowed == 600)
        try store.acknowledgeCommand(more, exam: "algebra", candidate: "ben", holder: seatB, at: now)
        try store.acknowledgeCommand(pause, exam: "algebra", candidate: "ben", holder: seatB, at: now)
        #expect(try store.attempt(ben.id)?.secondsAllowed == 900)
        // Acknowledged again (its first acknowledgement was not heard back), it adds nothing.
        try store.acknowledgeCommand(more, exam: "algebra", candidate: "ben", holder: seatB, at: now)
        #expect(try store.attempt(ben.id)?.secondsAllowed == 900)
    }

    @Test(arguments: [StoreBackend.sqliteFile, .postgres])
    func aWatcherWakesWhenAnotherConnectionChangesTheRoomAndSleepsOtherwise(backend: StoreBackend) throws {
        let opened = try backend.open()
        let watcher = try room(opened).roomWatcher()
        #expect(!watcher.waitForChange(milliseconds: 300))
        let seat = try opened.reopen()
        let written = Date()
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: written)
        #expect(watcher.waitForChange(milliseconds: 2000))
        #expect(Date().timeIntervalSince(written) < 1)
        #expect(!watcher.waitForChange(milliseconds: 300))
    }

    /// An answer and a log record wake a monitor within a second, on PostgreSQL without a
    /// notification (which would make the lab's commits go one fsync at a time, v16).
    @Test(arguments: [StoreBackend.sqliteFile, .postgres])
    func aWatcherWakesForASeatsAnswerAndLogRecordWithinASecond(backend: StoreBackend) throws {
        let opened = try backend.open()
        let watcher = try room(opened).roomWatcher()
        let seat = try opened.reopen()
        let attempt = try seat.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: Date())
        while watcher.waitForChange(milliseconds: 600) {}
        let answered = Date()
        try seat.saveResponse(attempt: attempt.id, question: "q1", value: "{}", flagged: false, at: answered)
        #expect(watcher.waitForChange(milliseconds: 2000))
        #expect(Date().timeIntervalSince(answered) < 1)
        while watcher.waitForChange(milliseconds: 600) {}
        let logged = Date()
        try EventStore(database: seat).append(
            .answerSaved(questionID: "q1", characters: 2), at: EventTime(wall: logged, monotonicNanoseconds: 1))
        #expect(watcher.waitForChange(milliseconds: 2000))
        #expect(Date().timeIntervalSince(logged) < 1)
    }

    /// No trigger on answers or log records sends a notification: PostgreSQL holds the
    /// notification queue's lock from a notifying transaction's commit record to its flush.
    @Test func onPostgreSQLAnswersAndLogRecordsNotifyNothing() throws {
        let database = try PostgresTestDatabase()
        _ = try PostgresStore(url: database.url)
        let count = try PostgresConnection(database.url).withSession { session in
            try session.execute(
                """
                SELECT count(*) AS notifying FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
                WHERE t.tgrelid IN ('assess.responses'::regclass, 'assess.events'::regclass)
                  AND p.prosrc LIKE '%pg_notify%'
                """
            ).rows.first?["notifying"]
        }
        #expect(count == "0")
    }

    @Test(arguments: [StoreBackend.sqliteFile, .postgres])
    func aSeatWatcherWakesWhenACommandComesForItAndSleepsOtherwise(backend: StoreBackend) throws {
        let opened = try backend.open()
        let seat = try room(opened)
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: Date())
        let watcher = try seat.seatWatcher(exam: "algebra", candidate: "ben", holder: seatB)
        #expect(!watcher.waitForChange(milliseconds: 300))
        let proctor = try #require(try opened.reopen().room)
        let issued = Date()
        try proctor.issueCommand(
            exam: "algebra", candidate: "ben", action: .pause, minutes: nil, message: nil,
            reason: "fire drill", issuedBy: "pat", at: issued)
        #expect(watcher.waitForChange(milliseconds: 2000))
        #expect(Date().timeIntervalSince(issued) < 1)
        #expect(!watcher.waitForChange(milliseconds: 300))
        // The sitting's opening wakes it too.
        try #require(proctor.roster).openSitting(exam: "algebra", by: "pat", at: Date())
        #expect(watcher.waitForChange(milliseconds: 2000))
    }

    @Test(arguments: [StoreBackend.sqliteFile, .postgres])
    func aSeatWatchersWaitEndsAtOnceWhenInterrupted(backend: StoreBackend) throws {
        let opened = try backend.open()
        let seat = try room(opened)
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: Date())
        let watcher = try seat.seatWatcher(exam: "algebra", candidate: "ben", holder: seatB)
        let started = Date()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.1)
            watcher.interrupt()
        }
        #expect(watcher.waitForChange(milliseconds: 5000))
        // Well before the 5 s wait would end by itself, with room for a machine busy
        // running the end-to-end suites beside this test.
        #expect(Date().timeIntervalSince(started) < 2.5)
    }

    @Test func onOneMachineSavesOfTheSeatAndOfTheOthersWakeNoSeatWatcher() throws {
        let opened = try StoreBackend.sqliteFile.open()
        let seat = try room(opened)
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: Date())
        let watcher = try seat.seatWatcher(exam: "algebra", candidate: "ben", holder: seatB)
        // Another seat on the machine saves a hundred times in half a second, and this one renews its lease.
        let other = try opened.reopen()
        for _ in 0..<100 {
            _ = try other.takeLease(
                exam: "algebra", candidate: "cy", holder: LeaseHolder(host: "k", tty: nil, pid: 1), at: Date())
            Thread.sleep(forTimeInterval: 0.005)
        }
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: Date())
        #expect(!watcher.waitForChange(milliseconds: 300))
    }

    @Test func onOneMachineASeatWatcherStillHearsNewsAfterItsFileWasRemoved() throws {
        let opened = try StoreBackend.sqliteFile.open()
        let seat = try room(opened)
        let database = try #require(seat as? SQLiteStore)
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: Date())
        let watcher = try seat.seatWatcher(exam: "algebra", candidate: "ben", holder: seatB)
        let news = try #require(database.newsFileURL)
        try FileManager.default.removeItem(at: news)
        // Its removal counts as news (what was announced meanwhile must be looked for).
        #expect(watcher.waitForChange(milliseconds: 2000))
        #expect(!watcher.waitForChange(milliseconds: 300))
        try seat.issueCommand(
            exam: "algebra", candidate: "ben", action: .pause, minutes: nil, message: nil,
            reason: "fire drill", issuedBy: "pat", at: Date())
        #expect(watcher.waitForChange(milliseconds: 2000))
    }

    @Test func onOneMachineCommandsToARoomWakeASeatWatcherAFewTimesASecondAtMost() throws {
        let opened = try StoreBackend.sqliteFile.open()
        let seat = try room(opened)
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: Date())
        let watcher = try seat.seatWatcher(exam: "algebra", candidate: "ben", holder: seatB)
        // The proctor sends a message to a hundred other seats in a second.
        let proctor = try #require(try opened.reopen().room)
        let sending = Thread {
            for index in 0..<100 {
                _ = try? proctor.issueCommand(
                    exam: "algebra", candidate: "seat\(index)", action: .message, minutes: nil,
                    message: "Ten minutes left", reason: "time", issuedBy: "pat", at: Date())
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        sending.start()
        var wakes = 0
        let start = Date()
        while Date().timeIntervalSince(start) < 1 {
            if watcher.waitForChange(milliseconds: 100) { wakes += 1 }
        }
        #expect(wakes >= 1 && wakes <= 1 + Int(1000 / FileChangeWatcher.spacingMilliseconds), "\(wakes) wake-ups")
    }

    @Test func inPostgreSQLASeatWatcherSleepsThroughAnotherSeatsCommand() throws {
        let opened = try StoreBackend.postgres.open()
        let seat = try room(opened)
        _ = try seat.takeLease(exam: "algebra", candidate: "ben", holder: seatB, at: Date())
        _ = try seat.takeLease(exam: "algebra", candidate: "ana", holder: seatA, at: Date())
        let watcher = try seat.seatWatcher(exam: "algebra", candidate: "ben", holder: seatB)
        try seat.issueCommand(
            exam: "algebra", candidate: "ana", action: .end, minutes: nil, message: nil,
            reason: "done", issuedBy: "pat", at: Date())
        #expect(!watcher.waitForChange(milliseconds: 500))
    }
}

/// A busy room's changes reported at most once an interval, a quiet room's at once.
@Suite("Paced room watcher")
struct PacedWatcherTests {
    /// A watcher whose room changes all the time, or never.
    final class Constant: RoomWatcher, @unchecked Sendable {
        let changes: Bool
        /// How often the paced watcher passed on an interruption and a discard.
        let passedOn = Mutex((interruptions: 0, discards: 0))
        init(changes: Bool) { self.changes = changes }
        func waitForChange(milliseconds: Int) -> Bool { changes }
        func interrupt() { passedOn.withLock { $0.interruptions += 1 } }
        func discardChanges() { passedOn.withLock { $0.discards += 1 } }
    }

    @Test func anInterruptionAndADiscardReachTheWatcherItPaces() {
        let inner = Constant(changes: false)
        let watcher = PacedWatcher(inner)
        watcher.interrupt()
        watcher.discardChanges()
        watcher.discardChanges()
        #expect(inner.passedOn.withLock { $0.interruptions == 1 && $0.discards == 2 })
    }

    @Test func aBusyRoomIsReportedOnceAnIntervalAndTheFirstChangeAtOnce() {
        let watcher = PacedWatcher(Constant(changes: true), interval: .milliseconds(200))
        let clock = ContinuousClock()
        let first = clock.measure { #expect(watcher.waitForChange(milliseconds: 1000)) }
        #expect(first < .milliseconds(150))
        for _ in 0..<3 {
            let next = clock.measure { #expect(watcher.waitForChange(milliseconds: 1000)) }
            #expect(next >= .milliseconds(190) && next < .seconds(1), "\(next)")
        }
    }

    @Test func aChangeAfterAQuietSpellIsReportedAtOnce() {
        let watcher = PacedWatcher(Constant(changes: true), interval: .milliseconds(200))
        #expect(watcher.waitForChange(milliseconds: 1000))
        Thread.sleep(forTimeInterval: 0.3)
        let clock = ContinuousClock()
        let after = clock.measure { #expect(watcher.waitForChange(milliseconds: 1000)) }
        #expect(after < .milliseconds(150), "\(after)")
    }

    @Test func noChangeIsNoChange() {
        let watcher = PacedWatcher(Constant(changes: false), interval: .milliseconds(200))
        #expect(!watcher.waitForChange(milliseconds: 10))
        #expect(!watcher.waitForChange(milliseconds: 10))
    }
}
