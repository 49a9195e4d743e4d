import Foundation
import GRDB

/// How far an attempt has come through an exam's timed sections: how many are closed
/// for good, and the seconds it had used when the last of them closed (when the open one
/// began). A resumed sitting opens where this says.
public struct SectionsClosed: Sendable, Equatable {
    /// How many sections are closed: the open section's index.
    public var count: Int
    /// The attempt's seconds used when the last section closed; 0 when none has.
    public var secondsUsedAtLast: Int

    public init(count: Int, secondsUsedAtLast: Int) {
        self.count = count
        self.secondsUsedAtLast = secondsUsedAtLast
    }

    /// No section closed yet.
    public static let none = SectionsClosed(count: 0, secondsUsedAtLast: 0)
}

/// `sectionClosings` (SQLite's v10): one row per closed section of an attempt.
enum SectionSchema {
    static func sqlite(_ db: Database) throws {
        try db.create(table: "sectionClosings") { t in
            t.column("attemptID", .text).notNull().references("attempts")
            t.column("section", .integer).notNull()
            t.column("secondsUsed", .integer).notNull()
            t.column("closedAt", .datetime).notNull()
            t.primaryKey(["attemptID", "section"])
        }
    }
}

extension SQLiteStore {
    public func closeSection(attempt attemptID: String, section: Int, secondsUsed: Int, at time: Date) throws {
        try write { db in
            try requireInProgress(db, attemptID)
            let closed =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM sectionClosings WHERE attemptID = ?", arguments: [attemptID]) ?? 0
            guard section >= closed else { return }
            guard section == closed else {
                throw StoreError.notPermitted("section \(section + 1) of attempt \(attemptID) is not the open one")
            }
            try db.execute(
                sql: "INSERT INTO sectionClosings (attemptID, section, secondsUsed, closedAt) VALUES (?, ?, ?, ?)",
                arguments: [attemptID, section, max(0, secondsUsed), time])
        }
    }

    public func sectionsClosed(attempt attemptID: String) throws -> SectionsClosed {
        try read { db in
            guard try Attempt.fetchOne(db, key: attemptID) != nil else { throw StoreError.unknownAttempt(attemptID) }
            let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT count(*) AS closed, coalesce(max(secondsUsed), 0) AS used FROM sectionClosings WHERE attemptID = ?",
                arguments: [attemptID])
            return SectionsClosed(count: row?["closed"] ?? 0, secondsUsedAtLast: row?["used"] ?? 0)
        }
    }
}

extension PostgresStore {
    public func closeSection(attempt attemptID: String, section: Int, secondsUsed: Int, at time: Date) throws {
        try call(
            "SELECT assess.close_section($1, $2, $3)", [attemptID, String(section), String(secondsUsed)],
            attempt: attemptID)
    }

    public func sectionsClosed(attempt attemptID: String) throws -> SectionsClosed {
        let rows = try call("SELECT * FROM assess.sections_closed($1)", [attemptID], attempt: attemptID)
        return SectionsClosed(
            count: rows.first?["closed"].flatMap { Int($0) } ?? 0,
            secondsUsedAtLast: rows.first?["seconds_used"].flatMap { Int($0) } ?? 0)
    }
}
