import AssessCore
import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A teacher marks with the question's marking guide on screen, at 80x24 in a real
/// terminal (tmux) with the real binary: in boxes, and in the screen reader's layout.
@Suite("Marking with a guide in a real terminal", .ownThread)
struct MarkingGuideEndToEndTests {
    static let exam = """
        id: tides
        title: Tides
        duration: 20m
        questions:
          - id: why
            type: essay
            prompt: Why are there two high tides a day?
            points: 4
            guide: |
              2 points: the Moon pulls the near side of the ocean.
              2 points: the far side bulges as the Earth is pulled away.
        """

    /// The screen reader's layout of the one answer, whole, as written.
    static let screenReaderScreen = [
        " Marking: Tides                                         by question · anonymous",
        "  Answer 1 of 1 · why · 4 points · Candidate #1",
        "  Still to mark: 1 of this question, 1 in all; this answer: not marked yet",
        "",
        "  Why are there two high tides a day?",
        "",
        "  Answer · 10 words:",
        "  The Moon pulls the sea, and the far side too.",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  Marking guide:",
        "  2 points: the Moon pulls the near side of the ocean.",
        "  2 points: the far side bulges as the Earth is pulled away.",
        "  Points (0–4):",
        "  Comment:",
        "",
        "",
        "",
        " Enter save  Tab field  ^U/^R undo/redo  ^N/^P next/prev    Esc leave  F1 help",
    ]

    /// A store in `data` with one submitted attempt of `exam` whose essay is answered.
    private func seat(_ exam: Exam, in data: String) throws {
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: data))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let attempt = try store.startAttempt(
            examID: exam.id, examKey: exam.examKey, candidate: "c-9", secondsAllowed: 1200, at: start)
        try store.saveResponse(
            attempt: attempt.id, question: "why",
            value: Response.essay("The Moon pulls the sea, and the far side too.").json, flagged: false, at: start)
        try store.finishAttempt(id: attempt.id, status: .submitted, receipt: "R-9", at: start.addingTimeInterval(600))
    }

    @Test func theGuideShowsUnderTheAnswerAndTheScreenReaderLayoutHasNoBoxes() throws {
        let setup = try ProctorTests.Setup()
        let path = try setup.exam("tides.yaml", Self.exam)
        let data = try TemporaryDirectory("assess-e2e-marking-guide")
        try seat(try ExamLoader.load(fileAt: path), in: data.url.path)

        let boxed = try TerminalUnderTest(
            "mark \(path)", dataDirectory: data.url.path, policy: setup.policy, width: 80, height: 24)
        try boxed.answer("Proctor password:", with: ProctorTests.password)
        let screen = try boxed.waitFor("╭ Marking guide")
        #expect(screen.contains("│ 2 points: the far side bulges as the Earth is pulled away."))
        try boxed.press("Escape")
        #expect(try boxed.exitStatus() == 0)

        let linear = try TerminalUnderTest(
            "mark \(path) --screen-reader", dataDirectory: data.url.path, policy: setup.policy, width: 80,
            height: 24)
        try linear.answer("Proctor password:", with: ProctorTests.password)
        try linear.waitForWrittenLines(Self.screenReaderScreen)
        let styled = try linear.styledScreen()
        #expect(!styled.contains("─") && !styled.contains("│"))
        try linear.press("Escape")
        #expect(try linear.exitStatus() == 0)
    }
}
