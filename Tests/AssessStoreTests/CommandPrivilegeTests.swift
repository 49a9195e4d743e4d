import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// Who may command a seat, tried against a real PostgreSQL server as each role: only the
/// proctor's group issues commands; a seat reads and acknowledges only those for the lease
/// it holds, and cannot forge, change or read anyone's.
@Suite struct CommandPrivilegeTests: RoleAttempts {
    let database: PostgresTestDatabase
    let ana: String, ben: String, proctor: String
    let anaSeat = LeaseHolder(host: "lab-01", tty: "/dev/pts/1", pid: 11)
    let benSeat = LeaseHolder(host: "lab-02", tty: "/dev/pts/2", pid: 22)

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        ben = try database.login("ben", in: .seat)
        proctor = try database.login("pat", in: .proctor)
    }

    @Test func onlyTheProctorsRoleIssuesCommands() throws {
        let anaStore = try PostgresStore(url: ana)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        // A seat cannot command itself or another seat, by the store's API or by SQL.
        #expect(throws: StoreError.self) {
            try anaStore.issueCommand(
                exam: "algebra", candidate: "ben", action: .end, minutes: nil, message: nil,
                reason: "forged", issuedBy: "pat", at: Date())
        }
        expectRefused(
            "INSERT INTO assess.commands (exam_id, candidate, action, reason) VALUES ('algebra', 'ana', 'add-time', 'x')",
            as: ana)
        let id = try PostgresStore(url: proctor).issueCommand(
            exam: "algebra", candidate: "ana", action: .pause, minutes: nil,
            message: nil, reason: "fire drill", issuedBy: "ignored", at: Date())
        expectRefused("UPDATE assess.commands SET action = 'end' WHERE id = \(id)", as: ana)
        expectRefused("UPDATE assess.commands SET acknowledged_at = now() WHERE id = \(id)", as: ana)
        expectRefused("DELETE FROM assess.commands", as: ana)
        expectRefused("SELECT * FROM assess.commands", as: ana)
        // The proctor cannot choose who the log says issued it, nor change it afterwards.
        let pending = try anaStore.pendingCommands(exam: "algebra", candidate: "ana", holder: anaSeat)
        #expect(pending.map(\.issuedBy) == ["\(database.name)_pat"])
        expectRefused("UPDATE assess.commands SET reason = 'other' WHERE id = \(id)", as: proctor)
    }

    @Test func aSeatReadsAndAcknowledgesOnlyTheCommandsOfTheLeaseItHolds() throws {
        let anaStore = try PostgresStore(url: ana)
        let benStore = try PostgresStore(url: ben)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        _ = try benStore.takeLease(exam: "algebra", candidate: "ben", holder: benSeat, at: Date())
        let id = try PostgresStore(url: proctor).issueCommand(
            exam: "algebra", candidate: "ana", action: .message, minutes: nil,
            message: "Ten minutes left", reason: "time", issuedBy: "", at: Date())
        // Ben's role, even with Ana's lease token, is not the role that holds her lease.
        #expect(throws: StoreError.self) {
            try benStore.pendingCommands(exam: "algebra", candidate: "ana", holder: anaSeat)
        }
        #expect(throws: StoreError.self) {
            try benStore.acknowledgeCommand(id, exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        }
        #expect(
            try anaStore.pendingCommands(exam: "algebra", candidate: "ana", holder: anaSeat).map(\.message) == [
                "Ten minutes left"
            ])
        try anaStore.acknowledgeCommand(id, exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        #expect(try anaStore.pendingCommands(exam: "algebra", candidate: "ana", holder: anaSeat).isEmpty)
        let acknowledged = try run("SELECT acknowledged_by FROM assess.commands WHERE id = \(id)", as: proctor)
        #expect(acknowledged.first?["acknowledged_by"] == "\(database.name)_ana")
    }

    @Test func timeToAddIsTheServersToApplyWhenTheSeatAcknowledgesIt() throws {
        let anaStore = try PostgresStore(url: ana)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: Date())
        // The seat's role cannot give itself time...
        #expect(throws: StoreError.self) { try anaStore.updateSecondsAllowed(attempt: attempt.id, seconds: 6000) }
        // ... but acknowledging the proctor's command adds its minutes, once.
        let id = try PostgresStore(url: proctor).issueCommand(
            exam: "algebra", candidate: "ana", action: .addTime, minutes: 5,
            message: nil, reason: "late start", issuedBy: "", at: Date())
        try anaStore.acknowledgeCommand(id, exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        try anaStore.acknowledgeCommand(id, exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        #expect(try anaStore.attempt(attempt.id)?.secondsAllowed == 900)
    }

    @Test func aSeatIsToldOfItsOwnCommandsAndOfNothingAboutAnothersSeat() throws {
        let anaStore = try PostgresStore(url: ana)
        let benStore = try PostgresStore(url: ben)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        _ = try benStore.takeLease(exam: "algebra", candidate: "ben", holder: benSeat, at: Date())
        let anaWatcher = try anaStore.seatWatcher(exam: "algebra", candidate: "ana", holder: anaSeat)
        let benWatcher = try benStore.seatWatcher(exam: "algebra", candidate: "ben", holder: benSeat)
        // Ben's role listens on every channel it could name: the room's, the opening's, its own.
        let eavesdropper = try PostgresConnection(ben)
        let benChannel = try run("SELECT assess.command_channel('\(benSeat.token)') AS c", as: ben).first?["c"] ?? ""
        try eavesdropper.withSession { session in
            for channel in ["assess_room", "assess_opening", benChannel] {
                try session.execute("LISTEN " + PostgresSchema.identifier(channel))
            }
        }
        try PostgresStore(url: proctor).issueCommand(
            exam: "algebra", candidate: "ana", action: .message, minutes: nil,
            message: "Ten minutes left", reason: "time", issuedBy: "", at: Date())
        #expect(anaWatcher.waitForChange(milliseconds: 2000))
        #expect(!benWatcher.waitForChange(milliseconds: 500))
        // What Ben's role hears says nothing of Ana's command: an empty payload, on the room's channel only.
        let heard = try eavesdropper.withSession { session in
            var heard: [(channel: String, payload: String)] = []
            _ = session.pq.consumeInput(session.handle)
            while let notification = session.pq.notifies(session.handle) {
                heard.append(
                    (String(cString: notification.pointee.relname), String(cString: notification.pointee.extra)))
                session.pq.freemem(notification)
            }
            return heard
        }
        #expect(heard.map(\.channel) == ["assess_room"])
        #expect(heard.allSatisfy { $0.payload.isEmpty })
        // Seats that share a role read each other's statements: no statement names a seat's channel.
        let statements = try run("SELECT query FROM pg_stat_activity WHERE usename = current_user", as: ana)
            .compactMap { $0["query"] }
        #expect(statements.contains { $0.contains("listen_for_commands") }, "\(statements)")
        #expect(!statements.contains { $0.contains("assess_seat_") }, "\(statements)")
        // A seat cannot send a notification on another seat's channel through the trigger.
        expectRefused("SELECT assess.command_issued()", as: ben)
    }

    @Test func aSeatsForgedRecordsOfCommandsCarriedOutGiveItsResumedAttemptNothing() throws {
        let anaStore = try PostgresStore(url: ana)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: Date())
        let pending = try PostgresStore(url: proctor).issueCommand(
            exam: "algebra", candidate: "ana", action: .extraBreak,
            minutes: nil, message: nil, reason: "unwell", issuedBy: "",
            at: Date())
        // The seat's role writes its own log: records that say extra breaks were allowed,
        // by a command still pending, by one never issued and by one issued to Ben.
        let forBen = try PostgresStore(url: proctor).issueCommand(
            exam: "algebra", candidate: "ben", action: .extraBreak,
            minutes: nil, message: nil, reason: "x", issuedBy: "",
            at: Date())
        for id in [pending, pending + 1000, forBen] {
            let forged = SessionEvent.proctor(
                .commandCarriedOut(
                    id: id, action: "extra-break", by: "pat", reason: "unwell",
                    done: true))
            try anaStore.appendEvent(forged, at: EventTime(wall: Date(), monotonicNanoseconds: 1), attempt: attempt.id)
        }
        // A resumed sitting asks the server, which knows of no acknowledged command...
        let resumed = LeaseHolder(host: "lab-01", tty: "/dev/pts/1", pid: 12)
        try anaStore.releaseLease(exam: "algebra", candidate: "ana", holder: anaSeat)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: resumed, at: Date())
        #expect(
            try anaStore.commandsAcknowledged(during: attempt.id, exam: "algebra", candidate: "ana", holder: resumed)
                .isEmpty)
        // ... and the pending one comes again, to be carried out once.
        #expect(try anaStore.pendingCommands(exam: "algebra", candidate: "ana", holder: resumed).map(\.id) == [pending])
        try anaStore.acknowledgeCommand(pending, exam: "algebra", candidate: "ana", holder: resumed, at: Date())
        #expect(
            try anaStore.commandsAcknowledged(during: attempt.id, exam: "algebra", candidate: "ana", holder: resumed)
                .map(\.id) == [pending])
        // Ben's role cannot ask for Ana's, even with her lease's token.
        expectRefused(
            "SELECT * FROM assess.commands_acknowledged('\(attempt.id)', 'algebra', 'ana', '\(resumed.token)')",
            as: ben)
    }

    @Test func aSeatsRoleLogsTheStaleLockOfItsCrashedSittingAndTheMonitorShowsIt() throws {
        let anaStore = try PostgresStore(url: ana)
        let proctorStore = try PostgresStore(url: proctor)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: Date())
        // The sitting crashed; a `take` at its terminal finds its lock and gives its lease up.
        let record = LockRecord(
            pid: 11, bootID: "boot", user: "ana", tty: "/dev/pts/1", examID: "algebra", examKey: "k",
            candidate: "ana", startedAt: Date(), expiresAt: Date().addingTimeInterval(3600))
        let time = EventTime(wall: Date(), monotonicNanoseconds: 1)
        try anaStore.appendEvent(.staleLockFound(record), at: time, attempt: attempt.id)
        try anaStore.releaseLease(exam: "algebra", candidate: "ana", holder: anaSeat)
        func state() throws -> SeatState? {
            try proctorStore.room(exams: nil, at: Date()).first { $0.candidate == "ana" }?.state(
                lostAfter: Lease.lostAfter)
        }
        #expect(try state() == .staleLock)
        // Another seat's role cannot put a stale lock on Ana's attempt.
        #expect(throws: (any Error).self) {
            try PostgresStore(url: ben).appendEvent(.staleLockFound(record), at: time, attempt: attempt.id)
        }
        // Resumed: the proctor clears the lock in its timeline, and the attempt goes on.
        try anaStore.appendEvent(.staleLockCleared(record, by: "pat"), at: time, attempt: attempt.id)
        try anaStore.appendEvent(
            .proctor(.attemptResumed(attemptID: attempt.id, downSeconds: 60, charged: false)),
            at: time, attempt: attempt.id)
        _ = try anaStore.takeLease(exam: "algebra", candidate: "ana", holder: anaSeat, at: Date())
        #expect(try state() == .answering)
    }
}

