import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// The welcome screen of a sitting with a roster: it waits until the proctor opens the
/// sitting or the student types the start code, and the exam's clock counts from the opening.
@Suite("The common start")
struct CommonStartTests {
    static let second: UInt64 = 1_000_000_000

    private func waitingFlow(exam: Exam = ExamFixtures.capitals) -> ExamFlow {
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        return ExamFlow(sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8, waitsForOpening: true)
    }

    /// From consent to the first question, at `now`.
    private func lockAndStart(_ flow: inout ExamFlow, at now: UInt64) {
        _ = flow.update(.consentRequested(ConsentRequest(title: "Capitals", maximumHours: 8)), now: now)
        _ = flow.update(.key(.character("y")), now: now)
        _ = flow.update(.attemptStarted(id: "a-1"), now: now)
        _ = flow.update(.key(.enter), now: now)
    }

    @Test func enterDoesNotBeginWhileTheSittingWaitsAndTheOpeningBeginsByItself() {
        var flow = waitingFlow()
        #expect(flow.isWaitingForOpening)
        #expect(flow.update(.key(.enter), now: 0).isEmpty)
        #expect(flow.update(.key(.character("q")), now: 0).isEmpty)
        #expect(flow.phase == .welcome)
        #expect(flow.update(.sittingOpened(secondsAgo: 0.4), now: 10 * Self.second) == [.begin])
        #expect(flow.phase == .starting)
        #expect(!flow.isWaitingForOpening)
        // A second word of the opening changes nothing.
        #expect(flow.update(.sittingOpened(secondsAgo: 1), now: 11 * Self.second).isEmpty)
    }

    @Test func theClockCountsFromTheOpeningNotFromTheFirstQuestion() {
        var flow = waitingFlow()
        // The seat hears at 100 s that the sitting opened 2 s before; the student locks and
        // reaches the first question 30 s later.
        _ = flow.update(.sittingOpened(secondsAgo: 2), now: 100 * Self.second)
        lockAndStart(&flow, at: 130 * Self.second)
        #expect(flow.phase == .question)
        #expect(flow.secondsLeft(now: 130 * Self.second) == flow.secondsAllowed - 32)
    }

    @Test func aSittingWithoutACommonStartStartsItsClockAtTheFirstQuestion() {
        let exam = ExamFixtures.capitals
        var flow = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8)
        #expect(!flow.waitsForOpening)
        #expect(flow.update(.key(.enter), now: 0) == [.begin])
        lockAndStart(&flow, at: 130 * Self.second)
        #expect(flow.secondsLeft(now: 130 * Self.second) == flow.secondsAllowed)
    }

    @Test func theStartCodeIsCheckedWithTheStoreAndARightOneBegins() {
        var flow = waitingFlow()
        for character in "k7q-m3x" { _ = flow.update(.key(.character(character)), now: 0) }
        #expect(flow.commonStart == .waiting(refused: false) && flow.startCode.text == "K7QM3X")
        _ = flow.update(.key(.backspace), now: 0)
        _ = flow.update(.key(.character("x")), now: 0)
        #expect(flow.update(.key(.enter), now: 0) == [.checkStartCode("K7QM3X")])
        #expect(screen(flow).contains("Start code: K7QM3X  Checking the code..."))
        // A wrong code: typed again from nothing.
        #expect(flow.update(.startCodeChecked(accepted: false, problem: nil), now: Self.second).isEmpty)
        #expect(flow.commonStart == .waiting(refused: true) && flow.startCode.text.isEmpty)
        #expect(screen(flow).contains("That is not the start code; type it again."))
        // A store that cannot be asked is not a wrong code.
        _ = flow.update(.key(.character("A")), now: 2 * Self.second)
        _ = flow.update(.key(.enter), now: 2 * Self.second)
        _ = flow.update(.startCodeChecked(accepted: false, problem: "no server"), now: 2 * Self.second)
        #expect(flow.commonStart == .waiting(refused: false) && flow.startCode.text.isEmpty)
        #expect(flow.notice?.text == "The start code could not be checked (no server); try again.")
        // The right code begins, and the clock counts from then.
        for character in "K7QM3X" { _ = flow.update(.key(.character(character)), now: 3 * Self.second) }
        _ = flow.update(.key(.enter), now: 3 * Self.second)
        #expect(flow.update(.startCodeChecked(accepted: true, problem: nil), now: 4 * Self.second) == [.begin])
        lockAndStart(&flow, at: 20 * Self.second)
        #expect(flow.secondsLeft(now: 20 * Self.second) == flow.secondsAllowed - 16)
    }

    /// The start code edits as the answers do (Ctrl-U undo, Ctrl-R redo, ← → to move), and
    /// the cursor sits at its caret.
    @Test func theStartCodeUndoesRedoesAndMovesWithTheCursorAtItsCaret() {
        var flow = waitingFlow()
        _ = flow.update(.resized(TerminalSize(columns: 80, rows: 24)), now: 0)
        for key in "k7qx".map(Key.character) + [.backspace] { _ = flow.update(.key(key), now: 0) }
        #expect(flow.startCode.text == "K7Q")
        _ = flow.update(.key(.control("u")), now: 0)
        #expect(flow.startCode.text == "K7QX")
        _ = flow.update(.key(.control("u")), now: 0)
        #expect(flow.startCode.text.isEmpty)
        _ = flow.update(.key(.control("r")), now: 0)
        for key in [Key.left, .character("m"), .character("3")] { _ = flow.update(.key(key), now: 0) }
        #expect(flow.startCode.text == "K7QM3X")
        var grid = CellGrid(size: TerminalSize(columns: 80, rows: 24))
        ExamScreens.render(flow, now: 0, into: &grid)
        assertScreen(
            grid,
            [
                " assess                                                                    exam",
                "",
                "  Capitals",
                "",
                "  Candidate  c-1",
                "  Time       5 minutes",
                "  Questions  3",
                "  Exam key   f853-91b1",
                "",
                "  Waiting for the proctor to start the exam. This screen goes on by itself",
                "  when the exam starts, or type the start code the proctor announces and press",
                "  Enter.",
                "  Start code: K7QM3X",
            ] + Array(repeating: "", count: 9) + [
                String(repeating: "─", count: 80),
                " Enter start with the code  Esc quit  ^U/^R undo/redo" + String(repeating: " ", count: 18) + "F1 help",
            ])
        // Before the X, where the last two letters went in.
        #expect(grid.cursor == CellPosition(row: 12, column: 2 + "Start code: ".count + 5))
        #expect(flow.update(.key(.enter), now: 0) == [.checkStartCode("K7QM3X")])
    }

    @Test func escStillLeavesTheWaitingWelcomeScreen() {
        var flow = waitingFlow()
        #expect(flow.update(.key(.escape), now: 0) == [.exit(.quitBeforeStart)])
    }
}
