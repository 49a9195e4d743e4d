import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// What a seat may do to a PostgreSQL store, tried as the seat's own role against a real
/// server, the way a student with `psql` and their account's role would: the server, not
/// `assess`, refuses everything but adding to and reading the seat's own attempt.
@Suite struct SeatPrivilegeTests: RoleAttempts {
    let database: PostgresTestDatabase
    /// Ana's and Ben's seats, and a proctor.
    let ana: String, ben: String, proctor: String
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        ben = try database.login("ben", in: .seat)
        proctor = try database.login("pat", in: .proctor)
    }

    /// Ana's and Ben's attempts in progress, each with an answer and an event.
    private func twoSittings() throws -> (anaStore: PostgresStore, ana: Attempt, ben: Attempt) {
        let anaStore = try PostgresStore(url: ana)
        let benStore = try PostgresStore(url: ben)
        let anaAttempt = try anaStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ana", secondsAllowed: 600, at: start)
        let benAttempt = try benStore.startAttempt(
            examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: start)
        try anaStore.saveResponse(
            attempt: anaAttempt.id, question: "q1", value: #"{"text":"ana's"}"#, flagged: false, at: start)
        try benStore.saveResponse(
            attempt: benAttempt.id, question: "q1", value: #"{"text":"ben's"}"#, flagged: false, at: start)
        let time = EventTime(wall: start, monotonicNanoseconds: 1)
        try anaStore.appendEvent(.timerWarning(minutesLeft: 5), at: time, attempt: anaAttempt.id)
        try benStore.appendEvent(.timerWarning(minutesLeft: 5), at: time, attempt: benAttempt.id)
        return (anaStore, anaAttempt, benAttempt)
    }

    @Test func aSeatLogsTheToolsItsStudentUsedButNoOtherToolKind() throws {
        let (anaStore, anaAttempt, _) = try twoSittings()
        let time = EventTime(wall: start, monotonicNanoseconds: 2)
        try anaStore.appendEvent(
            .toolUsed(tool: "calculator", action: "result-copied", questionID: "q1"), at: time, attempt: anaAttempt.id)
        expectRefused(
            "SELECT * FROM assess.append_event(0, 0, 'tool.typed', '{}', '\(anaAttempt.id)')", as: ana)
        let records = try PostgresStore(url: proctor).events(after: 0, limit: nil, attempt: anaAttempt.id)
        #expect(records.map(\.event.kind) == ["timer.warning", "tool.used"])
        #expect(records.last?.event.details == ["tool": "calculator", "action": "result-copied", "question": "q1"])
    }

    /// The seat kinds are a table (v23) that neither a seat nor a proctor can change: a seat
    /// that could add a kind there could forge a proctor's records.
    @Test func noRoleButTheOwnerAddsAKindASeatMayLog() throws {
        let (_, anaAttempt, _) = try twoSittings()
        let forged = "SELECT * FROM assess.append_event(0, 0, 'proctor.incident', '{}', '\(anaAttempt.id)')"
        for role in [ana, proctor] {
            expectRefused("INSERT INTO assess.seat_event_kinds (kind) VALUES ('proctor.incident')", as: role)
            expectRefused(
                "UPDATE assess.seat_event_kinds SET kind = 'proctor.incident' WHERE kind = 'tool.used'", as: role)
            expectRefused("DELETE FROM assess.seat_event_kinds", as: role)
        }
        expectRefused("SELECT * FROM assess.seat_event_kinds", as: ana)
        expectRefused(forged, as: ana)
        let kinds = try run("SELECT kind FROM assess.seat_event_kinds", as: proctor).compactMap { $0["kind"] }
        #expect(kinds.contains("code.run") && kinds.contains("hand.raised") && kinds.contains("answer.saved"))
        #expect(!kinds.contains { $0.hasPrefix("proctor.incident") || $0 == "proctor.command-issued" })
    }

    /// A raised hand (v19): a seat raises and lowers its own, on its own attempt; it can
    /// neither raise nor lower another seat's, nor acknowledge one (a proctor's command).
    @Test func aSeatRaisesAndLowersOnlyItsOwnHand() throws {
        let (anaStore, anaAttempt, benAttempt) = try twoSittings()
        let time = EventTime(wall: start, monotonicNanoseconds: 2)
        try anaStore.appendEvent(.handRaised(raised: true), at: time, attempt: anaAttempt.id)
        for kind in SeatHand.kinds {
            expectRefused("SELECT * FROM assess.append_event(0, 0, '\(kind)', '{}', '\(benAttempt.id)')", as: ana)
        }
        #expect(throws: (any Error).self) {
            try anaStore.appendEvent(.handRaised(raised: true), at: time, attempt: benAttempt.id)
        }
        expectRefused(
            """
            INSERT INTO assess.commands (exam_id, candidate, action, reason)
            VALUES ('algebra', 'ben', 'hand-acknowledged', 'x')
            """, as: ana)
        let room = try PostgresStore(url: proctor).room(exams: nil, at: start)
        #expect(room.map(\.candidate) == ["ana", "ben"])
        #expect(room.map(\.handWaiting) == [true, false])
        #expect(room.map(\.handsRaised) == [1, 0])
        // A resumed sitting reads its own hand from the log, and no other seat's.
        #expect(try anaStore.eventKinds(attempt: anaAttempt.id, among: SeatHand.kinds) == [SeatHand.raised])
        #expect(try anaStore.eventKinds(attempt: benAttempt.id, among: ["timer.warning"]).isEmpty)
        try anaStore.appendEvent(.handRaised(raised: false), at: time, attempt: anaAttempt.id)
        #expect(try PostgresStore(url: proctor).room(exams: nil, at: start).map(\.handWaiting) == [false, false])
        // The proctor's acknowledgement goes as a command of its own action.
        try PostgresStore(url: proctor).issueCommand(
            exam: "algebra", candidate: "ana", action: .acknowledgeHand, minutes: nil, message: nil,
            reason: "raised hand", issuedBy: "pat", at: start)
    }

    /// An irregularity report is a proctor's record: the server stamps its time and the
    /// proctor's login role; a seat's role cannot write one, on its own attempt or another's.
    @Test func onlyAProctorWritesAnIncidentAndTheServerSaysWhoAndWhen() throws {
        let (anaStore, anaAttempt, benAttempt) = try twoSittings()
        let time = EventTime(wall: start, monotonicNanoseconds: 2)
        let incident = SessionEvent.proctor(
            .incidentReported(
                examID: "algebra", candidate: "ben", category: .suspectedMisconduct, note: "phone out", by: "pat"))
        for attempt in [anaAttempt.id, benAttempt.id] {
            expectRefused(
                "SELECT * FROM assess.append_event(0, 0, 'proctor.incident', '{}', '\(attempt)')", as: ana)
        }
        #expect(throws: (any Error).self) { try anaStore.appendEvent(incident, at: time, attempt: anaAttempt.id) }
        let before = Date()
        try PostgresStore(url: proctor).appendEvent(incident, at: time, attempt: benAttempt.id)
        let records = try PostgresStore(url: proctor).events(after: 0, limit: nil, attempt: benAttempt.id)
            .filter { $0.event.kind == ProctorEvent.incidentKind }
        #expect(records.count == 1)
        #expect(records.first?.writer == "\(database.name)_pat")
        // The server's time, not the one the client gave (`start`, long ago).
        let stamped = try #require(records.first?.serverTime)
        #expect(abs(stamped.timeIntervalSince(before)) < 60)
        #expect(records.first?.event.details["note"] == "phone out")
        #expect(records.first?.event.details["category"] == "suspected misconduct")
    }

    /// The room version (v16) that answers and log records move for the monitors: a seat's
    /// writes move it, but a seat can neither read it, move it, set it nor call its trigger.
    @Test func aSeatMovesTheRoomVersionOnlyByWritingAndCanNeitherReadNorSetIt() throws {
        let (anaStore, anaAttempt, _) = try twoSittings()
        let version = "SELECT last_value || ' ' || is_called AS v FROM assess.room_version"
        let before = try run(version, as: proctor).first?["v"]
        try anaStore.saveResponse(
            attempt: anaAttempt.id, question: "q2", value: #"{"text":"more"}"#, flagged: false, at: start)
        #expect(try run(version, as: proctor).first?["v"] != before)
        expectRefused(version, as: ana)
        expectRefused("SELECT nextval('assess.room_version')", as: ana)
        expectRefused("SELECT setval('assess.room_version', 1)", as: ana)
        expectRefused("SELECT assess.room_version_moved()", as: ana)
    }

    @Test func aSeatCannotChangeOrRemoveAnAnswerOnceWritten() throws {
        let (_, anaAttempt, _) = try twoSittings()
        expectRefused("UPDATE assess.responses SET value = 'changed' WHERE attempt_id = '\(anaAttempt.id)'", as: ana)
        expectRefused("DELETE FROM assess.responses WHERE attempt_id = '\(anaAttempt.id)'", as: ana)
        expectRefused("TRUNCATE assess.responses", as: ana)
        #expect(
            try run("SELECT value FROM assess.responses WHERE attempt_id = '\(anaAttempt.id)'", as: proctor)
                .map { $0["value"] } == [#"{"text":"ana's"}"#])
    }

    /// Annotations (v17) ride on a response row: a seat adds them to its own attempt only,
    /// and cannot change those written.
    @Test func aSeatWritesAnnotationsOnlyWithItsOwnNewResponses() throws {
        let (anaStore, anaAttempt, benAttempt) = try twoSittings()
        try anaStore.saveResponse(
            attempt: anaAttempt.id, question: "q2", value: "null", flagged: false, annotations: #"{"struck":[1]}"#,
            at: start)
        expectRefused(
            "UPDATE assess.responses SET annotations = '{\"struck\":[]}' WHERE attempt_id = '\(anaAttempt.id)'", as: ana
        )
        expectRefused(
            """
            INSERT INTO assess.responses (attempt_id, question_id, value, flagged, annotations, saved_at)
            VALUES ('\(benAttempt.id)', 'q1', 'null', false, '{"struck":[0]}', now())
            """, as: ana)
        #expect(
            try run("SELECT annotations FROM assess.responses WHERE annotations IS NOT NULL", as: proctor)
                .map { $0["annotations"] } == [#"{"struck":[1]}"#])
    }

    /// v24: a seat cannot fill the server's disk through its answers: an answer of more
    /// than 1 MiB, annotations of more than 64 KiB and a 601st row in a minute are refused,
    /// and another seat cannot even count against Ana's minute.
    @Test func aSeatsAnswersAreBoundedInSizeAndRate() throws {
        let (_, anaAttempt, benAttempt) = try twoSittings()
        func rows(_ count: Int, value: String = "'null'", annotations: String = "NULL", into attempt: String) -> String
        {
            """
            INSERT INTO assess.responses (attempt_id, question_id, value, flagged, annotations, saved_at)
            SELECT '\(attempt)', 'q' || n, \(value), false, \(annotations), now() FROM generate_series(1, \(count)) n
            """
        }
        let tooLarge = "23514"
        expectRefused(
            rows(1, value: #"'"' || repeat('x', 1048575) || '"'"#, into: anaAttempt.id), as: ana, state: tooLarge)
        expectRefused(
            rows(1, annotations: #"'"' || repeat('x', 65535) || '"'"#, into: anaAttempt.id), as: ana, state: tooLarge)
        expectRefused(rows(1, into: anaAttempt.id), as: ben)
        _ = try run(rows(1, value: #"'"' || repeat('x', 1048574) || '"'"#, into: anaAttempt.id), as: ana)
        _ = try run(rows(598, into: anaAttempt.id), as: ana)
        expectRefused(rows(1, into: anaAttempt.id), as: ana, state: "54000")
        _ = try run(rows(1, into: benAttempt.id), as: ben)
        let counted = try run(
            "SELECT count(*) AS n FROM assess.responses WHERE attempt_id = '\(anaAttempt.id)'", as: proctor)
        #expect(counted.first?["n"] == "600")
    }

    @Test func aSeatCannotChangeOrRemoveAnEvent() throws {
        _ = try twoSittings()
        expectRefused("DELETE FROM assess.events", as: ana)
        expectRefused("UPDATE assess.events SET kind = 'nothing'", as: ana)
        expectRefused(
            "INSERT INTO assess.events (sequence, wall_milliseconds, monotonic_nanoseconds, kind, details, hash) VALUES (99, 0, 0, 'x', '{}', 'x')",
            as: ana)
        #expect(try EventStore(database: try PostgresStore(url: proctor)).verifyChain() == .intact(count: 2))
    }

    @Test func aSeatCannotReadAnotherCandidatesAnswersAttemptsOrEvents() throws {
        let (anaStore, anaAttempt, benAttempt) = try twoSittings()
        #expect(try anaStore.responses(for: benAttempt.id).isEmpty)
        #expect(try anaStore.attempt(benAttempt.id) == nil)
        #expect(try anaStore.attempts().map(\.id) == [anaAttempt.id])
        #expect(try anaStore.events(after: 0, limit: nil, attempt: nil).map(\.attempt) == [anaAttempt.id])
        #expect(try run("SELECT value FROM assess.responses", as: ana).map { $0["value"] } == [#"{"text":"ana's"}"#])
        expectRefused("SELECT * FROM assess.results", as: ana)
        expectRefused("SELECT * FROM assess.candidates", as: ana)
    }

    @Test func aSeatCannotWriteIntoAnotherAttempt() throws {
        let (anaStore, _, benAttempt) = try twoSittings()
        let time = EventTime(wall: start, monotonicNanoseconds: 2)
        #expect(throws: StoreError.self) {
            try anaStore.appendEvent(.sessionInterrupted(reason: "forged"), at: time, attempt: benAttempt.id)
        }
        #expect(throws: StoreError.self) {
            try anaStore.saveResponse(
                attempt: benAttempt.id, question: "q1", value: "forged", flagged: false, at: start)
        }
        expectRefused(
            "INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at) VALUES ('\(benAttempt.id)', 'q1', 'forged', false, now())",
            as: ana)
        #expect(throws: StoreError.self) {
            try anaStore.updateProgress(
                attempt: benAttempt.id, secondsUsed: 599, currentQuestion: 0, breaksTaken: 0, at: start)
        }
        #expect(try PostgresStore(url: proctor).responses(for: benAttempt.id).map(\.value) == [#"{"text":"ben's"}"#])
    }

    @Test func aSeatCannotEndOrSubmitAnotherAttempt() throws {
        let (anaStore, _, benAttempt) = try twoSittings()
        for status in [AttemptStatus.submitted, .aborted, .interrupted] {
            #expect(throws: StoreError.notPermitted("attempt \(benAttempt.id) belongs to another seat")) {
                try anaStore.finishAttempt(id: benAttempt.id, status: status, receipt: nil, at: start)
            }
        }
        expectRefused("UPDATE assess.attempts SET status = 'aborted' WHERE id = '\(benAttempt.id)'", as: ana)
        expectRefused("DELETE FROM assess.attempts WHERE id = '\(benAttempt.id)'", as: ana)
        #expect(try PostgresStore(url: proctor).attempt(benAttempt.id)?.status == .inProgress)
    }

    @Test func aSeatCannotCallTheStoresHelpersOrBackdateTheServersTime() throws {
        let (_, anaAttempt, _) = try twoSittings()
        expectRefused("SELECT assess.may_act_on('ben')", as: ana)
        expectRefused("SELECT assess.attempt_in_progress('\(anaAttempt.id)')", as: ana)
        expectRefused(
            """
            INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at, server_saved_at)
            VALUES ('\(anaAttempt.id)', 'q2', 'x', false, now(), '1990-01-01')
            """, as: ana)
    }

    @Test func aSeatCannotTakeOrReleaseAnotherCandidatesLease() throws {
        let bens = LeaseHolder(host: "lab-02", tty: "/dev/pts/7", pid: 4343)
        let anas = LeaseHolder(host: "lab-01", tty: "/dev/pts/3", pid: 4242)
        _ = try PostgresStore(url: ben).takeLease(exam: "algebra", candidate: "ben", holder: bens, at: start)
        let anaStore = try PostgresStore(url: ana)
        // Ana's role does not sit as Ben, whatever her clock claims about his lease.
        #expect(throws: StoreError.self) {
            try anaStore.takeLease(exam: "algebra", candidate: "ben", holder: anas, at: .distantFuture)
        }
        // Even with Ben's token, Ana's role cannot release his lease.
        try anaStore.releaseLease(exam: "algebra", candidate: "ben", holder: bens)
        #expect(
            try run("SELECT host FROM assess.leases WHERE candidate = 'ben'", as: proctor).map { $0["host"] } == [
                "lab-02"
            ])
        expectRefused("UPDATE assess.leases SET renewed_at = '2000-01-01'", as: ana)
        expectRefused("DELETE FROM assess.leases", as: ana)
        expectRefused("SELECT * FROM assess.leases", as: ana)
    }

    @Test func aSeatCannotMakeADeadSeatLookAliveNorForgeTheBackendItsLeaseRecords() throws {
        let room = try PostgresStore(url: proctor)
        func anasSeat() throws -> SeatView {
            try #require(try room.room(exams: nil, at: Date()).first { $0.candidate == "ana" })
        }
        // The lease records the backend that took it, whatever the caller passes.
        let psql = try PostgresConnection(ana)
        let own = try psql.withSession { try $0.execute("SELECT pg_backend_pid() AS pid").rows.first?["pid"] }
        try psql.withSession { session in
            _ = try session.execute(
                "SELECT * FROM assess.take_lease('algebra', 'ana', 'psql', 'lab-01', NULL, 1, NULL, 30, false)")
        }
        #expect(try run("SELECT backend_pid FROM assess.leases", as: proctor).first?["backend_pid"] == own)
        try run("SELECT assess.release_lease('algebra', 'ana', 'psql')", as: ana)

        // Ana's sitting takes its lease on its own connection; then its machine dies.
        let anas = LeaseHolder(host: "lab-01", tty: "/dev/pts/3", pid: 4242)
        _ = try PostgresStore(url: ana).takeLease(exam: "algebra", candidate: "ana", holder: anas, at: start)
        let recorded = try run("SELECT holder, backend_pid, backend_start FROM assess.leases", as: proctor)
        let deadline = Date().addingTimeInterval(10)
        while try anasSeat().holderAlive && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try !anasSeat().holderAlive)

        // With psql as the seat's own role, while the lease's time runs: the server tells no
        // one but the holder its token, so a call with any other renews nothing and records
        // no backend of the caller's.
        let told = try psql.withSession {
            try $0.execute(
                "SELECT * FROM assess.take_lease('algebra', 'ana', 'guess', 'lab-01', '/dev/pts/3', 4242, NULL, 30, false)"
            ).rows
        }
        #expect(told.count == 1 && told.first?["lease_holder"] == nil && told.first?["lease_host"] == "lab-01")
        #expect(try run("SELECT holder, backend_pid, backend_start FROM assess.leases", as: proctor) == recorded)
        // Nor can the role write the table, or ask which backends are connected.
        expectRefused("UPDATE assess.leases SET backend_pid = pg_backend_pid()", as: ana)
        expectRefused("UPDATE assess.leases SET backend_start = now(), renewed_at = now()", as: ana)
        expectRefused(
            """
            INSERT INTO assess.leases (exam_id, candidate, holder, host, pid, backend_pid) VALUES ('algebra', 'x', 't', 'h', 1, pg_backend_pid())
            """, as: ana)
        expectRefused("SELECT assess.backend_alive(pg_backend_pid(), now())", as: ana)
        // Once not renewed for its time, the dead seat shows lost, its psql session notwithstanding.
        try run("UPDATE assess.leases SET renewed_at = now() - interval '1 hour'", as: database.url)
        #expect(try anasSeat().state(lostAfter: 30) == .lost)
    }

    @Test func answersAreAppendedTheNewestWinsAndEachCarriesTheServersTime() throws {
        let (anaStore, anaAttempt, _) = try twoSittings()
        // The seat's clock says 1990; the server's says now.
        try anaStore.saveResponse(
            attempt: anaAttempt.id, question: "q1", value: #"{"text":"ana's second"}"#, flagged: true,
            at: Date(timeIntervalSince1970: 631_152_000))
        #expect(try anaStore.responses(for: anaAttempt.id).map(\.value) == [#"{"text":"ana's second"}"#])
        let rows = try run(
            """
            SELECT value, extract(year FROM saved_at)::int AS seat_year, server_saved_at > now() - interval '1 minute' AS recent
            FROM assess.responses WHERE attempt_id = '\(anaAttempt.id)' ORDER BY id
            """, as: ana)
        #expect(rows.map { $0["value"] } == [#"{"text":"ana's"}"#, #"{"text":"ana's second"}"#])
        #expect(rows.map { $0["seat_year"] } == ["2027", "1990"])
        #expect(rows.map { $0["recent"] } == ["t", "t"])
    }

    @Test func aProctorReadsTheWholeRoomEndsAnyAttemptAndChangesNoAnswer() throws {
        let (_, anaAttempt, benAttempt) = try twoSittings()
        let proctorStore = try PostgresStore(url: proctor)
        #expect(Set(try proctorStore.attempts().map(\.id)) == [anaAttempt.id, benAttempt.id])
        #expect(try proctorStore.candidates() == ["ana", "ben"])
        #expect(
            try proctorStore.finishAttempt(id: benAttempt.id, status: .interrupted, receipt: nil, at: start).status
                == .interrupted)
        try proctorStore.saveResult(
            StoredResult(
                attemptID: benAttempt.id, examKey: "k", awarded: 1, maximum: 2,
                awaitingManualMarking: 0, computedAt: start))
        #expect(try proctorStore.result(for: benAttempt.id)?.awarded == 1)
        expectRefused("UPDATE assess.responses SET value = 'changed'", as: proctor)
        expectRefused("DELETE FROM assess.events", as: proctor)
    }

    @Test func aSeatCannotGiveItselfTimeBackNorMoreTime() throws {
        // The roster gives Ana one break (and Ben none).
        try run(
            """
            INSERT INTO assess.roster (exam_id, candidate, settings)
            VALUES ('algebra', 'ana', '{"breaks":{"count":1,"minutes":5}}'), ('algebra', 'ben', '{}')
            """, as: proctor)
        let (anaStore, anaAttempt, _) = try twoSittings()
        try anaStore.updateProgress(
            attempt: anaAttempt.id, secondsUsed: 300, currentQuestion: 2, breaksTaken: 1, at: start)
        #expect(throws: StoreError.self) {
            try anaStore.updateProgress(
                attempt: anaAttempt.id, secondsUsed: 10, currentQuestion: 2, breaksTaken: 1, at: start)
        }
        expectRefused("SELECT assess.update_progress('\(anaAttempt.id)', 10, 2, 1, now())", as: ana)
        expectRefused("SELECT assess.update_progress('\(anaAttempt.id)', 300, 2, 0, now())", as: ana)
        expectRefused("SELECT assess.update_seconds_allowed('\(anaAttempt.id)', 99999)", as: ana)
        #expect(throws: StoreError.self) { try anaStore.updateSecondsAllowed(attempt: anaAttempt.id, seconds: 99999) }
        // Going on is fine; the proctor gives extra time.
        try anaStore.updateProgress(
            attempt: anaAttempt.id, secondsUsed: 301, currentQuestion: 0, breaksTaken: 1, at: start)
        try PostgresStore(url: proctor).updateSecondsAllowed(attempt: anaAttempt.id, seconds: 900)
        let stored = try #require(try PostgresStore(url: proctor).attempt(anaAttempt.id))
        #expect(stored.secondsUsed == 301 && stored.breaksTaken == 1 && stored.secondsAllowed == 900)
    }

    @Test func aSeatStartsAttemptsAndTakesLeasesOnlyForTheCandidatesItSitsAs() throws {
        let anaStore = try PostgresStore(url: ana)
        #expect(throws: StoreError.notPermitted("role \(database.name)_ana may not sit as candidate ben")) {
            try anaStore.startAttempt(examID: "algebra", examKey: "k", candidate: "ben", secondsAllowed: 600, at: start)
        }
        expectRefused("SELECT assess.start_attempt('algebra', 'k', 'ben', 600, false, '{}', now())", as: ana)
        let holder = LeaseHolder(host: "lab-01", tty: nil, pid: 4242)
        #expect(throws: StoreError.self) {
            try anaStore.takeLease(exam: "algebra", candidate: "ben", holder: holder, at: start)
        }
        expectRefused("SELECT * FROM assess.take_lease('algebra', 'ben', 't', 'h', NULL, 1, NULL, 30, false)", as: ana)
        #expect(try PostgresStore(url: proctor).attempts().isEmpty)

        // A role named for no candidate sits as the candidate of its own name.
        let ownName = try PostgresStore(url: try database.login("cara", in: .seat, sittingAs: []))
        #expect(throws: StoreError.self) {
            try ownName.startAttempt(examID: "algebra", examKey: "k", candidate: "cara", secondsAllowed: 600, at: start)
        }
        let caraRole = "\(database.name)_cara"
        #expect(
            try ownName.startAttempt(
                examID: "algebra", examKey: "k", candidate: caraRole, secondsAllowed: 600, at: start
            )
            .candidate == caraRole)
        // A seat the students of a room share sits as anyone.
        let shared = try PostgresStore(url: try database.login("lab07", in: .seat, sittingAs: ["*"]))
        #expect(
            try shared.startAttempt(examID: "algebra", examKey: "k", candidate: "dan", secondsAllowed: 600, at: start)
                .candidate == "dan")
        #expect(try shared.takeLease(exam: "algebra", candidate: "eve", holder: holder, at: start).holder == holder)
    }

    @Test func aSeatCannotVerifyTheWholeLogItCannotReadAndIsToldSo() throws {
        let (anaStore, _, _) = try twoSittings()
        #expect(throws: StoreError.self) { try anaStore.verifyEventChain() }
        #expect(try PostgresStore(url: proctor).verifyEventChain() == .intact(count: 2))
    }
}
