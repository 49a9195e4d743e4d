import Foundation

/// Published exams on PostgreSQL (`postgres-v11-published-exams.sql`): the proctor group
/// writes and reads both parts; a seat's role reads the cover, and the delivery form only
/// through `assess.delivery_form`, which checks who it sits as and whether the sitting is
/// open. No privilege of a seat reaches a scoring key.
extension PostgresStore: PublishedExamStore {
    /// This store keeps published exams.
    public var published: (any PublishedExamStore)? { self }

    public func publish(_ publication: ExamPublication, replace: Bool, by proctor: String, at time: Date) throws
        -> PublishOutcome
    {
        try connection.withSession { session in
            try session.execute("BEGIN")
            do {
                let outcome = try publish(publication, replace: replace, in: session)
                try session.execute("COMMIT")
                return outcome
            } catch {
                _ = try? session.execute("ROLLBACK")
                if let error = error as? PostgresError, error.sqlState == "42501" {
                    throw StoreError.notPermitted(error.message)
                }
                throw error
            }
        }
    }

    private func publish(_ publication: ExamPublication, replace: Bool, in session: PostgresConnection.Session) throws
        -> PublishOutcome
    {
        // The row lock keeps two proctors' publishes of one exam in turn.
        let current = try session.execute(
            "SELECT delivery_key FROM assess.published_exams WHERE exam_id = $1 FOR UPDATE",
            [publication.exam]
        ).rows.first
        let latest = try session.execute(
            """
            SELECT version, scoring_key FROM assess.scoring_keys WHERE exam_id = $1 ORDER BY version DESC LIMIT 1
            """, [publication.exam]
        ).rows.first
        let version = latest?["version"].flatMap(Int.init) ?? 0
        func addKey() throws {
            try session.execute(
                """
                INSERT INTO assess.scoring_keys (exam_id, version, delivery_key, scoring_key) VALUES ($1, $2, $3, $4)
                """, [publication.exam, String(version + 1), publication.deliveryKey, publication.scoringKey])
        }
        func putForm() throws {
            try session.execute(
                """
                INSERT INTO assess.published_exams (exam_id, delivery_key, delivery_form, title, duration_seconds,
                                                    instructions, question_count)
                VALUES ($1, $2, $3, $4, $5, $6, $7)
                ON CONFLICT (exam_id) DO UPDATE SET delivery_key = EXCLUDED.delivery_key,
                    delivery_form = EXCLUDED.delivery_form, title = EXCLUDED.title,
                    duration_seconds = EXCLUDED.duration_seconds, instructions = EXCLUDED.instructions,
                    question_count = EXCLUDED.question_count
                """,
                [
                    publication.exam, publication.deliveryKey, publication.deliveryForm, publication.title,
                    String(publication.durationSeconds), publication.instructions, String(publication.questionCount),
                ])
        }
        guard let current else {
            try putForm()
            try addKey()
            return .published(version: version + 1)
        }
        let publishedKey = current["delivery_key"] ?? ""
        if publishedKey == publication.deliveryKey {
            if latest?["scoring_key"] == publication.scoringKey { return .unchanged(version: version) }
            try addKey()
            return .newScoringKey(version: version + 1)
        }
        guard replace else { throw PublicationError.deliveryChanged(exam: publication.exam, published: publishedKey) }
        let attempts =
            try session.execute(
                "SELECT count(*) AS n FROM assess.attempts WHERE exam_id = $1",
                [publication.exam]
            ).rows.first?["n"].flatMap(Int.init) ?? 0
        guard attempts == 0 else { throw PublicationError.attemptsExist(exam: publication.exam, count: attempts) }
        try putForm()
        try addKey()
        return .replaced(version: version + 1)
    }

    public func publishedExams() throws -> [PublishedExam] {
        try listPublished(nil)
    }

    public func publishedExam(_ exam: String) throws -> PublishedExam? {
        try listPublished(exam).first
    }

    private func listPublished(_ exam: String?) throws -> [PublishedExam] {
        try call(
            """
            SELECT p.exam_id, p.delivery_key, p.title, p.published_by, floor(extract(epoch FROM p.published_at) * 1000)::bigint AS published_ms,
                   (SELECT max(version) FROM assess.scoring_keys k WHERE k.exam_id = p.exam_id) AS version
            FROM assess.published_exams p WHERE $1::text IS NULL OR p.exam_id = $1 ORDER BY p.exam_id COLLATE "C"
            """, [exam], attempt: nil
        ).map { row in
            guard let id = row["exam_id"], let key = row["delivery_key"],
                let published = row["published_ms"].flatMap(Int64.init)
            else {
                throw StoreError.unreadableRow(table: "published_exams", column: "exam_id")
            }
            return PublishedExam(
                exam: id, deliveryKey: key, title: row["title"] ?? "", version: row["version"].flatMap(Int.init) ?? 0,
                publishedBy: row["published_by"] ?? "", publishedAt: Date(milliseconds: published))
        }
    }

    public func cover(exam: String) throws -> (
        deliveryKey: String, title: String, durationSeconds: Int,
        instructions: String, questionCount: Int
    )? {
        try call("SELECT * FROM assess.exam_cover($1)", [exam], attempt: nil).first.map { row in
            (
                row["delivery_key"] ?? "", row["title"] ?? "", row["duration_seconds"].flatMap(Int.init) ?? 0,
                row["instructions"] ?? "", row["question_count"].flatMap(Int.init) ?? 0
            )
        }
    }

    public func deliveryForm(exam: String, candidate: String) throws -> (deliveryKey: String, form: String)? {
        let rows: [[String: String]]
        do {
            rows = try call("SELECT * FROM assess.delivery_form($1, $2)", [exam, candidate], attempt: nil)
        } catch let error as PostgresError where error.sqlState == "AS011" {
            throw PublicationError.notOpenYet(exam: exam)
        }
        return rows.first.map { ($0["delivery_key"] ?? "", $0["delivery_form"] ?? "") }
    }

    public func publishedForm(exam: String) throws -> (deliveryKey: String, form: String)? {
        try call(
            "SELECT delivery_key, delivery_form FROM assess.published_exams WHERE exam_id = $1", [exam], attempt: nil
        ).first.map { ($0["delivery_key"] ?? "", $0["delivery_form"] ?? "") }
    }

    public func scoringKey(exam: String, version: Int?) throws -> StoredScoringKey? {
        try call(
            """
            SELECT exam_id, version, delivery_key, scoring_key, published_by,
                   floor(extract(epoch FROM published_at) * 1000)::bigint AS published_ms
            FROM assess.scoring_keys WHERE exam_id = $1 AND ($2::integer IS NULL OR version = $2)
            ORDER BY version DESC LIMIT 1
            """, [exam, version.map(String.init)], attempt: nil
        ).first.map { row in
            guard let id = row["exam_id"], let number = row["version"].flatMap(Int.init), let key = row["delivery_key"],
                let content = row["scoring_key"], let published = row["published_ms"].flatMap(Int64.init)
            else {
                throw StoreError.unreadableRow(table: "scoring_keys", column: "scoring_key")
            }
            return StoredScoringKey(
                exam: id, version: number, deliveryKey: key, content: content,
                publishedBy: row["published_by"] ?? "", publishedAt: Date(milliseconds: published))
        }
    }
}
