import AssessCore
import AssessExam
import AssessTestSupport
import Testing
@testable import AssessTUI

private let second: UInt64 = 1_000_000_000

private func flow(_ exam: Exam = ExamFixtures.capitals, restrictions: [String: Bool] = [:],
                  practice: Bool = false) -> ExamFlow {
    let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"),
                              restrictionStates: restrictions)
    return ExamFlow(sitting: sitting, candidate: "c-1", practice: practice, maximumLockHours: 8)
}

/// A flow past the welcome screen and the banner, on the first question.
private func started(_ exam: Exam = ExamFixtures.capitals, restrictions: [String: Bool] = [:]) -> ExamFlow {
    var flow = flow(exam, restrictions: restrictions)
    flow.started(now: 0)
    _ = flow.handle(.enter, now: 0, answerWidth: 80)
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
        #expect(flow.handle(.enter, now: 0, answerWidth: 80) == [.begin])
    }

    @Test func quitKeysDuringTheExamAreLoggedAndDoNothing() {
        var flow = started()
        let effects = flow.handle(.control("c"), now: 0, answerWidth: 80)
        #expect(effects == [.log(.quitKeyIgnored(key: "Ctrl-C"))])
        #expect(flow.phase == .question)
        #expect(screen(flow).contains("Ctrl-C does nothing"))
    }

    @Test func choosingByNumberAnswersAndAsksForASave() {
        var flow = started()
        let effects = flow.handle(.character("1"), now: 0, answerWidth: 80)
        #expect(effects == [.answerChanged(questionID: flow.sitting.question.id)])
        #expect(flow.sitting.tally.answered == 1)
    }

    @Test func deniedBackNavigationRefusesGoingBackAndLeavesItOutOfTheFooter() {
        var flow = started(ExamFixtures.everyType, restrictions: ["back-navigation": false])
        _ = flow.handle(.tab, now: 0, answerWidth: 80)
        #expect(flow.sitting.current == 1)
        _ = flow.handle(.backTab, now: 0, answerWidth: 80)
        #expect(flow.sitting.current == 1)
        let text = screen(flow)
        #expect(!text.contains("S-Tab"))
        #expect(!text.contains("F3 list"))
    }

    @Test func linearNavigationOnlyMovesForward() {
        var exam = ExamFixtures.capitals
        exam.navigation = .linear
        var flow = started(exam)
        _ = flow.handle(.tab, now: 0, answerWidth: 80)
        _ = flow.handle(.pageUp, now: 0, answerWidth: 80)
        #expect(flow.sitting.current == 1)
        #expect(flow.sitting.canJump == false)
    }

    @Test func timerWarnsAtTheMarksBelowTheDurationAndSubmitsAtZero() {
        // Five minutes long: the 10- and 5-minute marks are skipped, the 1-minute mark warns.
        var flow = started()
        #expect(flow.tick(now: 1 * second).isEmpty)
        #expect(flow.tick(now: 200 * second).isEmpty)
        #expect(flow.tick(now: 241 * second) == [.log(.timerWarning(minutesLeft: 1))])
        #expect(flow.tick(now: 242 * second).isEmpty)
        #expect(flow.tick(now: 300 * second) == [.saveNow, .submit(reason: "time-up")])
        #expect(flow.phase == .submitting)
    }

    @Test func noWarningIsGivenForAMarkAtTheWholeDuration() {
        var flow = started()
        #expect(flow.tick(now: 1 * second).isEmpty)
        #expect(!screen(flow, now: 1 * second).contains("5 minutes left"))
    }

    @Test func submittingNeedsAnExplicitConfirmation() {
        var flow = started()
        _ = flow.handle(.function(4), now: 0, answerWidth: 80)
        _ = flow.handle(.character("s"), now: 0, answerWidth: 80)
        #expect(flow.phase == .confirmSubmit)
        #expect(screen(flow).contains("This cannot be undone"))
        _ = flow.handle(.character("n"), now: 0, answerWidth: 80)
        #expect(flow.phase == .review(selection: 0))
        _ = flow.handle(.character("s"), now: 0, answerWidth: 80)
        #expect(flow.handle(.character("y"), now: 0, answerWidth: 80) == [.saveNow, .submit(reason: "student")])
    }

    @Test func flaggingMarksTheQuestionUnlessTheExamTurnsItOff() {
        var flow = started()
        _ = flow.handle(.function(2), now: 0, answerWidth: 80)
        #expect(flow.sitting.flagged == [flow.sitting.question.id])
        #expect(screen(flow).contains("flagged for review"))
    }

    @Test func typedShortTextBecomesTheResponse() {
        var flow = started()
        _ = flow.handle(.tab, now: 0, answerWidth: 80)
        _ = flow.handle(.tab, now: 0, answerWidth: 80)
        for character in "Canberra" { _ = flow.handle(.character(character), now: 0, answerWidth: 80) }
        #expect(flow.sitting.responses[flow.sitting.question.id] == .shortText("Canberra"))
        #expect(screen(flow).contains("Answer: Canberra"))
    }

    @Test func upInAnEssayMovesByTheLinesOnScreen() throws {
        var flow = started(ExamFixtures.everyType)
        while case .choices = flow.control.field { _ = flow.handle(.tab, now: 0, answerWidth: 96) }
        while true {
            if case .essay = flow.control.field { break }
            _ = flow.handle(.tab, now: 0, answerWidth: 96)
        }
        // 95 characters: one line at the area's full width (96), two at the essay's text width.
        let text = Array(repeating: "x", count: 48).joined(separator: " ")
        for character in text { _ = flow.handle(.character(character), now: 0, answerWidth: 96) }
        var grid = CellGrid(rows: 30, columns: 100)
        ExamScreens.render(flow, now: 0, into: &grid)
        let before = try #require(grid.cursor)
        _ = flow.handle(.up, now: 0, answerWidth: 96)
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(try #require(grid.cursor).row == before.row - 1)
    }

    @Test func aTooSmallTerminalAsksForMoreRoom() {
        var grid = CellGrid(rows: 20, columns: 60)
        ExamScreens.render(started(), now: 0, into: &grid)
        #expect(grid.lines().joined().contains("needs at least 80x24"))
    }

    @Test func theScratchpadOpensOnlyWhenAllowedAndItsNotesAreNeverAnAnswer() {
        var denied = started(ExamFixtures.everyType)
        #expect(!screen(denied).contains("F5 notes"))
        _ = denied.handle(.function(5), now: 0, answerWidth: 80)
        #expect(denied.phase == .question)
        #expect(denied.notice?.text == "This exam has no scratchpad.")

        var flow = started(ExamFixtures.everyType, restrictions: ["scratchpad": true])
        #expect(screen(flow).contains("F5 notes"))
        _ = flow.handle(.function(5), now: 0, answerWidth: 80)
        #expect(flow.phase == .scratchpad)
        for character in "rough work" {
            #expect(flow.handle(.character(character), now: 0, answerWidth: 80).isEmpty)
        }
        #expect(screen(flow).contains("rough work"))
        #expect(screen(flow).contains("never saved, submitted or marked"))
        _ = flow.handle(.escape, now: 0, answerWidth: 80)
        #expect(flow.phase == .question)
        #expect(flow.sitting.tally.answered == 0)
        _ = flow.handle(.function(5), now: 0, answerWidth: 80)
        #expect(flow.scratchpad.text == "rough work")
    }
}
