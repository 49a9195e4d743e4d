import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

private let second: UInt64 = 1_000_000_000

/// A flow on the first question of the capitals exam (5 minutes), started at time 0.
private func started(secondsAllowed: Int? = nil, breaks: BreakAllowance = .none) -> ExamFlow {
    let exam = ExamFixtures.capitals
    let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
    var flow = ExamFlow(
        sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8,
        secondsAllowed: secondsAllowed, breaks: breaks)
    FlowFixtures.begin(&flow)
    return flow
}

/// Opens the panel and types `password`; returns the effects of Enter.
private func typePassword(_ password: String, into flow: inout ExamFlow, now: UInt64) -> [FlowEffect] {
    if flow.panel == nil { _ = flow.update(.key(ExamFlow.proctorKey), now: now) }
    for character in password { _ = flow.update(.key(.character(character)), now: now) }
    return flow.update(.key(.enter), now: now)
}

/// Types `text` and Enter at the panel; returns the effects of Enter.
private func enter(_ text: String, into flow: inout ExamFlow, now: UInt64) -> [FlowEffect] {
    for character in text { _ = flow.update(.key(.character(character)), now: now) }
    return flow.update(.key(.enter), now: now)
}

/// Opens the panel, passes the password and moves `down` rows in the menu.
private func openMenu(_ flow: inout ExamFlow, now: UInt64, down: Int = 0) {
    _ = typePassword("pw", into: &flow, now: now)
    _ = flow.update(.passwordChecked(accepted: true), now: now)
    for _ in 0..<down { _ = flow.update(.key(.down), now: now) }
}

