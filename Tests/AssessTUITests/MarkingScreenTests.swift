import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Synchronization
import Testing

@testable import AssessTUI

/// The marking desk's rules and its screen drawn whole (golden screens in `Screens/`).
@Suite struct MarkingScreenTests {
    static let golden = GoldenScreens(
        folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Screens").path)

    static let colour = Question(
        id: "colour", prompt: "What colour is a clear sky?", points: 1,
        kind: .singleChoice(choices: ["green", "blue"], correct: 1))
    static let story = Question(
        id: "story", prompt: "Tell a short story about a journey.", points: 5, kind: .essay(wordLimit: nil))
    static let place = Question(
        id: "place", prompt: "Describe a place you know well.", points: 4, kind: .essay(wordLimit: 300))
    static let exam = Exam(
        id: "writing", title: "Writing", durationSeconds: 1800, halfPoints: true,
        sections: [ExamSection(title: nil, questions: [colour, story, place])])

    static let long = (1...40).map { "Line \($0) of a long answer that goes on." }.joined(separator: "\n")
    static let wide = "旅は東京から始まった。" + String(repeating: "電車は山を越えて海へ向かった。", count: 8) + " Then we walked."

    /// Two candidates' essays, and one choice question of the first for overriding.
    static func items() -> [MarkingItem] {
        func essay(_ question: Question, _ text: String, attempt: String, candidate: String, number: Int) -> MarkingItem
        {
            MarkingItem(
                attemptID: attempt, candidate: candidate, anonymousNumber: number, question: question,
                response: .essay(text), automatic: Mark(awarded: 0, maximum: question.points, needsManualMarking: true))
        }
        return [
            essay(story, "We left at dawn.", attempt: "a-1", candidate: "c-101", number: 1),
            essay(place, wide, attempt: "a-1", candidate: "c-101", number: 1),
            essay(story, long, attempt: "a-2", candidate: "c-102", number: 2),
            essay(place, "My grandmother's kitchen.", attempt: "a-2", candidate: "c-102", number: 2),
        ]
    }

    private func draw(_ desk: inout MarkingDesk, _ size: TerminalSize = TerminalSize(columns: 100, rows: 30))
        -> CellGrid
    {
        var grid = CellGrid(size: size)
        MarkingScreen.render(&desk, into: &grid)
        return grid
    }

    private func press(_ keys: [Key], _ desk: inout MarkingDesk) -> [MarkingDesk.Outcome] {
        keys.map { desk.handle($0) }
    }

    @Test func byQuestionShowsEachQuestionForEveryCandidateAnonymously() {
        var desk = MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion)
        #expect(
            desk.items.map { "\($0.question.id)#\($0.anonymousNumber)" } == [
                "story#1", "story#2", "place#1", "place#2",
            ])
        let grid = draw(&desk)
        let screen = grid.lines().joined(separator: "\n")
        #expect(screen.contains("Candidate #1") && !screen.contains("c-101"))
        #expect(screen.contains("Still to mark: 2 of this question, 4 in all"))
        for size in [TerminalSize(columns: 100, rows: 30), TerminalSize(columns: 80, rows: 24)] {
            Self.golden.assertMatches(draw(&desk, size), named: "marking-essay-\(size.columns)x\(size.rows)")
        }
        _ = desk.handle(MarkingDesk.candidatesKey)
        #expect(draw(&desk).lines().joined().contains("Candidate c-101"))
        _ = desk.handle(.control("o"))
        #expect(desk.order == .byCandidate)
        #expect(
            desk.items.map { "\($0.question.id)#\($0.anonymousNumber)" } == [
                "story#1", "place#1", "story#2", "place#2",
            ])
        #expect(desk.current?.question.id == "story" && desk.current?.attemptID == "a-1")
    }

    @Test func f1ListsEveryKeyWithTheCursorOnTheTitleAndEscGoesBackToTheSameAnswer() {
        var desk = MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion)
        _ = press([.character("3"), .tab], &desk)
        #expect(draw(&desk).lines().last?.contains("F1 help") == true)
        #expect(desk.handle(.function(1)) == .stay && desk.showsHelp)
        for size in [TerminalSize(columns: 100, rows: 30), TerminalSize(columns: 80, rows: 24)] {
            let grid = draw(&desk, size)
            Self.golden.assertMatches(grid, named: "marking-help-\(size.columns)x\(size.rows)")
            #expect(grid.cursor == CellPosition(row: 2, column: ScreenKit.margin))
            // The footer leaves keys out at 80 columns; the help names every one.
            let screen = grid.lines().joined(separator: "\n")
            for (key, _) in MarkingScreen.keys { #expect(screen.contains(key), "\(key) at \(size.columns) columns") }
        }
        // Keys behind the help do nothing: no mark is stored, the answer stays.
        #expect(press([.enter, .control("n"), .character("9")], &desk) == [.stay, .stay, .stay])
        #expect(desk.index == 0 && desk.points.text == "3" && desk.field == .comment)
        _ = desk.handle(.escape)
        #expect(!desk.showsHelp && desk.index == 0)
        // The 3 typed is not saved: Esc asks before leaving, and y leaves.
        #expect(desk.handle(.escape) == .stay && desk.departure == .quit)
        #expect(desk.handle(.character("y")) == .quit)
    }

    @Test func anEmptyDeskSaysSoAndOnlyLeaves() {
        var desk = MarkingDesk(exam: Self.exam, items: [], order: .byQuestion)
        let lines = draw(&desk).lines()
        #expect(lines[2].contains("Nothing to mark here"))
        #expect(desk.handle(.enter) == .stay && desk.handle(.control("n")) == .stay)
        #expect(desk.handle(.escape) == .quit)
    }

    @Test func enterStoresThePointsAndCommentThenMovesOnAndProgressCounts() {
        var desk = MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion)
        let outcomes = press(
            [.character("4"), .character(","), .character("5"), .tab] + "Vivid.".map { Key.character($0) } + [.enter],
            &desk)
        #expect(outcomes.last == .store(HandMark(points: 4.5, comment: "Vivid."), index: 0))
        desk.stored(HandMark(points: 4.5, comment: "Vivid."), at: 0)
        #expect(desk.index == 1 && desk.points.text.isEmpty && desk.comment.text.isEmpty)
        #expect(desk.unmarked.all == 3 && desk.unmarked.thisQuestion == 1)
        #expect(desk.notice == "Saved: 4.5 points.")
        // Going back shows the mark given, to change it.
        _ = desk.handle(.control("p"))
        #expect(desk.points.text == "4.5" && desk.comment.text == "Vivid.")
        // ^G goes to the next answer still unmarked (the fields hold the saved mark: no question).
        #expect(MarkingDesk.nextUnmarkedKey == .control("g"))
        _ = desk.handle(MarkingDesk.nextUnmarkedKey)
        #expect(desk.index == 1 && desk.departure == nil)
    }

    @Test func pointsOutsideTheRulesAndLettersAreRefusedOnTheDesk() {
        var desk = MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion)
        #expect(desk.handle(.enter) == .stay)
        #expect(desk.notice == "Type the points first (0 to 5).")
        _ = press([.character("x"), .character("6")], &desk)
        #expect(desk.points.text == "6")
        #expect(desk.handle(.enter) == .stay)
        #expect(desk.notice == "6 is outside 0 to 5 points.")
        _ = press([.backspace, .character("2"), .character("."), .character("2"), .character("5")], &desk)
        #expect(desk.handle(.enter) == .stay)
        #expect(desk.notice == "2.25 is not a whole or half point; give 0 to 5 in steps of 0.5.")
        var grid = CellGrid(size: TerminalSize(columns: 100, rows: 30))
        MarkingScreen.render(&desk, into: &grid)
        #expect(grid.lines()[27].contains("2.25 is not a whole or half point"))
    }

    /// Ctrl-U and Ctrl-R undo and redo in the field the cursor is in, as in the exam's
    /// answers; moving to another answer or leaving with a typed mark not saved asks first.
    @Test func ctrlUUndoesInTheFieldAndATypedMarkIsNotThrownAwayWithoutAsking() {
        var desk = MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion)
        _ = press([.character("4"), .tab] + "Vivid".map { Key.character($0) }, &desk)
        #expect(desk.handle(.control("u")) == .stay)
        #expect(desk.comment.text.isEmpty && desk.points.text == "4" && desk.index == 0)
        _ = press([.control("r"), .home] + "So ".map { Key.character($0) }, &desk)
        #expect(desk.comment.text == "So Vivid" && desk.hasUnsavedTyping)
        // The cursor at the comment's caret, after "So ".
        #expect(draw(&desk).cursor == CellPosition(row: 25, column: ScreenKit.margin + 32 + 3))

        #expect(desk.handle(.control("n")) == .stay)
        #expect(desk.departure == .answer(1) && desk.index == 0)
        let grid = draw(&desk)
        Self.golden.assertMatches(grid, named: "marking-unsaved-100x30")
        #expect(grid.cursor.map { grid.lines()[$0.row].contains("y leaves without saving") } == true)
        // Behind the question other keys do nothing; n stays with what was typed.
        #expect(press([.enter, .character("x")], &desk) == [.stay, .stay])
        _ = desk.handle(.character("n"))
        #expect(desk.departure == nil && desk.index == 0 && desk.comment.text == "So Vivid")
        // Ctrl-G asks too; y goes, and what was typed is gone.
        _ = desk.handle(MarkingDesk.nextUnmarkedKey)
        #expect(desk.departure == .answer(1))
        #expect(desk.handle(.character("y")) == .stay)
        #expect(desk.index == 1 && desk.points.text.isEmpty && desk.comment.text.isEmpty && !desk.hasUnsavedTyping)
        // Nothing typed: Ctrl-P and Esc go at once.
        _ = desk.handle(.control("p"))
        #expect(desk.index == 0 && desk.departure == nil)
        #expect(desk.handle(.escape) == .quit)
    }

    @Test func overridingAnAutomaticScoreNeedsAReason() {
        let item = MarkingItem(
            attemptID: "a-1", candidate: "c-101", anonymousNumber: 1, question: Self.colour,
            response: .singleChoice(0), automatic: Mark(awarded: 0, maximum: 1))
        var desk = MarkingDesk(exam: Self.exam, items: [item], order: .byQuestion)
        #expect(item.isOverride && !item.isUnmarked)
        _ = desk.handle(.character("1"))
        #expect(desk.handle(.enter) == .stay)
        #expect(desk.field == .reason)
        _ = press("Green is right at dusk".map { Key.character($0) }, &desk)
        #expect(desk.handle(.enter) == .store(HandMark(points: 1, overrideReason: "Green is right at dusk"), index: 0))
        Self.golden.assertMatches(draw(&desk), named: "marking-override-100x30")
    }

    /// A program whose hidden tests `results` ran: one passed, one printed the wrong thing,
    /// one reached the time limit; its long line is cut, never wrapped.
    static func program() -> MarkingItem {
        let code = CodeQuestion(
            language: .python3,
            tests: [
                CodeCase(standardInput: "3\n", expectedOutput: "Fizz\n", points: 1),
                CodeCase(standardInput: "10\n", expectedOutput: "Buzz\n", points: 2),
                CodeCase(standardInput: "7\n", expectedOutput: "7\n", points: 1),
            ])
        let question = Question(id: "fizz", prompt: "Print Fizz, Buzz or n.", points: 4, kind: .code(code))
        let answer =
            "n = int(input())  " + String(repeating: "# a long comment ", count: 4) + "\u{1b}]52;c;eA==\u{07}"
            + "\nif n % 3 == 0:\n\tprint('Fizz')\nelse:\n    print(n)"
        return MarkingItem(
            attemptID: "a-1", candidate: "c-101", anonymousNumber: 1, question: question, response: .code(answer),
            automatic: Mark(awarded: 1, maximum: 4),
            codeTests: [
                CodeTestOutcome(verdict: .passed, points: 1, seconds: 0.02, output: "Fizz\n"),
                CodeTestOutcome(verdict: .wrongOutput, points: 0, seconds: 0.02, output: "10\n"),
                CodeTestOutcome(verdict: .timeLimit, points: 0, seconds: 3, output: ""),
            ])
    }

    @Test func aProgramShowsWithLineNumbersAndEachHiddenTestsOutcome() {
        let exam = Exam(
            id: "code", title: "Code", durationSeconds: 600,
            sections: [ExamSection(title: nil, questions: [Self.program().question])])
        var desk = MarkingDesk(exam: exam, items: [Self.program()], order: .byQuestion)
        #expect(desk.current?.isOverride == true && desk.current?.isUnmarked == false)
        let size = TerminalSize(columns: 80, rows: 24)
        let screen = draw(&desk, size).lines().joined(separator: "\n")
        #expect(
            screen.contains(" 1 n = int(input())  # a long") && screen.contains(" 3     print('Fizz')"), "\(screen)")
        #expect(screen.contains("# a long comment›"), "\(screen)")
        #expect(screen.contains("Hidden tests: 1 of 3 passed"), "\(screen)")
        #expect(screen.contains("✓ Test 1 (1 point): passed"), "\(screen)")
        #expect(screen.contains("✗ Test 2 (2 points): wrong output · expected Buzz⏎ · got 10⏎ · input 10⏎"))
        #expect(screen.contains("✗ Test 3 (1 point): time limit reached · input 7⏎"), "\(screen)")
        #expect(!screen.contains("\u{1b}"))
        Self.golden.assertMatches(draw(&desk, size), named: "marking-program-80x24")
        // The override needs a reason, as for any question the exam scores by itself.
        _ = desk.handle(.character("3"))
        #expect(desk.handle(.enter) == .stay && desk.field == .reason)

        // The screen reader's layout: numbered lines and the tests under their heading, in one column.
        var linear = MarkingDesk(
            exam: exam, items: [Self.program()], order: .byQuestion,
            accessibility: AccessibilitySettings([.screenReader]))
        let read = draw(&linear, size).lines().joined(separator: "\n")
        #expect(read.contains("Program · Python 3 · scored 1 of 4:") && read.contains("1: n = int(input())"), "\(read)")
        #expect(read.contains("Hidden tests: 1 of 3 passed:") && read.contains("✗ Test 2 (2 points)"), "\(read)")
        #expect(!read.contains("│") && !read.contains("╭"))
    }

    @Test func aLongAnswerScrollsAndWideCharactersWrapWhole() {
        var desk = MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion)
        _ = desk.handle(.control("n"))
        var grid = draw(&desk)
        #expect(grid.lines().joined(separator: "\n").contains("lines 1-"))
        _ = press([.pageDown, .pageDown, .pageDown, .pageDown, .pageDown], &desk)
        grid = draw(&desk)
        #expect(grid.lines().joined(separator: "\n").contains("Line 40 of a long answer"))
        #expect(desk.scroll > 0)
        Self.golden.assertMatches(grid, named: "marking-scrolled-100x30")
        _ = desk.handle(.control("n"))
        Self.golden.assertMatches(draw(&desk, TerminalSize(columns: 80, rows: 24)), named: "marking-wide-80x24")
    }

    @Test func theRunLoopStoresEachMarkAndShowsARefusal() {
        let clock = ManualClock()
        let terminal = ScriptedTerminal(
            clock: clock,
            steps: [
                .type("3"), .key(.enter), .screen("Saved: 3 points."), .type("2"), .key(.enter),
                .screen("Not saved: the store refused"),
                // The 2 was not saved: leaving asks first.
                .key(.escape), .screen("Leave this answer without saving?"), .type("y"),
            ])
        let stored = Mutex<[String]>([])
        let left = MarkingScreen.run(
            MarkingDesk(exam: Self.exam, items: Self.items(), order: .byQuestion), on: terminal,
            clock: clock
        ) { item, mark in
            try stored.withLock { stored in
                if stored.count == 1 { throw Refusal() }
                stored.append("\(item.attemptID)/\(item.question.id)=\(MarkRules.number(mark.points))")
            }
        }
        #expect(terminal.failure == nil)
        #expect(stored.withLock { $0 } == ["a-1/story=3"])
        #expect(left.unmarked.all == 3)
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "the store refused" }
    }
}
