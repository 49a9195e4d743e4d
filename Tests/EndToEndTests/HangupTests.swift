import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A sitting, the monitor and the marking desk whose terminal goes away (a window closed,
/// an SSH session dropped: the tmux server ends, and with it the pseudo-terminal): each
/// ends within seconds with its processor quiet, and a sitting leaves what was typed in the
/// store, its attempt in progress for `assess resume` and the terminal unlocked.
@Suite("A terminal that goes away", .ownThread)
struct HangupTests {
    /// How long a program may take to end after its terminal went away: the two
    /// seconds, and room for a machine loaded by the tests beside it.
    static let endsWithin: Double = 5
    /// The processor time it may use meanwhile: saving, logging and releasing the lock take
    /// a few hundredths of a second; a program reading a closed terminal in a loop takes it all.
    static let processorAllowance = 0.5

    /// Expects the program to have ended in time, quietly and with `status` (not a crash's
    /// 128 and more); prints what was measured.
    private static func expectEndedQuietly(
        _ hangUp: TerminalUnderTest.HangUp, _ what: String, status: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ended = hangUp.secondsToEnd.map { String(format: "%.2f s", $0) } ?? "not within \(endsWithin) s"
        print(
            "\(what): ended \(ended) after its terminal went away with status \(hangUp.exitStatus.map(String.init) ?? "?"), "
                + "using \(hangUp.processorSeconds) s of processor")
        #expect(
            hangUp.secondsToEnd != nil, "\(what) was still running \(endsWithin) s after its terminal went away",
            sourceLocation: sourceLocation)
        #expect(
            hangUp.exitStatus == status, "\(what) ended with status \(String(describing: hangUp.exitStatus))",
            sourceLocation: sourceLocation)
        #expect(
            hangUp.processorSeconds < processorAllowance,
            "\(what) used \(hangUp.processorSeconds) s of processor after its terminal went away",
            sourceLocation: sourceLocation)
    }

    /// From the welcome screen to the geography quiz's last question, where `answer` is typed.
    private static func typeTheLastAnswer(_ terminal: TerminalUnderTest, _ answer: String) throws {
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("Tab", "Tab", "Tab")
        try terminal.waitFor("Question 4 of 4")
        try terminal.type(answer)
        try terminal.waitFor("Answer: \(answer)")
    }

    @Test func aSittingWhoseTerminalGoesAwayKeepsTheTypedAnswerEndsAndResumes() throws {
        let setup = try ProctorTests.Setup()
        let first = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate hup-1", policy: setup.policy, keepsExitStatus: true, width: 80,
            height: 24)
        try Self.typeTheLastAnswer(first, "Canberra")
        Self.expectEndedQuietly(try first.hangUp(waiting: Self.endsWithin), "a sitting", status: 1)

        let store = try first.store()
        let attempt = try #require(try store.attempts(exam: "geography-quiz", candidate: "hup-1").first)
        #expect(attempt.status == .inProgress)
        #expect(try store.responses(for: attempt.id).map(\.value) == [Response.shortText("Canberra").json])
        let log = try first.assessCommand(["log", "--attempt", attempt.id]).output
        #expect(
            log.contains("session.interrupted\treason=hangup") || log.contains("session.interrupted\treason=SIGHUP"),
            "the log was:\n\(log)")
        #expect(log.contains("lock.released"), "the log was:\n\(log)")
        #expect(try first.assessCommand(["status", "--json"]).output.contains("\"state\":\"unlocked\""))

        let second = try TerminalUnderTest(
            "resume Exams/geography.yaml --candidate hup-1", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: setup.policy, width: 80, height: 24)
        try second.answer("Proctor password:", with: ProctorTests.password)
        try second.acceptTheLock()
        try second.waitFor("1/4 answered")
        for _ in 0..<4 {
            if try second.screen().contains("Question 4 of 4") { break }
            try second.press("Tab")
            Thread.sleep(forTimeInterval: 0.3)
        }
        try second.waitFor("Answer: Canberra")
    }

    @Test func aSittingWhoseStoreFolderWasRemovedStillEndsWhenItsTerminalGoesAway() throws {
        let terminal = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate hup-2", keepsExitStatus: true, width: 80, height: 24)
        try Self.typeTheLastAnswer(terminal, "Canberra")
        try FileManager.default.removeItem(atPath: terminal.dataDirectory)
        // More typing, and time for the autosave to find the store gone.
        try terminal.type(" ACT")
        try terminal.waitFor("Answer: Canberra ACT")
        Thread.sleep(forTimeInterval: 2)
        Self.expectEndedQuietly(try terminal.hangUp(waiting: Self.endsWithin), "a sitting without its store", status: 1)
        #expect(try terminal.assessCommand(["status", "--json"]).output.contains("\"state\":\"unlocked\""))
    }

    @Test func aLabSeatWhoseTerminalGoesAwayKeepsTheTypedAnswerAndEnds() throws {
        let lab = try LabStoreTests.LabDatabase()
        let ana = lab.name + "_ana"
        let initialised = try TerminalUnderTest("--help", environment: ["ASSESS_STORE": lab.url()])
            .assessCommand(["store", "init", "--seat", ana + ":ana"])
        #expect(initialised.status == 0, "\(initialised.output)")
        let seat = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate ana", environment: ["ASSESS_STORE": lab.url(user: ana)],
            keepsExitStatus: true, width: 80, height: 24)
        try Self.typeTheLastAnswer(seat, "Canberra")
        Self.expectEndedQuietly(try seat.hangUp(waiting: Self.endsWithin), "a lab seat", status: 1)

        let store = try PostgresStore(url: lab.url())
        let attempt = try #require(try store.attempts(candidate: "ana").first)
        #expect(attempt.status == .inProgress)
        #expect(try store.responses(for: attempt.id).map(\.value) == [Response.shortText("Canberra").json])
    }

    @Test func theMonitorEndsWhenItsTerminalGoesAwayAndTheSeatGoesOn() throws {
        let setup = try ProctorTests.Setup()
        let seat = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate hup-4", policy: setup.policy, width: 80, height: 24)
        try seat.acceptTheLock()
        try seat.waitFor("Question 1 of 4")
        let monitor = try TerminalUnderTest(
            "monitor Exams/geography.yaml", lockDirectory: seat.lockDirectory, dataDirectory: seat.dataDirectory,
            policy: setup.policy, keepsExitStatus: true)
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("hup-4")
        Self.expectEndedQuietly(try monitor.hangUp(waiting: Self.endsWithin), "the monitor", status: 0)
        try seat.press("Tab")
        try seat.waitFor("Question 2 of 4")
    }

    @Test func theMarkingDeskEndsWhenItsTerminalGoesAway() throws {
        let setup = try ProctorTests.Setup()
        let path = try setup.exam("journeys.yaml", MarkingTests.exam)
        let exam = try ExamLoader.load(fileAt: path)
        let data = try TemporaryDirectory("assess-e2e-hangup")
        let store = try SQLiteStore(dataDirectory: data.url)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let attempt = try store.startAttempt(
            examID: exam.id, examKey: exam.examKey, candidate: "c-401", secondsAllowed: 1200, at: start)
        try store.saveResponse(
            attempt: attempt.id, question: "story", value: Response.essay("By ferry, then on foot.").json,
            flagged: false, at: start)
        try store.finishAttempt(
            id: attempt.id, status: .submitted, receipt: "R-c-401", at: start.addingTimeInterval(60))

        let desk = try TerminalUnderTest(
            "mark \(path)", dataDirectory: data.url.path, policy: setup.policy, keepsExitStatus: true)
        try desk.answer("Proctor password:", with: ProctorTests.password)
        try desk.waitFor("By ferry, then on foot.")
        Self.expectEndedQuietly(try desk.hangUp(waiting: Self.endsWithin), "the marking desk", status: 0)
    }

    @Test func whatAWindowStartedThatOutlivesItsTerminalIsKilledWhenTheTestEnds() throws {
        var terminal: TerminalUnderTest? = try TerminalUnderTest("", program: "trap '' HUP; exec sleep 300")
        let shown = try terminal?.tmux("display", "-p", "#{pane_pid}") ?? ""
        let pane = try #require(Int32(shown.trimmingCharacters(in: .whitespacesAndNewlines)))
        let survivor = try #require(TerminalUnderTest.OwnedProcess(pid: pane))
        #expect(survivor.isRunning)
        terminal = nil
        #expect(!survivor.isRunning, "the window's program, which ignores the hang-up, outlived its test")
        if survivor.isRunning { kill(survivor.pid, SIGKILL) }
    }
}
