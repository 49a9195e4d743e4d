import Foundation
import GRDB

/// Leases in SQLite, timed by the caller's clock: one machine, one clock. A holder is known
/// alive while its process runs here with the start time it recorded (`LocalProcess`).
extension SQLiteStore {
    public func takeLease(
        exam examID: String, candidate: String, holder: LeaseHolder, lostAfter: TimeInterval,
        at time: Date
    ) throws -> Lease {
        // A heartbeat: a lease says a sitting is alive, which a power cut ends anyway. Every
        // seat renews its lease every few seconds: cached statements, dates written plainly.
        try writeHeartbeat { db in
            let key: StatementArguments = [examID, candidate]
            let current = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM leases WHERE exam_id = ? AND candidate = ?"), arguments: key)
            var takenOver: LeaseTakeover?
            if let current, current["holder"] as String != holder.token, let renewed: Date = current["renewed_at"],
                let since: Date = current["since"]
            {
                let held = Self.holder(current)
                let gone = LocalProcess.isGone(held)
                let lost =
                    time.timeIntervalSince(renewed) >= max(lostAfter, Lease.shortestLostAfter)
                    && !LocalProcess.isAlive(held)
                guard gone || lost else { return Lease(holder: held, since: since) }
                takenOver = LeaseTakeover(
                    host: held.host, tty: held.tty, pid: held.pid, renewedAt: renewed, processGone: gone)
            }
            let since: Date = current.flatMap { $0["holder"] as String == holder.token ? $0["since"] : nil } ?? time
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO leases (exam_id, candidate, holder, host, tty, pid, process_start, since, renewed_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                examID, candidate, holder.token, holder.host, holder.tty, holder.pid,
                holder.processStart.map { Int64(bitPattern: $0) }, StoredDateText.text(since),
                StoredDateText.text(time),
            ])
            return Lease(
                holder: holder,
                since: try Date.fetchOne(
                    db.cachedStatement(sql: "SELECT since FROM leases WHERE exam_id = ? AND candidate = ?"),
                    arguments: key) ?? since,
                takenOver: takenOver)
        }
    }

    public func releaseLease(exam examID: String, candidate: String, holder: LeaseHolder) throws {
        try write { db in
            try db.execute(
                sql: "DELETE FROM leases WHERE exam_id = ? AND candidate = ? AND holder = ?",
                arguments: [examID, candidate, holder.token])
        }
    }

    /// The holder a row of `leases` names.
    static func holder(_ row: Row) -> LeaseHolder {
        LeaseHolder(
            token: row["holder"], host: row["host"], tty: row["tty"], pid: row["pid"],
            processStart: (row["process_start"] as Int64?).map { UInt64(bitPattern: $0) })
    }
}
