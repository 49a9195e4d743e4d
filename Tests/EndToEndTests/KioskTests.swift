import AssessTestSupport
import Foundation
import Testing

/// The kiosk guide's login shell, `Kiosk/assess-kiosk-shell`, driven in a real terminal.
/// The script is the committed one with only its configuration file's path changed.
@Suite("The kiosk login shell in a real terminal", .serialized)
struct KioskTests {
    /// A copy of the wrapper reading its own kiosk.conf, and the folders it points at.
    final class Kiosk {
        let setup: ProctorTests.Setup
        let shell: String
        let home: String
        let lockDirectory: String

        /// `exam` is the exam file in the package; `languageCode`, kiosk.conf's LANGUAGE_CODE.
        init(exam: String = "Exams/geography.yaml", languageCode: String = "") throws {
            setup = try ProctorTests.Setup()
            home = setup.scratch.file("home")
            lockDirectory = setup.scratch.file("lock")
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            let configuration = setup.scratch.file("kiosk.conf")
            try """
                ASSESS=\(try BuiltProducts.path(of: "assess"))
                EXAM=\(TerminalUnderTest.packageRoot)/\(exam)
                CANDIDATE=ask
                LOCK_DIR=\(lockDirectory)
                POLICY=\(setup.policy)
                LANGUAGE_CODE=\(languageCode)
                """.write(toFile: configuration, atomically: true, encoding: .utf8)
            let original = try String(contentsOfFile: TerminalUnderTest.packageRoot + "/Kiosk/assess-kiosk-shell", encoding: .utf8)
            guard original.contains("\nCONF=/etc/assess/kiosk.conf\n") else {
                throw TestFailure("Kiosk/assess-kiosk-shell no longer reads CONF=/etc/assess/kiosk.conf; update this test")
            }
            shell = setup.scratch.file("assess-kiosk-shell")
            try original.replacingOccurrences(of: "\nCONF=/etc/assess/kiosk.conf\n", with: "\nCONF=\(configuration)\n")
                .write(toFile: shell, atomically: true, encoding: .utf8)
            chmod(shell, 0o755)
        }

        /// A login: the wrapper in a new terminal, with the kiosk's home (and so its store);
        /// `environment` adds to the login's (a locale).
        func login(environment: [String: String] = [:]) throws -> TerminalUnderTest {
            try TerminalUnderTest("", lockDirectory: lockDirectory, dataDirectory: home + "/.local/state/assess",
                                  policy: setup.policy,
                                  environment: ["HOME": home, "XDG_STATE_HOME": "", "XDG_RUNTIME_DIR": ""]
                                      .merging(environment) { $1 },
                                  program: shell)
        }
    }

    @Test func theWrapperAsksForTheCandidateRunsTheExamAndLeavesNoShell() throws {
        let kiosk = try Kiosk()
        let terminal = try kiosk.login()
        try terminal.answer("Candidate id:", with: "bad id!")
        try terminal.answer("Type your candidate id", with: "k-1")
        let welcome = try terminal.waitFor("Exam key")
        #expect(welcome.contains("Candidate  k-1"))
        try terminal.press("q")
        #expect(try terminal.exitStatus() == 0)
    }

    @Test func afterACrashTheWrapperOffersTheProctorResumeAtTheStudentsTerminal() throws {
        let kiosk = try Kiosk()
        let first = try kiosk.login()
        try first.answer("Candidate id:", with: "k-2")
        try first.acceptTheLock()
        try first.waitFor("Question 1 of 4")
        try first.press("1")
        Thread.sleep(forTimeInterval: 1.5)
        kill(try #require(try first.assessPID()), SIGKILL)
        try first.waitFor("assess ended with status 137")
        try first.press("Enter")
        #expect(try first.exitStatus() == 137)

        let second = try kiosk.login()
        try second.answer("Candidate id:", with: "k-2")
        try second.waitFor("A proctor can continue the attempt here.")
        try second.answer("Proctor password:", with: ProctorTests.password)
        let welcome = try second.waitFor("Exam key")
        #expect(welcome.contains("this attempt continues"))
        try second.acceptTheLock()
        try second.waitFor("1/4 answered")
    }
}
