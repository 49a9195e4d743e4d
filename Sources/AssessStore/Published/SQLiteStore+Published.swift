import Foundation
import GRDB

/// SQLite's published exams (PostgreSQL's are `postgres-v11-published-exams.sql`).
enum PublishedSchema {
    /// SQLite's `v8`. One machine, no roles: the account that owns the file read both
    /// tables, the scoring keys included, until `v10` moved the keys out (see docs/stores.md).
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

    /// SQLite's `v10`: the scoring keys leave the store the exam account opens, for a file
    /// of the publishing account's own (`ScoringKeyFile`). Keys published before are not
    /// carried over (a migration runs as whoever opens the store, the exam account too):
    /// publishing the same file again makes them `v1` in the key file.
    static func scoringKeysLeaveTheStore(_ db: Database) throws {
        // Zeroes the freed pages, so no old key stays readable in the file.
        try db.execute(
            sql: """
                PRAGMA secure_delete = ON;
                DROP TRIGGER scoring_keys_are_never_changed;
                DROP TRIGGER scoring_keys_are_never_removed;
                DROP TABLE scoring_keys;
                """)
    }
}

/// Published exams in SQLite: the client decides (one IMMEDIATE transaction per publish);
/// the scoring keys are in `ScoringKeyFile`, the forms in the store.
extension SQLiteStore: PublishedExamStore {
    /// This store keeps published exams.
    public var published: (any PublishedExamStore)? { self }

    public func publish(_ publication: ExamPublication, replace: Bool, by proctor: String, at time: Date) throws
        -> PublishOutcome
    {
        // The key file first: an account that may not read it publishes nothing.
        let latest = try scoringKeys.latest(exam: publication.exam)
        let version = latest?.version ?? 0
        let outcome: PublishOutcome = try write { db in
            // A replaced form's pages are zeroed, not left readable in the file.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            let current = try Row.fetchOne(
                db, sql: "SELECT delivery_key, delivery_form FROM published_exams WHERE exam_id = ?",
                arguments: [publication.exam])
            func attempts() throws -> Int {
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM attempts WHERE examID = ?", arguments: [publication.exam]) ?? 0
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
                return .published(version: version + 1)
            }
            let publishedKey: String = current["delivery_key"]
            if publishedKey == publication.deliveryKey {
                // The same questions sealed under a new start code (one lost): only with
                // `replace`, and only while no one sat them under the old one.
                if replace, (current["delivery_form"] as String) != publication.deliveryForm {
                    let count = try attempts()
                    guard count == 0 else { throw PublicationError.attemptsExist(exam: publication.exam, count: count) }
                    try putForm()
                }
                if latest?.content == publication.scoringKey { return .unchanged(version: version) }
                return .newScoringKey(version: version + 1)
            }
            guard replace else {
                throw PublicationError.deliveryChanged(exam: publication.exam, published: publishedKey)
            }
            let count = try attempts()
            guard count == 0 else { throw PublicationError.attemptsExist(exam: publication.exam, count: count) }
            try putForm()
            return .replaced(version: version + 1)
        }
        if outcome != .unchanged(version: version) {
            try scoringKeys.add(
                exam: publication.exam, version: outcome.version, deliveryKey: publication.deliveryKey,
                content: publication.scoringKey, by: proctor, at: time)
        }
        return outcome
    }

    /// Why this account may not read the scoring keys kept beside the store in `folder`
    /// (they are another account's, or readable by others); nil when it may, or when there
    /// are none yet.
    public static func scoringKeysProblem(in folder: String) -> String? {
        ScoringKeyFile.ownershipProblem((folder as NSString).appendingPathComponent(ScoringKeyFile.fileName))
    }

    /// True when the delivery form of `exam` is kept sealed under its start code
    /// (`publish --start-code`).
    public func formIsSealed(exam: String) throws -> Bool {
        try storedDeliveryForm(exam: exam).map(SealedDeliveryForm.isSealed) ?? false
    }

    /// Seals `exam`'s questions anew: `sealed` (its delivery form sealed under a new start
    /// code, see ``SealedDeliveryForm``) takes the place of the sealed form kept, whose pages
    /// are zeroed; the code it was sealed under stops opening it. Refused unless the exam is
    /// published sealed with `deliveryKey`.
    public func replaceSealedForm(exam: String, deliveryKey: String, sealed: String) throws {
        guard SealedDeliveryForm.isSealed(sealed) else {
            throw StoreError.notPermitted("the delivery form of \(exam) given to keep is not sealed")
        }
        try write { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            try db.execute(
                sql: """
                    UPDATE published_exams SET delivery_form = ?
                    WHERE exam_id = ? AND delivery_key = ? AND substr(delivery_form, 1, ?) = ?
                    """,
                arguments: [
                    sealed, exam, deliveryKey, SealedDeliveryForm.prefix.count, SealedDeliveryForm.prefix,
                ])
            guard db.changesCount == 1 else {
                throw StoreError.notPermitted("\(exam) is not published sealed with these questions")
            }
        }
        announceSeatNews()
    }

    /// The delivery form of `exam` as the store keeps it (sealed or not), whether or not
    /// the sitting is open; nil when `exam` is not published.
    public func storedDeliveryForm(exam: String) throws -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT delivery_form FROM published_exams WHERE exam_id = ?", arguments: [exam])
        }
    }

    public func publishedExams() throws -> [PublishedExam] {
        // The versions are the proctor's to read (0 for an account that may not).
        let versions = (try? scoringKeys.versions()) ?? [:]
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT exam_id, delivery_key, title, published_by, published_at FROM published_exams ORDER BY exam_id
                    """)
        }.map { row in
            PublishedExam(
                exam: row["exam_id"], deliveryKey: row["delivery_key"], title: row["title"],
                version: versions[row["exam_id"]] ?? 0, publishedBy: row["published_by"],
                publishedAt: row["published_at"])
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

    public func publishedForm(exam: String) throws -> (deliveryKey: String, form: String)? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT delivery_key, delivery_form FROM published_exams WHERE exam_id = ?", arguments: [exam]
            ).map { ($0["delivery_key"], $0["delivery_form"]) }
        }
    }

    public func scoringKey(exam: String, version: Int?) throws -> StoredScoringKey? {
        try scoringKeys.key(exam: exam, version: version)
    }
}
