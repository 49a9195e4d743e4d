import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// The hardware cursor on every screen: each phase of a sitting (every walk of the
/// screen tests, and the few they do not reach), the proctor's monitor and the marking
/// screen. Each screen's table entry says where the cursor is: on the focused row,
/// choice, word or line (the text that starts there), or at the end of the text typed in
/// the focused field; where a screen reader or a magnifier looks.
@Suite("The cursor on the focused item")
struct CursorTests {
    typealias Walk = WholeScreenTests.Walk
    static let s = WholeScreenTests.second
    static let onQuestion = WholeScreenTests.onQuestion
    static let submitted =
        onQuestion + [
            (FlowEvent.key(.function(4)), 4 * s), (.key(.character("s")), 5 * s),
            (.key(.character("y")), 6 * s),
        ]

    /// The screens no other test's walk reaches.
    static let walks: [Walk] =
        TranslatedScreenTests.walks + [
            Walk("starting", [(.key(.enter), 0)], now: 0),
            Walk("submitting", submitted),
            Walk("leaving", onQuestion + [(.stop(reason: "SIGTERM"), 4 * s)]),
            Walk(
                "spelling-list", suggests: true,
                onQuestion + [(.key(.tab), 3 * s), (.key(.tab), 3 * s)] + "Canb".map { (.key(.character($0)), 4 * s) }
                    + [(.key(.function(7)), 4 * s), (.key(.right), 4 * s)]),
            Walk(
                "screen-reader-welcome-waiting", accessibility: [.screenReader], waits: true,
                "k7q".map { (.key(.character($0)), 0) }, now: 0),
            Walk(
                "welcome-checking", waits: true, "k7q".map { (.key(.character($0)), 0) } + [(.key(.enter), 0)], now: 0),
        ]

    /// Where the cursor is on a screen.
    enum Focus {
        /// On a row, a choice, a word or a line: the text that starts at the cursor.
        case on(String)
        /// At the end of a field's text: the text that ends just before the cursor.
        case after(String)
    }

