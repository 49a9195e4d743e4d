import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// The reference sheet in a sitting: Ctrl-L opens it where the exam has one and the proctor
/// did not deny it; the arrows and pages scroll it; the log says it was opened.
@Suite("The reference sheet in a sitting")
struct ReferenceSheetTests {
    static func onQuestion(_ exam: Exam = ExamFixtures.referenced, restrictionStates: [String: Bool] = [:])
        -> ExamFlow
    {
        FlowFixtures.onFirstQuestion(of: exam, restrictionStates: restrictionStates)
    }

    @Test func ctrlLOpensTheSheetAtItsTopAndTheLogSaysSo() {
        var flow = Self.onQuestion()
        let opened = flow.update(.key(ExamFlow.referenceKey), now: 0)
        #expect(opened.logged == [.toolUsed(tool: "reference", action: "opened", questionID: nil)])
        #expect(flow.phase == .reference(top: 0))
        #expect(flow.referenceLines.count == 30)
        _ = flow.update(.key(.escape), now: 0)
        #expect(flow.phase == .question)
    }

    @Test func theKeysScrollWithinTheSheet() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.referenceKey), now: 0)
        _ = flow.update(.key(.up), now: 0)
        #expect(flow.phase == .reference(top: 0))
        _ = flow.update(.key(.down), now: 0)
        #expect(flow.phase == .reference(top: 1))
        // 30 lines, 16 a page: the last page starts at line 15 (14 from 0).
        _ = flow.update(.key(.pageDown), now: 0)
        #expect(flow.phase == .reference(top: 14))
        _ = flow.update(.key(.pageUp), now: 0)
        #expect(flow.phase == .reference(top: 0))
        _ = flow.update(.key(.character(" ")), now: 0)
        #expect(flow.phase == .reference(top: 14))
        _ = flow.update(.key(.down), now: 0)
        #expect(flow.phase == .reference(top: 14))
        _ = flow.update(.key(.home), now: 0)
        #expect(flow.phase == .reference(top: 0))
        _ = flow.update(.key(.end), now: 0)
        #expect(flow.phase == .reference(top: 14))
        _ = flow.update(.key(ExamFlow.referenceKey), now: 0)
        #expect(flow.phase == .question)
    }

    @Test func theLastLineShowsAtTheEnd() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.referenceKey), now: 0)
        _ = flow.update(.key(.end), now: 0)
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: 0, into: &grid)
        #expect(grid.lines().contains { $0.hasPrefix("  Line 27 of the table.") })
        #expect(grid.lines()[2].contains("lines 15–30 of 30"))
        #expect(grid.cuts.isEmpty)
    }

    @Test func anExamWithoutASheetOrWithItDeniedHasNone() {
        for var flow in [
            Self.onQuestion(ExamFixtures.capitals),
            Self.onQuestion(restrictionStates: [Restriction.referenceID: false]),
        ] {
            #expect(flow.update(.key(ExamFlow.referenceKey), now: 0).logged.isEmpty)
            #expect(flow.phase == .question)
            #expect(flow.notice?.text == "This exam has no reference sheet.")
            #expect(!HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "Ctrl-L" })
        }
        #expect(HelpScreen.keys(of: .question, in: Self.onQuestion()).contains { $0.0 == "Ctrl-L" })
    }
}
