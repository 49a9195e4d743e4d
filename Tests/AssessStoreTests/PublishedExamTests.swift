import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// Publishing an exam, on every backend: the delivery form and the scoring key kept apart,
/// scoring key versions, `--replace`, and the opening a roster's sitting waits for.
@Suite struct PublishedExamTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func publication(
        form: String = #"{"prompt":"Capital of France?"}"#, key: String = "answer: Paris",
        deliveryKey: String = String(repeating: "a", count: 64)
    ) -> ExamPublication {
        ExamPublication(
            exam: "geo", deliveryKey: deliveryKey, deliveryForm: form, title: "Geography", durationSeconds: 600,
            instructions: "Answer all.", questionCount: 1, scoringKey: key)
    }

    @Test(arguments: StoreBackend.allCases)
    func aPublishedExamKeepsItsFormAndItsKeyApart(_ backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try #require(opened.store.published)
        #expect(try store.publish(Self.publication(), replace: false, by: "pat", at: start) == .published(version: 1))
        // On SQLite the form waits for the opening (on PostgreSQL a proctor's role, the
        // test's owner, reads it at any time; a seat's role waits: PublishedExamPrivilegeTests).
        if backend != .postgres {
            #expect(throws: PublicationError.notOpenYet(exam: "geo")) {
                try store.deliveryForm(exam: "geo", candidate: "ana")
            }
        }
        try #require(opened.store.roster).openSitting(exam: "geo", by: "pat", at: start)
        let form = try #require(try store.deliveryForm(exam: "geo", candidate: "ana"))
        #expect(form.deliveryKey == String(repeating: "a", count: 64))
        #expect(!form.form.contains("Paris"))
        let cover = try #require(try store.cover(exam: "geo"))
        #expect(cover.title == "Geography" && cover.durationSeconds == 600 && cover.questionCount == 1)
        let key = try #require(try store.scoringKey(exam: "geo", version: nil))
        #expect(key.version == 1 && key.content == "answer: Paris")
        #expect(try store.publishedExam("geo")?.version == 1)
        #expect(try store.deliveryForm(exam: "history", candidate: "ana") == nil)
        #expect(try store.cover(exam: "history") == nil)
    }

    @Test(arguments: StoreBackend.allCases)
    func aFixedAnswerIsANewScoringKeyVersionEvenAfterAttempts(_ backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try #require(opened.store.published)
        _ = try store.publish(Self.publication(), replace: false, by: "pat", at: start)
        #expect(try store.publish(Self.publication(), replace: false, by: "pat", at: start) == .unchanged(version: 1))
        _ = try opened.store.startAttempt(
            examID: "geo", examKey: String(repeating: "a", count: 64), candidate: "ana",
            secondsAllowed: 600, at: start)
        let fixed = Self.publication(key: "answer: [Paris, paris]")
        #expect(try store.publish(fixed, replace: false, by: "pat", at: start) == .newScoringKey(version: 2))
        #expect(try store.scoringKey(exam: "geo", version: nil)?.content == "answer: [Paris, paris]")
        #expect(try store.scoringKey(exam: "geo", version: 1)?.content == "answer: Paris")
        // Other questions: refused without --replace, and with it once an attempt exists.
        let changed = Self.publication(
            form: #"{"prompt":"Capital of Peru?"}"#, deliveryKey: String(repeating: "b", count: 64))
        #expect(throws: PublicationError.deliveryChanged(exam: "geo", published: String(repeating: "a", count: 64))) {
            try store.publish(changed, replace: false, by: "pat", at: start)
        }
        #expect(throws: PublicationError.attemptsExist(exam: "geo", count: 1)) {
            try store.publish(changed, replace: true, by: "pat", at: start)
        }
        try #require(opened.store.roster).openSitting(exam: "geo", by: "pat", at: start)
        #expect(try store.deliveryForm(exam: "geo", candidate: "ana")?.form.contains("France") == true)
    }

    @Test(arguments: StoreBackend.allCases)
    func replaceChangesTheQuestionsWhileNoAttemptExists(_ backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try #require(opened.store.published)
        _ = try store.publish(Self.publication(), replace: false, by: "pat", at: start)
        let changed = Self.publication(
            form: #"{"prompt":"Capital of Peru?"}"#, key: "answer: Lima",
            deliveryKey: String(repeating: "b", count: 64))
        #expect(try store.publish(changed, replace: true, by: "pat", at: start) == .replaced(version: 2))
        try #require(opened.store.roster).openSitting(exam: "geo", by: "pat", at: start)
        #expect(try store.deliveryForm(exam: "geo", candidate: "ana")?.deliveryKey == String(repeating: "b", count: 64))
        #expect(try store.scoringKey(exam: "geo", version: nil)?.content == "answer: Lima")
    }

    @Test(arguments: StoreBackend.allCases)
    func aRosterExamsFormWaitsForTheOpening(_ backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = try #require(opened.store.published)
        let rosters = try #require(opened.store.roster)
        _ = try store.publish(Self.publication(), replace: false, by: "pat", at: start)
        try rosters.addToRoster(exam: "geo", entries: [RosterEntry(candidate: "ana")])
        // On PostgreSQL a proctor's role (the test's owner) reads it at any time; a seat's
        // role waits (PublishedExamPrivilegeTests).
        if backend != .postgres {
            #expect(throws: PublicationError.notOpenYet(exam: "geo")) {
                try store.deliveryForm(exam: "geo", candidate: "ana")
            }
        }
        #expect(try store.cover(exam: "geo")?.title == "Geography")
        try rosters.openSitting(exam: "geo", by: "pat", at: start)
        #expect(try store.deliveryForm(exam: "geo", candidate: "ana") != nil)
    }
}