@Suite("The proctor's panel, pauses, breaks and extra time in the flow")
struct ProctorFlowTests {
    @Test func extraTimeSetsTheDeadlineAndTheWelcomeSaysSo() {
        var flow = started(secondsAllowed: 450)
        #expect(flow.secondsLeft(now: 0) == 450)
        #expect(flow.update(.tick, now: 449 * second).submissions.isEmpty)
        #expect(flow.update(.tick, now: 450 * second).submissions == [.timeUp])

        let exam = ExamFixtures.capitals
        let fresh = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8, secondsAllowed: 450)
        #expect(screen(fresh, now: 0).contains("7 minutes 30 seconds (with extra time; the exam is 5 minutes)"))
    }

    @Test func theProctorKeyIsShownNowhereAndOpensAPasswordPromptThatNeverShowsThePassword() {
        var flow = started()
        #expect(!screen(flow, now: 0).contains("C-]"))
        #expect(flow.update(.key(ExamFlow.proctorKey), now: 0).isEmpty)
        #expect(flow.panel != nil)
        let effects = typePassword("secret-1", into: &flow, now: 0)
        #expect(effects == [.verifyPassword("secret-1")])
        #expect(!screen(flow, now: 0).contains("secret-1"))
    }

    @Test func threeWrongPasswordsLockThePromptForAMinuteAndAreLogged() {
        var flow = started()
        var logged: [FlowEffect] = []
        for _ in 1...3 {
            _ = typePassword("wrong", into: &flow, now: 0)
            logged += flow.update(.passwordChecked(accepted: false), now: 0)
        }
        #expect(
            logged == [
                .log(.proctor(.passwordRejected(failures: 1))), .log(.proctor(.passwordRejected(failures: 2))),
                .log(.proctor(.passwordRejected(failures: 3))), .log(.proctor(.promptLockedOut(seconds: 60))),
            ])
        #expect(screen(flow, now: 0).contains("locked for 60 more seconds"))
        #expect(typePassword("right", into: &flow, now: 30 * second).isEmpty)
        _ = flow.update(.tick, now: 61 * second)
        #expect(typePassword("right", into: &flow, now: 61 * second) == [.verifyPassword("right")])
    }

    @Test func pauseStopsTheTimerAndHidesTheQuestionUntilResumed() {
        var flow = started()
        openMenu(&flow, now: 10 * second)
        #expect(flow.panel?.actions.first == .pause)
        _ = flow.update(.key(.enter), now: 10 * second)
        let effects = enter("fire drill", into: &flow, now: 10 * second)
        #expect(effects.withoutSaves == [.log(.proctor(.paused(reason: "fire drill")))])
        #expect(effects.saves.first?.progress?.secondsUsed == 10)
        #expect(flow.phase == .paused)
        let text = screen(flow, now: 100 * second)
        #expect(text.contains("The exam is paused"))
        #expect(!text.contains(flow.sitting.question.prompt))
        #expect(flow.secondsLeft(now: 100 * second) == 290)
        #expect(flow.update(.tick, now: 400 * second).withoutSaves.isEmpty)

        openMenu(&flow, now: 200 * second)
        #expect(flow.panel?.actions.first == .resume)
        #expect(flow.update(.key(.enter), now: 200 * second) == [.log(.proctor(.unpaused(seconds: 190)))])
        #expect(flow.phase == .question)
        #expect(flow.secondsLeft(now: 200 * second) == 290)
    }

    @Test func aReasonIsRequiredAndAddedTimeMovesTheDeadline() {
        var flow = started()
        openMenu(&flow, now: 0, down: 1)
        _ = flow.update(.key(.enter), now: 0)
        #expect(enter("x", into: &flow, now: 0).isEmpty)
        #expect(flow.panel?.message?.contains("1 to 240") == true)
        _ = flow.update(.key(.backspace), now: 0)
        #expect(enter("15", into: &flow, now: 0).isEmpty)
        #expect(enter("", into: &flow, now: 0).isEmpty)
        #expect(flow.panel?.message?.contains("reason") == true)
        let effects = enter("fire alarm", into: &flow, now: 0)
        #expect(
            effects == [
                .allowedTimeChanged(seconds: 1200), .log(.proctor(.timeAdded(minutes: 15, reason: "fire alarm"))),
            ])
        #expect(flow.secondsLeft(now: 0) == 1200)
        #expect(flow.phase == .question)
    }

    @Test func endAndAbortHandTheAttemptToTheApp() {
        var ending = started()
        openMenu(&ending, now: 0, down: 2)
        _ = ending.update(.key(.enter), now: 0)
        let ended = enter("illness", into: &ending, now: 0)
        #expect(ended.logged == [.proctor(.endedExam(reason: "illness"))])
        #expect(ended.submissions == [.proctor])
        #expect(ending.phase == .submitting)

        var aborting = started()
        openMenu(&aborting, now: 0, down: 3)
        _ = aborting.update(.key(.enter), now: 0)
        // The reason, then "are you sure?": n goes back to the menu, y aborts.
        #expect(enter("wrong candidate", into: &aborting, now: 0).isEmpty)
        #expect(aborting.panel?.step == .confirmAbort(reason: "wrong candidate"))
        #expect(aborting.update(.key(.character("n")), now: 0).isEmpty)
        #expect(aborting.panel?.step == .menu(selection: 0))
        for _ in 0..<3 { _ = aborting.update(.key(.down), now: 0) }
        _ = aborting.update(.key(.enter), now: 0)
        _ = enter("wrong candidate", into: &aborting, now: 0)
        let aborted = aborting.update(.key(.character("y")), now: 0)
        guard case .abort(let reason, let saving) = aborted.last else {
            Issue.record("no abort in \(aborted)")
            return
        }
        #expect(reason == "wrong candidate")
        #expect(saving.progress?.secondsUsed == 0)
        #expect(aborting.phase == .leaving(.aborted("wrong candidate")))
        #expect(
            aborting.update(.released(abortStored: true), now: 0) == [.exit(.aborted("wrong candidate", stored: true))])
    }

    @Test func escapeClosesThePanelWhereItWasOpened() {
        var flow = started()
        _ = flow.update(.key(.function(4)), now: 0)
        _ = flow.update(.key(ExamFlow.proctorKey), now: 0)
        _ = flow.update(.key(.escape), now: 0)
        #expect(flow.phase == .review(selection: 0))
    }

    @Test func aBreakStopsTheTimerAndEndsByItselfOrWithEnter() {
        var flow = started(breaks: BreakAllowance(count: 1, minutes: 2))
        #expect(screen(flow, now: 0).contains("F6 break"))
        // F6 asks first: n keeps the break, y spends it.
        #expect(flow.update(.key(.function(6)), now: 10 * second).withoutSaves.isEmpty)
        #expect(flow.phase == .confirmBreak)
        #expect(screen(flow, now: 10 * second).contains("Take a break now?"))
        _ = flow.update(.key(.character("n")), now: 10 * second)
        #expect(flow.phase == .question && flow.breaksLeft == 1)
        _ = flow.update(.key(.function(6)), now: 10 * second)
        let effects = flow.update(.key(.character("y")), now: 10 * second)
        #expect(effects.withoutSaves == [.log(.proctor(.breakStarted(number: 1, allowed: 1, minutes: 2)))])
        #expect(screen(flow, now: 20 * second).contains("On a break"))
        #expect(flow.secondsLeft(now: 100 * second) == 290)
        #expect(flow.update(.tick, now: 130 * second).withoutSaves == [.log(.proctor(.breakEnded(seconds: 120)))])
        #expect(flow.phase == .question)
        #expect(flow.secondsLeft(now: 130 * second) == 290)
        #expect(!screen(flow, now: 130 * second).contains("F6 break"))
        #expect(flow.update(.key(.function(6)), now: 140 * second).withoutSaves.isEmpty)
        #expect(flow.notice?.text == "No breaks are left.")
    }

    @Test func aResumedSittingContinuesWithTheTimeLeft() {
        let exam = ExamFixtures.capitals
        var flow = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8, resumedWithSecondsUsed: 200)
        #expect(screen(flow, now: 0).contains("this attempt continues"))
        FlowFixtures.begin(&flow)
        #expect(flow.secondsLeft(now: 0) == 100)
        #expect(flow.secondsUsed(now: 10 * second) == 210)
    }

    @Test func theClockStopsOnlyOnceThePasswordIsAcceptedAndRunsAgainWhenThePanelCloses() {
        var flow = started()
        _ = flow.update(.key(ExamFlow.proctorKey), now: 0)
        #expect(flow.secondsLeft(now: 20 * second) == 280)
        _ = typePassword("pw", into: &flow, now: 20 * second)
        _ = flow.update(.passwordChecked(accepted: true), now: 20 * second)
        #expect(flow.secondsLeft(now: 80 * second) == 280)
        _ = flow.update(.key(.escape), now: 80 * second)
        #expect(flow.phase == .question)
        #expect(flow.secondsLeft(now: 90 * second) == 270)
    }

    @Test func escapeAtTheMinutesOrReasonStepGoesBackToTheMenu() {
        var flow = started()
        openMenu(&flow, now: 0, down: 1)
        _ = flow.update(.key(.enter), now: 0)
        #expect(flow.panel?.step == .minutes)
        _ = flow.update(.key(.escape), now: 0)
        #expect(flow.panel?.step == .menu(selection: 0))
        #expect(flow.panel != nil)
    }

    /// The password, minutes and reason edit as the answers do (Ctrl-U undo, Ctrl-R redo),
    /// the password drawn as bullets with the cursor at its caret.
    @Test func thePanelsFieldsUndoAndRedoWithTheCursorAtTheirCaret() {
        var flow = started()
        _ = flow.update(.key(ExamFlow.proctorKey), now: 0)
        for key in "secret".map(Key.character) + [.control("u")] { #expect(flow.update(.key(key), now: 0).isEmpty) }
        #expect(flow.panel?.entry.text == "")
        _ = flow.update(.key(.control("r")), now: 0)
        _ = flow.update(.key(.left), now: 0)
        var grid = CellGrid(rows: 30, columns: 100)
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(grid.lines()[2] == "  Proctor password: ••••••" + String(repeating: " ", count: 74))
        #expect(grid.cursor == CellPosition(row: 2, column: 2 + "Proctor password: ".count + 5))
        #expect(flow.update(.key(.enter), now: 0) == [.verifyPassword("secret")])
        _ = flow.update(.passwordChecked(accepted: true), now: 0)
        // The minutes take digits only; the reason undoes a word typed over.
        _ = flow.update(.key(.down), now: 0)
        _ = flow.update(.key(.enter), now: 0)
        for key in "1x5".map(Key.character) { _ = flow.update(.key(key), now: 0) }
        #expect(flow.panel?.entry.text == "15")
        _ = flow.update(.key(.enter), now: 0)
        for key in "fire drill".map(Key.character) { _ = flow.update(.key(key), now: 0) }
        for _ in 0..<5 { _ = flow.update(.key(.backspace), now: 0) }
        _ = flow.update(.key(.control("u")), now: 0)
        #expect(flow.panel?.entry.text == "fire drill")
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(grid.cursor == CellPosition(row: 4, column: 2 + "Reason (written to the log): ".count + 10))
        #expect(
            flow.update(.key(.enter), now: 0).contains(.log(.proctor(.timeAdded(minutes: 15, reason: "fire drill")))))
    }

    @Test func pausingDuringABreakEndsTheBreakFirst() {
        var flow = started(breaks: BreakAllowance(count: 1, minutes: 5))
        _ = flow.update(.key(.function(6)), now: 10 * second)
        _ = flow.update(.key(.character("y")), now: 10 * second)
        _ = flow.update(.key(ExamFlow.proctorKey), now: 40 * second)
        _ = typePassword("pw", into: &flow, now: 40 * second)
        let effects = flow.update(.passwordChecked(accepted: true), now: 40 * second)
        #expect(effects == [.log(.proctor(.breakEnded(seconds: 30))), .log(.proctor(.passwordAccepted))])
        _ = flow.update(.key(.enter), now: 40 * second)
        _ = enter("fire drill", into: &flow, now: 40 * second)
        #expect(flow.phase == .paused)
        #expect(flow.secondsLeft(now: 100 * second) == 290)
    }

    @Test func openingAndClosingThePanelDuringABreakKeepsTheTimerStopped() {
        var flow = started(breaks: BreakAllowance(count: 1, minutes: 5))
        _ = flow.update(.key(.function(6)), now: 10 * second)
        _ = flow.update(.key(.character("y")), now: 10 * second)
        _ = flow.update(.key(ExamFlow.proctorKey), now: 20 * second)
        _ = flow.update(.key(.escape), now: 30 * second)
        #expect(flow.phase == .onBreak(since: 10 * second, until: 310 * second))
        #expect(flow.secondsLeft(now: 200 * second) == 290)
        #expect(flow.update(.tick, now: 310 * second).withoutSaves == [.log(.proctor(.breakEnded(seconds: 300)))])
        #expect(flow.secondsLeft(now: 310 * second) == 290)
    }
}
