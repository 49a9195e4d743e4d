import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A published exam with a pool on a lab's server: the server draws each seat's questions,
/// and a seat's role, with `psql`, reads only those drawn for its own candidate; the
/// prompts of the others never leave the server.
@Suite("A pool drawn by the server", .ownThread)
struct PoolDrawTests {
    /// Ten questions in a pool of which each candidate sits two.
    static let yaml =
        """
        id: pool-quiz
        title: Pool quiz
        duration: 10m
        sections:
          - title: Pool
            select: 2
            questions:

        """
        + (1...10).map { number in
            "      - {id: p\(number), type: short-text, prompt: \"Pool prompt number \(number)?\", accepted: [secret-\(number)]}\n"
        }.joined()

    @Test func aSeatsRoleReadsOnlyTheQuestionsDrawnForItsCandidate() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let ana = lab.name + "_ana"
        let ben = lab.name + "_ben"
        let pat = lab.name + "_pat"
        defer { for role in [ben, pat] { try? lab.psql("DROP ROLE IF EXISTS \(role)") } }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        let initialised = try admin.assessCommand([
            "store", "init", "--seat", ana + ":ana", "--seat", ben + ":ben", "--proctor", pat,
        ])
        #expect(initialised.status == 0, "\(initialised.output)")
        let file = try setup.exam("pool.yaml", Self.yaml)
        let proctor = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let published = try proctor.assessCommand(
            ["publish", file, "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")

        let whole = DeliveryForm(exam: try ExamLoader.load(fileAt: file))
        var draws: [Set<String>] = []
        for (role, candidate) in [(ana, "ana"), (ben, "ben")] {
            let url = lab.url(user: role)
            let text = try PostgresConnectionForTests.psql(
                url, "SELECT delivery_form FROM assess.delivery_form('pool-quiz', '\(candidate)')")
            let form = try #require(DeliveryForm(json: text.trimmingCharacters(in: .newlines)), "\(text)")
            #expect(form.drawnFor == candidate)
            // The server's draw is the one the program makes, which results and marking reproduce.
            let expected = whole.exam.drawn(for: candidate, key: whole.key).questions.map(\.id)
            #expect(form.sections[0].questions.map(\.id) == expected)
            #expect(expected.count == 2)
            for question in whole.sections[0].questions where !expected.contains(question.id) {
                #expect(!text.contains(question.prompt), "\(candidate) read \(question.prompt)")
            }
            #expect(!text.contains("secret-"))
            // Nothing else a seat may do reads the whole form: not the table, not the draw itself.
            for sql in [
                "SELECT delivery_form FROM assess.published_exams",
                "SELECT assess.drawn_form('{}', 'k', '\(candidate)')",
                "SELECT delivery_form FROM assess.delivery_form('pool-quiz', '\(candidate == "ana" ? "ben" : "ana")')",
            ] {
                #expect(throws: (any Error).self, "\(sql)") { try PostgresConnectionForTests.psql(url, sql) }
            }
            let cover = try PostgresConnectionForTests.psql(
                url, "SELECT question_count FROM assess.exam_cover('pool-quiz')")
            #expect(cover.trimmingCharacters(in: .newlines) == "2")
            draws.append(Set(expected))
        }
        #expect(draws[0] != draws[1], "ana and ben drew the same questions")
        // A proctor's role reads the whole form.
        let all = try PostgresConnectionForTests.psql(
            lab.url(user: pat), "SELECT delivery_form FROM assess.delivery_form('pool-quiz', 'ana')")
        #expect((1...10).allSatisfy { all.contains("Pool prompt number \($0)?") })
    }

