import AssessTestSupport
import Foundation
import Testing

/// The kiosk guide's login shell, `Kiosk/assess-kiosk-shell`, driven in a real terminal.
/// The script is the committed one with only its configuration file's path changed.
@Suite("The kiosk login shell in a real terminal", .ownThread)
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
            let original = try String(
                contentsOfFile: TerminalUnderTest.packageRoot + "/Kiosk/assess-kiosk-shell", encoding: .utf8)
            guard original.contains("\nCONF=/etc/assess/kiosk.conf\n") else {
                throw TestFailure(
                    "Kiosk/assess-kiosk-shell no longer reads CONF=/etc/assess/kiosk.conf; update this test")
            }
            shell = setup.scratch.file("assess-kiosk-shell")
            try original.replacingOccurrences(of: "\nCONF=/etc/assess/kiosk.conf\n", with: "\nCONF=\(configuration)\n")
                .write(toFile: shell, atomically: true, encoding: .utf8)
            chmod(shell, 0o755)
        }

        /// A login: the wrapper in a new terminal, with the kiosk's home (and so its store);
        /// `environment` adds to the login's (a locale).
        func login(environment: [String: String] = [:]) throws -> TerminalUnderTest {
            try TerminalUnderTest(
                "", lockDirectory: lockDirectory, dataDirectory: home + "/.local/state/assess",
                policy: setup.policy,
                environment: ["HOME": home, "XDG_STATE_HOME": "", "XDG_RUNTIME_DIR": ""]
                    .merging(environment) { $1 },
                // Read by sh rather than executed: a process another test forks meanwhile may
                // still hold the just-written script open, and executing it would fail (ETXTBSY).
                program: "/bin/sh " + shell)
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

    @Test func anIdNotOnTheRosterIsRefusedAndAskedForAgain() throws {
        let kiosk = try Kiosk()
        let terminal = try kiosk.login()
        let added = try terminal.assessCommand(
            ["roster", "Exams/geography.yaml", "--add", "k-7", "--password-stdin"],
            input: ProctorTests.password + "\n")
        #expect(added.status == 0, "\(added.output)")
        try terminal.answer("Candidate id:", with: "k-9")
        try terminal.waitForWrittenLines([
            "Candidate id: k-9",
            "assess: candidate k-9 is not on the roster of geography-quiz (\"Geography quiz\"), so this exam cannot be "
                + "sat as k-9; nothing was locked. Check the id you typed; a proctor adds a candidate with "
                + "`assess roster EXAM --add k-9`",
            "",
            "Candidate id:",
        ])
        try terminal.type("k-7")
        try terminal.press("Enter")
        let welcome = try terminal.waitFor("Exam key")
        #expect(welcome.contains("Candidate  k-7"), "\(welcome)")
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

    @Test func inJapaneseFromKioskConfThePromptsAndTheExamSpeakIt() throws {
        let kiosk = try Kiosk(exam: "Exams/multilingual.yaml", languageCode: "ja")
        let terminal = try kiosk.login()
        try terminal.answer("受験者ID:", with: "bad id!")
        try terminal.waitForWrittenLines([
            "受験者ID: bad id!",
            "受験者IDを入力してください: 英字、数字、ピリオド、ハイフン、アンダースコアが使えます。",
            "受験者ID:",
        ])
        try terminal.type("k-1")
        try terminal.press("Enter")
        let welcome = try terminal.waitFor("試験キー")
        #expect(welcome.contains("受験者") && welcome.contains("k-1"), "\(welcome)")
        try terminal.press("q")
        #expect(try terminal.exitStatus() == 0)
        try terminal.waitForWrittenLines([
            "受験者ID: bad id!",
            "受験者IDを入力してください: 英字、数字、ピリオド、ハイフン、アンダースコアが使えます。",
            "受験者ID: k-1",
            "EXIT=0",
        ])
    }

    @Test func inVietnameseFromTheLocaleALockedTerminalIsRefusedAndTheShellSaysWhatNext() throws {
        let kiosk = try Kiosk(exam: "Exams/multilingual.yaml")
        // Another sitting holds the kiosk's lock.
        let holder = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate holder-2", lockDirectory: kiosk.lockDirectory)
        try holder.acceptTheLock()
        try holder.waitFor("Question 1 of 4")
        let record = try LanguageTests.lockHeld(by: holder)
        let tty = try #require(record.tty)

        let terminal = try kiosk.login(environment: ["LANG": "vi_VN.UTF-8"])
        try terminal.answer("Mã thí sinh:", with: "k-4")
        let refused = [
            "Mã thí sinh: k-4",
            "assess: Máy này đã bị khóa cho một bài thi: bài thi geography-quiz, thí sinh holder-2, pid \(record.pid) "
                + "(người dùng \(record.user) trên \(tty)), từ \(record.startedAt.formatted(.iso8601)).",
            "Bài thi không thể bắt đầu khi phiên đó còn chạy. Giám thị có thể kết thúc hoặc nộp phiên đó trước; "
                + "`assess status` cho biết phiên đó.",
            "",
            "Giám thị có thể tiếp tục lượt thi tại đây. Những người khác: nhấn Enter ba lần.",
            // resume is the proctor's command: what it says stays English.
            "assess: candidate k-4 has no attempt at multilingual-sampler in progress; nothing to resume (see `assess results`)",
            "",
            "assess đã kết thúc với trạng thái 1 (xem ở trên). Hãy báo giám thị. Nhấn Enter để đóng.",
        ]
        try terminal.waitForWrittenLines(refused)
        try terminal.press("Enter")
        #expect(try terminal.exitStatus() == 1)
        // The Enter that closes it is the blank line.
        try terminal.waitForWrittenLines(refused + ["", "EXIT=1"])
    }
}
