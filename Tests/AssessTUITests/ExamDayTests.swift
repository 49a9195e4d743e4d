import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// What a student must not miss on exam day: a time warning stays until a key is pressed
/// and the clock is marked in the last minutes; a proctor's message shows whole until it
/// is acknowledged, and the acknowledgement is logged for the monitor; the end banner says
/// why the exam ended; a notice about a key stays with the question or screen it is about.
@Suite("Exam day")
struct ExamDayTests {
    static let s: UInt64 = 1_000_000_000

    /// A sitting of `exam` on its first question at 80×24 (the clock started at 0).
    static func onQuestion(
        _ exam: Exam = ExamFixtures.capitals, settings: Set<AccessibilityOption> = [],
        studentMaySwitch: Set<AccessibilityOption> = []
    ) -> ExamFlow {
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8,
            size: TerminalSize(columns: 80, rows: 24), accessibility: AccessibilitySettings(settings),
            studentMaySwitch: studentMaySwitch)
        FlowFixtures.begin(&flow)
        return flow
    }

    static func lines(_ flow: ExamFlow, now: UInt64) -> [String] {
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: now, into: &grid)
        return grid.lines()
    }

    // MARK: - Point 2: time warnings

    @Test(arguments: [Set<AccessibilityOption>(), [.reducedMotion], [.screenReader]])
    func aTimeWarningStaysUntilTheStudentPressesAKey(_ settings: Set<AccessibilityOption>) {
        var flow = Self.onQuestion(settings: settings)
        // Five minutes allowed: one minute left at 240 s.
        #expect(flow.update(.tick, now: 240 * Self.s).logged == [.timerWarning(minutesLeft: 1)])
        #expect(flow.timeWarning == "One minute left.")
        // Long after a notice's few seconds, and whatever wakes the loop, it is still there.
        _ = flow.update(.tick, now: 250 * Self.s)
        _ = flow.update(.tick, now: 270 * Self.s)
        #expect(flow.notice?.text == "One minute left.")
        #expect(Self.lines(flow, now: 270 * Self.s).joined(separator: "\n").contains("One minute left."))
        // A key says it was seen (and does its own work).
        _ = flow.update(.key(.character("2")), now: 271 * Self.s)
        #expect(flow.notice == nil && flow.timeWarning == nil)
        #expect(flow.sitting.isAnswered(flow.sitting.question.id))
    }

    @Test func underReducedMotionTheLoopStillSleepsByTheMinuteWhileAWarningStands() {
        var flow = Self.onQuestion(ExamFixtures.essays, settings: [.reducedMotion])
        // Ten minutes allowed: five minutes left at 300 s.
        #expect(flow.update(.tick, now: 300 * Self.s).logged == [.timerWarning(minutesLeft: 5)])
        #expect(flow.timeWarning == "5 minutes left.")
        #expect(flow.untilNextTick(now: 300 * Self.s + Self.s / 2) > .seconds(1))
    }

    @Test func theHeaderClockIsMarkedByItsAttributesInTheLastFiveMinutesOnly() {
        var flow = Self.onQuestion(ExamFixtures.essays, settings: [.noColour])
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: 299 * Self.s, into: &grid)
        let unmarked = grid.lines()[0]
        #expect(unmarked.hasSuffix("Time left 05:01 "))
        #expect(grid[0, 75].style.reverse && !grid[0, 75].style.underline)
        _ = flow.update(.tick, now: 300 * Self.s)
        ExamScreens.render(flow, now: 301 * Self.s, into: &grid)
        #expect(grid.lines()[0].hasSuffix("Time left 04:59 "))
        // Without colour, the mark is still there: bold and underlined, out of the bar's reverse.
        let marked = grid[0, 75].style
        #expect(marked.bold && marked.underline && !marked.reverse, "\(marked)")
    }

    @Test func underTheScreenReadersLayoutTheWarningIsPartOfTheStateLine() {
        var flow = Self.onQuestion(settings: [.screenReader])
        _ = flow.update(.tick, now: 240 * Self.s)
        let state = Self.lines(flow, now: 241 * Self.s)[0]
        #expect(state.contains("59 seconds left. Warning: One minute left."), "\(state)")
        _ = flow.update(.key(.down), now: 242 * Self.s)
        #expect(!Self.lines(flow, now: 242 * Self.s)[0].contains("Warning"))
    }

    // MARK: - Point 3: the proctor's message

    static let longMessage =
        "Please stop writing for a moment and look up: the fire alarm will be tested at 10:30, "
        + "it is only a test, stay in your seat and go on with your exam afterwards; the time is added back."

    static func message(_ id: Int64, _ text: String) -> SeatCommand {
        SeatCommand(id: id, action: .message, minutes: nil, message: text, reason: "", issuedBy: "pat")
    }

    @Test func aProctorsMessageShowsWholeInABoxUntilTheStudentAcknowledgesItAndTheAcknowledgementIsLogged() {
        var flow = Self.onQuestion()
        let received = flow.update(.proctorCommand(Self.message(9, Self.longMessage)), now: 10 * Self.s)
        // Carried out and acknowledged to the store at once, so the monitor's row is no longer pending.
        #expect(received.last == .acknowledgeCommand(id: 9))
        _ = flow.update(.tick, now: 60 * Self.s)
        let screen = Self.lines(flow, now: 60 * Self.s)
        let text = screen.joined(separator: "\n")
        #expect(text.contains("Message from your proctor"), "\(text)")
        // Whole, wrapped: every word of it is on screen.
        let words = screen.flatMap { $0.split(separator: " ").map(String.init) }
        for word in Self.longMessage.split(separator: " ") { #expect(words.contains(String(word)), "\(word)") }
        #expect(screen[23].contains("Enter I have read it"), "\(screen[23])")
        // Other keys wait behind it.
        _ = flow.update(.key(.character("2")), now: 61 * Self.s)
        #expect(!flow.sitting.isAnswered(flow.sitting.question.id))
        #expect(flow.proctorMessage != nil)
        let read = flow.update(.key(.enter), now: 62 * Self.s)
        #expect(read.logged == [.proctor(.messageRead(id: 9, by: "pat"))])
        #expect(flow.proctorMessage == nil)
        #expect(!Self.lines(flow, now: 62 * Self.s).joined().contains("Message from your proctor"))
    }

    @Test func twoMessagesShowOneAfterTheOther() {
        var flow = Self.onQuestion()
        _ = flow.update(.proctorCommand(Self.message(1, "First")), now: Self.s)
        _ = flow.update(.proctorCommand(Self.message(2, "Second")), now: Self.s)
        #expect(flow.proctorMessage?.text == "First")
        #expect(flow.update(.key(.enter), now: 2 * Self.s).logged == [.proctor(.messageRead(id: 1, by: "pat"))])
        #expect(flow.proctorMessage?.text == "Second")
        #expect(flow.update(.key(.enter), now: 3 * Self.s).logged == [.proctor(.messageRead(id: 2, by: "pat"))])
        #expect(flow.proctorMessage == nil)
    }

    @Test func theAcknowledgementIsAnEventTheMonitorsTimelineNames() {
        let event = SessionEvent.proctor(.messageRead(id: 9, by: "pat"))
        #expect(event.kind == "proctor.message-read")
        #expect(event.details == ["command": "9", "by": "pat"])
    }

    // MARK: - Point 4: why the exam ended

    @Test(arguments: [
        (SubmissionReason.proctor, "Your proctor ended the exam"), (.timeUp, "Time is up"),
        (.lockExpired, "The lock reached its longest time"),
    ])
    func theEndBannerSaysWhyFirstThenTheUnlock(_ reason: SubmissionReason, _ why: String) throws {
        var flow = Self.onQuestion()
        _ = flow.update(.key(.function(4)), now: Self.s)
        _ = flow.update(.key(.character("s")), now: Self.s)
        _ = flow.update(.key(.character("y")), now: Self.s)
        _ = flow.update(
            .submitted(
                ReceiptInfo(code: "K7QF-2M9D-XW4T", submittedAt: "2026-11-23 10:41", reason: reason),
                problem: nil), now: 2 * Self.s)
        let screen = Self.lines(flow, now: 2 * Self.s).joined(separator: "\n")
        let whyAt = try #require(screen.range(of: why), "\(screen)")
        let unlockAt = try #require(screen.range(of: "This terminal is no longer locked."))
        #expect(whyAt.lowerBound < unlockAt.lowerBound)
    }

    // MARK: - Point 7: notices about a key

    @Test func aNoticeAboutAKeyClearsWhenTheStudentLeavesTheQuestion() {
        var flow = Self.onQuestion(ExamFixtures.everyType)
        while flow.sitting.question.id != "numeric" { _ = flow.update(.key(.tab), now: Self.s) }
        _ = flow.update(.key(.character("x")), now: 2 * Self.s)
        #expect(flow.notice?.text.hasPrefix("Only a number can go here") == true)
        // Still on the question: it stays its few seconds.
        _ = flow.update(.key(.character("7")), now: 3 * Self.s)
        #expect(flow.notice?.text.hasPrefix("Only a number can go here") == true)
        // The essay next: it stays behind.
        _ = flow.update(.key(.tab), now: 3 * Self.s)
        #expect(flow.sitting.question.id == "essay")
        #expect(flow.notice == nil)
        #expect(!Self.lines(flow, now: 3 * Self.s).joined().contains("Only a number"))
    }

    @Test func aNoticeAboutAKeyClearsWhenTheStudentOpensAnotherScreen() {
        var flow = Self.onQuestion(studentMaySwitch: [.highContrast])
        _ = flow.update(.key(.function(5)), now: Self.s)
        #expect(flow.notice?.text == "This exam has no scratchpad.")
        _ = flow.update(.key(ExamFlow.settingsKey), now: Self.s)
        #expect(flow.notice == nil)
        #expect(!Self.lines(flow, now: Self.s).joined().contains("no scratchpad"))
        // A notice that is not about a key (the proctor's added time) stays its time.
        _ = flow.update(.key(.escape), now: Self.s)
        _ = flow.update(
            .proctorCommand(
                SeatCommand(
                    id: 1, action: .addTime, minutes: 5, message: nil, reason: "late",
                    issuedBy: "pat")), now: 2 * Self.s)
        _ = flow.update(.key(.function(4)), now: 3 * Self.s)
        #expect(flow.notice?.text == "The proctor added 5 minutes.")
    }
}
