import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// The student's flow, driven through the real binary in a real terminal (tmux).
@Suite("Sitting an exam in a real terminal", .ownThread)
struct SittingAnExamTests {
    @Test func geographyQuizFromWelcomeToReceiptKeepsTheAnswersInTheStore() throws {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-101")
        try terminal.waitFor("Exam key")
        try terminal.press("Enter")
        try terminal.waitFor("Lock this terminal for the exam?")
        try terminal.press("y")
        try terminal.waitFor("This terminal is locked")
        let locked = try terminal.assessCommand(["status", "--json"])
        #expect(locked.output.contains("\"state\":\"locked\""))
        #expect(locked.output.contains("\"candidate\":\"c-101\""))
        try terminal.press("Enter")
        try terminal.waitFor("What is the capital of Canada?")
        // Choices may be shuffled per candidate: press the number Ottawa is shown at.
        let exam = try ExamLoader.load(fileAt: TerminalUnderTest.packageRoot + "/Exams/geography.yaml")
        let presented = try #require(ExamPresentation(exam: exam, candidate: "c-101").questions.first)
        let ottawaShownAt = try #require(presented.displayedOptions.firstIndex(of: "Ottawa"))
        try terminal.press(String(ottawaShownAt + 1), "Tab")
        try terminal.waitFor("Question 2 of 4")
        try terminal.press("Tab")
        try terminal.waitFor("Question 3 of 4")
        try terminal.press("Tab")
        try terminal.waitFor("Question 4 of 4")
        try terminal.type("Canberra")
        try terminal.waitFor("Answer: Canberra")
        let receipt = try terminal.submitAndLeaveThroughTheReceipt()
        #expect(try terminal.exitStatus() == 0)

        let database = try terminal.store()
        let attempts = try database.attempts(exam: "geography-quiz", candidate: "c-101")
        let attempt = try #require(attempts.first)
        #expect(attempt.status == .submitted)
        #expect(receipt.contains(try #require(attempt.receipt)))
        let responses = Dictionary(
            uniqueKeysWithValues: try database.responses(for: attempt.id).map { ($0.questionID, $0.value) })
        guard case .singleChoice(let choices, _) = try #require(exam.question(withID: "capital-canada")).kind else {
            Issue.record("capital-canada should be single choice")
            return
        }
        #expect(
            Response(json: try #require(responses["capital-canada"]))
                == .singleChoice(try #require(choices.firstIndex(of: "Ottawa"))))
        #expect(Response(json: try #require(responses["australia-capital"])) == .shortText("Canberra"))
        let status = try terminal.assessCommand(["status", "--json"])
        #expect(status.output.contains("\"state\":\"unlocked\""))
        let verify = try terminal.assessCommand(["log", "--verify"])
        #expect(verify.status == 0)
        // The head it prints is what a proctor keeps: the same record later passes, another hash fails.
        let head = try #require(
            verify.output.split(separator: "\n").first { $0.hasPrefix("head: ") }?.dropFirst("head: ".count))
        let kept = try terminal.assessCommand(["log", "--verify", "--kept-head", String(head)])
        #expect(kept.status == 0)
        #expect(kept.output.contains("is as it was noted"))
        let sequence = try #require(head.split(separator: ":").first)
        let forged = "\(sequence):" + String(repeating: "ab", count: 32)
        let rewritten = try terminal.assessCommand(["log", "--verify", "--kept-head", forged])
        #expect(rewritten.status == 1)
        #expect(rewritten.output.contains("the event log was rewritten: record \(sequence)"))
    }

    @Test func decliningConsentTakesNoLockAndShowsNoQuestion() throws {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-102")
        try terminal.waitFor("Exam key")
        try terminal.press("Enter")
        try terminal.waitFor("Lock this terminal for the exam?")
        try terminal.press("n")
        let status = try terminal.exitStatus()
        #expect(status == 1)
        let screen = try terminal.screen()
        #expect(!screen.contains("capital of Canada"))
        #expect(screen.contains("declined"))
        #expect(try terminal.assessCommand(["status", "--json"]).output.contains("\"state\":\"unlocked\""))
        #expect(try terminal.assessCommand(["log"]).output.contains("lock.declined"))
    }

