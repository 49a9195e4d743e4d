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
            ["publish", file, "--password-stdin"], input: ProctorTests.password + "\n")
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
}
