import AssessCore
import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// The proctor's side, driven through the real binary in a real terminal (tmux):
/// launch settings, the hidden password prompt, crash and resume, results.
@Suite("The proctor's side in a real terminal", .ownThread)
struct ProctorTests {
    static let password = "proctor-pass-7"

    /// A folder with a policy file holding a hash of the proctor password, and exam files
    /// written for these tests. The hash costs 2^15, a quarter of `assess passwd`'s, so that
    /// the many password checks below stay quick; `passwdStoresOnlyASaltedScryptHash`
    /// runs `assess passwd` itself.
    final class Setup {
        let scratch: TemporaryDirectory
        let policy: String

        /// With `more` policy lines after the password's.
        init(more: String = "") throws {
            scratch = try TemporaryDirectory("assess-e2e-proctor")
            policy = scratch.file("policy.yaml")
            let hash = try ProctorPassword(hashing: ProctorTests.password, logRounds: 15)
            try "# a proctor's terminal\nproctor-password: \"\(hash)\"\n\(more)".write(
                toFile: policy, atomically: false,
                encoding: .utf8)
        }

        /// Writes an exam file and returns its path.
        func exam(_ name: String, _ yaml: String) throws -> String {
            let path = scratch.file(name)
            try yaml.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
    }

    /// Types the proctor password at a prompt that asks for it.
    private func typePassword(_ terminal: TerminalUnderTest, _ password: String = ProctorTests.password) throws {
        try terminal.answer("Proctor password:", with: password)
    }

    /// From a question: Ctrl-], the password, and `down` rows into the proctor's menu.
    private func openProctorMenu(_ terminal: TerminalUnderTest, down: Int = 0) throws {
        try terminal.press("C-]")
        try typePassword(terminal)
        try terminal.waitFor("Pause the exam")
        for _ in 0..<down { try terminal.press("Down") }
    }

    /// At the panel's reason prompt: types `reason` and confirms.
    private func giveReason(_ terminal: TerminalUnderTest, _ reason: String) throws {
        try terminal.answer("Reason (written to the log):", with: reason)
    }

    @Test func passwdStoresOnlyASaltedScryptHash() throws {
        let scratch = try TemporaryDirectory("assess-e2e-passwd")
        let policy = scratch.file("policy.yaml")
        try "# a proctor's terminal\n".write(toFile: policy, atomically: false, encoding: .utf8)
        let passwordFile = scratch.file("password")
        try (Self.password + "\n").write(toFile: passwordFile, atomically: false, encoding: .utf8)
        let result = try TerminalUnderTest.runner.run(
            "sh",
            [
                "-c",
                "ASSESS_POLICY='\(policy)' '\(try BuiltProducts.path(of: "assess"))' passwd --password-stdin < '\(passwordFile)'",
            ],
            timeoutSeconds: 60)
        #expect(result.exitStatus == 0, "\(result.standardError)")
        let text = try String(contentsOfFile: policy, encoding: .utf8)
        #expect(text.contains("# a proctor's terminal"))
        #expect(text.contains("proctor-password: \"scrypt$ln=17,r=8,p=1$"))
        #expect(!text.contains(Self.password))
    }

    @Test func passwdAtTheTerminalAsksAgainWhenThePasswordIsTooShort() throws {
        let scratch = try TemporaryDirectory("assess-e2e-passwd")
        let policy = scratch.file("policy.yaml")
        let terminal = try TerminalUnderTest("passwd", policy: policy, width: 80, height: 24)
        try terminal.waitFor("New proctor password:")
        try terminal.type("short")
        try terminal.press("Enter")
        try terminal.waitForWrittenLines([
            "New proctor password:",
            "too short: at least 8 characters, this one has 5; try again",
            "New proctor password:",
        ])
        try terminal.type("long-enough-7")
        try terminal.press("Enter")
        try terminal.waitFor("Again:")
        try terminal.type("long-enough-7")
        try terminal.press("Enter")
        #expect(try terminal.exitStatus(seconds: 30) == 0)
        try terminal.waitForWrittenLines([
            "New proctor password:",
            "too short: at least 8 characters, this one has 5; try again",
            "New proctor password:",
            "Again:",
            "the proctor password is set in \(policy)",
            "EXIT=0",
        ])
    }