/// What a seat's own role reads of a published exam on the server, tried with SQL as a
/// student with `psql` would: never any scoring key; the form only for a candidate it sits
/// as, and for a roster's exam only once the proctor opened the sitting.
@Suite struct PublishedExamPrivilegeTests: RoleAttempts {
    let database: PostgresTestDatabase
    let ana: String, ben: String, proctor: String
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let secret = "answer: Paris-the-secret"

    init() throws {
        database = try PostgresTestDatabase()
        ana = try database.login("ana", in: .seat)
        ben = try database.login("ben", in: .seat)
        proctor = try database.login("pat", in: .proctor)
        let store = try PostgresStore(url: proctor)
        _ = try store.publish(PublishedExamTests.publication(key: Self.secret), replace: false, by: "pat", at: start)
    }

    @Test func aSeatHasNoPrivilegeOnTheScoringKeysNorThePublishedTables() throws {
        for seat in [ana, ben] {
            expectRefused("SELECT * FROM assess.scoring_keys", as: seat)
            expectRefused("SELECT scoring_key FROM assess.scoring_keys WHERE exam_id = 'geo'", as: seat)
            expectRefused("SELECT * FROM assess.published_exams", as: seat)
            expectRefused(
                "INSERT INTO assess.scoring_keys (exam_id, version, delivery_key, scoring_key) VALUES ('geo', 9, 'x', 'y')",
                as: seat)
            expectRefused("UPDATE assess.published_exams SET delivery_form = '{}'", as: seat)
            expectRefused("DELETE FROM assess.scoring_keys", as: seat)
        }
        // Through the store, as the program would.
        #expect(throws: StoreError.self) { try PostgresStore(url: ana).scoringKey(exam: "geo", version: nil) }
        #expect(throws: StoreError.self) { try PostgresStore(url: ana).publishedExams() }
        #expect(throws: StoreError.self) {
            try PostgresStore(url: ana).publish(
                PublishedExamTests.publication(key: "answer: Rome"), replace: false, by: "ana", at: start)
        }
        // A proctor reads it.
        #expect(
            try run("SELECT scoring_key FROM assess.scoring_keys", as: proctor).first?["scoring_key"] == Self.secret)
    }

    @Test func noFunctionASeatMayExecuteReadsAScoringKey() throws {
        let rows = try run(
            """
            SELECT p.oid::regprocedure::text AS name, p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'assess' AND has_function_privilege(current_user, p.oid, 'EXECUTE')
            """, as: ana)
        #expect(rows.count > 5)
        for row in rows {
            #expect(!(row["prosrc"] ?? "").contains("scoring_key"), "\(row["name"] ?? "")")
        }
        // Every function it may execute, called on the published exam, returns nothing of the key.
        try PostgresStore(url: proctor).openSitting(exam: "geo", by: "pat", at: start)
        for sql in ["SELECT * FROM assess.exam_cover('geo')", "SELECT * FROM assess.delivery_form('geo', 'ana')"] {
            let text = try run(sql, as: ana).description
            #expect(!text.contains("Paris-the-secret"), "\(sql)")
        }
    }

    @Test func withoutARosterASeatReadsItsOwnFormOnlyOnceTheSittingIsOpen() throws {
        // Before the opening: the cover, and nothing of the questions.
        #expect(throws: PostgresError.self) { try run("SELECT * FROM assess.delivery_form('geo', 'ana')", as: ana) }
        #expect(throws: PublicationError.notOpenYet(exam: "geo")) {
            try PostgresStore(url: ana).deliveryForm(exam: "geo", candidate: "ana")
        }
        let cover = try run("SELECT * FROM assess.exam_cover('geo')", as: ana)
        #expect(cover.first?["title"] == "Geography" && !cover.description.contains("Capital of France"))
        try PostgresStore(url: proctor).openSitting(exam: "geo", by: "pat", at: start)
        let rows = try run("SELECT * FROM assess.delivery_form('geo', 'ana')", as: ana)
        #expect(rows.count == 1 && rows.description.contains("Capital of France"))
        // Only its own candidate's, after the opening too.
        expectRefused("SELECT * FROM assess.delivery_form('geo', 'ben')", as: ana)
        expectRefused("SELECT * FROM assess.delivery_form('geo', 'ana')", as: ben)
    }

    @Test func aSeatReadsTheFormOnlyAsItsOwnCandidateAndOnlyOnceTheRostersSittingIsOpen() throws {
        expectRefused("SELECT * FROM assess.delivery_form('geo', 'ben')", as: ana)
        let store = try PostgresStore(url: proctor)
        try store.addToRoster(exam: "geo", entries: [RosterEntry(candidate: "ana")])
        // Before the opening: the cover, and not a prompt.
        let cover = try run("SELECT * FROM assess.exam_cover('geo')", as: ana)
        #expect(cover.first?["title"] == "Geography" && cover.first?["question_count"] == "1")
        #expect(!cover.description.contains("Capital of France"))
        #expect(throws: PostgresError.self) { try run("SELECT * FROM assess.delivery_form('geo', 'ana')", as: ana) }
        #expect(throws: PublicationError.notOpenYet(exam: "geo")) {
            try PostgresStore(url: ana).deliveryForm(exam: "geo", candidate: "ana")
        }
        // Ben is not on the roster: refused even after the opening.
        try store.openSitting(exam: "geo", by: "pat", at: start)
        expectRefused("SELECT * FROM assess.delivery_form('geo', 'ben')", as: ben)
        let form = try #require(try PostgresStore(url: ana).deliveryForm(exam: "geo", candidate: "ana"))
        #expect(form.form.contains("Capital of France") && !form.form.contains("Paris"))
    }
}