    @Test func aSeatSitsThePoolTheServerDrewAndResultsScoresItOnThoseQuestions() throws {
        let lab = try LabStoreTests.LabDatabase()
        let setup = try ProctorTests.Setup()
        let ana = lab.name + "_ana"
        let pat = lab.name + "_pat"
        defer { try? lab.psql("DROP ROLE IF EXISTS \(pat)") }
        let admin = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
        #expect(try admin.assessCommand(["store", "init", "--seat", ana + ":ana", "--proctor", pat]).status == 0)
        let proctor = try TerminalUnderTest(
            "--help", policy: setup.policy, environment: ["ASSESS_STORE": lab.url(user: pat)])
        let published = try proctor.assessCommand(
            ["publish", "Exams/pool.yaml", "--open", "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(published.status == 0, "\(published.output)")

        // The seat is sent two warm-up questions and the three drawn for ana, shown in the
        // order the whole form would give her.
        let form = DeliveryForm(exam: try ExamLoader.load(fileAt: TerminalUnderTest.packageRoot + "/Exams/pool.yaml"))
        let shown = ExamPresentation(exam: form.exam, candidate: "ana").questions.map(\.question)
        let seat = try TerminalUnderTest(
            "take --exam science-pool --candidate ana", policy: setup.policy,
            environment: ["ASSESS_STORE": lab.url(user: ana)])
        try seat.acceptTheLock()
        for (index, question) in shown.enumerated() {
            try seat.waitFor("Question \(index + 1) of 5")
            try seat.waitFor(question.prompt)
            if question.id == "planet-count" {
                try seat.type("8")
                try seat.waitFor("Answer: 8")
            }
            if index + 1 < shown.count { try seat.press("Tab") }
        }
        try seat.submitAndLeaveThroughTheReceipt()
        #expect(try seat.exitStatus() == 0)
        let attempt = try PostgresConnectionForTests.psql(
            lab.url(user: pat), "SELECT exam_key FROM assess.attempts WHERE candidate = 'ana'")
        #expect(attempt.trimmingCharacters(in: .newlines) == form.key)

        let results = try proctor.assessCommand(["results", "science-pool", "--csv"])
        #expect(results.status == 0, "\(results.output)")
        let lines = results.output.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let header = try #require(lines.first { $0.first == "exam" }, "\(results.output)")
        let row = try #require(lines.first { $0.count > 1 && $0[1] == "ana" }, "\(results.output)")
        let score = try #require(header.firstIndex(of: "score"))
        #expect(row[score] == "1" && row[score + 1] == "8", "\(results.output)")
    }
}

/// The sample pool (Exams/pool.yaml) sat at two seats on one machine: each candidate is
/// shown the warm-up and the three questions drawn for them, and `results` scores each out
/// of their own questions.
@Suite("A pool sat by two candidates", .ownThread)
struct PoolSittingTests {
    @Test func twoCandidatesSitTheirOwnDrawAndResultsScoresEachOnIt() throws {
        let scratch = try TemporaryDirectory("assess-pool-sitting")
        defer { scratch.remove() }
        let shared = scratch.file("data")
        let exam = try ExamLoader.load(fileAt: TerminalUnderTest.packageRoot + "/Exams/pool.yaml")
        var drawn: [String: Set<String>] = [:]
        for candidate in ["ana", "ben"] {
            let seat = try TerminalUnderTest("take Exams/pool.yaml --candidate \(candidate)", dataDirectory: shared)
            try seat.acceptTheLock()
            let shown = ExamPresentation(exam: exam, candidate: candidate).questions.map(\.question)
            #expect(shown.count == 5)
            for (index, question) in shown.enumerated() {
                try seat.waitFor("Question \(index + 1) of 5")
                try seat.waitFor(question.prompt)
                // Only the warm-up's number of planets is answered, and rightly.
                if question.id == "planet-count" {
                    try seat.type("8")
                    try seat.waitFor("Answer: 8")
                }
                if index + 1 < shown.count { try seat.press("Tab") }
            }
            try seat.submitAndLeaveThroughTheReceipt()
            #expect(try seat.exitStatus() == 0)
            drawn[candidate] = Set(shown.map(\.id))
        }
        #expect(drawn["ana"] != drawn["ben"], "ana and ben drew the same questions")

        let results = try TerminalUnderTest("--help", dataDirectory: shared).assessCommand(
            ["results", "Exams/pool.yaml", "--csv"])
        #expect(results.status == 0, "\(results.output)")
        let lines = results.output.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let header = try #require(lines.first { $0.first == "exam" })
        for candidate in ["ana", "ben"] {
            let row = try #require(lines.first { $0.count > 1 && $0[1] == Substring(candidate) }, "\(results.output)")
            func cell(_ name: String) throws -> Substring { row[try #require(header.firstIndex(of: Substring(name)))] }
            // One point of the 1 + 1 + 3 × 2 of the questions given to them.
            #expect(try cell("score") == "1" && cell("maximum") == "8", "\(candidate): \(row)")
            for question in exam.questions {
                let given = drawn[candidate]?.contains(question.id) == true
                #expect(try cell("q:\(question.id)").isEmpty == !given, "\(candidate) \(question.id): \(row)")
            }
        }
    }
}

/// `assess mark` of a pool: a question is offered for marking only in the attempts of the
/// candidates it was drawn for.
@Suite("Marking a pool", .ownThread)
struct PoolMarkingTests {
    static let exam = """
        id: essays-pool
        title: Essays
        duration: 20m
        sections:
          - title: One of three
            select: 1
            questions:
              - {id: river, type: essay, prompt: Describe a river you know., points: 5}
              - {id: market, type: essay, prompt: Describe a market on a busy day., points: 5}
              - {id: storm, type: essay, prompt: Describe a storm you remember., points: 5}
        """

    @Test func aQuestionIsMarkedOnlyInTheAttemptsItWasDrawnFor() throws {
        let setup = try ProctorTests.Setup()
        let path = try setup.exam("essays.yaml", Self.exam)
        let exam = try ExamLoader.load(fileAt: path)
        let data = try TemporaryDirectory("assess-e2e-pool-marking")
        defer { data.remove() }
        let store = try SQLiteStore(dataDirectory: data.url)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var drawn: [String: String] = [:]
        // Each candidate answers the essay drawn for them, and a stray answer to every other one.
        for candidate in ["c-401", "c-402"] {
            let given = try #require(exam.drawn(for: candidate, key: exam.examKey).questions.first?.id)
            drawn[candidate] = given
            let attempt = try store.startAttempt(
                examID: exam.id, examKey: exam.examKey, candidate: candidate, secondsAllowed: 1200, at: start)
            for question in exam.questions {
                let text = question.id == given ? "My \(question.id), by \(candidate)." : "Not asked of \(candidate)."
                try store.saveResponse(
                    attempt: attempt.id, question: question.id, value: Response.essay(text).json, flagged: false,
                    at: start)
            }
            try store.finishAttempt(
                id: attempt.id, status: .submitted, receipt: "R-\(candidate)", at: start.addingTimeInterval(600))
        }
        let first = try #require(drawn["c-401"])
        #expect(first != drawn["c-402"], "both candidates drew \(first)")

        let terminal = try TerminalUnderTest(
            "mark \(path) --question \(first)", dataDirectory: data.url.path, policy: setup.policy)
        try terminal.answer("Proctor password:", with: ProctorTests.password)
        let screen = try terminal.waitFor("Answer 1 of 1 · \(first) · 5 points · Candidate #1")
        #expect(screen.contains("My \(first), by c-401."))
        #expect(!screen.contains("Not asked"))
        #expect(screen.contains("Still to mark: 1 of this question, 1 in all"))
    }
}
