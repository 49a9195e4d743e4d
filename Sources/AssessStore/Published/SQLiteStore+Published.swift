import Foundation
import GRDB

/// SQLite's published exams (PostgreSQL's are `postgres-v11-published-exams.sql`).
enum PublishedSchema {
    /// SQLite's `v8`. One machine, no roles: the account that owns the file reads both
    /// tables, the scoring keys included (see docs/stores.md).
    static func sqlite(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE published_exams (
                    exam_id TEXT PRIMARY KEY,
                    delivery_key TEXT NOT NULL,
                    delivery_form TEXT NOT NULL,
                    title TEXT NOT NULL,
                    duration_seconds INTEGER NOT NULL,
                    instructions TEXT NOT NULL,
                    question_count INTEGER NOT NULL,
                    published_by TEXT NOT NULL,
                    published_at DATETIME NOT NULL
                );
                CREATE TABLE scoring_keys (
                    exam_id TEXT NOT NULL REFERENCES published_exams (exam_id),
                    version INTEGER NOT NULL CHECK (version >= 1),
                    delivery_key TEXT NOT NULL,
                    scoring_key TEXT NOT NULL,
                    published_by TEXT NOT NULL,
                    published_at DATETIME NOT NULL,
                    PRIMARY KEY (exam_id, version)
                );
                CREATE TRIGGER scoring_keys_are_never_changed BEFORE UPDATE ON scoring_keys
                BEGIN SELECT RAISE(ABORT, 'a scoring key version is never changed; publish a new one'); END;
                CREATE TRIGGER scoring_keys_are_never_removed BEFORE DELETE ON scoring_keys
                BEGIN SELECT RAISE(ABORT, 'a scoring key version is never removed'); END;
                """)
    }
}

/// Published exams in SQLite: the client decides (one IMMEDIATE transaction per publish).
extension SQLiteStore: PublishedExamStore {
    /// This store keeps published exams.
    public var published: (any PublishedExamStore)? { self }

    public func publish(_ publication: ExamPublication, replace: Bool, by proctor: String, at time: Date) throws
        -> PublishOutcome
    {
        try write { db in
            let current = try Row.fetchOne(
                db, sql: "SELECT delivery_key FROM published_exams WHERE exam_id = ?",
                arguments: [publication.exam])
            let latest = try Row.fetchOne(
                db,
                sql: """
                    SELECT version, scoring_key FROM scoring_keys WHERE exam_id = ? ORDER BY version DESC LIMIT 1
                    """, arguments: [publication.exam])
            let version = (latest?["version"] as Int?) ?? 0
            func addKey() throws {
                try db.execute(
                    sql: """
                        INSERT INTO scoring_keys (exam_id, version, delivery_key, scoring_key, published_by, published_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        publication.exam, version + 1, publication.deliveryKey, publication.scoringKey, proctor, time,
                    ])
            }
            func putForm() throws {
                try db.execute(
                    sql: """
                        INSERT INTO published_exams (exam_id, delivery_key, delivery_form, title, duration_seconds, instructions,
                                                     question_count, published_by, published_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (exam_id) DO UPDATE SET delivery_key = excluded.delivery_key,
                            delivery_form = excluded.delivery_form, title = excluded.title,
                            duration_seconds = excluded.duration_seconds, instructions = excluded.instructions,
                            question_count = excluded.question_count, published_by = excluded.published_by,
                            published_at = excluded.published_at
                        """,
                    arguments: [
                        publication.exam, publication.deliveryKey, publication.deliveryForm, publication.title,
                        publication.durationSeconds, publication.instructions, publication.questionCount,
                        proctor, time,
                    ])
            }
            guard let current else {
                try putForm()
                try addKey()
                return .published(version: version + 1)
            }
            let publishedKey: String = current["delivery_key"]
            if publishedKey == publication.deliveryKey {
                if (latest?["scoring_key"] as String?) == publication.scoringKey { return .unchanged(version: version) }
                try addKey()
                return .newScoringKey(version: version + 1)
            }
            guard replace else {
                throw PublicationError.deliveryChanged(exam: publication.exam, published: publishedKey)
            }
            let attempts =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM attempts WHERE examID = ?",
                    arguments: [publication.exam]) ?? 0
            guard attempts == 0 else { throw PublicationError.attemptsExist(exam: publication.exam, count: attempts) }
            try putForm()
            try addKey()
            return .replaced(version: version + 1)
        }
    }

    public func publishedExams() throws -> [PublishedExam] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT p.exam_id, p.delivery_key, p.title, p.published_by, p.published_at,
                           (SELECT max(version) FROM scoring_keys k WHERE k.exam_id = p.exam_id) AS version
                    FROM published_exams p ORDER BY p.exam_id
                    """
            ).map { row in
                PublishedExam(
                    exam: row["exam_id"], deliveryKey: row["delivery_key"], title: row["title"],
                    version: row["version"] ?? 0, publishedBy: row["published_by"], publishedAt: row["published_at"])
            }
        }
    }

    public func publishedExam(_ exam: String) throws -> PublishedExam? {
        try publishedExams().first { $0.exam == exam }
    }

    public func cover(exam: String) throws -> (
        deliveryKey: String, title: String, durationSeconds: Int,
        instructions: String, questionCount: Int
    )? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM published_exams WHERE exam_id = ?", arguments: [exam]).map { row in
                (row["delivery_key"], row["title"], row["duration_seconds"], row["instructions"], row["question_count"])
            }
        }
    }

    public func deliveryForm(exam: String, candidate: String) throws -> (deliveryKey: String, form: String)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT delivery_key, delivery_form FROM published_exams WHERE exam_id = ?",
                    arguments: [exam])
            else { return nil }
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM roster WHERE exam_id = ?)", arguments: [exam])
                == true,
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM roster WHERE exam_id = ? AND candidate = ?)",
                    arguments: [exam, candidate]) != true
            {
                throw StoreError.notPermitted("candidate \(candidate) is not on the roster of \(exam)")
            }
            guard
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM sitting_starts WHERE exam_id = ? AND opened_at IS NOT NULL)
                        """, arguments: [exam]) == true
            else {
                throw PublicationError.notOpenYet(exam: exam)
            }
            return (row["delivery_key"], row["delivery_form"])
        }
    }

    public func scoringKey(exam: String, version: Int?) throws -> StoredScoringKey? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT * FROM scoring_keys WHERE exam_id = ? AND (? IS NULL OR version = ?) ORDER BY version DESC LIMIT 1
                    """, arguments: [exam, version, version]
            ).map { row in
                StoredScoringKey(
                    exam: row["exam_id"], version: row["version"], deliveryKey: row["delivery_key"],
                    content: row["scoring_key"], publishedBy: row["published_by"], publishedAt: row["published_at"])
            }
        }
    }
}