    @Test func passwdAtTheTerminalAsksTwiceAndRefusesTwoDifferentPasswords() throws {
        let scratch = try TemporaryDirectory("assess-e2e-passwd")
        let policy = scratch.file("policy.yaml")
        let differ = try TerminalUnderTest("passwd", policy: policy)
        try differ.waitFor("New proctor password:")
        try differ.type("first-password")
        try differ.press("Enter")
        try differ.waitFor("Again:")
        try differ.type("other-password")
        try differ.press("Enter")
        #expect(try differ.exitStatus() == 1)
        #expect(try differ.screen().contains("the two passwords differ; nothing was changed"))
        #expect(!FileManager.default.fileExists(atPath: policy))

        let same = try TerminalUnderTest("passwd", policy: policy)
        try same.waitFor("New proctor password:")
        try same.type("first-password")
        try same.press("Enter")
        try same.waitFor("Again:")
        try same.type("first-password")
        try same.press("Enter")
        #expect(try same.exitStatus() == 0)
        let screen = try same.screen()
        #expect(!screen.contains("first-password"))
        #expect(try String(contentsOfFile: policy, encoding: .utf8).hasPrefix("proctor-password: \"scrypt$"))
        let log = try same.assessCommand(["log", "--json"])
        #expect(log.status == 0)
    }

