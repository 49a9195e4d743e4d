import AssessCore
import CLibpq
import Foundation

/// The room in PostgreSQL: one query for every seat, ages by the server's clock, each lease's
/// holder alive while its backend is connected (`PostgresSchema.v9`), commands
/// through the grants and functions of `RoomSchema`, and LISTEN for changes.
extension PostgresStore: RoomStore {
    /// This store keeps a room.
    public var room: (any RoomStore)? { self }

    /// Every seat in one statement: the keys from the leases and the latest attempts, then
    /// each seat's counts by index look-ups of its own attempt.
    private static let roomQuery = """
        WITH latest AS (
            SELECT DISTINCT ON (exam_id, candidate) * FROM assess.attempts
            WHERE NOT is_practice AND ($1::text[] IS NULL OR exam_id = ANY($1::text[]))
            ORDER BY exam_id, candidate, started_at DESC, server_started_at DESC
        ), recent AS (
            SELECT * FROM latest WHERE status = 'inProgress' OR started_at >= now() - make_interval(secs => $4::double precision)
        ), seats AS (
            SELECT exam_id, candidate FROM recent
            UNION SELECT exam_id, candidate FROM assess.leases WHERE $1::text[] IS NULL OR exam_id = ANY($1::text[])
        )
        SELECT s.exam_id, s.candidate, l.host, l.tty, extract(epoch FROM now() - l.renewed_at)::float8 AS lease_age,
               assess.backend_alive(l.backend_pid, l.backend_start) AS holder_alive, l.backend_pid IS NOT NULL AS holder_known,
               a.id, a.exam_key, a.status, a.seconds_allowed, a.seconds_used, a.breaks_taken,
               extract(epoch FROM now() - a.last_active_at)::float8 AS progress_age,
               r.answered, r.flagged, e.kind AS last_event, extract(epoch FROM now() - e.server_time)::float8 AS last_event_age,
               h.kind AS last_hold, w.warnings, c.pending, hd.last_hand, hd.hands_raised,
               (SELECT count(*) FROM assess.section_closings sc WHERE sc.attempt_id = a.id) AS sections_closed
        FROM seats s
        LEFT JOIN assess.leases l ON l.exam_id = s.exam_id AND l.candidate = s.candidate
        LEFT JOIN recent a ON a.exam_id = s.exam_id AND a.candidate = s.candidate
        LEFT JOIN LATERAL (
            SELECT count(*) FILTER (WHERE x.value <> 'null') AS answered, count(*) FILTER (WHERE x.flagged) AS flagged
            FROM (SELECT DISTINCT ON (question_id) value, flagged FROM assess.responses
                  WHERE attempt_id = a.id ORDER BY question_id, id DESC) x
        ) r ON true
        LEFT JOIN LATERAL (
            SELECT kind, server_time FROM assess.events WHERE attempt = a.id ORDER BY sequence DESC LIMIT 1
        ) e ON true
        LEFT JOIN LATERAL (
            SELECT kind FROM assess.events WHERE attempt = a.id AND kind = ANY($3::text[]) ORDER BY sequence DESC LIMIT 1
        ) h ON true
        LEFT JOIN LATERAL (
            SELECT jsonb_object_agg(kind, n)::text AS warnings
            FROM (SELECT kind, count(*) AS n FROM assess.events WHERE attempt = a.id AND kind = ANY($2::text[]) GROUP BY kind) z
        ) w ON true
        LEFT JOIN LATERAL (
            SELECT (array_agg(kind ORDER BY sequence DESC))[1] AS last_hand,
                   count(*) FILTER (WHERE kind = $6) AS hands_raised
            FROM assess.events WHERE attempt = a.id AND kind = ANY($5::text[])
        ) hd ON true
        LEFT JOIN LATERAL (
            SELECT count(*) AS pending FROM assess.commands c
            WHERE c.exam_id = s.exam_id AND c.candidate = s.candidate AND c.acknowledged_at IS NULL
        ) c ON true
        ORDER BY s.exam_id COLLATE "C", s.candidate COLLATE "C"
        """

