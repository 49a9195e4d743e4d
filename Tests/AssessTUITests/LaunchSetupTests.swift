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
        #expect(setup.rows.count == 2 + exam.restrictions.count + exam.suggestions.count + AccessibilityOption.allCases.count)
        #expect(setup.rows.first == .extraTime)
        #expect(setup.rows.last == .accessibility(.largerSpacing))
    }

    @Test func spaceOnAnAccessibilityRowSwitchesItAndTheLastRowScrollsIntoViewUnderTheCursor() throws {
        var setup = LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings())
        for _ in setup.rows.dropLast() { _ = setup.handle(.down) }
        _ = setup.handle(.character(" "))
        #expect(setup.settings.accessibility == AccessibilitySettings([.largerSpacing]))
        var grid = CellGrid(rows: 24, columns: 80)
        LaunchSetupScreen.render(setup, into: &grid)
        let cursor = try #require(grid.cursor)
        #expect(grid.lines()[cursor.row].contains("Accessibility: larger spacing"))
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
        var setup = LaunchSetup(exam: exam, candidate: "c-1", settings: LaunchSettings(restrictionStates: ["back-navigation": false]))
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
