import AssessCore
import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A sitting killed with SIGKILL while the student types, then resumed: the typing
/// journal gives back every character the screen showed before the kill.
@Suite("Typing a crash does not lose", .ownThread)
struct CrashTypingTests {
    /// The screen with the clock's figures (which go on between the two sittings) as `#`.
    private static func withoutClock(_ screen: String) -> String {
        screen.replacing(/\d+:\d\d(:\d\d)?/) { match in String(repeating: "#", count: match.output.0.count) }
    }

    /// Kills `first`'s sitting with SIGKILL and resumes it in a terminal of its own, on the
    /// same lock and data directory, the proctor's password given and the lock accepted.
    private static func killAndResume(
        _ first: TerminalUnderTest, _ exam: String, candidate: String, policy: String,
        environment: [String: String] = [:]
    ) throws -> TerminalUnderTest {
        kill(try #require(try first.assessPID()), SIGKILL)
        try first.waitUntilAssessIsGone()
        let second = try TerminalUnderTest(
            "resume \(exam) --candidate \(candidate)", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: policy, environment: environment, width: 80, height: 24)
        try second.answer("Proctor password:", with: ProctorTests.password)
        try second.acceptTheLock()
        return second
    }

    @Test func everyCharacterOnTheScreenAtAKillIsBackAfterResumeAndTheJournalIsTheExamAccountsOnlyEvenWithAnOpenUmask()
        throws
    {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("essay.yaml", ProctorTests.essayExam)
        // An open umask: the journal is the exam account's all the same.
        let first = try TerminalUnderTest(
            "take \(exam) --candidate c-301", policy: setup.policy,
            program: "umask 000 && " + BuiltProducts.path(of: "assess"), width: 80, height: 24)
        try first.acceptTheLock()
        try first.waitFor("Describe your town.")
        // Saved by the autosave (more than a second of typing), then edited in the middle,
        // deleted, and typed on: the journal's edits are made where they were.
        try first.type("The river runs past the old mill.")
        try first.waitFor("old mill.")
        Thread.sleep(forTimeInterval: 1.5)
        for _ in 0..<5 { try first.press("Left") }
        try first.type("stone ")
        try first.press("End")
        try first.press("BSpace")
        try first.type("; café")
        try first.waitFor("the old stone mill; café")
        let typed = "The river runs past the old stone mill; café"
        let journal = (first.dataDirectory as NSString).appendingPathComponent("journal")
        let attempt = try #require(try first.store().attempts(exam: "essay-resume").first)
        let file = (journal as NSString).appendingPathComponent("typing-\(attempt.id).jsonl")
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int) == 0o700)
        // The last keys, and the kill as soon as they show: well inside the autosave's pause.
        try first.type(" and a ferry")
        try first.waitFor("café and a ferry")
        // The screen is taken before the kill: after it, the shell prints its own line there.
        let atKill = try first.styledScreen()
        let second = try Self.killAndResume(first, exam, candidate: "c-301", policy: setup.policy)
        try second.waitFor("Describe your town.")
        let resumed = try second.styledScreen()
        #expect(
            Self.withoutClock(resumed) == Self.withoutClock(atKill), "at the kill:\n\(atKill)\nresumed:\n\(resumed)")
        let saved = try second.store().responses(for: attempt.id)
        #expect(saved.map(\.value) == [Response.essay(typed + " and a ferry").json])
        // The replayed journal is gone; the resumed sitting keeps one of its own.
        let left = try FileManager.default.contentsOfDirectory(atPath: journal).filter { $0.hasPrefix("typing-") }
        #expect(left == ["typing-\(attempt.id).jsonl"])
        #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains("ferry"))
    }

    /// A program typed into a code question is journaled as a program: after the kill,
    /// resume gives it back as the question's code, not as an essay or an empty text.
    @Test func aProgramTypedBeforeAKillIsBackAsTheCodeQuestionsAnswer() throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam(
            "code.yaml",
            """
            id: code-resume
            title: One program
            duration: 10m
            questions:
              - id: double
                type: code
                prompt: Print twice the whole number read from standard input.
                language: python3
                tests:
                  - stdin: "4\n"
                    stdout: "8\n"
            """)
        let first = try TerminalUnderTest(
            "take \(exam) --candidate c-303", policy: setup.policy, width: 80, height: 24)
        try first.acceptTheLock()
        try first.waitFor("twice the whole number")
        // Saved by the autosave, then typed on past the last save.
        try first.type("n = int(input())")
        try first.waitFor("n = int(input())")
        Thread.sleep(forTimeInterval: 1.5)
        try first.press("Enter")
        try first.type("print(2 * n)")
        try first.waitFor("print(2 * n)")
        let attempt = try #require(try first.store().attempts(exam: "code-resume").first)
        let second = try Self.killAndResume(first, exam, candidate: "c-303", policy: setup.policy)
        try second.waitFor("print(2 * n)")
        let saved = try second.store().responses(for: attempt.id)
        #expect(saved.map(\.value) == [Response.code("n = int(input())\nprint(2 * n)").json])
    }

    @Test func aLabSeatKilledMidEssayPutsItsTypingIntoTheServerOnResume() throws {
        let server = try ServerOutageTests.PrivateServer()
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("essay.yaml", ProctorTests.essayExam)
        let environment = ["ASSESS_STORE": server.url()]
        #expect(try TerminalUnderTest("store init", environment: environment).exitStatus() == 0)
        let first = try TerminalUnderTest(
            "take \(exam) --candidate c-302", policy: setup.policy, environment: environment, width: 80, height: 24)
        try first.acceptTheLock()
        try first.waitFor("Describe your town.")
        try first.type("A square with a fountain.")
        try first.waitFor("fountain.")
        Thread.sleep(forTimeInterval: 1.5)
        try first.press("BSpace")
        try first.type(" and a market")
        try first.waitFor("fountain and a market")
        let second = try Self.killAndResume(
            first, exam, candidate: "c-302", policy: setup.policy, environment: environment)
        try second.waitFor("A square with a fountain and a market")
        let store = try PostgresStore(url: server.url())
        let attempt = try #require(try store.attempts(candidate: "c-302").first)
        #expect(
            try store.responses(for: attempt.id).map(\.value) == [
                Response.essay("A square with a fountain and a market").json
            ])
    }
}