    public func room(exams: [String]?, at time: Date) throws -> [SeatView] {
        let rows = try connection.withSession { session in
            // The monitor is the room's writer of anchors: each read after the room changed
            // anchors the attempts that ended since (an index look-up when none did; v17).
            try session.execute("SELECT assess.anchor_ended_attempts()")
            return try session.execute(
                Self.roomQuery,
                [
                    exams.map(Self.textArray), Self.textArray(SeatWarning.kinds),
                    Self.textArray(SeatHold.kinds), String(RoomWindow.recent), Self.textArray(SeatHand.kinds),
                    SeatHand.raised,
                ]
            ).rows
        }
        return try rows.map { row in
            guard let exam = row["exam_id"], let candidate = row["candidate"] else {
                throw StoreError.unreadableRow(table: "attempts", column: "exam_id")
            }
            let warnings =
                try row["warnings"].map { try JSONDecoder().decode([String: Int].self, from: Data($0.utf8)) } ?? [:]
            return SeatView(
                exam: exam, candidate: candidate, host: row["host"], tty: row["tty"],
                leaseAge: row["lease_age"].flatMap(Double.init), holderAlive: row["holder_alive"] == "t",
                holderGone: row["holder_known"] == "t" && row["holder_alive"] == "f",
                attempt: row["id"], examKey: row["exam_key"],
                status: row["status"], secondsAllowed: row["seconds_allowed"].flatMap(Int.init),
                secondsUsed: row["seconds_used"].flatMap(Int.init) ?? 0,
                progressAge: row["progress_age"].flatMap(Double.init),
                answered: row["answered"].flatMap(Int.init) ?? 0, flagged: row["flagged"].flatMap(Int.init) ?? 0,
                breaksTaken: row["breaks_taken"].flatMap(Int.init) ?? 0, lastEvent: row["last_event"],
                lastEventAge: row["last_event_age"].flatMap(Double.init), lastHold: row["last_hold"],
                warnings: warnings, pendingCommands: row["pending"].flatMap(Int.init) ?? 0,
                lastHand: row["last_hand"], handsRaised: row["hands_raised"].flatMap(Int.init) ?? 0,
                sectionsClosed: row["sections_closed"].flatMap(Int.init) ?? 0)
        }
    }

    @discardableResult
    public func issueCommand(
        exam: String, candidate: String, action: SeatCommand.Action, minutes: Int?, message: String?,
        reason: String, issuedBy: String, at time: Date
    ) throws -> Int64 {
        let rows = try call(
            """
            INSERT INTO assess.commands (exam_id, candidate, action, minutes, message, reason)
            VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
            """, [exam, candidate, action.rawValue, minutes.map(String.init), message, reason], attempt: nil)
        guard let id = rows.first?["id"].flatMap(Int64.init) else {
            throw StoreError.unreadableRow(table: "commands", column: "id")
        }
        return id
    }

    public func pendingCommands(exam: String, candidate: String, holder: LeaseHolder) throws -> [SeatCommand] {
        try Self.commands(
            call(
                "SELECT * FROM assess.pending_commands($1, $2, $3)", [exam, candidate, holder.token],
                attempt: nil))
    }

    public func commandsAcknowledged(
        during attempt: String, exam: String, candidate: String,
        holder: LeaseHolder
    ) throws -> [SeatCommand] {
        try Self.commands(
            call(
                "SELECT * FROM assess.commands_acknowledged($1, $2, $3, $4)",
                [attempt, exam, candidate, holder.token], attempt: attempt))
    }

    /// The commands in rows of the seat's functions (`command_id`, `command_action`, ...).
    private static func commands(_ rows: [[String: String]]) throws -> [SeatCommand] {
        try rows.map { row in
            guard let id = row["command_id"].flatMap(Int64.init),
                let action = row["command_action"].flatMap(SeatCommand.Action.init),
                let reason = row["command_reason"], let by = row["command_issued_by"]
            else {
                throw StoreError.unreadableRow(table: "commands", column: "action")
            }
            return SeatCommand(
                id: id, action: action, minutes: row["command_minutes"].flatMap(Int.init),
                message: row["command_message"], reason: reason, issuedBy: by)
        }
    }

    public func acknowledgeCommand(_ id: Int64, exam: String, candidate: String, holder: LeaseHolder, at time: Date)
        throws
    {
        try call(
            "SELECT assess.acknowledge_command($1, $2, $3, $4)", [String(id), exam, candidate, holder.token],
            attempt: nil)
    }

    public func roomWatcher() throws -> any RoomWatcher {
        PacedWatcher(
            try NotificationWatcher(
                connection: PostgresConnection(connection.conninfo),
                // A new sequence's first value leaves last_value as it was: is_called tells.
                version: "SELECT last_value || ' ' || is_called AS version FROM assess.room_version"
            ) { session in
                try session.execute("LISTEN assess_room")
            })
    }

