import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// On a terminal smaller than the screens are laid out for, keys change nothing the
/// student cannot see, and the notice says so.
@Suite struct TooSmallTerminalTests {
    @Test func keysOnATooSmallTerminalChangeNoAnswerAndTheNoticeSaysSo() {
        let exam = ExamFixtures.capitals
        var flow = ExamFlow(
            sitting: ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1")),
            candidate: "c-1", practice: false, maximumLockHours: 8)
        FlowFixtures.begin(&flow)
        _ = flow.update(.resized(TerminalSize(columns: 60, rows: 20)), now: 0)
        for key: Key in [.character("2"), .enter, .tab, .function(4), .character("s")] {
            _ = flow.update(.key(key), now: 0)
        }
        #expect(flow.sitting.responses.isEmpty)
        #expect(flow.sitting.current == 0)
        #expect(flow.phase == .question)
        var grid = CellGrid(rows: 20, columns: 60)
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(grid.lines().joined(separator: " ").contains("keys do nothing until then"))
        _ = flow.update(.resized(TerminalSize(columns: 100, rows: 30)), now: 0)
        _ = flow.update(.key(.character("2")), now: 0)
        #expect(flow.sitting.responses.count == 1)
    }
}
