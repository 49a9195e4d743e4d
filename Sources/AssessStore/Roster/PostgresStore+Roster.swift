import AssessCore
import Foundation

/// The roster and the common start on PostgreSQL: the proctor group writes them; a seat
/// learns only what the functions of `postgres-v06-rosters-starts.sql` tell it, and the server's clock
/// times the opening.
extension PostgresStore: RosterStore {
    /// This store keeps rosters and common starts.
    public var roster: (any RosterStore)? { self }

    public func addToRoster(exam: String, entries: [RosterEntry]) throws {
        try connection.withSession { session in
            try session.execute("BEGIN")
            do {
                for entry in entries {
                    try session.execute(
                        """
                        INSERT INTO assess.roster (exam_id, candidate, name, settings) VALUES ($1, $2, $3, $4)
                        ON CONFLICT (exam_id, candidate) DO UPDATE SET name = EXCLUDED.name, settings = EXCLUDED.settings
                        """, [exam, entry.candidate, entry.name, entry.settings])
                }
                try session.execute("COMMIT")
            } catch let error as PostgresError {
                _ = try? session.execute("ROLLBACK")
                if error.sqlState == "42501" { throw StoreError.notPermitted(error.message) }
                throw error
            }
        }
    }

    @discardableResult
    public func removeFromRoster(exam: String, candidates: [String]) throws -> [String] {
        try call(
            "DELETE FROM assess.roster WHERE exam_id = $1 AND candidate = ANY($2::text[]) RETURNING candidate",
            [exam, Self.textArray(candidates)], attempt: nil
        ).compactMap { $0["candidate"] }.sorted()
    }

    public func roster(exam: String) throws -> [RosterEntry] {
        try rosters(exams: [exam])[exam] ?? []
    }

    public func rosters(exams: [String]?) throws -> [String: [RosterEntry]] {
        var rosters: [String: [RosterEntry]] = [:]
        for row in try call(
            """
            SELECT exam_id, candidate, name, settings FROM assess.roster
            WHERE $1::text[] IS NULL OR exam_id = ANY($1::text[]) ORDER BY exam_id COLLATE "C", candidate COLLATE "C"
            """, [exams.map(Self.textArray)], attempt: nil)
        {
            guard let exam = row["exam_id"], let candidate = row["candidate"] else {
                throw StoreError.unreadableRow(table: "roster", column: "candidate")
            }
            rosters[exam, default: []].append(
                RosterEntry(
                    candidate: candidate, name: row["name"] ?? "",
                    settings: row["settings"] ?? "{}"))
        }
        return rosters
    }

    public func rosterStanding(exam: String, candidate: String) throws -> RosterStanding {
        let row = try call("SELECT * FROM assess.roster_standing($1, $2)", [exam, candidate], attempt: nil).first
        guard row?["has_roster"] == "t" else { return .noRoster }
        guard row?["listed"] == "t" else { return .notListed }
        return .listed(
            RosterEntry(candidate: candidate, name: row?["entry_name"] ?? "", settings: row?["entry_settings"] ?? "{}"))
    }

    public func setStartCode(exam: String, code: String, by proctor: String, at time: Date) throws {
        try call("SELECT assess.set_start_code($1, $2)", [exam, StartCode.normalized(code)], attempt: nil)
    }

    public func openSitting(exam: String, by proctor: String, at time: Date) throws {
        try call("SELECT assess.open_sitting($1)", [exam], attempt: nil)
    }

    @discardableResult
    public func resetStart(exam: String) throws -> Bool {
        !(try call("DELETE FROM assess.sitting_starts WHERE exam_id = $1 RETURNING exam_id", [exam], attempt: nil))
            .isEmpty
    }

    public func sittingStarts(exams: [String]?, at time: Date) throws -> [SittingStart] {
        try call(
            """
            SELECT e.exam_id, (SELECT count(*) FROM assess.roster r WHERE r.exam_id = e.exam_id) AS roster_size,
                   s.code_hash IS NOT NULL AS has_code, extract(epoch FROM now() - s.opened_at)::float8 AS opened_age,
                   s.opened_by
            FROM (SELECT exam_id FROM assess.roster UNION SELECT exam_id FROM assess.sitting_starts) e
            LEFT JOIN assess.sitting_starts s ON s.exam_id = e.exam_id
            WHERE $1::text[] IS NULL OR e.exam_id = ANY($1::text[])
            ORDER BY e.exam_id COLLATE "C"
            """, [exams.map(Self.textArray)], attempt: nil
        ).map { row in
            guard let exam = row["exam_id"] else {
                throw StoreError.unreadableRow(table: "sitting_starts", column: "exam_id")
            }
            return SittingStart(
                exam: exam, rosterSize: row["roster_size"].flatMap(Int.init) ?? 0,
                hasCode: row["has_code"] == "t", secondsSinceOpening: row["opened_age"].flatMap(Double.init),
                openedBy: row["opened_by"])
        }
    }

    public func secondsSinceOpening(exam: String, at time: Date) throws -> Double? {
        try call("SELECT assess.seconds_since_opening($1) AS age", [exam], attempt: nil).first?["age"].flatMap(
            Double.init)
    }

    public func startCodeMatches(exam: String, code: String) throws -> Bool {
        try call("SELECT assess.start_code_matches($1, $2) AS ok", [exam, StartCode.normalized(code)], attempt: nil)
            .first?["ok"] == "t"
    }

    public func publishTerms(exam: String, secondsAllowed: Int?) throws {
        try call("SELECT assess.set_exam_terms($1, $2, NULL)", [exam, secondsAllowed.map(String.init)], attempt: nil)
    }
}
