import AssessCore
import Foundation
import Synchronization

/// The PostgreSQL backend of `ExamStore`: one server shared by a lab, where the server's
/// roles and row-level security decide what each connection may read and write (see
/// `PostgresSchema`).
///
/// It connects with a libpq URL (`postgresql:///assess?host=/run/postgresql` for the local
/// socket with peer authentication; a password comes from `~/.pgpass` or `PGPASSFILE`, as
/// for every PostgreSQL tool) and refuses to open a database whose schema is missing or is
/// not the one this build knows: the admin runs `assess store init` first.
public final class PostgresStore: ExamStore {
    /// The URL it was opened with.
    public let url: String
    /// The connection every call goes through, the leases' included: a holder is known
    /// alive while the server backend of this connection is connected (see
    /// `PostgresSchema.v9`), so it sets the server's TCP keepalives, and after the server
    /// went away its new connection takes the leases this store holds again at once.
    let connection: PostgresConnection
    /// The leases this store holds, taken again on each new connection.
    private let held: HeldLeases

    /// Connects and checks the schema.
    ///
    /// - Throws: `StoreProblem` when no connection can be made or the schema is missing,
    ///   too old or too new.
    public init(url: String) throws {
        self.url = url
        let held = HeldLeases()
        self.held = held
        do {
            connection = try PostgresConnection(url) { session in
                _ = try? session.run(script: PostgresSchema.keepalives)
                for lease in held.all {
                    _ = try? session.execute(Self.takeLeaseCall, Self.takeLeaseParameters(lease, holderGone: false))
                }
            }
        } catch let error as PostgresError {
            throw StoreProblem.classify(error)
        }
        let state = try connection.withSession { try Self.schemaState($0) }
        if let problem = state.problem { throw problem }
    }

    /// `PostgreSQL` and the URL, without a password.
    public var location: String {
        "PostgreSQL " + Self.redacted(url)
    }

    /// Every write reaches the server or fails: nothing waits on this terminal.
    public var journal: (any StoreJournal)? { nil }

