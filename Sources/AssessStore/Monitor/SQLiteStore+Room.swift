import AssessCore
import Foundation
import GRDB

/// The room in SQLite: the seats of one machine (a kiosk with many terminals), timed by
/// the caller's clock, and a watcher that polls SQLite's data version. The per-seat queries
/// are compiled once a connection (cached statements): compiling five statements for each of
/// a hundred seats was half of a read of the room.
extension SQLiteStore: RoomStore {
    /// This store keeps a room.
    public var room: (any RoomStore)? { self }

    public func room(exams: [String]?, at time: Date) throws -> [SeatView] {
        try read { db in
            var seats: [String: SeatView] = [:]
            func key(_ exam: String, _ candidate: String) -> String { exam + "\u{0}" + candidate }
            // The newest non-practice attempt of each (exam, candidate), when still of interest.
            let attempts = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM attempts a
                    WHERE a.isPractice = 0 AND (a.status = 'inProgress' OR a.startedAt >= ?)
                      AND NOT EXISTS (SELECT 1 FROM attempts b
                                      WHERE b.examID = a.examID AND b.candidate = a.candidate AND b.isPractice = 0
                                        AND (b.startedAt > a.startedAt OR (b.startedAt = a.startedAt AND b.rowid > a.rowid)))
                    """, arguments: [time.addingTimeInterval(-RoomWindow.recent)])
            for row in attempts {
                let id: String = row["id"]
                let (answered, flagged) = try Self.answerCounts(db, attempt: id)
                let last = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT kind, wallMilliseconds FROM events WHERE attempt = ? ORDER BY sequence DESC LIMIT 1
                            """), arguments: [id])
                var seat = SeatView(
                    exam: row["examID"], candidate: row["candidate"], attempt: id, examKey: row["examKey"],
                    status: row["status"], secondsAllowed: row["secondsAllowed"], secondsUsed: row["secondsUsed"],
                    progressAge: (row["lastActiveAt"] as Date?).map { time.timeIntervalSince($0) },
                    answered: answered, flagged: flagged, breaksTaken: row["breaksTaken"])
                if let last {
                    seat.lastEvent = last["kind"]
                    seat.lastEventAge = time.timeIntervalSince(Date(milliseconds: last["wallMilliseconds"]))
                }
                seat.lastHold = try String.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT kind FROM events WHERE attempt = ? AND kind IN (\(Self.placeholders(SeatHold.kinds.count)))
                            ORDER BY sequence DESC LIMIT 1
                            """), arguments: StatementArguments([id] + SeatHold.kinds))
                let hand = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT (SELECT kind FROM events WHERE attempt = ?1 AND kind IN (?2, ?3, ?4)
                                    ORDER BY sequence DESC LIMIT 1) AS last,
                                   (SELECT COUNT(*) FROM events WHERE attempt = ?1 AND kind = ?2) AS raised
                            """), arguments: [id, SeatHand.raised, SeatHand.lowered, SeatHand.acknowledged])
                seat.lastHand = hand?["last"]
                seat.handsRaised = hand?["raised"] ?? 0
                seat.sectionsClosed =
                    try Int.fetchOne(
                        db.cachedStatement(sql: "SELECT count(*) FROM sectionClosings WHERE attemptID = ?"),
                        arguments: [id]) ?? 0
                for warning in try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT kind, COUNT(*) AS n FROM events
                            WHERE kind IN (\(Self.placeholders(SeatWarning.kinds.count))) AND attempt = ? GROUP BY kind
                            """), arguments: StatementArguments(SeatWarning.kinds + [id]))
                {
                    seat.warnings[warning["kind"]] = warning["n"]
                }
                seats[key(seat.exam, seat.candidate)] = seat
            }
            for lease in try Row.fetchAll(db, sql: "SELECT * FROM leases") {
                let exam: String = lease["exam_id"]
                let candidate: String = lease["candidate"]
                var seat = seats[key(exam, candidate)] ?? SeatView(exam: exam, candidate: candidate)
                seat.host = lease["host"]
                seat.tty = lease["tty"]
                seat.leaseAge = (lease["renewed_at"] as Date?).map { time.timeIntervalSince($0) }
                seat.holderAlive = LocalProcess.isAlive(Self.holder(lease))
                seat.holderGone = LocalProcess.isGone(Self.holder(lease))
                seats[key(exam, candidate)] = seat
            }
            for (id, seat) in seats {
                seats[id]?.pendingCommands =
                    try Int.fetchOne(
                        db.cachedStatement(
                            sql: """
                                SELECT COUNT(*) FROM commands WHERE exam_id = ? AND candidate = ? AND acknowledged_at IS NULL
                                """), arguments: [seat.exam, seat.candidate]) ?? 0
            }
            return seats.values
                .filter { exams == nil || exams!.contains($0.exam) }
                .sorted { ($0.exam, $0.candidate) < ($1.exam, $1.candidate) }
        }
    }

    /// The questions of an attempt with an answer, and those flagged.
    private static func answerCounts(_ db: Database, attempt: String) throws -> (Int, Int) {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT COALESCE(SUM(value <> 'null'), 0) AS answered, COALESCE(SUM(flagged), 0) AS flagged
                    FROM responses WHERE attemptID = ?
                    """), arguments: [attempt])
        return (row?["answered"] ?? 0, row?["flagged"] ?? 0)
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    @discardableResult
    public func issueCommand(
        exam: String, candidate: String, action: SeatCommand.Action, minutes: Int?, message: String?,
        reason: String, issuedBy: String, at time: Date
    ) throws -> Int64 {
        let id = try write { db in
            try db.execute(
                sql: """
                    INSERT INTO commands (exam_id, candidate, action, minutes, message, reason, issued_by, issued_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [exam, candidate, action.rawValue, minutes, message, reason, issuedBy, time])
            return db.lastInsertedRowID
        }
        announceSeatNews()
        return id
    }

    public func pendingCommands(exam: String, candidate: String, holder: LeaseHolder) throws -> [SeatCommand] {
        try read { db in
            try Self.requireLease(db, exam: exam, candidate: candidate, holder: holder)
            return try Self.commands(
                db,
                sql: """
                    SELECT * FROM commands WHERE exam_id = ? AND candidate = ? AND acknowledged_at IS NULL ORDER BY id
                    """, arguments: [exam, candidate])
        }
    }

    public func commandsAcknowledged(
        during attempt: String, exam: String, candidate: String,
        holder: LeaseHolder
    ) throws -> [SeatCommand] {
        try read { db in
            try Self.requireLease(db, exam: exam, candidate: candidate, holder: holder)
            return try Self.commands(
                db,
                sql: """
                    SELECT c.* FROM commands c JOIN attempts a ON a.id = ? AND a.examID = c.exam_id AND a.candidate = c.candidate
                    WHERE c.exam_id = ? AND c.candidate = ? AND c.acknowledged_at >= a.startedAt ORDER BY c.id
                    """, arguments: [attempt, exam, candidate])
        }
    }

    /// The commands `sql` selects (every column of the table).
    private static func commands(_ db: Database, sql: String, arguments: StatementArguments) throws -> [SeatCommand] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            guard let action = SeatCommand.Action(rawValue: row["action"]) else {
                throw StoreError.unreadableRow(table: "commands", column: "action")
            }
            return SeatCommand(
                id: row["id"], action: action, minutes: row["minutes"], message: row["message"],
                reason: row["reason"], issuedBy: row["issued_by"])
        }
    }

    public func acknowledgeCommand(_ id: Int64, exam: String, candidate: String, holder: LeaseHolder, at time: Date)
        throws
    {
        try write { db in
            try Self.requireLease(db, exam: exam, candidate: candidate, holder: holder)
            try db.execute(
                sql: """
                    UPDATE commands SET acknowledged_at = ?, acknowledged_by = ?
                    WHERE id = ? AND exam_id = ? AND candidate = ? AND acknowledged_at IS NULL
                    """, arguments: [time, holder.host + (holder.tty.map { " " + $0 } ?? ""), id, exam, candidate])
            // Time to add is added once, when the command is first acknowledged.
            guard db.changesCount > 0,
                let command = try Row.fetchOne(
                    db, sql: "SELECT action, minutes FROM commands WHERE id = ?", arguments: [id]),
                command["action"] == SeatCommand.Action.addTime.rawValue
            else { return }
            let minutes = SeatCommand.minutesAdded(command["minutes"])
            try db.execute(
                sql: """
                    UPDATE attempts SET secondsAllowed = secondsAllowed + ?
                    WHERE examID = ? AND candidate = ? AND status = 'inProgress' AND secondsAllowed IS NOT NULL
                    """, arguments: [60 * minutes, exam, candidate])
        }
    }

    private static func requireLease(_ db: Database, exam: String, candidate: String, holder: LeaseHolder) throws {
        let held = try String.fetchOne(
            db, sql: "SELECT holder FROM leases WHERE exam_id = ? AND candidate = ?",
            arguments: [exam, candidate])
        guard held == holder.token else {
            throw StoreError.notPermitted("this seat does not hold the lease of \(candidate) on \(exam)")
        }
    }

    public func roomWatcher() throws -> any RoomWatcher {
        if let fileURL {
            var configuration = Configuration()
            configuration.readonly = true
            return PacedWatcher(
                DataVersionWatcher(connection: try DatabaseQueue(path: fileURL.path, configuration: configuration)))
        }
        // In memory, every change comes through this very connection.
        return PacedWatcher(DataVersionWatcher(connection: writer))
    }

    /// Wakes when the store's news file is written: a command issued, the sitting opened
    /// (``announceSeatNews()``); the seats' own saves, and each other's on a kiosk, wake
    /// nobody.
    public func seatWatcher(exam: String, candidate: String, holder: LeaseHolder) throws -> any RoomWatcher {
        if let newsFileURL, let watcher = FileChangeWatcher(file: newsFileURL) { return watcher }
        // In memory, or without inotify: look at the data version.
        return try roomWatcher()
    }

    /// The file beside the database whose writes tell the seats to look for news.
    var newsFileURL: URL? {
        fileURL.map { URL(fileURLWithPath: $0.path + "-news") }
    }

    /// Tells the seats waiting on this store (``seatWatcher(exam:candidate:holder:)``) that
    /// there is news for some of them: the news file is opened for writing and closed,
    /// which inotify reports to their watchers. Made with the database file's mode (only
    /// its owner's, or its group's too in a protected store's folder), in the folder the
    /// database's own log is written in.
    func announceSeatNews() {
        guard let newsFileURL else { return }
        let descriptor = open(newsFileURL.path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 {
            FileChangeWatcher.shareWithTheFoldersGroup(descriptor, in: newsFileURL)
            close(descriptor)
        }
    }
}

/// Polls SQLite for a change: `PRAGMA data_version` moves when another connection commits,
/// `total_changes()` when this one does. Each look costs microseconds.
final class DataVersionWatcher: RoomWatcher, @unchecked Sendable {
    /// How often it looks.
    static let pollMilliseconds = 200

    private let connection: any DatabaseWriter
    private let interruption = Interruption()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var last: [Int64]?

    init(connection: any DatabaseWriter) {
        self.connection = connection
    }

    private func version() -> [Int64] {
        (try? connection.read { db in
            [
                try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0,
                try Int64.fetchOne(db, sql: "SELECT total_changes()") ?? 0,
            ]
        }) ?? []
    }

    func waitForChange(milliseconds: Int) -> Bool {
        lock.withLock {
            let start = last ?? version()
            var waited = 0
            while true {
                let now = version()
                if now != start || waited >= milliseconds {
                    last = now
                    return now != start
                }
                let step = min(Self.pollMilliseconds, milliseconds - waited)
                if interruption.sleep(milliseconds: step) { return true }
                waited += step
            }
        }
    }

    func interrupt() {
        interruption.signal()
    }

    func discardChanges() {
        lock.withLock { last = version() }
    }
}