    /// Where the cursor is on each walk's screen at 80×24.
    static let focused: [String: Focus] = [
        "launch-setup": .on(" Going back"),
        "welcome": .on("Capitals"),
        "consent": .on("y  lock and begin"),
        "start-banner": .on("Press Enter to begin. The exam's timer starts"),
        "start-banner-common-start": .on("Press Enter to begin. The exam's timer has run"),
        "single-choice": .on("•) 2. Toronto"),
        "short-text": .after("Answer: Canb"),
        "short-text-suggestions-settings": .after("Answer: Canb"),
        "essay": .after("bridge."),
        "palette": .on("1 ●"),
        "review": .on("  1. answered"),
        "high-contrast-single-choice": .on("•) 2. Toronto"),
        "high-contrast-review": .on("  1. answered"),
        "no-colour-review": .on("  1. answered"),
        "high-contrast-no-colour-review": .on("  1. answered"),
        "essay-misspelled": .after("river."),
        "confirm-submit": .on("y  submit now"),
        "end-banner": .on("This terminal is no longer locked."),
        "receipt": .on("Your answers were submitted."),
        "saved-on-this-terminal": .on("•) 2. Toronto"),
        "receipt-waiting": .on("Your answers were submitted."),
        "refused": .on("The exam cannot start"),
        "on-break": .on("On a break"),
        "lock-end-warning-on-break": .on("On a break"),
        "reduced-motion-on-break": .on("On a break"),
        "confirm-break": .on("y  take the break"),
        "confirm-leave": .on("y  move on"),
        "welcome-linear": .on("Capitals"),
        "welcome-waiting": .after("Start code: K7Q"),
        "welcome-wrong-code": .after("Start code: "),
        "proctor-password": .after("password: ••••••"),
        "proctor-menu": .on("Pause the exam"),
        "too-small": .on("The terminal"),
        "help-single-choice": .on("Keys on this screen"),
        "help-short-text": .on("Keys on this screen"),
        "settings": .on(" Larger spacing"),
        "reduced-motion-single-choice": .on("•) 2. Toronto"),
        "larger-spacing-single-choice": .on("•) 2. Toronto"),
        "larger-spacing-essay": .after("bridge."),
        "screen-reader-welcome": .on("Capitals"),
        "screen-reader-consent": .on("Lock this terminal for the exam?"),
        "screen-reader-single-choice": .on("2. Toronto, chosen"),
        "screen-reader-essay": .after("bridge."),
        "screen-reader-palette": .on("Question 2"),
        "screen-reader-review": .on("1. answered: What is the capital"),
        "screen-reader-confirm-submit": .on("y  submit now"),
        "screen-reader-notice": .on("2. Toronto, chosen"),
        "multiple-response": .on("x] 1."),
        "true-false": .on("•) 1. True"),
        "numeric": .after("1,000.5"),
        "numeric-refused-letter": .after("Answer: "),
        "essay-limit": .after("The Moon"),
        "matching": .on("France"),
        "ordering": .on("⇕ 1."),
        "scratchpad": .after("  ("),
        "calculator": .after("Expression: 2/(1-1)"),
        "high-contrast-calculator": .after("Expression: 2/(1-1)"),
        "screen-reader-calculator": .after("Expression: 2/(1-1)"),
        "help-calculator": .on("Keys on this screen"),
        "strike-out": .on("•) 3. ✗ Mars"),
        "high-contrast-strike-out": .on("•) 3. ✗ Mars"),
        "screen-reader-strike-out": .on("3. Mars, chosen, struck"),
        "help-strike-out": .on("Keys on this screen"),
        "reading": .on("Mediterranean Sea"),
        "high-contrast-reading": .on("Mediterranean Sea"),
        "screen-reader-reading": .on("Mediterranean Sea"),
        "highlighted": .on(" ) 1. The Nile"),
        "high-contrast-highlighted": .on(" ) 1. The Nile"),
        "screen-reader-highlighted": .on("1. The Nile"),
        "help-reading": .on("Keys on this screen"),
        "reference": .on("Formulas"),
        "high-contrast-reference": .on("Formulas"),
        "screen-reader-reference": .on("Formulas"),
        "timer-hidden": .after("│"),
        "high-contrast-timer-hidden": .after("│"),
        "hand-raised": .after("│"),
        "high-contrast-hand-raised": .after("│"),
        "screen-reader-hand-raised": .after("  "),
        "time-left": .after("│"),
        "high-contrast-time-left": .after("│"),
        "screen-reader-time-left": .after("  "),
        "wrong-password": .after("password: "),
        "proctor-checking-again": .on("Checking"),
        "review-cut": .on("  1. unanswered"),
        "proctor-abort-sure": .on("y  "),
        "proctor-minutes": .after("add: 0"),
        "proctor-reason": .after(": "),
        "proctor-reason-typed": .after("4 → 7"),
        "help-welcome-waiting": .on("Keys on this screen"),
        "practice-welcome": .on("Capitals"),
        "practice-start-banner": .on("Press Enter to begin. The exam's timer starts"),
        "practice-spelling-list": .on("1 receive"),
        "practice-completion-list": .on("1 governor"),
        "practice-spelling-marked": .after("rivr "),
        "welcome-extra-time-breaks": .on("Capitals"),
        "welcome-resumed": .on("Capitals"),
        "time-up-receipt": .on("Time is up"),
        "proctor-locked-out": .on("Too many wrong passwords"),
        "paused": .on("The exam is paused"),
        "help-welcome": .on("Keys on this screen"),
        "help-review": .on("Keys on this screen"),
        "help-settings": .on("Keys on this screen"),
        "settings-every-option": .on(" Reduced motion"),
        "screen-reader-settings": .on("High contrast"),
        "time-warning": .on(" ) 1. Ottawa"),
        "warning-stays": .on("•) 2. Toronto"),
        "reduced-motion-warning-stays": .on("•) 2. Toronto"),
        "screen-reader-warning-stays": .on("2. Toronto, chosen"),
        "proctor-message": .on("Message from your proctor"),
        "screen-reader-proctor-message": .on("Message from your proctor"),
        "end-banner-proctor": .on("Your proctor ended the exam"),
        "end-banner-time-up": .on("Time is up"),
        "refused-held": .on("The exam cannot start"),
        "refused-stale": .on("The exam cannot start"),
        "refused-surroundings": .on("The exam cannot start"),
        "refused-clipboard": .on("The exam cannot start"),
        "starting": .on("Starting the exam"),
        "submitting": .on("Submitting"),
        "leaving": .on("Saving"),
        "spelling-list": .on("2 Canby"),
        "screen-reader-welcome-waiting": .after("Start code: K7Q"),
        "welcome-checking": .after("Start code: K7Q"),
        "proctor-checking": .on("Checking"),
        "help-consent": .on("Keys on this screen"),
        "help-launch-setup": .on("Keys on this screen"),
        "help-start-banner": .on("Keys on this screen"),
        "help-on-break": .on("Keys on this screen"),
        "help-receipt": .on("Keys on this screen"),
        "help-refused": .on("Keys on this screen"),
        "help-proctor-password": .on("Keys on this screen"),
        "help-proctor-menu": .on("Keys on this screen"),
    ]