    /// That the longer timer is enforced (still in the exam past the exam's own time,
    /// timed out at the candidate's) is checked without sleeping, by the run-loop test
    /// `extraTimeRunsOutAtItsEndNotTheExamsAndSubmitsAsTimedOut`.
    @Test func launchWithOneAndAHalfTimesTheTimeShowsTheLongerTimerAndKeepsIt() throws {
        let setup = try Setup()
        let exam = try setup.exam(
            "short.yaml",
            """
            id: short-timer
            title: A twenty-minute exam
            duration: 20m
            questions:
              - id: only
                type: true-false
                prompt: The timer runs for thirty minutes with extra time.
                answer: true
            """)
        let terminal = try TerminalUnderTest(
            "launch \(exam) --candidate c-201 --extra-time 1.5x --hand-over",
            policy: setup.policy)
        try typePassword(terminal)
        let welcome = try terminal.waitFor("Exam key")
        #expect(welcome.contains("30 minutes (with extra time; the exam is 20 minutes)"))
        try terminal.acceptTheLock()
        let question = try terminal.waitFor("The timer runs")
        #expect(question.contains("30:00") || question.contains("29:59"))
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "short-timer").first)
        #expect(attempt.status == .inProgress)
        #expect(attempt.secondsAllowed == 1800)
        let log = try terminal.assessCommand(["log", "--attempt", attempt.id]).output
        #expect(log.contains("launch.accommodations"))
        #expect(log.contains("extraTime=1.5x"))
    }

    @Test func denyingBackNavigationOnTheProctorScreenRemovesItFromTheExam() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest("launch Exams/all-types.yaml --candidate c-202", policy: setup.policy)
        try typePassword(terminal)
        try terminal.waitFor("Proctor: before the hand-over")
        // Rows: extra time, breaks, then the exam's restrictions; "Going back" is the third.
        try terminal.press("Down", "Down")
        try terminal.waitFor("The student may return to questions already answered.")
        try terminal.press("Space")
        let setupScreen = try terminal.waitFor("denied")
        #expect(setupScreen.contains("Going back"))
        try terminal.press("Enter")
        try terminal.acceptTheLock()
        let first = try terminal.waitFor("Question 1 of")
        #expect(!first.contains("S-Tab"))
        #expect(!first.contains("F3 list"))
        // Without going back, Tab asks before it leaves the question for good.
        try terminal.press("Tab")
        try terminal.waitFor("Leave question 1 for good?")
        try terminal.press("y")
        try terminal.waitFor("Question 2 of")
        try terminal.press("BTab")
        let refused = try terminal.waitFor("does not allow going back")
        #expect(refused.contains("Question 2 of"))
        let log = try terminal.assessCommand(["log"]).output
        #expect(log.contains("restriction.changed"))
        #expect(log.contains("allowed=false restriction=back-navigation"))
    }

    @Test func escapeOnTheLaunchScreenCancelsWithNothingLockedOrStarted() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest("launch Exams/geography.yaml --candidate c-216", policy: setup.policy)
        try typePassword(terminal)
        try terminal.waitFor("Proctor: before the hand-over")
        try terminal.press("Escape")
        #expect(try terminal.exitStatus() == 1)
        #expect(try terminal.screen().contains("the launch was cancelled at the proctor's screen; nothing was locked"))
        #expect(try terminal.store().attempts(exam: "geography-quiz", candidate: nil, status: nil).isEmpty)
        let status = try terminal.assessCommand(["status"]).output
        #expect(status.hasPrefix("unlocked: no exam holds this terminal"), "\(status)")
    }

    @Test func theHiddenPasswordPromptPausesAndResumesTheExam() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-203", policy: setup.policy)
        try terminal.acceptTheLock()
        let question = try terminal.waitFor("Question 1 of 4")
        #expect(!question.contains("C-]"))
        #expect(!question.lowercased().contains("proctor"))
        try terminal.press("C-]")
        try typePassword(terminal, "not-the-password")
        try terminal.waitFor("Wrong password.")
        try typePassword(terminal)
        try terminal.waitFor("Pause the exam")
        try terminal.press("Enter")
        try terminal.waitFor("Reason (written to the log):")
        try terminal.type("fire drill")
        try terminal.press("Enter")
        let paused = try terminal.waitFor("The exam is paused")
        #expect(!paused.contains("capital of Canada"))
        let pausedFor = 3.0
        Thread.sleep(forTimeInterval: pausedFor)
        try terminal.press("C-]")
        try typePassword(terminal)
        try terminal.waitFor("Resume the exam")
        try terminal.press("Enter")
        let resumed = try terminal.waitFor("Question 1 of 4")
        // The timer stood still while paused: 10 minutes, minus a few seconds of answering.
        #expect(resumed.contains("09:5") || resumed.contains("10:00"))
        let log = try terminal.assessCommand(["log"]).output
        #expect(log.contains("proctor.password-rejected"))
        #expect(log.contains("exam.paused\treason=fire drill"))
        let unpaused = try #require(log.split(separator: "\n").first { $0.contains("exam.unpaused") })
        let seconds = Int(unpaused.split(separator: "=").last ?? "") ?? 0
        #expect(seconds >= Int(pausedFor))
        #expect(!log.contains(Self.password))
    }

    @Test func threeWrongPasswordsLockThePromptForAMinute() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-204", policy: setup.policy)
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("C-]")
        for tries in 1...3 {
            try typePassword(terminal, "wrong-one")
            // Keys typed while a password is being checked are not read: wait for the verdict.
            let deadline = Date().addingTimeInterval(10)
            while try terminal.assessCommand(["log"]).output.components(separatedBy: "proctor.password-rejected").count
                - 1 < tries
            {
                guard Date() < deadline else { throw TestFailure("try \(tries) was never checked") }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        try terminal.waitFor("the prompt is locked for")
        try terminal.type(Self.password)
        try terminal.press("Enter")
        #expect(!(try terminal.screen().contains("Pause the exam")))
        try terminal.press("Escape")
        try terminal.waitFor("Question 1 of 4")
        let log = try terminal.assessCommand(["log"]).output
        #expect(log.contains("proctor.prompt-locked\tseconds=60"))
    }

    static let essayExam = """
        id: essay-resume
        title: One essay
        duration: 10m
        questions:
          - id: essay
            type: essay
            prompt: Describe your town.
            points: 5
        """

    @Test func killedMidEssayThenResumeRestoresEverythingTypedASecondBeforeTheKill() throws {
        let setup = try Setup()
        let exam = try setup.exam("essay.yaml", Self.essayExam)
        let first = try TerminalUnderTest("take \(exam) --candidate c-205", policy: setup.policy)
        try first.acceptTheLock()
        try first.waitFor("Describe your town.")
        try first.type("My town has a river and an old bridge.")
        try first.waitFor("old bridge.")
        Thread.sleep(forTimeInterval: 1.5)
        try first.type(" Lost")
        let pid = try #require(try first.assessPID())
        kill(pid, SIGKILL)
        try first.waitUntilAssessIsGone()

        let status = try first.assessCommand(["status"]).output
        #expect(status.contains("stale: exam essay-resume, candidate c-205"))
        #expect(status.contains("still in progress: answers saved 1, time used 0:0"))
        #expect(status.contains("assess resume EXAM-FILE --candidate c-205"))
        #expect(status.contains("assess unlock --stale"))
        let refused = try first.assessCommand(["take", exam, "--candidate", "c-205"])
        #expect(refused.status == 75)

        let second = try TerminalUnderTest(
            "resume \(exam) --candidate c-205", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: setup.policy)
        try typePassword(second)
        let welcome = try second.waitFor("Exam key")
        #expect(welcome.contains("this attempt continues"))
        try second.acceptTheLock()
        try second.waitFor("Describe your town.")
        try second.waitFor("My town has a river and an old bridge.")
        let log = try second.assessCommand(["log"]).output
        #expect(log.contains("lock.stale-cleared"))
        #expect(log.contains("attempt.resumed"))
        #expect(log.contains("charged=false"))
    }

    /// After a crash the way on is `resume`: clearing the stale lock keeps the attempt in
    /// progress, an attempt that ended blocks a new one, and only a proctor's
    /// `take --new-attempt` (password, logged) starts another.
    @Test func aCrashedAttemptIsContinuedNeverReplacedUnlessAProctorAllowsANewAttempt() throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("essay.yaml", Self.essayExam)
        let terminal = try TerminalUnderTest("take \(exam) --candidate c-206", policy: setup.policy)
        try terminal.acceptTheLock()
        try terminal.waitFor("Describe your town.")
        kill(try #require(try terminal.assessPID()), SIGKILL)
        try terminal.waitUntilAssessIsGone()
        let database = try terminal.store()
        let first = try #require(try database.attempts(exam: "essay-resume").first)

        let status = try terminal.assessCommand(["status"]).output
        #expect(status.contains("continue it (the way on):  assess resume"), "\(status)")
        #expect(status.contains("free this terminal only:   assess unlock --stale   (the attempt stays in progress)"))
        #expect(!status.contains("marked interrupted"))

        let wrong = try terminal.assessCommand(["unlock", "--stale", "--password-stdin"], input: "nope\n")
        #expect(wrong.status == 77)
        #expect(wrong.output.contains("wrong proctor password"))
        let cleared = try terminal.assessCommand(
            ["unlock", "--stale", "--password-stdin"], input: Self.password + "\n")
        #expect(cleared.status == 0)
        #expect(cleared.output.contains("attempt \(first.id) stays in progress"), "\(cleared.output)")
        #expect(try database.attempt(first.id)?.status == .inProgress)
        #expect(try terminal.assessCommand(["status"]).output.contains("unlocked"))
        let whileInProgress = try terminal.assessCommand(["take", exam, "--candidate", "c-206"])
        #expect(whileInProgress.status == 75)
        #expect(whileInProgress.output.contains("assess resume"))

        // A proctor ends it for good (once its last save is 15 s old); a plain take is refused.
        var ended = try terminal.assessCommand(["end", first.id, "--password-stdin"], input: Self.password + "\n")
        let deadline = Date().addingTimeInterval(30)
        while ended.status == 75 && Date() < deadline {
            Thread.sleep(forTimeInterval: 1)
            ended = try terminal.assessCommand(["end", first.id, "--password-stdin"], input: Self.password + "\n")
        }
        #expect(ended.status == 0, "\(ended.output)")
        let refused = try terminal.assessCommand(["take", exam, "--candidate", "c-206"])
        #expect(refused.status == 75)
        #expect(refused.output.contains("already has an attempt at essay-resume (\(first.id))"), "\(refused.output)")
        #expect(refused.output.contains("assess take \(exam) --candidate c-206 --new-attempt"))
        #expect(try database.attempts(exam: "essay-resume").count == 1)

        let again = try TerminalUnderTest(
            "take \(exam) --candidate c-206 --new-attempt", lockDirectory: terminal.lockDirectory,
            dataDirectory: terminal.dataDirectory, policy: setup.policy)
        try typePassword(again)
        try again.acceptTheLock()
        try again.waitFor("Describe your town.")
        let attempts = try database.attempts(exam: "essay-resume")
        #expect(attempts.map(\.status) == [.interrupted, .inProgress])
        let log = try again.assessCommand(["log"]).output
        #expect(log.contains("attempt.new-allowed"), "\(log)")
    }

    /// `status` names the exam it knows in commands ready to paste; `end` takes the start of
    /// an attempt's id, or the exam and the candidate.
    @Test func statusPrintsCommandsReadyToPasteAndEndTakesAPrefixOrTheExamAndCandidate() throws {
        let setup = try Setup()
        let exam = try setup.exam("essay.yaml", Self.essayExam)
        let shared = setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", exam, "--open", "--password-stdin"], input: Self.password + "\n")
        #expect(published.status == 0, "\(published.output)")
        let seat = try TerminalUnderTest(
            "take --exam essay-resume --candidate c-208", dataDirectory: shared, policy: setup.policy)
        try seat.acceptTheLock()
        try seat.waitFor("Describe your town.")
        kill(try #require(try seat.assessPID()), SIGKILL)
        try seat.waitUntilAssessIsGone()
        let attempt = try #require(try seat.store().attempts(exam: "essay-resume").first)

        let status = try seat.assessCommand(["status"]).output.components(separatedBy: "\n")
        #expect(
            status.contains("    continue it (the way on):  assess resume essay-resume --candidate c-208"), "\(status)")
        #expect(
            status.contains(
                "    end it for good:           assess unlock --stale, then assess end --exam essay-resume --candidate c-208"
            ))
        let cleared = try seat.assessCommand(["unlock", "--stale", "--password-stdin"], input: Self.password + "\n")
        #expect(cleared.output.contains("  end it:       assess end --exam essay-resume --candidate c-208"))
        // Elsewhere (no lock here), the attempt is listed with both commands.
        let elsewhere = try proctor.assessCommand(["status"]).output.components(separatedBy: "\n")
        #expect(
            elsewhere.contains(
                "    continue it at the student's terminal:  assess resume essay-resume --candidate c-208"))
        #expect(elsewhere.contains("    end it for good:  assess end --exam essay-resume --candidate c-208"))

        // The start of the id names it (once its last save is 15 s old).
        let prefix = String(attempt.id.prefix(8)).lowercased()
        var ended = try proctor.assessCommand(["end", prefix, "--password-stdin"], input: Self.password + "\n")
        let deadline = Date().addingTimeInterval(30)
        while ended.status == 75 && Date() < deadline {
            Thread.sleep(forTimeInterval: 1)
            ended = try proctor.assessCommand(["end", prefix, "--password-stdin"], input: Self.password + "\n")
        }
        #expect(ended.status == 0, "\(ended.output)")
        #expect(
            ended.output.contains("attempt \(attempt.id) (candidate c-208, exam essay-resume) is marked interrupted"))
        let again = try proctor.assessCommand(
            ["end", "--exam", "essay-resume", "--candidate", "c-208", "--password-stdin"], input: Self.password + "\n")
        #expect(again.status == 1)
        #expect(again.output.contains("candidate c-208 has no attempt at essay-resume in progress"), "\(again.output)")
    }

    @Test func aScriptedAttemptsResultsAsCSVHaveTheExpectedScoresAndTheReceiptVerifies() throws {
        let setup = try Setup()
        let exam = try setup.exam(
            "scored.yaml",
            """
            id: scored
            title: Three scored questions
            duration: 10m
            questions:
              - id: sky
                type: true-false
                prompt: The sky is blue on a clear day.
                answer: true
              - id: capital
                type: short-text
                prompt: The capital of France?
                accepted: [Paris]
                points: 2
              - id: story
                type: essay
                prompt: Tell a short story.
                points: 5
            """)
        let terminal = try TerminalUnderTest("take \(exam) --candidate c-207", policy: setup.policy)
        try terminal.acceptTheLock()
        try terminal.waitFor("The sky is blue")
        try terminal.press("1", "Tab")
        try terminal.waitFor("The capital of France?")
        try terminal.type("paris")
        try terminal.press("Tab")
        try terminal.waitFor("Tell a short story.")
        try terminal.type("Once upon a time.")
        let receiptScreen = try terminal.submitAndLeaveThroughTheReceipt()
        #expect(try terminal.exitStatus() == 0)

        let csv = try terminal.assessCommand(["results", exam, "--csv"])
        #expect(csv.status == 0)
        let lines = csv.output.split(separator: "\n")
        #expect(
            lines.first
                == "exam,candidate,attempt,status,score,maximum,percent,seconds_used,flagged,to_mark_by_hand,fully_marked,q:sky,q:capital,q:story"
        )
        let row = try #require(lines.dropFirst().first).split(separator: ",", omittingEmptySubsequences: false)
        #expect(row[0] == "scored" && row[1] == "c-207" && row[3] == "submitted")
        #expect(row[4] == "3" && row[5] == "8" && row[6] == "37.5")
        #expect(row[9] == "story" && row[10] == "no")
        #expect(Array(row[11...]) == ["1", "2", "to mark"])

        let table = try terminal.assessCommand(["results", exam]).output
        #expect(table.contains("essays to mark by hand:"))
        #expect(table.contains("30-39%") && table.contains("| # 1"))

        let code = try #require(
            receiptScreen.firstMatch(of: /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/).map { String($0.output) })
        let verified = try terminal.assessCommand(["verify", code.lowercased()])
        #expect(verified.status == 0)
        #expect(verified.output.contains("valid: receipt \(code)"))
        let unknown = try terminal.assessCommand(["verify", "AAAA-BBBB-CCCC"])
        #expect(unknown.status == 1)
    }

    @Test func logFollowPrintsOneAttemptsRecordsAsTheyHappenAndStopsWhenItEnds() throws {
        let setup = try Setup()
        let exam = try setup.exam("essay.yaml", Self.essayExam)
        let student = try TerminalUnderTest("take \(exam) --candidate c-208", policy: setup.policy)
        try student.acceptTheLock()
        try student.waitFor("Describe your town.")
        let database = try student.store()
        let attempt = try #require(try database.attempts(exam: "essay-resume").first)

        let proctor = try TerminalUnderTest(
            "log --attempt \(attempt.id) --follow", lockDirectory: student.lockDirectory,
            dataDirectory: student.dataDirectory, policy: setup.policy)
        try proctor.waitFor("exam.started")
        try student.type("A quiet town.")
        try proctor.waitFor("answer.saved")
        #expect(!(try proctor.screen().contains("A quiet town")))
        try student.submitFromReview()
        try proctor.waitFor("exam.submitted")
        #expect(try proctor.exitStatus() == 0)
    }

    @Test func afterAHangUpStatusListsTheAttemptAndEndFinishesItAsInterrupted() throws {
        let setup = try Setup()
        let exam = try setup.exam("essay.yaml", Self.essayExam)
        let terminal = try TerminalUnderTest("take \(exam) --candidate c-209", policy: setup.policy)
        try terminal.acceptTheLock()
        try terminal.waitFor("Describe your town.")
        try terminal.type("Hills.")
        kill(try #require(try terminal.assessPID()), SIGHUP)
        try terminal.waitUntilAssessIsGone()

        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "essay-resume").first)
        let status = try terminal.assessCommand(["status"]).output
        #expect(status.contains("unlocked"))
        #expect(status.contains("\(attempt.id)  exam essay-resume, candidate c-209, answers saved 1"))
        #expect(status.contains("    end it for good:  assess end --exam essay-resume --candidate c-209"))
        let ended = try terminal.assessCommand(["end", attempt.id, "--password-stdin"], input: Self.password + "\n")
        #expect(ended.status == 0)
        #expect(try database.attempt(attempt.id)?.status == .interrupted)
        #expect(try terminal.assessCommand(["log", "--attempt", attempt.id]).output.contains("attempt.interrupted"))
    }

    @Test func theProctorAddsTimeAndTheTimerShowsIt() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-210", policy: setup.policy)
        try terminal.acceptTheLock()
        try terminal.waitFor("Time left 09:5")
        try openProctorMenu(terminal, down: 1)
        try terminal.press("Enter")
        try terminal.waitFor("Minutes to add:")
        try terminal.type("5")
        try terminal.press("Enter")
        try giveReason(terminal, "late start")
        let question = try terminal.waitFor("The proctor added 5 minutes.")
        #expect(question.contains("Time left 14:5") || question.contains("Time left 15:00"))
        let log = try terminal.assessCommand(["log"]).output
        #expect(log.contains("exam.time-added\tminutes=5 reason=late start"))
        let database = try terminal.store()
        #expect(try database.attempts(exam: "geography-quiz").first?.secondsAllowed == 900)
    }

    @Test func theProctorEndsTheExamAndTheAnswersAreSubmitted() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-211", policy: setup.policy)
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("1")
        try openProctorMenu(terminal, down: 2)
        try terminal.press("Enter")
        try giveReason(terminal, "candidate unwell")
        // Why first, then the unlock.
        let banner = try terminal.waitFor("no longer locked")
        let why = try #require(banner.range(of: "Your proctor ended the exam"), "\(banner)")
        #expect(why.lowerBound < banner.range(of: "no longer locked")!.lowerBound)
        try terminal.press("Enter")
        try terminal.waitFor("Receipt ")
        try terminal.press("Enter")
        #expect(try terminal.exitStatus() == 0)
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "geography-quiz").first)
        #expect(attempt.status == .submitted)
        #expect(try database.responses(for: attempt.id).count == 1)
        let log = try terminal.assessCommand(["log", "--attempt", attempt.id]).output
        #expect(log.contains("exam.ended-by-proctor\treason=candidate unwell"))
        #expect(log.contains("reason=proctor"))
    }

    @Test func theProctorAbortsAndTheAttemptDoesNotCount() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-212", policy: setup.policy)
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try openProctorMenu(terminal, down: 3)
        try terminal.press("Enter")
        try giveReason(terminal, "wrong candidate")
        try terminal.waitFor("Abort this attempt? It will not count")
        try terminal.press("y")
        #expect(try terminal.exitStatus() == 1)
        #expect(try terminal.screen().contains("the proctor aborted the attempt (wrong candidate)"))
        #expect(try terminal.assessCommand(["status", "--json"]).output.contains("\"state\":\"unlocked\""))
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "geography-quiz").first)
        #expect(attempt.status == .aborted)
        let results = try terminal.assessCommand([
            "results", TerminalUnderTest.packageRoot + "/Exams/geography.yaml", "--json",
        ])
        #expect(results.status == 0)
        #expect(results.output.contains("\"status\" : \"aborted\""))
        #expect(results.output.contains("\"unscored\" : \"not submitted\""))
    }

    @Test func aCandidateWithBreaksTakesOneAndTheTimerStops() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest(
            "launch Exams/geography.yaml --candidate c-213 --breaks 1x10m --hand-over",
            policy: setup.policy)
        try typePassword(terminal)
        let welcome = try terminal.waitFor("Exam key")
        #expect(welcome.contains("breaks: 1 of up to 10 minutes"))
        try terminal.acceptTheLock()
        try terminal.waitFor("F6 break")
        try terminal.press("F6")
        try terminal.waitFor("Take a break now?")
        try terminal.press("y")
        let onBreak = try terminal.waitFor("On a break")
        #expect(!onBreak.contains("capital of Canada"))
        Thread.sleep(forTimeInterval: 3)
        try terminal.press("Enter")
        let back = try terminal.waitFor("Question 1 of 4")
        #expect(!back.contains("F6 break"))
        #expect(back.contains("Time left 09:5") || back.contains("Time left 10:00"))
        let log = try terminal.waitForLog("break.ended")
        #expect(log.contains("break.started\tallowed=1 minutes=10 number=1"))
        let ended = try #require(log.split(separator: "\n").first { $0.contains("break.ended") })
        #expect((Int(ended.split(separator: "=").last ?? "") ?? 0) >= 3)
    }

    @Test func aScratchpadTheProctorAllowsKeepsNotesThatAreNeverAnAnswer() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest(
            "launch Exams/all-types.yaml --candidate c-214 --allow scratchpad --hand-over",
            policy: setup.policy)
        try typePassword(terminal)
        try terminal.acceptTheLock()
        // This question's footer is full; the help lists F5.
        try terminal.waitFor("Question 1 of")
        try terminal.press("F1")
        try terminal.waitFor("notes for yourself, never saved or marked")
        try terminal.press("Escape")
        try terminal.waitFor("Question 1 of")
        try terminal.press("F5")
        try terminal.waitFor("Scratchpad: notes for yourself")
        try terminal.type("rough work 42")
        try terminal.waitFor("rough work 42")
        try terminal.press("F5")
        let back = try terminal.waitFor("Question 1 of")
        #expect(!back.contains("rough work 42"))
        #expect(back.contains("0/"))
        try terminal.press("F5")
        try terminal.waitFor("rough work 42")
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "all-types").first)
        #expect(try database.responses(for: attempt.id).isEmpty)
        #expect(!(try terminal.assessCommand(["log"]).output.contains("rough work")))
    }

    @Test func turningOffAnAllowedSuggestionAtLaunchTakesItAwayAndIsLogged() throws {
        let setup = try Setup()
        let terminal = try TerminalUnderTest(
            "launch Exams/all-types.yaml --candidate c-215 --turn-off word-completion --hand-over",
            policy: setup.policy)
        try typePassword(terminal)
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of")
        let log = try terminal.assessCommand(["log"]).output
        #expect(log.contains("suggestions.turned-off\tfeature=word-completion"))
        #expect(log.contains("suggestions.changed\tenabled=none"))
    }
}
