import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

@Suite("The proctor's screen before the hand-over")
struct LaunchSetupTests {
    let exam = ExamFixtures.everyType

    @Test func rowsAreTimeBreaksEveryRestrictionEveryAllowedSuggestionAndEveryAccessibilitySetting() {
        let setup = LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings())
        #expect(
            setup.rows.count == 2 + exam.restrictions.count + exam.suggestions.count
                + AccessibilityOption.allCases.count)
        #expect(setup.rows.first == .extraTime)
        #expect(setup.rows.last == .accessibility(.noCountdown))
    }

    @Test func spaceOnAnAccessibilityRowSwitchesItAndTheLastRowScrollsIntoViewUnderTheCursor() throws {
        var setup = LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings())
        for _ in setup.rows.dropLast() { _ = setup.handle(.down) }
        _ = setup.handle(.character(" "))
        #expect(setup.settings.accessibility == AccessibilitySettings([.noCountdown]))
        var grid = CellGrid(rows: 24, columns: 80)
        LaunchSetupScreen.render(setup, into: &grid)
        let cursor = try #require(grid.cursor)
        #expect(grid.lines()[cursor.row].contains("Accessibility: no countdown timer"))
        #expect(grid.lines()[cursor.row].contains(" on "))
        _ = setup.handle(.character(" "))
        #expect(setup.settings.accessibility == AccessibilitySettings())
    }

    @Test func arrowsAndSpaceChangeTheSettingsAndEnterHandsOver() throws {
        var setup = LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings())
        _ = setup.handle(.right)
        _ = setup.handle(.right)
        #expect(setup.settings.extraTime == .multiplier(1.5))
        _ = setup.handle(.down)
        _ = setup.handle(.left)
        #expect(setup.settings.breaks == BreakAllowance(count: 3, minutes: 10))
        _ = setup.handle(.down)
        let restriction = try #require(exam.restrictions.first)
        _ = setup.handle(.character(" "))
        #expect(setup.isAllowed(restriction) == !restriction.isOnByDefault)
        _ = setup.handle(.character(" "))
        #expect(setup.settings.restrictionStates.isEmpty)
        #expect(setup.handle(.enter) == .handOver)
        #expect(setup.handle(.escape) == .cancel)
    }

    @Test func theScreenShowsEachRestrictionsTitleStateAndTheHighlightedDetail() throws {
        var setup = LaunchSetup(
            exam: exam, candidate: "c-1", settings: LaunchSettings(restrictionStates: ["back-navigation": false]))
        _ = setup.handle(.down)
        _ = setup.handle(.down)
        var grid = CellGrid(rows: 30, columns: 100)
        LaunchSetupScreen.render(setup, into: &grid)
        let text = grid.lines().joined(separator: "\n")
        let restriction = try #require(exam.restrictions.first { $0.id == "back-navigation" })
        #expect(text.contains(restriction.title))
        #expect(text.contains("denied"))
        #expect(text.contains(restriction.detail))
    }

    @Test func aFlagValueThatIsNotAChoiceStaysReachable() {
        var setup = LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings(extraTime: .multiplier(1.75)))
        _ = setup.handle(.right)
        #expect(setup.settings.extraTime == ExtraTime.none)
        _ = setup.handle(.right)
        _ = setup.handle(.left)
        _ = setup.handle(.left)
        #expect(setup.settings.extraTime == .multiplier(1.75))
    }
}

/// The launch screen as the first phase of the sitting's one loop.
@Suite("The launch screen as the sitting's first phase")
struct LaunchPhaseTests {
    let exam = ExamFixtures.everyType