/// Who may write a roster and open a sitting, tried against a real PostgreSQL server as a
/// seat's role: only the proctor's group; a seat reads its own candidate's row and whether
/// the sitting is open, and checks a code, and nothing more.
@Suite struct RosterPrivilegeTests: RoleAttempts {
    let database: PostgresTestDatabase
    let ana: String, proctor: String

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        proctor = try database.login("pat", in: .proctor)
    }

    @Test func aSeatCannotWriteTheRosterNorOpenTheSitting() throws {
        let anaStore = try PostgresStore(url: ana)
        let proctorStore = try PostgresStore(url: proctor)
        try proctorStore.addToRoster(exam: "algebra", entries: [RosterEntry(candidate: "ben", name: "Ben")])
        // By the store's API...
        #expect(throws: StoreError.self) {
            try anaStore.addToRoster(exam: "algebra", entries: [RosterEntry(candidate: "ana")])
        }
        #expect(throws: StoreError.self) { try anaStore.removeFromRoster(exam: "algebra", candidates: ["ben"]) }
        #expect(throws: StoreError.self) { try anaStore.openSitting(exam: "algebra", by: "ana", at: Date()) }
        #expect(throws: StoreError.self) {
            try anaStore.setStartCode(exam: "algebra", code: "AAAAAA", by: "ana", at: Date())
        }
        #expect(throws: StoreError.self) { try anaStore.roster(exam: "algebra") }
        #expect(throws: StoreError.self) { try anaStore.resetStart(exam: "algebra") }
        // ... and by SQL.
        expectRefused("INSERT INTO assess.roster (exam_id, candidate) VALUES ('algebra', 'ana')", as: ana)
        expectRefused("UPDATE assess.roster SET settings = '{}'", as: ana)
        expectRefused("DELETE FROM assess.roster", as: ana)
        expectRefused("SELECT * FROM assess.roster", as: ana)
        expectRefused("INSERT INTO assess.sitting_starts (exam_id, opened_at) VALUES ('algebra', now())", as: ana)
        expectRefused("SELECT code_hash FROM assess.sitting_starts", as: ana)
        expectRefused("DELETE FROM assess.sitting_starts", as: ana)
        expectRefused("SELECT assess.open_sitting('algebra')", as: ana)
        expectRefused("SELECT assess.set_start_code('algebra', 'AAAAAA')", as: ana)
        // Another candidate's row is not the seat's to read.
        #expect(throws: StoreError.self) { try anaStore.rosterStanding(exam: "algebra", candidate: "ben") }
        #expect(try anaStore.secondsSinceOpening(exam: "algebra", at: Date()) == nil)
        #expect(try anaStore.rosterStanding(exam: "algebra", candidate: "ana") == .notListed)
    }

    @Test func aSeatLearnsItsOwnRowTheOpeningAndWhetherACodeIsRight() throws {
        let anaStore = try PostgresStore(url: ana)
        let proctorStore = try PostgresStore(url: proctor)
        try proctorStore.addToRoster(
            exam: "algebra", entries: [RosterEntry(candidate: "ana", name: "Ana", settings: #"{"a":1}"#)])
        #expect(
            try anaStore.rosterStanding(exam: "algebra", candidate: "ana")
                == .listed(RosterEntry(candidate: "ana", name: "Ana", settings: #"{"a":1}"#)))
        try proctorStore.setStartCode(exam: "algebra", code: "K7QM3X", by: "", at: Date())
        #expect(try anaStore.startCodeMatches(exam: "algebra", code: "k7qm-3x"))
        #expect(try !anaStore.startCodeMatches(exam: "algebra", code: "K7QM3Y"))
        try proctorStore.openSitting(exam: "algebra", by: "", at: Date())
        #expect(try anaStore.secondsSinceOpening(exam: "algebra", at: Date()) != nil)
        let starts = try proctorStore.sittingStarts(exams: nil, at: Date())
        #expect(starts.first?.openedBy == "\(database.name)_pat")
    }
}
