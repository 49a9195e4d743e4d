import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

private let second: UInt64 = 1_000_000_000

private func flow(
    _ exam: Exam = ExamFixtures.capitals, restrictions: [String: Bool] = [:],
    practice: Bool = false
) -> ExamFlow {
    let sitting = ExamSitting(
        exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"),
        restrictionStates: restrictions)
    return ExamFlow(sitting: sitting, candidate: "c-1", practice: practice, maximumLockHours: 8)
}

/// A flow past the welcome screen and the banner, on the first question.
private func started(_ exam: Exam = ExamFixtures.capitals, restrictions: [String: Bool] = [:]) -> ExamFlow {
    var flow = flow(exam, restrictions: restrictions)
    FlowFixtures.begin(&flow)
    return flow
}

/// The text of the flow's screen on a 100×30 terminal.
func screen(_ flow: ExamFlow, now: UInt64 = 0) -> String {
    var grid = CellGrid(rows: 30, columns: 100)
    ExamScreens.render(flow, now: now, into: &grid)
    return grid.lines().joined(separator: "\n")
}

@Suite("The student's flow")
struct ExamFlowTests {
    @Test func whileWritesWaitOnThisTerminalTheWriterIsAskedToDeliverEveryTwoSecondsEvenOnTheReceipt() {
        var flow = started()
        func deliveries(_ flow: inout ExamFlow, at seconds: UInt64) -> Int {
            flow.update(.tick, now: seconds * second).filter { $0 == .deliver }.count
        }
        #expect(deliveries(&flow, at: 3) == 0)
        _ = flow.update(.savedOnThisTerminal(true), now: 4 * second)
        #expect(flow.savedOnThisTerminal)
        #expect(deliveries(&flow, at: 5) == 0)
        #expect(deliveries(&flow, at: 6) == 1)
        #expect(deliveries(&flow, at: 7) == 0)
        #expect(deliveries(&flow, at: 8) == 1)
        _ = flow.update(.key(.function(4)), now: 9 * second)
        _ = flow.update(.key(.character("s")), now: 9 * second)
        _ = flow.update(.key(.character("y")), now: 9 * second)
        _ = flow.update(
            .submitted(ReceiptInfo(code: "K7QF", submittedAt: "now", reason: .student), problem: nil),
            now: 9 * second)
        _ = flow.update(.key(.enter), now: 11 * second)
        #expect(flow.receipt != nil)
        #expect(screen(flow, now: 11 * second).contains("will be delivered when the server is back"))
        #expect(deliveries(&flow, at: 12) == 0)
        #expect(deliveries(&flow, at: 13) == 1)
        _ = flow.update(.savedOnThisTerminal(false), now: 14 * second)
        #expect(deliveries(&flow, at: 17) == 0)
        #expect(!screen(flow, now: 17 * second).contains("server is away"))
    }

    @Test func welcomeShowsTitleCandidateDurationAndExamKeyButNoQuestion() {
        let text = screen(flow())
        #expect(text.contains("Capitals"))
        #expect(text.contains("c-1"))
        #expect(text.contains("5 minutes"))
        #expect(text.contains(ExamFixtures.capitals.shortKey))
        #expect(!text.contains("capital of Canada"))
    }

    @Test func enterOnTheWelcomeScreenAsksToBegin() {
        var flow = flow()
        #expect(flow.update(.key(.enter), now: 0) == [.begin])
        #expect(flow.phase == .starting)
    }

    @Test func quitKeysDuringTheExamAreLoggedAndDoNothing() {
        var flow = started()
        let effects = flow.update(.key(.control("c")), now: 0)
        #expect(effects == [.log(.quitKeyIgnored(key: "Ctrl-C"))])
        #expect(flow.phase == .question)
        #expect(screen(flow).contains("Ctrl-C does nothing"))
    }

