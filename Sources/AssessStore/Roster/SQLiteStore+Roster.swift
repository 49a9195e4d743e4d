import AssessCore
import Foundation
import GRDB

/// The roster and the common start in SQLite: one machine, where the proctor password
/// guards the commands that write them.
extension SQLiteStore: RosterStore {
    /// This store keeps rosters and common starts.
    public var roster: (any RosterStore)? { self }

    public func addToRoster(exam: String, entries: [RosterEntry]) throws {
        try write { db in
            for entry in entries {
                try db.execute(
                    sql: """
                        INSERT INTO roster (exam_id, candidate, name, settings) VALUES (?, ?, ?, ?)
                        ON CONFLICT (exam_id, candidate) DO UPDATE SET name = excluded.name, settings = excluded.settings
                        """, arguments: [exam, entry.candidate, entry.name, entry.settings])
            }
        }
    }

    @discardableResult
    public func removeFromRoster(exam: String, candidates: [String]) throws -> [String] {
        try write { db in
            var removed: [String] = []
            for candidate in candidates {
                try db.execute(
                    sql: "DELETE FROM roster WHERE exam_id = ? AND candidate = ?", arguments: [exam, candidate])
                if db.changesCount > 0 { removed.append(candidate) }
            }
            return removed
        }
    }

    public func roster(exam: String) throws -> [RosterEntry] {
        try rosters(exams: [exam])[exam] ?? []
    }

    public func rosters(exams: [String]?) throws -> [String: [RosterEntry]] {
        try read { db in
            var rosters: [String: [RosterEntry]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM roster ORDER BY exam_id, candidate") {
                let exam: String = row["exam_id"]
                guard exams?.contains(exam) ?? true else { continue }
                rosters[exam, default: []].append(
                    RosterEntry(
                        candidate: row["candidate"], name: row["name"],
                        settings: row["settings"]))
            }
            return rosters
        }
    }

    public func rosterStanding(exam: String, candidate: String) throws -> RosterStanding {
        try read { db in
            guard
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM roster WHERE exam_id = ?)", arguments: [exam])
                    == true
            else {
                return .noRoster
            }
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM roster WHERE exam_id = ? AND candidate = ?",
                    arguments: [exam, candidate])
            else { return .notListed }
            return .listed(RosterEntry(candidate: row["candidate"], name: row["name"], settings: row["settings"]))
        }
    }

    public func setStartCode(exam: String, code: String, by proctor: String, at time: Date) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO sitting_starts (exam_id, code_hash, code_set_by, code_set_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (exam_id) DO UPDATE
                        SET code_hash = excluded.code_hash, code_set_by = excluded.code_set_by, code_set_at = excluded.code_set_at
                    """, arguments: [exam, StartCode.hash(exam: exam, code: code), proctor, time])
        }
    }

    public func openSitting(exam: String, by proctor: String, at time: Date) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO sitting_starts (exam_id, opened_at, opened_by) VALUES (?, ?, ?)
                    ON CONFLICT (exam_id) DO UPDATE SET opened_at = excluded.opened_at, opened_by = excluded.opened_by
                        WHERE sitting_starts.opened_at IS NULL
                    """, arguments: [exam, time, proctor])
        }
        announceSeatNews()
    }

    @discardableResult
    public func resetStart(exam: String) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM sitting_starts WHERE exam_id = ?", arguments: [exam])
            return db.changesCount > 0
        }
    }

    public func sittingStarts(exams: [String]?, at time: Date) throws -> [SittingStart] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.exam_id, (SELECT COUNT(*) FROM roster r WHERE r.exam_id = e.exam_id) AS roster_size,
                           s.code_hash IS NOT NULL AS has_code, s.opened_at, s.opened_by
                    FROM (SELECT exam_id FROM roster UNION SELECT exam_id FROM sitting_starts) e
                    LEFT JOIN sitting_starts s ON s.exam_id = e.exam_id
                    ORDER BY e.exam_id
                    """
            ).compactMap { row in
                let exam: String = row["exam_id"]
                guard exams?.contains(exam) ?? true else { return nil }
                return SittingStart(
                    exam: exam, rosterSize: row["roster_size"], hasCode: row["has_code"],
                    secondsSinceOpening: (row["opened_at"] as Date?).map { time.timeIntervalSince($0) },
                    openedBy: row["opened_by"])
            }
        }
    }

    public func secondsSinceOpening(exam: String, at time: Date) throws -> Double? {
        try read { db in
            try Date.fetchOne(db, sql: "SELECT opened_at FROM sitting_starts WHERE exam_id = ?", arguments: [exam])
                .map { time.timeIntervalSince($0) }
        }
    }

    public func startCodeMatches(exam: String, code: String) throws -> Bool {
        try read { db in
            try String.fetchOne(db, sql: "SELECT code_hash FROM sitting_starts WHERE exam_id = ?", arguments: [exam])
                == StartCode.hash(exam: exam, code: code)
        }
    }

    /// Keeps nothing: whoever opens the file could change it (see `RosterStore.publishTerms`).
    public func publishTerms(exam: String, secondsAllowed: Int?) throws {}
}
