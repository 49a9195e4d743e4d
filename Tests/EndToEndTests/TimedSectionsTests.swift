import AssessCore
import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// An exam of timed sections sat in the real binary in tmux at 80×24 with the clock by the
/// minute (reduced motion), each screen compared whole, text and attributes, with its
/// golden copy in `Screens/` (`ASSESS_RECORD_SCREENS=1` records them anew): a section's
/// time-out moves the seat on, a confirmed leave closes a section, the break after it is
/// offered, and a seat killed with kill -9 resumes in its section with its time.
@Suite("Timed sections in a real terminal", .ownThread)
struct TimedSectionsTests {
    /// A first section of `first` with a two-minute break after it, then a ten-minute one.
    static func exam(first: String) -> String {
        """
        id: timed-e2e
        title: Timed sections
        duration: 20m
        sections:
          - title: Reading
            duration: \(first)
            break-after: 2m
            questions:
              - id: r1
                type: short-text
                prompt: Name a river.
                accepted: [Nile]
          - title: Numbers
            duration: 10m
            questions:
              - id: n1
                type: numeric
                prompt: What is 6 times 7?
                answer: 42
              - id: n2
                type: numeric
                prompt: What is 9 times 9?
                answer: 81
        """
    }

    @Test func aSectionsTimeOutMovesTheSeatOnToTheBreakAndThenTheNextSection() throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("timed.yaml", Self.exam(first: "4s"))
        let terminal = try TerminalUnderTest(
            "take \(exam) --candidate t-1 --reduced-motion", policy: setup.policy, width: 80, height: 24)
        try terminal.acceptTheLock()
        try terminal.waitFor("Name a river.")
        try terminal.type("Nile")
        try terminal.waitFor("Between sections: Numbers begins when the break ends.", seconds: 15)
        try PicturesInATerminalTests.expectScreen(terminal, named: "timed-sections-break-80x24")
        try terminal.press("Enter")
        try terminal.waitFor("What is 6 times 7?")
        try PicturesInATerminalTests.expectScreen(terminal, named: "timed-sections-next-80x24")
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "timed-e2e").first)
        #expect(try database.sectionsClosed(attempt: attempt.id).count == 1)
        #expect(try database.responses(for: attempt.id).first?.value == Response.shortText("Nile").json)
        _ = try terminal.waitForLog("reason=time-up")
    }

    @Test func aConfirmedLeaveClosesTheSectionForGood() throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("timed.yaml", Self.exam(first: "5m"))
        let terminal = try TerminalUnderTest(
            "take \(exam) --candidate t-2 --reduced-motion", policy: setup.policy, width: 80, height: 24)
        try terminal.acceptTheLock()
        try terminal.waitFor("Name a river.")
        try terminal.press("Tab")
        try terminal.waitFor("Leave Reading for good?")
        try PicturesInATerminalTests.expectScreen(terminal, named: "timed-sections-leave-80x24")
        try terminal.press("n")
        try terminal.waitFor("Name a river.")
        try terminal.press("Tab")
        try terminal.waitFor("Leave Reading for good?")
        try terminal.press("y")
        try terminal.waitFor("Between sections: Numbers begins when the break ends.")
        try terminal.press("Enter")
        try terminal.waitFor("What is 6 times 7?")
        // Shift-Tab does not go back into the closed section.
        try terminal.press("BTab")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try terminal.screen().contains("What is 6 times 7?"))
        _ = try terminal.waitForLog("reason=left")
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "timed-e2e").first)
        #expect(try database.sectionsClosed(attempt: attempt.id).count == 1)
    }

    @Test func thePaletteAndTheReviewShowAClosedSectionsQuestionsAsClosedAndDoNotGoThere() throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("timed.yaml", Self.exam(first: "5m"))
        let terminal = try TerminalUnderTest(
            "take \(exam) --candidate t-4 --reduced-motion", policy: setup.policy, width: 80, height: 24)
        try terminal.acceptTheLock()
        try terminal.waitFor("Name a river.")
        try terminal.press("F3")
        try terminal.waitFor("Go to a question")
        try PicturesInATerminalTests.expectScreen(terminal, named: "timed-sections-palette-open-80x24")
        // The second section is not open yet: the palette does not go there.
        try terminal.press("Right")
        Thread.sleep(forTimeInterval: 0.3)
        try PicturesInATerminalTests.expectScreen(terminal, named: "timed-sections-palette-open-80x24")
        try terminal.press("Escape")
        // Past the terminal's wait for a key after Esc, so Tab is not read as Alt-Tab.
        Thread.sleep(forTimeInterval: 0.5)
        try terminal.press("Tab")
        try terminal.waitFor("Leave Reading for good?")
        try terminal.press("y")
        try terminal.waitFor("Between sections")
        try terminal.press("Enter")
        try terminal.waitFor("What is 6 times 7?")
        try terminal.press("F3")
        try terminal.waitFor("✕ closed (its section is over)")
        // Left passes over the closed question: the selection stays on question 2.
        try terminal.press("Left")
        Thread.sleep(forTimeInterval: 0.3)
        try PicturesInATerminalTests.expectScreen(terminal, named: "timed-sections-palette-closed-80x24")
        try terminal.press("Enter")
        try terminal.waitFor("What is 6 times 7?")
        try terminal.press("F4")
        try terminal.waitFor("1. closed")
        try terminal.press("Up")
        Thread.sleep(forTimeInterval: 0.3)
        try PicturesInATerminalTests.expectScreen(terminal, named: "timed-sections-review-closed-80x24")
        try terminal.press("Enter")
        try terminal.waitFor("What is 6 times 7?")
        #expect(!(try terminal.screen()).contains("Name a river."))
    }

    @Test func aSeatKilledInTheSecondSectionResumesThereWithItsTime() throws {
        let setup = try ProctorTests.Setup()
        let exam = try setup.exam("timed.yaml", Self.exam(first: "5m"))
        let first = try TerminalUnderTest(
            "take \(exam) --candidate t-3 --reduced-motion", policy: setup.policy, width: 80, height: 24)
        try first.acceptTheLock()
        try first.waitFor("Name a river.")
        try first.press("Tab")
        try first.waitFor("Leave Reading for good?")
        try first.press("y")
        try first.waitFor("Between sections")
        try first.press("Enter")
        try first.waitFor("What is 6 times 7?")
        try first.press("Tab")
        try first.waitFor("What is 9 times 9?")
        try first.type("81")
        try first.waitFor("81")
        // The answer and the progress are saved within a second or so.
        Thread.sleep(forTimeInterval: 1.5)
        kill(try #require(try first.assessPID()), SIGKILL)
        try first.waitUntilAssessIsGone()

        let second = try TerminalUnderTest(
            "resume \(exam) --candidate t-3", lockDirectory: first.lockDirectory,
            dataDirectory: first.dataDirectory, policy: setup.policy, width: 80, height: 24)
        try second.answer("Proctor password:", with: ProctorTests.password)
        try second.acceptTheLock()
        try second.waitFor("What is 9 times 9?")
        try PicturesInATerminalTests.expectScreen(second, named: "timed-sections-resumed-80x24")
        // Still no way back into the closed section.
        try second.press("BTab")
        try second.waitFor("What is 6 times 7?")
        try second.press("BTab")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!(try second.screen()).contains("Name a river."))
    }
}