    @Test func altChordsInATextFieldTypeNothingAndAreLogged() {
        var flow = started()
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(.character("a")), now: 0)
        var logged: [FlowEffect] = []
        for letter: Character in ["x", "q", "c", "z"] {
            logged += flow.update(.key(.alt(.character(letter))), now: 0)
        }
        #expect(logged == ["x", "q", "c", "z"].map { .log(.quitKeyIgnored(key: "Alt-\($0)")) })
        #expect(flow.sitting.responses[flow.sitting.question.id] == .shortText("a"))
        #expect(flow.phase == .question)
        #expect(screen(flow).contains("Alt-z does nothing"))
    }

    @Test func invalidInputIsLoggedOnceWithItsCountAndEndsNothing() {
        var flow = started()
        #expect(flow.update(.key(.invalidInput(bytes: 450)), now: 0) == [.log(.invalidInputDropped(bytes: 450))])
        #expect(flow.phase == .question)
    }

    @Test func choosingByNumberAnswersAndAsksForASave() {
        var flow = started()
        #expect(flow.update(.key(.character("1")), now: 0).isEmpty)
        #expect(flow.sitting.tally.answered == 1)
        // Saved 0.3 s after the last change, alone: the progress keeps its own 5 s.
        #expect(flow.update(.tick, now: second / 5).saves.isEmpty)
        let saves = flow.update(.tick, now: second / 2).saves
        #expect(saves.map { $0.answers.map(\.questionID) } == [[flow.sitting.question.id]])
        #expect(saves.first?.answers.first?.response == flow.sitting.responses[flow.sitting.question.id])
        #expect(saves.first?.progress == nil)
        #expect(flow.update(.tick, now: 5 * second).saves.first?.progress?.currentQuestion == 0)
    }

    @Test func deniedBackNavigationRefusesGoingBackAndLeavesItOutOfTheFooter() {
        var flow = started(ExamFixtures.everyType, restrictions: ["back-navigation": false])
        _ = flow.update(.key(.tab), now: 0)
        #expect(flow.phase == .confirmLeave)
        _ = flow.update(.key(.character("y")), now: 0)
        #expect(flow.sitting.current == 1)
        _ = flow.update(.key(.backTab), now: 0)
        #expect(flow.sitting.current == 1)
        let text = screen(flow)
        #expect(!text.contains("S-Tab"))
        #expect(!text.contains("F3 list"))
    }

    @Test func linearNavigationOnlyMovesForward() {
        var exam = ExamFixtures.capitals
        exam.navigation = .linear
        var flow = started(exam)
        // Tab asks before it leaves a question for good; n stays, y moves on.
        _ = flow.update(.key(.tab), now: 0)
        #expect(flow.phase == .confirmLeave)
        #expect(screen(flow).contains("Leave question 1 for good?"))
        _ = flow.update(.key(.character("n")), now: 0)
        #expect(flow.phase == .question && flow.sitting.current == 0)
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(.character("y")), now: 0)
        _ = flow.update(.key(.pageUp), now: 0)
        #expect(flow.sitting.current == 1)
        #expect(flow.sitting.canJump == false)
        // From the last question Tab goes to the review, which comes back to it: no question.
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(.character("y")), now: 0)
        _ = flow.update(.key(.tab), now: 0)
        #expect(flow.phase == .review(selection: 2))
    }

    @Test func timerWarnsAtTheMarksBelowTheDurationAndSubmitsAtZero() {
        // Five minutes long: the 10- and 5-minute marks are skipped, the 1-minute mark warns.
        var flow = started()
        #expect(flow.update(.tick, now: 1 * second).withoutSaves.isEmpty)
        #expect(flow.update(.tick, now: 200 * second).withoutSaves.isEmpty)
        #expect(flow.update(.tick, now: 241 * second).withoutSaves == [.log(.timerWarning(minutesLeft: 1))])
        #expect(flow.update(.tick, now: 242 * second).withoutSaves.isEmpty)
        #expect(flow.update(.tick, now: 300 * second).submissions == [.timeUp])
        #expect(flow.phase == .submitting)
    }

    @Test func noWarningIsGivenForAMarkAtTheWholeDuration() {
        var flow = started()
        #expect(flow.update(.tick, now: 1 * second).withoutSaves.isEmpty)
        #expect(!screen(flow, now: 1 * second).contains("5 minutes left"))
    }

    @Test func submittingNeedsAnExplicitConfirmation() {
        var flow = started()
        _ = flow.update(.key(.function(4)), now: 0)
        _ = flow.update(.key(.character("s")), now: 0)
        #expect(flow.phase == .confirmSubmit)
        #expect(screen(flow).contains("This cannot be undone"))
        _ = flow.update(.key(.character("n")), now: 0)
        #expect(flow.phase == .review(selection: 0))
        _ = flow.update(.key(.character("s")), now: 0)
        #expect(flow.update(.key(.character("y")), now: 0).submissions == [.student])
        #expect(flow.phase == .submitting)
    }

    @Test func flaggingMarksTheQuestionUnlessTheExamTurnsItOff() {
        var flow = started()
        _ = flow.update(.key(.function(2)), now: 0)
        #expect(flow.sitting.flagged == [flow.sitting.question.id])
        #expect(screen(flow).contains("flagged for review"))
    }

    @Test func typedShortTextBecomesTheResponse() {
        var flow = started()
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(.tab), now: 0)
        for character in "Canberra" { _ = flow.update(.key(.character(character)), now: 0) }
        #expect(flow.sitting.responses[flow.sitting.question.id] == .shortText("Canberra"))
        #expect(screen(flow).contains("Answer: Canberra"))
    }

    @Test func upInAnEssayMovesByTheLinesOnScreen() throws {
        var flow = started(ExamFixtures.everyType)
        while case .choices = flow.control.field { _ = flow.update(.key(.tab), now: 0) }
        while true {
            if case .essay = flow.control.field { break }
            _ = flow.update(.key(.tab), now: 0)
        }
        // 95 characters: one line at the area's full width (96), two at the essay's text width.
        let text = Array(repeating: "x", count: 48).joined(separator: " ")
        for character in text { _ = flow.update(.key(.character(character)), now: 0) }
        var grid = CellGrid(rows: 30, columns: 100)
        ExamScreens.render(flow, now: 0, into: &grid)
        let before = try #require(grid.cursor)
        _ = flow.update(.key(.up), now: 0)
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(try #require(grid.cursor).row == before.row - 1)
    }

    @Test func aTooSmallTerminalAsksForMoreRoom() {
        var grid = CellGrid(rows: 20, columns: 60)
        ExamScreens.render(started(), now: 0, into: &grid)
        #expect(grid.lines().joined().contains("needs at least 80x24"))
    }

    @Test func theScratchpadOpensOnlyWhenAllowedAndItsNotesAreNeverAnAnswer() {
        // The footer of this question is full: the help lists F5 where the scratchpad is allowed.
        func helpLists(_ flow: ExamFlow) -> Bool {
            HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "F5" }
        }
        var denied = started(ExamFixtures.everyType)
        #expect(!helpLists(denied))
        _ = denied.update(.key(.function(5)), now: 0)
        #expect(denied.phase == .question)
        #expect(denied.notice?.text == "This exam has no scratchpad.")

        var flow = started(ExamFixtures.everyType, restrictions: ["scratchpad": true])
        #expect(helpLists(flow))
        _ = flow.update(.key(.function(5)), now: 0)
        #expect(flow.phase == .scratchpad)
        for character in "rough work" {
            #expect(flow.update(.key(.character(character)), now: 0).withoutSaves.isEmpty)
        }
        #expect(screen(flow).contains("rough work"))
        #expect(screen(flow).contains("never saved, submitted or marked"))
        _ = flow.update(.key(.escape), now: 0)
        #expect(flow.phase == .question)
        #expect(flow.sitting.tally.answered == 0)
        _ = flow.update(.key(.function(5)), now: 0)
        #expect(flow.scratchpad.text == "rough work")
    }

    @Test func practiceWithoutADictionarySaysSoOnTheFirstQuestionNotBehindTheBanner() {
        var flow = FlowFixtures.onFirstQuestion(
            of: ExamFixtures.essays, speller: nil, settings: .practice, practice: true)
        #expect(flow.phase == .question)
        #expect(
            flow.notice?.text.hasPrefix("No spelling dictionary is installed for this exam's language (en)") == true)
        // It stays while the student reads it, and is gone some seconds later.
        _ = flow.update(.tick, now: 2_000_000_000)
        #expect(flow.notice != nil)
    }
}