    func flow(terminalHasColours: Bool = true, settings: LaunchSettings = LaunchSettings()) -> ExamFlow {
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        return ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8,
            terminalHasColours: terminalHasColours,
            launch: LaunchSetup(exam: exam, candidate: "c-1", settings: settings))
    }

    @Test func keysChangeTheSetupAndNothingElseHappensUntilTheHandOver() {
        var flow = flow()
        #expect(flow.update(.key(.right), now: 0).isEmpty)
        #expect(flow.update(.key(.down), now: 0).isEmpty)
        guard case .launchSetup(let setup) = flow.phase else {
            Issue.record("left the launch screen: \(flow.phase)")
            return
        }
        #expect(setup.settings.extraTime == .multiplier(1.25))
        #expect(setup.selection == 1)
        #expect(!flow.isInExam)
        #expect(!flow.isAwaitingResult)
    }

    @Test func handingOverAppliesTimeBreaksRestrictionsAndAccessibilityAndSaysSoToTheWriter() {
        var flow = flow()
        _ = flow.update(.key(.right), now: 0) // extra time ×1.25
        _ = flow.update(.key(.down), now: 0)
        _ = flow.update(.key(.right), now: 0) // one 10-minute break
        _ = flow.update(.key(.down), now: 0)
        _ = flow.update(.key(.character(" ")), now: 0) // going back: denied
        for _ in 0..<exam.restrictions.count { _ = flow.update(.key(.down), now: 0) }
        _ = flow.update(.key(.character(" ")), now: 0) // the first accessibility setting
        let effects = flow.update(.key(.enter), now: 0)

        let chosen = LaunchSettings(
            extraTime: .multiplier(1.25), breaks: BreakAllowance(count: 1, minutes: 10),
            restrictionStates: ["back-navigation": false],
            accessibility: AccessibilitySettings([AccessibilityOption.allCases[0]]))
        let record = SessionEvent.accessibilitySet(chosen.accessibility, by: "proctor")
        #expect(effects == [.handOver(chosen, log: chosen.proctorEvents(for: exam) + [record])])
        #expect(flow.phase == .welcome)
        #expect(flow.secondsAllowed == exam.durationSeconds * 5 / 4)
        #expect(flow.breaks == BreakAllowance(count: 1, minutes: 10))
        #expect(!flow.sitting.restrictionState("back-navigation"))
        #expect(flow.accessibility == chosen.accessibility)
        #expect(flow.accessibilityRecord == record)
    }

    @Test func onATerminalWithoutColoursTheHandOverKeepsColourOffAndTheLogSaysWhy() {
        var flow = flow(terminalHasColours: false)
        #expect(flow.accessibility.isOn(.noColour))
        let effects = flow.update(.key(.enter), now: 0)
        let expected = AccessibilitySettings([.noColour])
        #expect(flow.accessibility == expected)
        #expect(
            effects == [
                .handOver(
                    LaunchSettings(),
                    log: LaunchSettings().proctorEvents(for: exam)
                        + [.accessibilitySet(expected, by: "proctor, environment")])
            ])
    }

    @Test func theLaunchScreenIsTheProctorsAndDrawnPlainTheWelcomeAfterItInTheStudentsLook() {
        var flow = flow(settings: LaunchSettings(accessibility: AccessibilitySettings([.screenReader])))
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(grid.lines().joined().contains("─"))
        _ = flow.update(.key(.enter), now: 0)
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(flow.phase == .welcome)
        #expect(!grid.lines().joined().contains("─"))
    }

    @Test func escapeCancelsTheLaunchWithNothingToUndo() {
        var flow = flow()
        #expect(flow.update(.key(.escape), now: 0) == [.exit(.launchCancelled)])
    }

    @Test func aSignalAtTheLaunchScreenLeavesWithoutAnAttempt() {
        var flow = flow()
        #expect(
            flow.update(.stop(reason: "SIGTERM"), now: 0)
                == [.interrupt(reason: "SIGTERM", saving: SaveBatch(answers: [], progress: nil))])
        #expect(
            flow.update(.released(abortStored: false), now: 0)
                == [.exit(.interrupted("SIGTERM", attemptInProgress: false))])
    }
}
