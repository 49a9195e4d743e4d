import Foundation
import GRDB

/// Leases in SQLite, timed by the caller's clock: one machine, one clock.
extension AssessDatabase {
    public func takeLease(exam examID: String, candidate: String, holder: LeaseHolder, lostAfter: TimeInterval,
                          at time: Date) throws -> Lease {
        // A heartbeat: a lease says a sitting is alive, which a power cut ends anyway.
        try writeHeartbeat { db in
            let key: StatementArguments = [examID, candidate]
            let current = try Row.fetchOne(db, sql: "SELECT * FROM leases WHERE exam_id = ? AND candidate = ?", arguments: key)
            if let current, let renewed: Date = current["renewed_at"], let since: Date = current["since"],
               current["holder"] as String != holder.token,
               time.timeIntervalSince(renewed) < max(lostAfter, Lease.shortestLostAfter) {
                return Lease(holder: LeaseHolder(token: current["holder"], host: current["host"], tty: current["tty"],
                                                 pid: current["pid"]),
                             since: since)
            }
            let since: Date = current.flatMap { $0["holder"] as String == holder.token ? $0["since"] : nil } ?? time
            var takenOver: LeaseTakeover?
            if let current, current["holder"] as String != holder.token, let renewed: Date = current["renewed_at"] {
                takenOver = LeaseTakeover(host: current["host"], tty: current["tty"], pid: current["pid"], renewedAt: renewed)
            }
            try db.execute(sql: """
                INSERT OR REPLACE INTO leases (exam_id, candidate, holder, host, tty, pid, since, renewed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [examID, candidate, holder.token, holder.host, holder.tty, holder.pid, since, time])
            return Lease(holder: holder, since: try Date.fetchOne(db, sql: "SELECT since FROM leases WHERE exam_id = ? AND candidate = ?",
                                                                  arguments: key) ?? since,
                         takenOver: takenOver)
        }
    }

    public func releaseLease(exam examID: String, candidate: String, holder: LeaseHolder) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM leases WHERE exam_id = ? AND candidate = ? AND holder = ?",
                           arguments: [examID, candidate, holder.token])
        }
    }
}
