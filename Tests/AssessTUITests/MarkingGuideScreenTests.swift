import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// The marking screen shows a question's marking guide beside the answer (under it at 80
/// columns), and draws the screen reader's layout when the marker asks for it.
@Suite struct MarkingGuideScreenTests {
    static let golden = MarkingScreenTests.golden

    static let tides = Question(
        id: "tides", prompt: "Why are there two high tides a day?", points: 4, kind: .essay(wordLimit: nil),
        guide: """
            2 points: the Moon pulls the near side of the ocean towards it.
            2 points: the far side bulges too, as the Earth is pulled away from that water.
            Half a point off for saying the Sun causes both tides.
            """)
    static let exam = Exam(
        id: "oceans", title: "Oceans", durationSeconds: 1800, halfPoints: true,
        sections: [ExamSection(title: nil, questions: [tides, MarkingScreenTests.story])])

    static func items() -> [MarkingItem] {
        [
            MarkingItem(
                attemptID: "a-1", candidate: "c-101", anonymousNumber: 1, question: tides,
                response: .essay("The Moon pulls the water on the side facing it, and the other side bulges out."),
                automatic: Mark(awarded: 0, maximum: 4, needsManualMarking: true)),
            MarkingItem(
                attemptID: "a-1", candidate: "c-101", anonymousNumber: 1, question: MarkingScreenTests.story,
                response: .essay("We left at dawn."),
                automatic: Mark(awarded: 0, maximum: 5, needsManualMarking: true)),
        ]
    }

    private func draw(_ desk: inout MarkingDesk, _ size: TerminalSize) -> CellGrid {
        var grid = CellGrid(size: size)
        MarkingScreen.render(&desk, into: &grid)
        return grid
    }

    @Test func theGuideShowsBesideTheAnswerAndUnderItAt80Columns() {
        var desk = MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion)
        for size in [TerminalSize(columns: 100, rows: 30), TerminalSize(columns: 80, rows: 24)] {
            let grid = draw(&desk, size)
            Self.golden.assertMatches(grid, named: "marking-guide-\(size.columns)x\(size.rows)")
            let screen = grid.lines().joined(separator: "\n")
            #expect(screen.contains("Marking guide"))
            #expect(screen.contains("2 points: the Moon pulls"))
            #expect(screen.contains("the side facing it"))
            // The cursor stays in the points field.
            #expect(grid.cursor?.row == grid.rows - 6)
        }
        // A question without a guide keeps the whole width for the answer.
        _ = desk.handle(.control("n"))
        #expect(!draw(&desk, TerminalSize(columns: 80, rows: 24)).lines().joined().contains("Marking guide"))
    }

    @Test func theScreenReaderLayoutHasOneColumnNoBoxesAndEachStateInWords() {
        var desk = MarkingDesk(
            exam: Self.exam, items: Self.items(), order: .byQuestion,
            accessibility: AccessibilitySettings([.screenReader]))
        let size = TerminalSize(columns: 80, rows: 24)
        let grid = draw(&desk, size)
        Self.golden.assertMatches(grid, named: "marking-screen-reader-80x24")
        let screen = grid.lines().joined(separator: "\n")
        for drawing in ["╭", "│", "─", "╰"] { #expect(!screen.contains(drawing), "\(drawing) drawn") }
        #expect(screen.contains("Still to mark: 1 of this question, 2 in all; this answer: not marked yet"))
        #expect(screen.contains("Marking guide:"))
        #expect(screen.contains("Answer · 16 words:"))
        #expect(grid.cursor == CellPosition(row: grid.rows - 6, column: ScreenKit.margin + 32))

        _ = desk.handle(.function(1))
        let help = draw(&desk, size)
        Self.golden.assertMatches(help, named: "marking-help-screen-reader-80x24")
        let helpScreen = help.lines().joined(separator: "\n")
        #expect(helpScreen.contains("F1: this help"))
        #expect(!helpScreen.contains("─"))
    }

    @Test(arguments: [false, true])
    func aShortTerminalKeepsTheAnswerAndDropsTheGuideRatherThanOverlapping(_ screenReader: Bool) {
        var desk = MarkingDesk(
            exam: Self.exam, items: Self.items(), order: .byQuestion,
            accessibility: AccessibilitySettings(screenReader ? [.screenReader] : []))
        // From 15 rows the form keeps its place below the answer (fewer overlap with or without a guide).
        for rows in 15...19 {
            let grid = draw(&desk, TerminalSize(columns: 80, rows: rows))
            let screen = grid.lines().joined(separator: "\n")
            #expect(screen.contains("The Moon pulls the water"), "\(rows) rows")
            #expect(screen.contains("Points (0–4"), "\(rows) rows")
        }
    }
}
