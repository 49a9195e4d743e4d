import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// Reading a prompt (Ctrl-G) with the line reader and the highlighter: ↑ ↓ move the line
/// read (the others dim), ← → the word, Space or `h` highlights it; Esc goes back to the
/// answer. Each is off unless the exam lists it; highlights are saved with the answer.
@Suite("The line reader and the highlighter")
struct ReadingTests {
    static let s: UInt64 = 1_000_000_000

    static func onQuestion(_ exam: Exam = ExamFixtures.reading, restrictionStates: [String: Bool] = [:])
        -> ExamFlow
    {
        FlowFixtures.onFirstQuestion(of: exam, restrictionStates: restrictionStates)
    }

    /// The rows of the prompt as drawn at 80×24, with the style of the first cell of each word.
    static func drawn(_ flow: ExamFlow) -> CellGrid {
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: 0, into: &grid)
        return grid
    }

    @Test func ctrlGReadsFromTheFirstLineAndTheArrowsMoveTheLineAndTheWord() throws {
        var flow = Self.onQuestion()
        let layout = flow.promptLayout
        #expect(layout.lines.count == 3)
        let opened = flow.update(.key(ExamFlow.readKey), now: Self.s)
        #expect(opened.logged == [.toolUsed(tool: "line-reader", action: "opened", questionID: "longest")])
        #expect(flow.currentReading == PromptReading(questionID: "longest", line: 0, word: 0))
        _ = flow.update(.key(.down), now: Self.s)
        let second = try #require(layout.firstWord(onOrAfter: 1))
        #expect(flow.currentReading == PromptReading(questionID: "longest", line: 1, word: second))
        _ = flow.update(.key(.left), now: Self.s)
        #expect(flow.currentReading == PromptReading(questionID: "longest", line: 0, word: second - 1))
        _ = flow.update(.key(.up), now: Self.s)
        _ = flow.update(.key(.up), now: Self.s)
        #expect(flow.currentReading?.line == 0)
        for _ in 0..<5 { _ = flow.update(.key(.down), now: Self.s) }
        #expect(flow.currentReading?.line == 2)
        // The answer's keys still answer: the choice is made below the prompt being read.
        _ = flow.update(.key(.character("2")), now: Self.s)
        #expect(flow.sitting.responses["longest"] == .singleChoice(1))
        _ = flow.update(.key(.escape), now: Self.s)
        #expect(flow.currentReading == nil)
        _ = flow.update(.key(.down), now: Self.s)
        #expect(flow.control.field == .choices(highlight: 1))
    }

    @Test func theLineReaderDimsEveryLineButTheOneReadAndMarksIt() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.readKey), now: Self.s)
        _ = flow.update(.key(.down), now: Self.s)
        let grid = Self.drawn(flow)
        // Rows 4 to 6 hold the prompt; the second is read.
        #expect(grid[4, 2].style.dim && grid[6, 2].style.dim)
        #expect(!grid[5, 2].style.dim && grid[5, 2].style.bold)
        #expect(grid.lines()[5].hasPrefix("▸ "))
        #expect(grid.cursor?.row == 5)
    }

    @Test func spaceHighlightsTheWordSaysSoAndTheAutosaveKeepsIt() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.readKey), now: Self.s)
        _ = flow.update(.key(.right), now: Self.s)
        let marked = flow.update(.key(.character(" ")), now: Self.s)
        #expect(marked.logged == [.toolUsed(tool: "highlight", action: "marked", questionID: "longest")])
        #expect(flow.notice?.text == "“Nile” highlighted.")
        #expect(flow.sitting.annotations["longest"] == Annotations(highlighted: [1]))
        // Marking is not answering.
        #expect(flow.sitting.responses["longest"] == nil)
        let saved = (2...4).flatMap { flow.update(.tick, now: UInt64($0) * Self.s).saves }.flatMap(\.answers)
        #expect(saved.last?.annotations.stored == #"{"highlighted":[1]}"#)
        _ = flow.update(.key(.escape), now: 5 * Self.s)
        // "Nile" stays underlined once the reading ends; "The" is not.
        let grid = Self.drawn(flow)
        #expect(grid[4, 6].style.underline && !grid[4, 2].style.underline)
        _ = flow.update(.key(ExamFlow.readKey), now: 6 * Self.s)
        _ = flow.update(.key(.right), now: 6 * Self.s)
        let unmarked = flow.update(.key(.character("h")), now: 6 * Self.s)
        #expect(unmarked.logged == [.toolUsed(tool: "highlight", action: "unmarked", questionID: "longest")])
        #expect(flow.sitting.annotations.isEmpty)
    }

    @Test func withTheHighlighterAloneNothingDimsAndWithTheLineReaderAloneSpaceChooses() {
        var highlighter = Self.onQuestion(restrictionStates: ["line-reader": false])
        _ = highlighter.update(.key(ExamFlow.readKey), now: Self.s)
        _ = highlighter.update(.key(.down), now: Self.s)
        #expect(!Self.drawn(highlighter)[4, 2].style.dim)
        var reader = Self.onQuestion(restrictionStates: ["highlight": false])
        _ = reader.update(.key(ExamFlow.readKey), now: Self.s)
        _ = reader.update(.key(.character(" ")), now: Self.s)
        #expect(reader.sitting.annotations.isEmpty)
        #expect(reader.sitting.responses["longest"] == .singleChoice(0))
    }

    @Test func withoutEitherRestrictionThereIsNoReading() {
        for var flow in [
            Self.onQuestion(ExamFixtures.capitals),
            Self.onQuestion(restrictionStates: ["line-reader": false, "highlight": false]),
        ] {
            #expect(flow.update(.key(ExamFlow.readKey), now: Self.s).logged.isEmpty)
            #expect(flow.currentReading == nil)
            #expect(flow.notice?.text == "This exam has neither the line reader nor the highlighter.")
            #expect(!HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "Ctrl-G" })
        }
        #expect(HelpScreen.keys(of: .question, in: Self.onQuestion()).contains { $0.0 == "Ctrl-G" })
    }

    @Test func wordsAreCountedInThePromptWhateverTheWidth() {
        let prompt = "Read  the\nwhole\tprompt. 東京は大きい"
        for width in [4, 9, 80] {
            let layout = PromptLayout(prompt, width: width)
            #expect(layout.words.map { String(prompt[$0]) } == ["Read", "the", "whole", "prompt.", "東京は大きい"])
        }
        #expect(PromptLayout(prompt, width: 80).wordLines == [0, 0, 1, 1, 1])
    }

    @Test func aResumedSittingShowsItsHighlightsAgain() {
        let exam = ExamFixtures.reading
        var sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        sitting.restore(
            responses: [:], flagged: [], annotations: ["longest": Annotations(stored: #"{"highlighted":[0]}"#)],
            current: 0)
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8,
            size: TerminalSize(columns: 80, rows: 24))
        FlowFixtures.begin(&flow)
        let grid = Self.drawn(flow)
        #expect(grid[4, 2].style.underline && !grid[4, 6].style.underline)
    }
}