    @Test func secondInstanceRefusesWhileTheFirstHoldsTheLock() throws {
        let first = try TerminalUnderTest("take Exams/geography.yaml --candidate c-103")
        try first.acceptTheLock(skipBanner: false)

        let second = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate c-104",
            lockDirectory: first.lockDirectory, dataDirectory: first.dataDirectory)
        #expect(try second.exitStatus() == 75)
        let screen = try second.screen()
        #expect(screen.contains("already locked"))
        #expect(screen.contains("c-103"))
        #expect(!screen.contains("capital of Canada"))
        #expect(!screen.contains("Exam key"))
    }

    @Test func aPolicyThatDoesNotAllowTheExamShowsWhyAndNoQuestion() throws {
        let scratch = try TemporaryDirectory("assess-e2e-policy")
        let policy = scratch.file("policy.yaml")
        try "allowed-exams: [spelling-test]\n".write(toFile: policy, atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-112", policy: policy)
        try terminal.waitFor("Exam key")
        try terminal.press("Enter")
        let screen = try terminal.waitFor("The exam cannot start")
        #expect(screen.contains("does not allow exam"))
        #expect(!screen.contains("capital of Canada"))
        try terminal.press("Enter")
        #expect(try terminal.exitStatus() == 1)
        #expect(try terminal.assessCommand(["log"]).output.contains("reason=not-permitted"))
    }

    @Test func pastedTextNeverReachesAnAnswer() throws {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-105")
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("Tab", "Tab", "Tab")
        try terminal.waitFor("Answer:")
        try terminal.tmux("set-buffer", "-b", "crib", "Canberra is the answer")
        try terminal.tmux("paste-buffer", "-p", "-b", "crib")
        let screen = try terminal.waitFor("Pasting is not allowed")
        #expect(!screen.contains("Canberra"))
        try terminal.press("C-c", "C-z", "C-\\")
        try terminal.waitFor("does nothing during the exam")
        #expect(try terminal.assessPID() != nil)
        let log = try terminal.assessCommand(["log", "--json"]).output
        #expect(log.contains("\"characters\":\"22\""))
        #expect(log.contains("paste.rejected"))
        #expect(!log.contains("Canberra"))
        #expect(log.components(separatedBy: "key.quit-ignored").count - 1 == 3)
    }

    @Test func resizingBelowTheMinimumAsksForALargerTerminalAndRecovers() throws {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-106")
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.tmux("resize-window", "-x", "60", "-y", "20")
        try terminal.waitFor("needs at least 80x24")
        try terminal.tmux("resize-window", "-x", "100", "-y", "30")
        try terminal.waitFor("Question 1 of 4")
        let log = try terminal.assessCommand(["log"]).output
        #expect(log.contains("terminal.too-small"))
        #expect(log.contains("terminal.size-restored"))
    }

    @Test func aThreeSecondExamSubmitsItselfWhenTimeRunsOut() throws {
        let scratch = try TemporaryDirectory("assess-e2e-exam")
        let examPath = scratch.file("short.yaml")
        try """
        id: three-seconds
        title: Three seconds
        duration: 3s
        questions:
          - id: q1
            type: true-false
            prompt: The sky is blue.
            answer: true
        """.write(toFile: examPath, atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest("take \(examPath) --candidate c-107")
        try terminal.acceptTheLock()
        try terminal.waitFor("The sky is blue.")
        try terminal.press("1")
        // The end banner says why first, then the unlock.
        let banner = try terminal.waitFor("no longer locked", seconds: 15)
        let why = try #require(banner.range(of: "Time is up"), "\(banner)")
        #expect(why.lowerBound < banner.range(of: "no longer locked")!.lowerBound)
        try terminal.waitFor("Time is up", seconds: 15)
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "three-seconds").first)
        #expect(attempt.status == .timedOut)
        #expect(try database.responses(for: attempt.id).first?.value == Response.trueFalse(true).json)
        #expect(try terminal.assessCommand(["log"]).output.contains("reason=time-up"))
    }

    @Test func underReducedMotionAOneMinuteWarningStaysUntilAKeyAndTheClockIsUnderlined() throws {
        let scratch = try TemporaryDirectory("assess-e2e-exam")
        let examPath = scratch.file("short.yaml")
        try """
        id: seventy-seconds
        title: Seventy seconds
        duration: 70s
        questions:
          - id: q1
            type: true-false
            prompt: The sky is blue.
            answer: true
        """.write(toFile: examPath, atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest(
            "take \(examPath) --candidate c-109 --reduced-motion", width: 80, height: 24)
        try terminal.acceptTheLock()
        try terminal.waitFor("The sky is blue.")
        try terminal.waitFor("One minute left.", seconds: 20)
        // Long past a notice's few seconds, it is still there, and the clock is underlined.
        Thread.sleep(forTimeInterval: 6)
        #expect(try terminal.screen().contains("One minute left."))
        let header = try #require(try terminal.styledScreen().split(separator: "\n").first)
        #expect(header.contains("\u{1B}[4m") || header.contains(";4m") || header.contains("[4;"), "\(header)")
        try terminal.press("1")
        try terminal.waitFor("1/1 answered")
        #expect(!(try terminal.screen()).contains("One minute left."))
        #expect(try terminal.assessCommand(["log"]).output.contains("timer.warning"))
    }

    @Test func multilingualExamRendersEveryScript() throws {
        let terminal = try TerminalUnderTest("take Exams/multilingual.yaml --candidate c-108 --practice")
        let welcome = try terminal.waitFor("Exam key")
        #expect(welcome.contains("多言語"))
        #expect(welcome.contains("다국어"))
        #expect(welcome.contains("Đa ngôn ngữ"))
        try terminal.press("Enter")
        try terminal.waitFor("Practice: this terminal is not locked.")
        try terminal.press("Enter")
        try terminal.waitFor("Question 1 of")
    }

    @Test func killedMidExamLeavesAStaleLockAndEveryAnswerSavedASecondBefore() throws {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-109")
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("1", "Tab", "Tab", "Tab")
        try terminal.type("Canberra")
        try terminal.waitFor("Answer: Canberra")
        Thread.sleep(forTimeInterval: 1.2)
        let pid = try #require(try terminal.assessPID())
        kill(pid, SIGKILL)
        try terminal.waitUntilAssessIsGone()

        let status = try terminal.assessCommand(["status", "--json"])
        #expect(status.output.contains("\"state\":\"stale\""))
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "geography-quiz", candidate: "c-109").first)
        let saved = Dictionary(
            uniqueKeysWithValues: try database.responses(for: attempt.id).map { ($0.questionID, $0.value) })
        #expect(saved["australia-capital"] == Response.shortText("Canberra").json)
        #expect(saved["capital-canada"] != nil)

        let again = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate c-110",
            lockDirectory: terminal.lockDirectory, dataDirectory: terminal.dataDirectory)
        #expect(try again.exitStatus() == 75)
        #expect(try again.screen().contains("assess unlock --stale"))

        // On another terminal of the lab (its own lock, the same store) the crashed attempt
        // is still in progress: the same candidate cannot start afresh.
        let retake = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate c-109",
            dataDirectory: terminal.dataDirectory)
        #expect(try retake.exitStatus() == 75)
        let refusal = try retake.screen()
        #expect(refusal.contains("in progress"))
        #expect(refusal.contains("assess resume"))
        #expect(!refusal.contains("capital of Canada"))
    }

    @Test func sigtermSavesAnswersReleasesTheLockAndExits() throws {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-111")
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("1")
        let pid = try #require(try terminal.assessPID())
        kill(pid, SIGTERM)
        #expect(try terminal.exitStatus() == 1)
        #expect(try terminal.screen().contains("interrupted"))
        #expect(try terminal.assessCommand(["status", "--json"]).output.contains("\"state\":\"unlocked\""))
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "geography-quiz", candidate: "c-111").first)
        // A shutdown or a dropped connection leaves the attempt for `assess resume`.
        #expect(attempt.status == .inProgress)
        #expect(try database.responses(for: attempt.id).count == 1)
        let retake = try terminal.assessCommand([
            "take", TerminalUnderTest.packageRoot + "/Exams/geography.yaml",
            "--candidate", "c-111",
        ])
        #expect(retake.status == 75)
    }
}
