import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// The attacks a student with `psql` and their seat's role can make on a lab's store, each
/// made as that role against the real server: the server refuses it or keeps its effect
/// to the student's own attempt, by its own clock (see `postgres-v10-server-decides.sql`).
@Suite struct ServerDecidesTests: RoleAttempts {
    let database: PostgresTestDatabase
    /// Ana's, Ben's and Cara's seats, and a proctor.
    let ana: String, ben: String, cara: String, proctor: String
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        ben = try database.login("ben", in: .seat)
        cara = try database.login("cara", in: .seat)
        proctor = try database.login("pat", in: .proctor)
    }

    /// Expects `sql` as the role of `url` to fail with `state`.
    private func expectFailure(
        _ sql: String, as url: String, state: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: PostgresError.self, sourceLocation: sourceLocation) { try run(sql, as: url) }
        #expect(error?.sqlState == state, "\(sql): \(error?.message ?? "")", sourceLocation: sourceLocation)
    }

    private func attemptRow(_ id: String) throws -> [String: String] {
        try #require(
            try run(
                """
                SELECT status, seconds_allowed, seat_seconds_allowed, settings, time_from, late, ended_by, chain_head,
                       extract(epoch FROM now() - server_started_at) AS server_age,
                       extract(epoch FROM now() - started_at) AS seat_age,
                       extract(epoch FROM server_ended_at - server_started_at) AS server_used
                FROM assess.attempts WHERE id = '\(id)'
                """, as: proctor
            ).first)
    }

    // MARK: The state machine

    @Test func aSeatCannotAbortOrInterruptItsOwnAttemptNorStartAgainAfterIt() throws {
        let anaStore = try PostgresStore(url: ana)
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        for status in [AttemptStatus.aborted, .interrupted] {
            #expect(throws: StoreError.self) {
                try anaStore.finishAttempt(id: attempt.id, status: status, receipt: nil, at: start)
            }
        }
        expectRefused("SELECT assess.finish_attempt('\(attempt.id)', 'aborted', NULL, now())", as: ana)
        #expect(try attemptRow(attempt.id)["status"] == "inProgress")

        // Submitting is the seat's; a fresh attempt with the full time after it is not.
        try anaStore.finishAttempt(id: attempt.id, status: .submitted, receipt: "R", at: start)
        #expect(throws: StoreError.self) {
            try anaStore.startAttempt(examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        }
        expectRefused("SELECT assess.start_attempt('algebra', 'k', 'ana', 600, false, '{}', now())", as: ana)
        expectRefused("SELECT assess.allow_new_attempt('algebra', 'ana')", as: ana)
        #expect(throws: StoreError.self) { try anaStore.allowNewAttempt(exam: "algebra", candidate: "ana") }
        // A practice attempt is the seat's to begin and end again.
        let practice = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600,
            isPractice: true, at: start)
        try anaStore.finishAttempt(id: practice.id, status: .aborted, receipt: nil, at: start)

        // A proctor allows one more, once (as `assess roster --allow-new-attempt` does); a proctor ends it.
        try PostgresStore(url: proctor).allowNewAttempt(exam: "algebra", candidate: "ana")
        let again = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        #expect(
            try PostgresStore(url: proctor).finishAttempt(id: again.id, status: .aborted, receipt: nil, at: start)
                .status == .aborted)
        #expect(try attemptRow(again.id)["ended_by"] == "\(database.name)_pat")
        #expect(throws: StoreError.self) {
            try anaStore.startAttempt(examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        }
    }

    @Test func aSeatsOwnTimeBreaksAndBackdatedStartAreIgnored() throws {
        // The proctor publishes the exam's 10 minutes; Ana's roster row gives her one break.
        try run("SELECT assess.set_exam_terms('algebra', 600, 60)", as: proctor)
        try run(
            """
            INSERT INTO assess.roster (exam_id, candidate, settings)
            VALUES ('algebra', 'ana', '{"breaks":{"count":1,"minutes":5},"extraTime":{"multiplier":{"_0":1.5}}}')
            """, as: proctor)
        let greedy = #"{"breaks":{"count":9,"minutes":60},"extraTime":{"minutes":{"_0":600}},"restrictionStates":{}}"#
        let rows = try run(
            """
            SELECT assess.start_attempt('algebra', 'k', 'ana', 86400, false, '\(greedy)', now() - interval '9 minutes') AS id
            """, as: ana)
        let id = try #require(rows.first?["id"])
        let row = try attemptRow(id)
        #expect(row["seconds_allowed"] == "900") // 600 s with the roster's 1.5x
        #expect(row["seat_seconds_allowed"] == "86400" && row["time_from"] == "terms")
        let settings = try #require(row["settings"]).data(using: .utf8)!
        let kept = try #require(try JSONSerialization.jsonObject(with: settings) as? [String: Any])
        #expect((kept["breaks"] as? [String: Int]) == ["count": 1, "minutes": 5])
        #expect(try #require(Double(row["server_age"] ?? "")) < 30)
        #expect(try #require(Double(row["seat_age"] ?? "")) > 500) // kept as the seat's view only

        // Cara is not on the roster: she does not start. Ben is, without accommodations: no
        // extra time, no breaks, whatever he sends.
        expectRefused("SELECT assess.start_attempt('algebra', 'k', 'cara', 600, false, '{}', now())", as: cara)
        try run("INSERT INTO assess.roster (exam_id, candidate) VALUES ('algebra', 'ben')", as: proctor)
        let benID = try #require(
            try run(
                """
                SELECT assess.start_attempt('algebra', 'k', 'ben', 86400, false, '\(greedy)', now()) AS id
                """, as: ben
            ).first?["id"])
        let benRow = try attemptRow(benID)
        #expect(benRow["seconds_allowed"] == "600")
        #expect(benRow["settings"]?.contains(#""breaks": {"count": 0, "minutes": 0}"#) == true)
        // Breaks beyond those allowed are refused; the time allowed is the proctor's.
        expectRefused("SELECT assess.update_progress('\(benID)', 10, 0, 1, now())", as: ben)
        expectRefused("SELECT assess.update_seconds_allowed('\(benID)', 86400)", as: ben)
        try run("SELECT assess.update_progress('\(id)', 10, 0, 1, now())", as: ana)
        expectRefused("SELECT assess.update_progress('\(id)', 11, 0, 2, now())", as: ana)
        expectRefused("SELECT assess.set_exam_terms('algebra', 86400, 3600)", as: ana)
    }

    @Test func theTimeAProctorPausedAnAttemptMovesItsDeadlineAndASecondPauseAddsNothing() throws {
        let id = try #require(
            try run("SELECT assess.start_attempt('algebra', 'k', 'ana', 600, false, '{}', now()) AS id", as: ana)
                .first?["id"])
        // Fifteen minutes ago it started with ten; the proctor paused it from 14 to 4 minutes ago,
        // and pressed pause twice.
        try run(
            "UPDATE assess.attempts SET server_started_at = now() - interval '15 minutes' WHERE id = '\(id)'",
            as: database.url)
        for (action, minutesAgo) in [("pause", 14), ("pause", 13), ("resume", 4)] {
            try run(
                """
                INSERT INTO assess.commands (exam_id, candidate, action, reason) VALUES ('algebra', 'ana', '\(action)', 'fire drill')
                """, as: proctor)
            try run(
                """
                UPDATE assess.commands SET issued_at = now() - interval '\(minutesAgo) minutes'
                WHERE id = (SELECT max(id) FROM assess.commands)
                """, as: database.url)
        }
        // Ten minutes paused: the deadline is 5 minutes from now, so an answer now counts.
        try run(
            """
            INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at)
            VALUES ('\(id)', 'q1', '{"choice":0}', false, now())
            """, as: ana)
        let row = try #require(
            try run(
                """
                SELECT bool_or(r.after_deadline) AS late,
                       round(extract(epoch FROM assess.deadline(a) - now()) / 60) AS minutes_left
                FROM assess.attempts a JOIN assess.responses r ON r.attempt_id = a.id WHERE a.id = '\(id)' GROUP BY a.id, a.*
                """, as: database.url
            ).first)
        #expect(row["late"] == "f")
        #expect(row["minutes_left"] == "5")
        // A seat neither issues a pause nor calls the count.
        expectRefused(
            "INSERT INTO assess.commands (exam_id, candidate, action, reason) VALUES ('algebra', 'ana', 'pause', 'x')",
            as: ana)
        expectRefused("SELECT assess.paused_seconds(a, now()) FROM assess.attempts a", as: ana)
    }

    @Test func aWholeAttemptWrittenInSQLCarriesTheServersTimesAndLosesWhatCameAfterTheDeadline() throws {
        try run("SELECT assess.set_exam_terms('algebra', 60, 0)", as: proctor)
        let id = try #require(
            try run(
                """
                SELECT assess.start_attempt('algebra', 'k', 'ana', 86400, false, '{}', now() - interval '1 hour') AS id
                """, as: ana
            ).first?["id"])
        for question in ["q1", "q2"] {
            try run(
                """
                INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at)
                VALUES ('\(id)', '\(question)', '{"choice":0}', false, now() - interval '50 minutes')
                """, as: ana)
        }
        // The server's clock moves on past the deadline (as if the hour had passed).
        try run(
            "UPDATE assess.attempts SET server_started_at = now() - interval '1 hour' WHERE id = '\(id)'",
            as: database.url)
        try run(
            """
            INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at)
            VALUES ('\(id)', 'q3', '{"choice":0}', false, now() - interval '58 minutes')
            """, as: ana)
        try run(
            "SELECT assess.finish_attempt('\(id)', 'submitted', 'ZZZZ-ZZZZ-ZZZZ', now() - interval '58 minutes')",
            as: ana)

        let room = try PostgresStore(url: proctor)
        let attempt = try #require(try room.attempt(id))
        let clock = try #require(attempt.serverClock)
        #expect(clock.late)
        #expect(attempt.timeUsed >= 3600) // the server's hour, not the seat's two minutes
        #expect(attempt.secondsAllowed == 60)
        // The answer that came after the deadline is kept, not counted.
        #expect(try room.responses(for: id).map(\.questionID) == ["q1", "q2"])
        #expect(
            try run("SELECT count(*) AS n FROM assess.responses WHERE after_deadline", as: proctor).first?["n"] == "1")
        let stamped = try run(
            """
            SELECT bool_and(server_saved_at > now() - interval '1 minute') AS recent FROM assess.responses WHERE attempt_id = '\(id)'
            """, as: proctor)
        #expect(stamped.first?["recent"] == "t")
        // A seat cannot set the columns that say so.
        expectRefused(
            """
            INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at, after_deadline)
            VALUES ('\(id)', 'q4', 'x', false, now(), false)
            """, as: ana)
        expectRefused("UPDATE assess.attempts SET late = false", as: ana)
    }

    // MARK: The log

    @Test func aSeatCannotForgeAProctorsRecordNorWriteOutsideItsAttempt() throws {
        let anaStore = try PostgresStore(url: ana)
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        let forged = #"{"action":"add-time","by":"pat","candidate":"ana","id":"1","minutes":"60"}"#
        expectRefused(
            "SELECT * FROM assess.append_event(0, 0, 'proctor.command-issued', '\(forged)', '\(attempt.id)')", as: ana)
        expectRefused("SELECT * FROM assess.append_event(0, 0, 'proctor.command-issued', '\(forged)', NULL)", as: ana)
        expectRefused("SELECT * FROM assess.append_event(0, 0, 'answer.marked', '{}', '\(attempt.id)')", as: ana)
        expectRefused("SELECT * FROM assess.append_event(0, 0, 'anything.else', '{}', NULL)", as: ana)
        expectFailure(
            "SELECT * FROM assess.append_event(0, 0, 'timer.warning', '{}', 'no-such-attempt')", as: ana, state: "AS002"
        )
        let time = EventTime(wall: start, monotonicNanoseconds: 1)
        #expect(throws: StoreError.self) {
            try anaStore.appendEvent(
                .proctor(.commandIssued(id: 1, action: "end", candidate: "ana", by: "pat", reason: "x")),
                at: time, attempt: attempt.id)
        }
        // What a seat may write carries the server's time and the seat's role.
        try anaStore.appendEvent(.timerWarning(minutesLeft: 5), at: time, attempt: attempt.id)
        try PostgresStore(url: proctor).appendEvent(
            .proctor(.commandIssued(id: 1, action: "end", candidate: "ana", by: "pat", reason: "x")), at: time,
            attempt: attempt.id)
        let records = try PostgresStore(url: proctor).events(after: 0, limit: nil, attempt: attempt.id)
        #expect(records.map(\.event.kind) == ["timer.warning", "proctor.command-issued"])
        #expect(records.map(\.writer) == ["\(database.name)_ana", "\(database.name)_pat"])
        #expect(records.allSatisfy { abs(($0.serverTime ?? .distantPast).timeIntervalSinceNow) < 60 })
        // Once ended (and its last records in), the attempt takes no more from the seat.
        try anaStore.finishAttempt(id: attempt.id, status: .submitted, receipt: nil, at: start)
        try anaStore.appendEvent(.lockReleased, at: time, attempt: attempt.id)
        try run("UPDATE assess.attempts SET server_ended_at = now() - interval '1 hour'", as: database.url)
        expectFailure(
            "SELECT * FROM assess.append_event(0, 0, 'timer.warning', '{}', '\(attempt.id)')", as: ana, state: "AS003")
        // The three, and the room's anchor of the ended attempt's head.
        #expect(try PostgresStore(url: proctor).verifyEventChain() == .intact(count: 4))
    }

    @Test func anOversizedRecordAndAFloodAreRefused() throws {
        let anaStore = try PostgresStore(url: ana)
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        let time = EventTime(wall: start, monotonicNanoseconds: 1)
        #expect(throws: PostgresError.self) {
            try anaStore.appendEvent(
                .sessionInterrupted(reason: String(repeating: "x", count: 9000)), at: time, attempt: attempt.id)
        }
        expectFailure(
            """
            SELECT * FROM assess.append_event(0, 0, 'session.interrupted', json_build_object('reason', repeat('x', 5000000))::text, NULL)
            """, as: ana, state: "54000")
        try anaStore.appendEvent(
            .sessionInterrupted(reason: String(repeating: "x", count: 8000)), at: time, attempt: attempt.id)
        // 20,000 records in a few seconds is no sitting: the server stops the 601st of a minute.
        expectFailure(
            """
            SELECT count(*) FROM generate_series(1, 700) g, LATERAL assess.append_event(0, g, 'timer.warning', '{}', '\(attempt.id)')
            """, as: ana, state: "54000")
        try anaStore.appendEvent(.timerWarning(minutesLeft: 1), at: time, attempt: attempt.id)
        #expect(try PostgresStore(url: proctor).verifyEventChain() == .intact(count: 2))
    }

    @Test func aSeatHoldingItsTransactionOpenHoldsUpNoOtherSeat() throws {
        let anaStore = try PostgresStore(url: ana)
        let anaAttempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        let benStore = try PostgresStore(url: ben)
        let benAttempt = try benStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: start)

        // Ana's psql takes whatever a seat can take, and keeps its transaction open.
        let holder = try PostgresConnection(ana)
        try holder.withSession { session in
            #expect(try session.execute("SHOW idle_in_transaction_session_timeout").rows.first?.values.first == "5s")
            #expect(try session.execute("SHOW lock_timeout").rows.first?.values.first == "2s")
            try session.execute("BEGIN")
            try session.execute("SELECT * FROM assess.append_event(0, 0, 'timer.warning', '{}', $1)", [anaAttempt.id])
            try session.execute("SELECT * FROM assess.append_event(0, 0, 'lock.requested', '{}', NULL)")
            try session.execute("SELECT assess.update_progress($1, 5, 0, 0, now())", [anaAttempt.id])
            try session.execute(
                """
                INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at) VALUES ($1, 'q1', 'x', false, now())
                """, [anaAttempt.id])
            try session.execute(
                "SELECT * FROM assess.take_lease('algebra', 'ana', 'psql', 'lab-01', NULL, 1, NULL, 30, false)")
            try session.execute("SELECT assess.start_code_matches('algebra', 'AAAAAA')")
            try session.execute("LOCK TABLE assess.events IN ACCESS SHARE MODE")
            #expect(throws: PostgresError.self) { try session.execute("LOCK TABLE assess.events IN EXCLUSIVE MODE") }
        }
        let other = try PostgresConnection(ana)
        for table in ["events", "attempts", "responses"] {
            #expect(throws: PostgresError.self) {
                try other.withSession { try $0.execute("SELECT * FROM assess.\(table) FOR SHARE") }
            }
        }

        // Ben's writes, and the proctor's, each reach the server within a second.
        let time = EventTime(wall: start, monotonicNanoseconds: 1)
        let room = try PostgresStore(url: proctor)
        let writes: [(String, () throws -> Void)] = [
            (
                "answer",
                {
                    try benStore.saveResponse(
                        attempt: benAttempt.id, question: "q1", value: "b", flagged: false, at: self.start)
                }
            ),
            ("event", { try benStore.appendEvent(.timerWarning(minutesLeft: 5), at: time, attempt: benAttempt.id) }),
            ("event outside an attempt", { try benStore.appendEvent(.lockDeclined, at: time, attempt: nil) }),
            (
                "progress",
                {
                    try benStore.updateProgress(
                        attempt: benAttempt.id, secondsUsed: 9, currentQuestion: 1, breaksTaken: 0, at: self.start)
                }
            ),
            (
                "lease",
                {
                    _ = try benStore.takeLease(
                        exam: "algebra", candidate: "ben", holder: LeaseHolder(host: "lab-02", tty: nil, pid: 2),
                        at: self.start)
                }
            ),
            (
                "start",
                {
                    _ = try PostgresStore(url: self.cara).startAttempt(
                        examID: "algebra", examKey: "k", candidate: "cara",
                        secondsAllowed: 600, at: self.start)
                }
            ),
            (
                "submit",
                { try benStore.finishAttempt(id: benAttempt.id, status: .submitted, receipt: "R", at: self.start) }
            ),
            ("proctor's event", { try room.appendEvent(.lockDeclined, at: time, attempt: nil) }),
        ]
        for (name, write) in writes {
            let began = Date()
            try write()
            #expect(Date().timeIntervalSince(began) < 1, "\(name) took \(Date().timeIntervalSince(began)) s")
        }

        // The server ends the idle transaction of Ana's psql, and nothing it did stays.
        Thread.sleep(forTimeInterval: 6)
        #expect(throws: PostgresError.self) { try holder.withSession { try $0.execute("SELECT 1") } }
        #expect(try room.responses(for: anaAttempt.id).isEmpty)
        // Ben's two records and the one outside an attempt, and the room's anchor of Ben's ended attempt.
        #expect(try room.verifyEventChain() == .intact(count: 4))
    }

    @Test func theChainsFindAnEditAndTheRemovalOfAnEndedAttemptsNewestRecords() throws {
        let anaStore = try PostgresStore(url: ana)
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        let time = EventTime(wall: start, monotonicNanoseconds: 1)
        for minutes in [3, 2, 1] {
            try anaStore.appendEvent(.timerWarning(minutesLeft: minutes), at: time, attempt: attempt.id)
        }
        try anaStore.finishAttempt(id: attempt.id, status: .submitted, receipt: nil, at: start)
        #expect(try attemptRow(attempt.id)["chain_head"]?.hasPrefix("3:") == true)
        let room = try PostgresStore(url: proctor)
        // The three records, and the room's anchor of the attempt's head (v17).
        #expect(try room.verifyEventChain() == .intact(count: 4))
        let chain = "chain = 'attempt:\(attempt.id)'"

        // The owner of the database removes the newest record: the anchor misses it.
        try run("DELETE FROM assess.events WHERE \(chain) AND position = 3", as: database.url)
        #expect(try room.verifyEventChain() == .broken(ChainBreak(sequence: 3, problem: .removed)))
        // An edit breaks the record's hash; so does a forged writer.
        try run(
            #"UPDATE assess.events SET details = '{"minutesLeft":"9"}' WHERE "# + chain + " AND position = 1",
            as: database.url)
        #expect(try room.verifyEventChain() == .broken(ChainBreak(sequence: 1, problem: .edited)))
        try run(
            #"UPDATE assess.events SET details = '{"minutesLeft":"3"}', seat_role = 'pat' WHERE "# + chain
                + " AND position = 1",
            as: database.url)
        #expect(try room.verifyEventChain() == .broken(ChainBreak(sequence: 1, problem: .edited)))
    }

    /// Re-chains `chain` from its first record as the server would have, and moves its head:
    /// what someone who may write the tables does to hide an edit.
    private func rechain(_ chain: String) throws {
        try run(
            """
            DO $$ DECLARE r record; previous text := repeat('0', 64); BEGIN
                FOR r IN SELECT * FROM assess.events WHERE chain = '\(chain)' ORDER BY position LOOP
                    previous := assess.chained_hash(previous, r.sequence, r.wall_milliseconds, r.monotonic_nanoseconds,
                        r.kind, r.attempt, r.details, r.chain, r.position, assess.micros(r.server_time), r.seat_role);
                    UPDATE assess.events SET hash = previous WHERE id = r.id;
                END LOOP;
                UPDATE assess.chains SET hash = previous WHERE chain = '\(chain)';
            END $$
            """, as: database.url)
    }

    @Test func anAttemptRewrittenWholeDisagreesWithTheRoomsAnchorAndRewritingTheRoomMovesItsKeptHead() throws {
        let anaStore = try PostgresStore(url: ana)
        let attempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        let time = EventTime(wall: start, monotonicNanoseconds: 1)
        for minutes in [3, 2, 1] {
            try anaStore.appendEvent(.timerWarning(minutesLeft: minutes), at: time, attempt: attempt.id)
        }
        try anaStore.finishAttempt(id: attempt.id, status: .submitted, receipt: nil, at: start)
        let room = try PostgresStore(url: proctor)
        // A seat neither anchors nor writes the room's kind of record.
        expectFailure("SELECT assess.anchor_ended_attempts()", as: ana, state: "42501")
        expectFailure(
            """
            SELECT assess.append_event(0, 0, 'attempt.anchored', '{"attempt":"\(attempt.id)","head":"1:x"}', '\(attempt.id)')
            """, as: ana, state: "42501")
        // The monitor's read of the room anchors the ended attempt; the proctor keeps the head.
        _ = try room.room(exams: nil, at: start)
        #expect(try room.verifyEventChain() == .intact(count: 4))
        let kept = try #require(try room.keptHead())
        #expect(kept.hasPrefix("4:"))
        #expect(
            try run("SELECT anchored_sequence FROM assess.attempts", as: proctor).first?["anchored_sequence"] == "4")

        // The owner edits a record and re-chains the attempt whole, its head in the attempt
        // with it: each chain is consistent, but the room's anchor names the old head.
        let chain = "attempt:\(attempt.id)"
        try run(
            #"UPDATE assess.events SET details = '{"minutesLeft":"9"}' WHERE chain = '"# + chain + "' AND position = 1",
            as: database.url)
        try rechain(chain)
        try run(
            """
            UPDATE assess.attempts SET chain_head = (SELECT position || ':' || hash FROM assess.events
                WHERE chain = '\(chain)' ORDER BY position DESC LIMIT 1) WHERE id = '\(attempt.id)'
            """, as: database.url)
        #expect(try room.verifyEventChain() == .broken(ChainBreak(sequence: 4, problem: .edited)))

        // Rewriting the room's anchor too makes every chain agree; the head the proctor kept
        // no longer names the room's record.
        try run(
            """
            UPDATE assess.events SET details = jsonb_build_object('attempt', attempt,
                'head', (SELECT chain_head FROM assess.attempts WHERE id = '\(attempt.id)'))::text
            WHERE chain = 'room' AND kind = 'attempt.anchored'
            """, as: database.url)
        try rechain("room")
        #expect(try room.verifyEventChain() == .intact(count: 4))
        #expect(try room.keptHead() != kept)
        #expect(
            try room.events(after: 3, limit: 1, attempt: nil).first?.event.hash
                != kept.split(separator: ":").last.map(String.init))
    }

    // MARK: Start codes

    @Test func guessingTheStartCodeIsLockedOutPerSeatAndForTheStore() throws {
        try run("SELECT assess.set_start_code('algebra', 'RIGHT1')", as: proctor)
        let anaStore = try PostgresStore(url: ana)
        let roster = try #require(anaStore.roster)
        for guess in 0..<10 { #expect(try !roster.startCodeMatches(exam: "algebra", code: "WRONG\(guess)")) }
        // The eleventh try, even the right code, is refused: the proctor gives a new one.
        #expect(throws: StoreError.self) { try roster.startCodeMatches(exam: "algebra", code: "RIGHT1") }
        #expect(
            try run("SELECT count(*) AS n FROM assess.start_code_tries WHERE NOT matched", as: proctor).first?["n"]
                == "10")
        expectRefused("SELECT * FROM assess.start_code_tries", as: ana)
        // Ben still may.
        #expect(try PostgresStore(url: ben).roster?.startCodeMatches(exam: "algebra", code: "RIGHT1") == true)

        // Rolled-back tries still count for the store: 23 transactions of 9 wrong tries.
        let psql = try PostgresConnection(cara)
        for round in 0..<23 {
            try psql.withSession { session in
                try session.execute("BEGIN")
                // Once the store's limit is reached mid-round the server refuses, and the round ends.
                _ = try? session.execute(
                    "SELECT count(*) FROM generate_series(1, 9) g WHERE assess.start_code_matches('algebra', 'W\(round)X' || g)"
                )
                try session.execute("ROLLBACK")
            }
        }
        expectRefused("SELECT assess.start_code_matches('algebra', 'RIGHT1')", as: cara)
        expectRefused("SELECT assess.start_code_matches('algebra', 'RIGHT1')", as: ben)
        // A new code opens the check again.
        try run("SELECT assess.set_start_code('algebra', 'NEW123')", as: proctor)
        #expect(try PostgresStore(url: cara).roster?.startCodeMatches(exam: "algebra", code: "NEW123") == true)
    }
}