    /// `url` with the password of its user part (if any) replaced by `***`.
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://"),
            let at = url[scheme.upperBound...].firstIndex(of: "@"),
            let colon = url[scheme.upperBound..<at].firstIndex(of: ":")
        else { return url }
        return url.replacingCharacters(in: url.index(after: colon)..<at, with: "***")
    }

    // MARK: Attempts

    /// The columns of an attempt, times as whole milliseconds since the epoch.
    private static let attemptColumns = """
        id, exam_id, exam_key, candidate, status, \(milliseconds("started_at")), \(milliseconds("ended_at")),
        seconds_allowed, seconds_used, receipt, is_practice, settings, current_question, breaks_taken,
        \(milliseconds("last_active_at")), \(milliseconds("server_started_at")), \(milliseconds("server_ended_at")),
        late, time_from
        """

    static func milliseconds(_ column: String) -> String {
        "floor(extract(epoch FROM \(column)) * 1000)::bigint AS \(column)"
    }

    /// A time as a parameter: whole milliseconds since the epoch, as SQLite keeps it; the
    /// SQL reads it with `time(n)`.
    static func timestamp(_ date: Date) -> String {
        String(date.wholeMilliseconds)
    }

    /// Parameter `n`, a time from `timestamp(_:)`, as a `timestamptz`.
    static func time(_ n: Int) -> String {
        "to_timestamp($\(n)::bigint / 1000.0)"
    }

    private func attempt(from row: [String: String]) throws -> Attempt {
        func required(_ name: String) throws -> String {
            guard let value = row[name] else { throw StoreError.unreadableRow(table: "attempts", column: name) }
            return value
        }
        func date(_ name: String) -> Date? { row[name].flatMap(Int64.init).map(Date.init(milliseconds:)) }
        guard let status = AttemptStatus(rawValue: try required("status")),
            let startedAt = date("started_at"),
            let secondsUsed = Int(try required("seconds_used")),
            let currentQuestion = Int(try required("current_question")),
            let breaksTaken = Int(try required("breaks_taken"))
        else {
            throw StoreError.unreadableRow(table: "attempts", column: "status")
        }
        return Attempt(
            id: try required("id"), examID: try required("exam_id"), examKey: try required("exam_key"),
            candidate: try required("candidate"), status: status, startedAt: startedAt, endedAt: date("ended_at"),
            secondsAllowed: row["seconds_allowed"].flatMap(Int.init), secondsUsed: secondsUsed,
            receipt: row["receipt"], isPractice: row["is_practice"] == "t", settings: try required("settings"),
            currentQuestion: currentQuestion, breaksTaken: breaksTaken, lastActiveAt: date("last_active_at"),
            serverClock: date("server_started_at").map {
                ServerClock(
                    startedAt: $0, endedAt: date("server_ended_at"), late: row["late"] == "t",
                    timeFrom: row["time_from"] ?? "seat")
            })
    }

    private func attempts(where condition: String, _ parameters: [String?]) throws -> [Attempt] {
        try connection.withSession { session in
            try session.execute(
                """
                SELECT \(Self.attemptColumns) FROM assess.attempts WHERE \(condition) ORDER BY started_at, server_started_at, id
                """, parameters
            ).rows
        }.map(attempt(from:))
    }

    public func startAttempt(
        examID: String, examKey: String, candidate: String, secondsAllowed: Int?,
        isPractice: Bool, settings: String, at time: Date
    ) throws -> Attempt {
        let id = try call(
            "SELECT assess.start_attempt($1, $2, $3, $4, $5, $6, \(Self.time(7))) AS id",
            [
                examID, examKey, candidate, secondsAllowed.map(String.init), isPractice ? "t" : "f",
                settings, Self.timestamp(time),
            ], attempt: nil)
        guard let id = id.first?["id"], let started = try attempt(id) else {
            throw StoreError.unreadableRow(table: "attempts", column: "id")
        }
        return started
    }

    public func allowNewAttempt(exam examID: String, candidate: String) throws {
        try call("SELECT assess.allow_new_attempt($1, $2)", [examID, candidate], attempt: nil)
    }

    public func updateProgress(
        attempt attemptID: String, secondsUsed: Int, currentQuestion: Int,
        breaksTaken: Int, at time: Date
    ) throws {
        try call(
            "SELECT assess.update_progress($1, $2, $3, $4, \(Self.time(5)))",
            [attemptID, String(secondsUsed), String(currentQuestion), String(breaksTaken), Self.timestamp(time)],
            attempt: attemptID)
    }

    public func updateSecondsAllowed(attempt attemptID: String, seconds: Int) throws {
        try call("SELECT assess.update_seconds_allowed($1, $2)", [attemptID, String(seconds)], attempt: attemptID)
    }

    @discardableResult
    public func finishAttempt(id: String, status: AttemptStatus, receipt: String?, at time: Date) throws -> Attempt {
        guard status != .inProgress else { throw StoreError.notAFinishingStatus(status) }
        try call(
            "SELECT assess.finish_attempt($1, $2, $3, \(Self.time(4)))",
            [id, status.rawValue, receipt, Self.timestamp(time)],
            attempt: id)
        guard let finished = try attempt(id) else { throw StoreError.unknownAttempt(id) }
        return finished
    }

    public func attempt(_ id: String) throws -> Attempt? {
        try attempts(where: "id = $1", [id]).first
    }

    public func attempt(withReceipt receipt: String) throws -> Attempt? {
        try attempts(where: "receipt = $1", [receipt]).first
    }

    public func attempts(exam examID: String?, candidate: String?, status: AttemptStatus?) throws -> [Attempt] {
        try attempts(
            where:
                "($1::text IS NULL OR exam_id = $1) AND ($2::text IS NULL OR candidate = $2) AND ($3::text IS NULL OR status = $3)",
            [examID, candidate, status?.rawValue])
    }

    public func inProgressAttempt(exam examID: String, candidate: String) throws -> Attempt? {
        try attempts(where: "exam_id = $1 AND candidate = $2 AND status = 'inProgress'", [examID, candidate]).first
    }

    public func candidates() throws -> [String] {
        try connection.withSession { session in
            try session.execute(#"SELECT id FROM assess.candidates ORDER BY id COLLATE "C""#).rows.compactMap {
                $0["id"]
            }
        }
    }

    // MARK: Leases

    /// Takes or renews the lease through `take_lease` (see `PostgresSchema.v9`). When
    /// another sitting on this machine holds it and its process is gone, asks again with
    /// `holder_gone`: the server gives it over once it too sees that sitting's backend gone.
    public func takeLease(
        exam examID: String, candidate: String, holder: LeaseHolder, lostAfter: TimeInterval,
        at time: Date
    ) throws -> Lease {
        let asked = HeldLease(exam: examID, candidate: candidate, holder: holder, lostAfter: lostAfter)
        var lease = try takeLease(asked, holderGone: false)
        if lease.holder.token != holder.token, LocalProcess.isGone(lease.holder) {
            lease = try takeLease(asked, holderGone: true)
        }
        if lease.holder.token == holder.token { held.keep(asked) }
        return lease
    }

    private static let takeLeaseCall = "SELECT * FROM assess.take_lease($1, $2, $3, $4, $5, $6, $7, $8, $9)"

    private static func takeLeaseParameters(_ lease: HeldLease, holderGone: Bool) -> [String?] {
        let holder = lease.holder
        return [
            lease.exam, lease.candidate, holder.token, holder.host, holder.tty, String(holder.pid),
            holder.processStart.map { String(Int64(bitPattern: $0)) }, String(Int(lease.lostAfter.rounded(.up))),
            holderGone ? "t" : "f",
        ]
    }

    private func takeLease(_ asked: HeldLease, holderGone: Bool) throws -> Lease {
        let rows = try call(Self.takeLeaseCall, Self.takeLeaseParameters(asked, holderGone: holderGone), attempt: nil)
        guard let row = rows.first, let host = row["lease_host"], let pid = row["lease_pid"].flatMap(Int32.init),
            let since = row["lease_since"].flatMap(Int64.init)
        else {
            throw StoreError.unreadableRow(table: "leases", column: "holder")
        }
        var takenOver: LeaseTakeover?
        if let host = row["previous_host"], let pid = row["previous_pid"].flatMap(Int32.init),
            let renewed = row["previous_renewed_at"].flatMap(Int64.init)
        {
            takenOver = LeaseTakeover(
                host: host, tty: row["previous_tty"], pid: pid, renewedAt: Date(milliseconds: renewed),
                processGone: row["previous_gone"] == "t")
        }
        // The server names the holder's token only to the holder itself.
        return Lease(
            holder: LeaseHolder(
                token: row["lease_holder"] ?? "", host: host, tty: row["lease_tty"], pid: pid,
                processStart: row["lease_process_start"].flatMap(Int64.init).map { UInt64(bitPattern: $0) }),
            since: Date(milliseconds: since), takenOver: takenOver)
    }

    public func releaseLease(exam examID: String, candidate: String, holder: LeaseHolder) throws {
        held.forget(HeldLease(exam: examID, candidate: candidate, holder: holder, lostAfter: 0))
        try call("SELECT assess.release_lease($1, $2, $3)", [examID, candidate, holder.token], attempt: nil)
    }

    // MARK: Responses

    @discardableResult
    public func saveResponse(
        attempt attemptID: String, question questionID: String,
        value: String, flagged: Bool, annotations: String?, at time: Date
    ) throws -> StoredResponse {
        try call(
            """
            INSERT INTO assess.responses (attempt_id, question_id, value, flagged, annotations, saved_at)
            VALUES ($1, $2, $3, $4, $5, \(Self.time(6)))
            """, [attemptID, questionID, value, flagged ? "t" : "f", annotations, Self.timestamp(time)],
            attempt: attemptID)
        return StoredResponse(
            attemptID: attemptID, questionID: questionID, value: value, flagged: flagged, annotations: annotations,
            savedAt: Date(milliseconds: time.wholeMilliseconds))
    }

    /// Every save of an attempt (one question's when given), oldest first; those the server
    /// received after the attempt's deadline and grace are kept there but not counted.
    private func saves(of attemptID: String, question questionID: String?) throws -> [(
        version: ResponseVersion, flagged: Bool, annotations: String?
    )] {
        try connection.withSession { session in
            try session.execute(
                """
                SELECT attempt_id, question_id, value, flagged, annotations, \(Self.milliseconds("saved_at"))
                FROM assess.responses WHERE attempt_id = $1 AND ($2::text IS NULL OR question_id = $2) AND NOT after_deadline
                ORDER BY id
                """, [attemptID, questionID]
            ).rows
        }.map { row in
            guard let attempt = row["attempt_id"], let question = row["question_id"], let value = row["value"],
                let savedAt = row["saved_at"].flatMap(Int64.init)
            else {
                throw StoreError.unreadableRow(table: "responses", column: "value")
            }
            return (
                ResponseVersion(
                    attemptID: attempt, questionID: question, value: value,
                    savedAt: Date(milliseconds: savedAt)), row["flagged"] == "t", row["annotations"]
            )
        }
    }

    public func responses(for attemptID: String) throws -> [StoredResponse] {
        var latest: [String: StoredResponse] = [:]
        for (version, flagged, annotations) in try saves(of: attemptID, question: nil) {
            latest[version.questionID] = StoredResponse(
                attemptID: version.attemptID, questionID: version.questionID, value: version.value,
                flagged: flagged, annotations: annotations, savedAt: version.savedAt)
        }
        return latest.values.sorted { $0.questionID.utf8.lexicographicallyPrecedes($1.questionID.utf8) }
    }

    public func responseHistory(for attemptID: String, question questionID: String?) throws -> [ResponseVersion] {
        ResponseHistory.kept(from: try saves(of: attemptID, question: questionID).map(\.version))
    }

    // MARK: Results

    public func saveResult(_ result: StoredResult) throws {
        try call(
            """
            INSERT INTO assess.results (attempt_id, exam_key, awarded, maximum, awaiting_manual_marking, computed_at)
            VALUES ($1, $2, $3, $4, $5, \(Self.time(6)))
            ON CONFLICT (attempt_id) DO UPDATE SET exam_key = excluded.exam_key, awarded = excluded.awarded,
                maximum = excluded.maximum, awaiting_manual_marking = excluded.awaiting_manual_marking,
                computed_at = excluded.computed_at, server_computed_at = now()
            """,
            [
                result.attemptID, result.examKey, String(result.awarded), String(result.maximum),
                String(result.awaitingManualMarking), Self.timestamp(result.computedAt),
            ], attempt: result.attemptID)
    }

    public func result(for attemptID: String) throws -> StoredResult? {
        let rows = try connection.withSession { session in
            try session.execute(
                """
                SELECT attempt_id, exam_key, awarded, maximum, awaiting_manual_marking, \(Self.milliseconds("computed_at"))
                FROM assess.results WHERE attempt_id = $1
                """, [attemptID]
            ).rows
        }
        return try rows.first.map { row in
            guard let attempt = row["attempt_id"], let key = row["exam_key"],
                let awarded = row["awarded"].flatMap(Double.init), let maximum = row["maximum"].flatMap(Double.init),
                let awaiting = row["awaiting_manual_marking"].flatMap(Int.init),
                let computed = row["computed_at"].flatMap(Int64.init)
            else {
                throw StoreError.unreadableRow(table: "results", column: "awarded")
            }
            return StoredResult(
                attemptID: attempt, examKey: key, awarded: awarded, maximum: maximum,
                awaitingManualMarking: awaiting, computedAt: Date(milliseconds: computed))
        }
    }

    // MARK: The event log

    @discardableResult
    public func appendEvent(_ event: SessionEvent, at time: EventTime, attempt: String?) throws -> LoggedEvent {
        try appendEvent(
            ChainedFields(
                sequence: 0, wallMilliseconds: time.wall.wholeMilliseconds,
                monotonicNanoseconds: time.monotonicNanoseconds,
                kind: event.kind, details: event.details, attempt: attempt))
    }

    /// Appends a record with `fields` (their sequence aside: the server numbers it), as
    /// a journal sends a record written while the server was away.
    @discardableResult
    func appendEvent(_ fields: ChainedFields) throws -> LoggedEvent {
        try call(fields.attempt) { try connection.withSession { try Self.appendEvent(fields, in: $0) } }
    }

    /// Appends a record with `fields` with `session` (inside its transaction, if it is in one).
    static func appendEvent(_ fields: ChainedFields, in session: PostgresConnection.Session) throws -> LoggedEvent {
        let details = HandWrittenJSON.object(fields.details)
        let rows = try session.execute(
            "SELECT sequence, hash FROM assess.append_event($1, $2, $3, $4, $5)",
            [
                String(fields.wallMilliseconds), String(fields.monotonicNanoseconds), fields.kind,
                details, fields.attempt,
            ]
        ).rows
        guard let sequence = rows.first?["sequence"].flatMap(Int64.init), let hash = rows.first?["hash"] else {
            throw StoreError.unreadableRow(table: "events", column: "sequence")
        }
        return LoggedEvent(
            sequence: sequence, wallTime: Date(milliseconds: fields.wallMilliseconds),
            monotonicNanoseconds: fields.monotonicNanoseconds, kind: fields.kind,
            details: fields.details, hash: hash)
    }

    public func eventLogHead() throws -> (sequence: Int64, hash: String)? {
        let row = try connection.withSession { session in
            try session.execute("SELECT sequence, hash FROM assess.events ORDER BY sequence DESC LIMIT 1").rows.first
        }
        guard let row else { return nil }
        guard let sequence = row["sequence"].flatMap(Int64.init), let hash = row["hash"] else {
            throw StoreError.unreadableRow(table: "events", column: "sequence")
        }
        return (sequence, hash)
    }

    public func latestEventKind(attempt: String, among kinds: [String]) throws -> String? {
        try connection.withSession { session in
            try session.execute(
                """
                SELECT kind FROM assess.events WHERE attempt = $1 AND kind = ANY($2::text[]) ORDER BY sequence DESC LIMIT 1
                """, [attempt, Self.textArray(kinds)]
            ).rows.first?["kind"]
        }
    }

    public func eventKinds(attempt: String, among kinds: [String]) throws -> [String] {
        try connection.withSession { session in
            try session.execute(
                """
                SELECT kind FROM assess.events WHERE attempt = $1 AND kind = ANY($2::text[]) ORDER BY sequence
                """, [attempt, Self.textArray(kinds)]
            ).rows.compactMap { $0["kind"] }
        }
    }

    /// `values` as the text of a PostgreSQL `text[]`.
    static func textArray(_ values: [String]) -> String {
        let quoted = values.map { value in
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }

    private static let eventColumns = """
        id, sequence, wall_milliseconds, monotonic_nanoseconds, kind, details, attempt, hash, chain, position,
        (extract(epoch FROM server_time) * 1000000)::bigint AS server_micros, seat_role
        """

    private static func eventRow(_ row: [String: String]) throws -> EventRow {
        guard let sequence = row["sequence"].flatMap(Int64.init),
            let wall = row["wall_milliseconds"].flatMap(Int64.init),
            let monotonic = row["monotonic_nanoseconds"].flatMap(UInt64.init), let kind = row["kind"],
            let details = row["details"], let hash = row["hash"]
        else {
            throw StoreError.unreadableRow(table: "events", column: "sequence")
        }
        return EventRow(
            id: row["id"].flatMap(Int64.init), sequence: sequence, wallMilliseconds: wall,
            monotonicNanoseconds: monotonic, kind: kind, details: details, attempt: row["attempt"], hash: hash)
    }

    /// Where the server put a row in its chain (v10 on), and when and by whom it was
    /// written; nil for a record of the single chain before v10.
    private static func serverStamp(_ row: [String: String]) -> ServerStamp? {
        guard let chain = row["chain"], let position = row["position"].flatMap(Int64.init),
            let micros = row["server_micros"].flatMap(Int64.init), let writer = row["seat_role"]
        else { return nil }
        return ServerStamp(chain: chain, position: position, serverMicroseconds: micros, writer: writer)
    }

    /// A row as `events` hands it out: with the server's time and the role that wrote it.
    private static func storedEvent(_ row: [String: String]) throws -> StoredEvent {
        var stored = try eventRow(row).storedEvent()
        if let micros = row["server_micros"].flatMap(Int64.init) {
            stored.serverTime = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
        }
        stored.writer = row["seat_role"]
        return stored
    }

    public func events(after sequence: Int64, limit: Int?, attempt: String?) throws -> [StoredEvent] {
        try connection.withSession { session in
            try session.execute(
                """
                SELECT \(Self.eventColumns) FROM assess.events
                WHERE sequence > $1 AND ($2::text IS NULL OR attempt = $2) ORDER BY sequence LIMIT $3::bigint
                """, [String(sequence), attempt, limit.map(String.init)]
            ).rows
        }.map(Self.storedEvent)
    }

    public func verifyEventChain() throws -> ChainVerification {
        try connection.withSession { session in
            // A seat reads only its own records, and the chain runs through every seat's: a
            // walk of what it can read would report records as removed that are only hidden.
            let whole = try session.execute(
                """
                SELECT NOT row_security_active('assess.events') OR pg_has_role(current_database() || '_proctor', 'MEMBER') AS whole
                """
            ).rows.first?["whole"]
            guard whole == "t" else {
                throw StoreError.notPermitted(
                    """
                    only a proctor's role verifies the event log: this role reads only its own records, and the chain \
                    runs through every seat's
                    """)
            }
            // Every ended attempt's head into the room's chain first, so that the walk checks
            // them all (v17).
            try session.execute("SELECT assess.anchor_ended_attempts()")
            // One snapshot for the walk and the look-ups it makes.
            try session.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { _ = try? session.execute("COMMIT") }
            // The records before v10 form one chain; from v10 on each record is in the chain of
            // its attempt, its seat or the room (see postgres-v10-server-decides.sql).
            var single = ChainVerifier()
            var chains = ServerChainVerifier()
            var count = 0
            // The heads the room's chain anchors, by attempt, with the anchoring record's number.
            var anchors: [String: (head: String, sequence: Int64)] = [:]
            for row in try session.execute("SELECT \(Self.eventColumns) FROM assess.events ORDER BY id").rows {
                let event = try Self.eventRow(row)
                let found: ChainVerification?
                if let stamp = Self.serverStamp(row) {
                    if stamp.chain == "room", event.kind == Self.anchorKind, let fields = event.chainedFields,
                        let attempt = fields.details["attempt"], let head = fields.details["head"]
                    {
                        anchors[attempt] = (head, event.sequence)
                    }
                    found = chains.check(
                        sequence: event.sequence, fields: event.chainedFields, stamp: stamp, hash: event.hash)
                } else {
                    found = try single.check(sequence: event.sequence, fields: event.chainedFields, hash: event.hash) {
                        expected in
                        try !session.execute(
                            "SELECT 1 FROM assess.events WHERE sequence = $1 AND chain IS NULL",
                            [String(expected)]
                        ).rows.isEmpty
                    }
                }
                if let found { return found }
                count += 1
            }
            // Each ended attempt's head, as the server anchored it when the attempt ended:
            // the newest records of an attempt cannot be removed unnoticed.
            // Each anchored head as the room's chain holds it: an attempt rewritten whole, its
            // head in the attempt with it, no longer matches the room's record of it.
            for row in try session.execute(
                "SELECT id, chain_head, anchored_sequence FROM assess.attempts WHERE chain_head IS NOT NULL ORDER BY id"
            ).rows {
                guard let id = row["id"], let head = row["chain_head"] else { continue }
                if let found = chains.checkAnchor(chain: "attempt:" + id, head: head) { return found }
                if let anchored = row["anchored_sequence"].flatMap(Int64.init) {
                    guard let anchor = anchors[id] else {
                        return .broken(ChainBreak(sequence: anchored, problem: .removed))
                    }
                    if anchor.head != head {
                        return .broken(ChainBreak(sequence: anchor.sequence, problem: .edited))
                    }
                }
            }
            return .intact(count: count)
        }
    }

    /// The kind of the room's record that anchors an ended attempt's head (v17).
    static let anchorKind = "attempt.anchored"

    public func keptHead() throws -> String? {
        let row = try connection.withSession { session in
            try session.execute(
                "SELECT sequence, hash FROM assess.events WHERE chain = 'room' ORDER BY position DESC LIMIT 1"
            ).rows.first
        }
        guard let row else { return nil }
        guard let sequence = row["sequence"], let hash = row["hash"] else {
            throw StoreError.unreadableRow(table: "events", column: "sequence")
        }
        return sequence + ":" + hash
    }

    // MARK: Errors

    /// Runs one statement, turning the server's refusals into `StoreError`s.
    @discardableResult
    func call(_ sql: String, _ parameters: [String?], attempt: String?) throws -> [[String: String]] {
        try call(attempt) { try connection.withSession { try $0.execute(sql, parameters).rows } }
    }

    /// `body`, with the server's refusals (SQLSTATE `AS001`… and permission) turned into `StoreError`s.
    func call<T>(_ attempt: String?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError {
            switch error.sqlState {
            case "AS001": throw StoreError.attemptAlreadyInProgress(id: error.message)
            case "AS002": throw StoreError.unknownAttempt(error.message)
            case "AS003":
                throw StoreError.attemptNotInProgress(
                    id: attempt ?? "", status: AttemptStatus(rawValue: error.message) ?? .aborted)
            case "23503": throw StoreError.unknownAttempt(attempt ?? "")
            case "42501": throw StoreError.notPermitted(error.message)
            default: throw error
            }
        }
    }
}

/// A lease a store holds, as it asked for it.
struct HeldLease: Sendable {
    let exam: String
    let candidate: String
    let holder: LeaseHolder
    let lostAfter: TimeInterval
}

/// The leases a `PostgresStore` holds, which its connection takes again when it connects anew.
final class HeldLeases: Sendable {
    private let leases = Mutex<[String: HeldLease]>([:])

    private static func key(_ lease: HeldLease) -> String {
        lease.exam + "\u{0}" + lease.candidate + "\u{0}" + lease.holder.token
    }

    func keep(_ lease: HeldLease) {
        leases.withLock { $0[Self.key(lease)] = lease }
    }

    func forget(_ lease: HeldLease) {
        _ = leases.withLock { $0.removeValue(forKey: Self.key(lease)) }
    }

    var all: [HeldLease] {
        leases.withLock { Array($0.values) }
    }
}