    public func seatWatcher(exam: String, candidate: String, holder: LeaseHolder) throws -> any RoomWatcher {
        let token = holder.token
        return try NotificationWatcher(connection: PostgresConnection(connection.conninfo)) { session in
            try session.execute("LISTEN " + PostgresSchema.identifier(PostgresSchema.openingChannel))
            // The token is a parameter: the channel's name shows in no statement.
            try session.execute("SELECT assess.listen_for_commands($1)", [token])
        }
    }
}

/// Waits on a connection of its own that LISTENs to some channels: the process sleeps in
/// `poll` until the server sends a notification (or `interrupt` is called), so an idle
/// room or seat costs nothing.
final class NotificationWatcher: RoomWatcher, @unchecked Sendable {
    private let connection: PostgresConnection
    /// Starts listening on a connection; run again on each new one.
    private let listening: (PostgresConnection.Session) throws -> Void
    private let interruption = Interruption()
    /// A query whose one value moves with the changes that send no notification (answers and
    /// log records, v16), read every ``versionInterval`` milliseconds while waiting; `nil`
    /// when every change notifies.
    private let versionQuery: String?
    /// The value ``versionQuery`` gave last. Touched only inside the connection's session.
    private var lastVersion: String?
    /// How often a wait reads ``versionQuery``: a change shows well inside a second.
    static let versionInterval = 250
    /// True until LISTEN ran on the connection as it is now (a new one after the server
    /// came back listens afresh). Touched only inside the connection's session.
    private var mustListen = true

    init(
        connection: PostgresConnection, version: String? = nil,
        listen: @escaping (PostgresConnection.Session) throws -> Void
    ) throws {
        self.connection = connection
        versionQuery = version
        listening = listen
        try connection.withSession { session in
            try self.listen(session)
        }
    }

    private func listen(_ session: PostgresConnection.Session) throws {
        try listening(session)
        _ = try versionMoved(session)
        mustListen = false
    }

    /// True when ``versionQuery``'s value is not the one it gave last.
    private func versionMoved(_ session: PostgresConnection.Session) throws -> Bool {
        guard let versionQuery else { return false }
        let version = try session.execute(versionQuery).rows.first?.values.first
        defer { lastVersion = version }
        return lastVersion != nil && version != lastVersion
    }

    func waitForChange(milliseconds: Int) -> Bool {
        do {
            return try connection.withSession { session in
                if mustListen {
                    // Notifications sent while it was not listening are lost: say "changed".
                    try listen(session)
                    return true
                }
                if Self.drain(session) { return true }
                let deadline = ContinuousClock.now + .milliseconds(milliseconds)
                while true {
                    var descriptors = [
                        pollfd(fd: session.pq.socket(session.handle), events: Int16(POLLIN), revents: 0),
                        pollfd(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0),
                    ]
                    let left = max(0, Int((deadline - .now) / .milliseconds(1)))
                    let wait = versionQuery == nil ? left : min(left, Self.versionInterval)
                    if poll(&descriptors, 2, Int32(clamping: wait)) > 0 {
                        if interruption.take() { return true }
                        guard session.pq.consumeInput(session.handle) == 1 else {
                            // The server went away: the next call connects again and listens;
                            // say "changed" so the caller reads afresh then.
                            mustListen = true
                            return true
                        }
                        if Self.drain(session) { return true }
                    } else if try versionMoved(session) {
                        return true
                    }
                    if ContinuousClock.now >= deadline { return false }
                }
            }
        } catch {
            mustListen = true
            // No server now: wait, then let the caller try to read (and report) what it watches.
            _ = interruption.sleep(milliseconds: min(milliseconds, 1000))
            return true
        }
    }

    func interrupt() {
        interruption.signal()
    }

    func discardChanges() {
        _ = try? connection.withSession { session in
            guard !mustListen, session.pq.consumeInput(session.handle) == 1 else { return }
            _ = Self.drain(session)
        }
    }

    /// Takes every notification already received; true when there was one.
    private static func drain(_ session: PostgresConnection.Session) -> Bool {
        var any = false
        while let notification = session.pq.notifies(session.handle) {
            session.pq.freemem(notification)
            any = true
        }
        return any
    }
}