    /// The text from `position` to the end of its row, without trailing spaces.
    static func text(at position: CellPosition, in grid: CellGrid) -> String {
        var line = ""
        for column in position.column..<grid.columns where !grid[position.row, column].isContinuation {
            line.append(grid[position.row, column].grapheme)
        }
        return String(line.reversed().drop { $0 == " " }.reversed())
    }

    @Test(arguments: walks)
    func everyScreenOfASittingShowsTheCursorOnItsFocusedItem(_ walk: Walk) throws {
        let grid = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24))
        let cursor = try #require(grid.cursor, "\(walk.name): the cursor is hidden")
        let expected = try #require(Self.focused[walk.name], "\(walk.name): no entry in the table")
        switch expected {
        case .on(let text):
            let atCursor = Self.text(at: cursor, in: grid)
            #expect(atCursor.hasPrefix(text), "\(walk.name): at \(cursor) the screen reads \"\(atCursor)\"")
        case .after(let text):
            let before = String(grid.lines()[cursor.row].prefix(cursor.column))
            #expect(before.hasSuffix(text), "\(walk.name): at \(cursor) the row before the cursor reads \"\(before)\"")
        }
    }
}

/// The proctor's monitor and the marking screen: the cursor on the highlighted seat, the
/// timeline's line, the boxes' focused lines and the marker's field or message.
extension CursorTests {
    /// What starts at the cursor on the monitor drawn at 80×24.
    static func monitorFocus(_ model: MonitorModel) throws -> String {
        let grid = MonitorTests.render(model)
        let cursor = try #require(grid.cursor)
        return text(at: cursor, in: grid)
    }

    static let timeline: [MonitorModel.TimelineEntry] = (0..<40).map {
        .init(
            time: Date(timeIntervalSince1970: 1_800_000_000 + Double($0) * 60), kind: "answer.saved",
            details: ["n": "\($0)"])
    }

    @Test func theMonitorShowsTheCursorOnTheHighlightedSeatTheTimelinesLineAndItsBoxes() throws {
        var model = MonitorTests.model(MonitorTests.room(12))
        _ = model.update(.key(.down), now: 0)
        #expect(try Self.monitorFocus(model).hasPrefix("c-001"))
        #expect(try Self.monitorFocus(MonitorTests.model([])) == "no seats yet")
        _ = model.update(.key(.character("a")), now: 0)
        #expect(try Self.monitorFocus(model).hasPrefix("▸ "))
        _ = model.update(.key(.escape), now: 0)
        _ = model.update(.key(.function(1)), now: 0)
        #expect(try Self.monitorFocus(model) == "Keys on this screen")
        _ = model.update(.key(.escape), now: 0)
        _ = model.update(.key(.enter), now: 0)
        #expect(try Self.monitorFocus(model) == "No events for this seat's attempt yet.")
        // Following, on the newest line; scrolled, on the first line shown.
        _ = model.update(.timeline(Self.timeline), now: 0)
        #expect(try Self.monitorFocus(model).hasPrefix("08:39:00 answer.saved"))
        _ = model.update(.key(.up), now: 0)
        #expect(try Self.monitorFocus(model).hasPrefix("08:20:00 answer.saved"))
    }

    @Test func theMarkingScreenShowsTheCursorInTheFieldOrOnItsMessage() throws {
        var empty = MarkingDesk(exam: MarkingScreenTests.exam, items: [], order: .byQuestion)
        var grid = CellGrid(rows: 24, columns: 80)
        MarkingScreen.render(&empty, into: &grid)
        #expect(try Self.text(at: #require(grid.cursor), in: grid).hasPrefix("Nothing to mark here"))
        var desk = MarkingDesk(exam: MarkingScreenTests.exam, items: MarkingScreenTests.items(), order: .byQuestion)
        MarkingScreen.render(&desk, into: &grid)
        let cursor = try #require(grid.cursor)
        #expect(grid.lines()[cursor.row].hasPrefix("  Points"))
    }
}
