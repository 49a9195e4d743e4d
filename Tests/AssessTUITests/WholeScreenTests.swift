import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// Every phase of a sitting drawn whole at 80×24 and 100×30 and compared, row by row,
/// text and styles, with its golden screen in `Screens/` (`ASSESS_RECORD_SCREENS=1`
/// records them anew).
@Suite("Whole screens of every phase")
struct WholeScreenTests {
    static let golden = GoldenScreens(
        folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Screens").path)

    static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 100, rows: 30)]

    /// One second, in the flow's nanoseconds.
    static let second: UInt64 = 1_000_000_000

    /// A phase, and the events that take a new sitting there (at the time each names).
    struct Walk: Sendable, CustomTestStringConvertible {
        let name: String
        let exam: Exam
        let breaks: BreakAllowance
        let events: [(FlowEvent, UInt64)]
        /// When the screen is drawn.
        let now: UInt64
        /// The accessibility settings the sitting starts with, and those the student may switch.
        let accessibility: AccessibilitySettings
        let studentMaySwitch: Set<AccessibilityOption>
        /// True for a sitting the proctor launches: it begins on the launch screen.
        let launched: Bool
        /// True for a sitting whose welcome screen waits for the common start.
        let waits: Bool
        /// The longest the lock may last, in hours.
        let lockHours: Double
        /// True for a sitting with every suggestion the student may have (spell check,
        /// completion, and autocorrect to switch), with ``WholeScreenTests/speller``.
        let suggests: Bool
        /// True for a practice sitting (no lock).
        let practice: Bool
        /// The candidate's time (extra time included), and for a resumed attempt the time it used.
        let secondsAllowed: Int?
        let resumedWithSecondsUsed: Int?

        var testDescription: String { name }

        init(
            _ name: String, exam: Exam = ExamFixtures.capitals, breaks: BreakAllowance = .none,
            accessibility: Set<AccessibilityOption> = [], studentMaySwitch: Set<AccessibilityOption> = [],
            launched: Bool = false, waits: Bool = false, suggests: Bool = false, lockHours: Double = 8,
            practice: Bool = false, secondsAllowed: Int? = nil, resumedWithSecondsUsed: Int? = nil,
            _ events: [(FlowEvent, UInt64)], now: UInt64? = nil
        ) {
            self.name = name
            self.exam = exam
            self.breaks = breaks
            self.events = events
            self.now = now ?? (events.last?.1 ?? 0)
            self.accessibility = AccessibilitySettings(accessibility)
            self.studentMaySwitch = studentMaySwitch
            self.launched = launched
            self.waits = waits
            self.suggests = suggests
            self.lockHours = lockHours
            self.practice = practice
            self.secondsAllowed = secondsAllowed
            self.resumedWithSecondsUsed = resumedWithSecondsUsed
        }
    }

    static let s = second
    static let begin: [(FlowEvent, UInt64)] = [
        (.key(.enter), 0),
        (.consentRequested(ConsentRequest(title: "Capitals", maximumHours: 8)), 0),
    ]
    static let started = begin + [(.key(.character("y")), s), (.attemptStarted(id: "a-1"), s)]
    static let onQuestion = started + [(.key(.enter), 2 * s)]
    static let proctorMessage = SeatCommand(
        id: 1, action: .message, minutes: nil,
        message: "Please stop writing for a moment: the fire alarm will be tested at "
            + "10:30. It is only a test; stay in your seat. The time is added back.",
        reason: "", issuedBy: "pat")
    static let receipt = ReceiptInfo(code: "K7QF-2M9D-XW4T", submittedAt: "2026-11-23 10:41", reason: .student)

    /// The capitals exam without going back.
    static let linearCapitals: Exam = {
        var exam = ExamFixtures.capitals
        exam.navigation = .linear
        return exam
    }()

    /// An exam whose title and prompts are longer than a row: where they are cut, "…" says so.
    static let longTexts: Exam = {
        var exam = ExamFixtures.capitals
        exam.title = "Multilingual sampler / 多言語 / 다국어 / Đa ngôn ngữ / Português do Brasil"
        exam.sections[0].questions[0].prompt =
            "Which of these cities has been the capital of Canada since the nineteenth century, chosen by the Queen?"
        return exam
    }()
    /// On the calculator exam's numeric question, the calculator open with two results and an
    /// expression that has none.
    static let calculating: [(FlowEvent, UInt64)] =
        onQuestion + [(.key(ExamFlow.calculatorKey), 3 * s)]
        + ["0.1+0.2\n", "sqrt(2)*3\n", "2/(1-1)\n"].joined().map { character in
            (.key(character == "\n" ? .enter : .character(character)), 4 * s)
        }

    /// On the strike-out exam's first question: the first choice struck out, the third
    /// struck out and chosen, the highlight left on the third.
    static let striking: [(FlowEvent, UInt64)] =
        onQuestion + [
            (.key(ExamFlow.strikeOutKey), 3 * s), (.key(.down), 3 * s), (.key(.down), 3 * s),
            (.key(ExamFlow.strikeOutKey), 4 * s), (.key(.character(" ")), 4 * s),
        ]

    /// On the reading exam's question: Ctrl-G, the second and third words highlighted, then
    /// the line reader a line down.
    static let reading: [(FlowEvent, UInt64)] =
        onQuestion + [
            (.key(ExamFlow.readKey), 3 * s), (.key(.right), 3 * s), (.key(.character(" ")), 3 * s),
            (.key(.right), 3 * s), (.key(.character("h")), 4 * s), (.key(.down), 4 * s),
        ]

    static let walks: [Walk] = [
        Walk(
            "launch-setup", exam: ExamFixtures.everyType, launched: true,
            [(.key(.right), 0), (.key(.down), 0), (.key(.down), 0), (.key(.character(" ")), 0)], now: 0),
        Walk("welcome", [], now: 0),
        Walk("consent", begin),
        Walk("start-banner", started),
        // After a common start the exam's clock has run since the opening.
        Walk(
            "start-banner-common-start", waits: true,
            [
                (.sittingOpened(secondsAgo: 0), 0),
                (.consentRequested(ConsentRequest(title: "Capitals", maximumHours: 8)), 0),
                (.key(.character("y")), s), (.attemptStarted(id: "a-1"), s),
            ]),
        Walk("single-choice", onQuestion + [(.key(.character("2")), 3 * s)], now: 63 * s),
        Walk(
            "short-text",
            onQuestion + [(.key(.tab), 3 * s), (.key(.tab), 3 * s)]
                + "Canb".map { (.key(.character($0)), 4 * s) }),
        Walk(
            "essay", exam: ExamFixtures.essays,
            onQuestion + "My town has a river and a bridge.".map { (.key(.character($0)), 3 * s) }),
        Walk("calculator", exam: ExamFixtures.calculating, calculating),
        // Choices struck out (x): the first, then the third, which is then chosen too.
        Walk("strike-out", exam: ExamFixtures.striking, striking),
        Walk("high-contrast-strike-out", exam: ExamFixtures.striking, accessibility: [.highContrast], striking),
        Walk("screen-reader-strike-out", exam: ExamFixtures.striking, accessibility: [.screenReader], striking),
        // Reading the prompt (Ctrl-G): two words highlighted on the first line, the line
        // reader moved to the second, the highlighter's cursor on its first word.
        Walk("reading", exam: ExamFixtures.reading, reading),
        Walk("high-contrast-reading", exam: ExamFixtures.reading, accessibility: [.highContrast], reading),
        Walk("screen-reader-reading", exam: ExamFixtures.reading, accessibility: [.screenReader], reading),
        // The highlights kept once the reading ends.
        Walk("highlighted", exam: ExamFixtures.reading, reading + [(.key(.escape), 5 * s)]),
        Walk(
            "high-contrast-highlighted", exam: ExamFixtures.reading, accessibility: [.highContrast],
            reading + [(.key(.escape), 5 * s)]),
        Walk(
            "screen-reader-highlighted", exam: ExamFixtures.reading, accessibility: [.screenReader],
            reading + [(.key(.escape), 5 * s)]),
        // The reference sheet (Ctrl-L), scrolled down two lines.
        Walk(
            "reference", exam: ExamFixtures.referenced,
            onQuestion + [(.key(ExamFlow.referenceKey), 3 * s), (.key(.down), 4 * s), (.key(.down), 4 * s)]),
        Walk(
            "high-contrast-reference", exam: ExamFixtures.referenced, accessibility: [.highContrast],
            onQuestion + [(.key(ExamFlow.referenceKey), 3 * s), (.key(.down), 4 * s), (.key(.down), 4 * s)]),
        Walk(
            "screen-reader-reference", exam: ExamFixtures.referenced, accessibility: [.screenReader],
            onQuestion + [(.key(ExamFlow.referenceKey), 3 * s), (.key(.down), 4 * s), (.key(.down), 4 * s)]),
        // The countdown hidden (Ctrl-O), and the time left asked for (Ctrl-T), in an exam of
        // ten minutes (a shorter one is all "the last five minutes", where the clock shows).
        Walk(
            "timer-hidden", exam: ExamFixtures.essays, onQuestion + [(.key(ExamFlow.hideTimerKey), 3 * s)], now: 63 * s),
        Walk(
            "high-contrast-timer-hidden", exam: ExamFixtures.essays, accessibility: [.highContrast],
            onQuestion + [(.key(ExamFlow.hideTimerKey), 3 * s)], now: 63 * s),
        // The time left asked for with the countdown in sight.
        Walk("time-left", exam: ExamFixtures.essays, onQuestion + [(.key(ExamFlow.timeLeftKey), 62 * s)], now: 63 * s),
        Walk(
            "high-contrast-time-left", exam: ExamFixtures.essays, accessibility: [.highContrast],
            onQuestion + [(.key(ExamFlow.timeLeftKey), 62 * s)], now: 63 * s),
        Walk(
            "screen-reader-time-left", exam: ExamFixtures.essays, accessibility: [.screenReader],
            onQuestion + [(.key(ExamFlow.hideTimerKey), 3 * s), (.key(ExamFlow.timeLeftKey), 62 * s)],
            now: 63 * s),
        // A raised hand (F12): the header says so, the notice says how to lower it, and the
        // footer names F12 as lowering it where it has room.
        Walk("hand-raised", exam: ExamFixtures.essays, onQuestion + [(.key(ExamFlow.raiseHandKey), 3 * s)]),
        Walk(
            "high-contrast-hand-raised", exam: ExamFixtures.essays, accessibility: [.highContrast],
            onQuestion + [(.key(ExamFlow.raiseHandKey), 3 * s)]),
        Walk(
            "screen-reader-hand-raised", exam: ExamFixtures.essays, accessibility: [.screenReader],
            onQuestion + [(.key(ExamFlow.raiseHandKey), 3 * s)]),
        Walk("high-contrast-calculator", exam: ExamFixtures.calculating, accessibility: [.highContrast], calculating),
        Walk("screen-reader-calculator", exam: ExamFixtures.calculating, accessibility: [.screenReader], calculating),
        Walk("palette", onQuestion + [(.key(.character("1")), 3 * s), (.key(.function(3)), 4 * s)]),
        Walk("review", onQuestion + [(.key(.character("1")), 3 * s), (.key(.function(4)), 4 * s)]),
        // A title and a prompt too long for their rows end in "…", two cells before the counter.
        Walk("review-cut", exam: longTexts, onQuestion + [(.key(.function(4)), 4 * s)]),
        Walk("confirm-submit", onQuestion + [(.key(.function(4)), 4 * s), (.key(.character("s")), 5 * s)]),
        Walk(
            "end-banner",
            onQuestion + [
                (.key(.function(4)), 4 * s), (.key(.character("s")), 5 * s),
                (.key(.character("y")), 6 * s), (.submitted(receipt, problem: nil), 6 * s),
            ]),
        Walk(
            "receipt",
            onQuestion + [
                (.key(.function(4)), 4 * s), (.key(.character("s")), 5 * s),
                (.key(.character("y")), 6 * s), (.submitted(receipt, problem: nil), 6 * s),
                (.key(.enter), 7 * s),
            ]),
        // The server is away: what the sitting saved waits on this terminal.
        Walk(
            "saved-on-this-terminal",
            onQuestion + [(.key(.character("2")), 3 * s), (.savedOnThisTerminal(true), 4 * s)],
            now: 63 * s),
        Walk(
            "receipt-waiting",
            onQuestion + [
                (.key(.function(4)), 4 * s), (.key(.character("s")), 5 * s),
                (.key(.character("y")), 6 * s), (.savedOnThisTerminal(true), 6 * s),
                (.submitted(receipt, problem: nil), 6 * s), (.key(.enter), 7 * s),
            ]),
        Walk("refused", begin + [(.lockRefused(.notPermitted("the policy does not allow exam capitals here")), s)]),
        Walk(
            "on-break", breaks: BreakAllowance(count: 2, minutes: 10),
            onQuestion + [(.key(.function(6)), 10 * s), (.key(.character("y")), 10 * s)], now: 70 * s),
        // On a break the exam's clock stands still but the lock's longest time runs: its end is announced.
        Walk(
            "lock-end-warning-on-break", breaks: BreakAllowance(count: 1, minutes: 10), lockHours: 0.1,
            onQuestion + [(.key(.function(6)), 10 * s), (.key(.character("y")), 10 * s), (.tick, 62 * s)]),
        Walk(
            "reduced-motion-on-break", breaks: BreakAllowance(count: 2, minutes: 10), accessibility: [.reducedMotion],
            onQuestion + [(.key(.function(6)), 10 * s), (.key(.character("y")), 10 * s)], now: 70 * s),
        Walk(
            "confirm-break", breaks: BreakAllowance(count: 2, minutes: 10), onQuestion + [(.key(.function(6)), 10 * s)]),
        Walk("confirm-leave", exam: linearCapitals, onQuestion + [(.key(.tab), 10 * s)]),
        Walk("welcome-linear", exam: linearCapitals, [], now: 0),
        // A sitting with a roster waits for the proctor to open it, or for the start code.
        Walk("welcome-waiting", waits: true, "k7q".map { (.key(.character($0)), 0) }, now: 0),
        Walk(
            "welcome-wrong-code", waits: true,
            "ZZZZZZ".map { (.key(.character($0)), 0) }
                + [(.key(.enter), 0), (.startCodeChecked(accepted: false, problem: nil), s)]),
        Walk(
            "proctor-password",
            onQuestion + [(.key(ExamFlow.proctorKey), 5 * s)] + "secret".map { (.key(.character($0)), 6 * s) }),
        Walk(
            "proctor-menu",
            onQuestion + [
                (.key(ExamFlow.proctorKey), 5 * s), (.key(.character("x")), 6 * s),
                (.key(.enter), 6 * s), (.passwordChecked(accepted: true), 6 * s),
            ]),
        // A second password sent after a wrong one: "Checking…" alone, the old "Wrong password." gone.
        Walk(
            "proctor-checking-again",
            onQuestion + [
                (.key(ExamFlow.proctorKey), 5 * s), (.key(.character("x")), 6 * s),
                (.key(.enter), 6 * s), (.passwordChecked(accepted: false), 6 * s),
                (.key(.character("y")), 7 * s), (.key(.enter), 7 * s),
            ]),
        // Abort asks once more after its reason: the attempt will not count.
        Walk(
            "proctor-abort-sure",
            proctorMenu + [
                (.key(.down), 7 * s), (.key(.down), 7 * s), (.key(.down), 7 * s), (.key(.enter), 7 * s),
            ] + "wrong candidate".map { (.key(.character($0)), 8 * s) } + [(.key(.enter), 8 * s)]),
        // The panel's fields take the answers' undo and redo, and its footer says so (the
        // reason typed, a move from seat 4 to 7, has no words: translated screens draw it too).
        Walk(
            "proctor-reason-typed",
            onQuestion + [
                (.key(ExamFlow.proctorKey), 5 * s), (.key(.character("x")), 6 * s),
                (.key(.enter), 6 * s), (.passwordChecked(accepted: true), 6 * s),
                (.key(.enter), 7 * s),
            ] + "4 → 7".map { (.key(.character($0)), 8 * s) }),
        // While the welcome screen waits, letters are the code's: the help lists the field's keys.
        Walk("help-welcome-waiting", waits: true, [(.key(.function(1)), 0)], now: 0),
        Walk("too-small", onQuestion + [(.resized(TerminalSize(columns: 60, rows: 20)), 3 * s)]),
        Walk("help-single-choice", onQuestion + [(.key(.character("?")), 3 * s)]),
        Walk("help-short-text", onQuestion + [(.key(.tab), 3 * s), (.key(.tab), 3 * s), (.key(.function(1)), 3 * s)]),
        // Spell check, completion and autocorrect's keys fill the footer; the settings key stays.
        Walk(
            "short-text-suggestions-settings", studentMaySwitch: [.highContrast], suggests: true,
            onQuestion + [(.key(.tab), 3 * s), (.key(.tab), 3 * s)] + "Canb".map { (.key(.character($0)), 4 * s) }),
        Walk(
            "settings", studentMaySwitch: [.highContrast, .largerSpacing],
            onQuestion + [(.key(.function(9)), 3 * s), (.key(.down), 3 * s), (.key(.character(" ")), 4 * s)]),
        // The accessibility settings' own looks.
        Walk(
            "reduced-motion-single-choice", accessibility: [.reducedMotion],
            onQuestion + [(.key(.character("2")), 3 * s)],
            now: 63 * s),
        Walk(
            "larger-spacing-single-choice", accessibility: [.largerSpacing],
            onQuestion + [(.key(.character("2")), 3 * s)],
            now: 63 * s),
        Walk(
            "larger-spacing-essay", exam: ExamFixtures.essays, accessibility: [.largerSpacing],
            onQuestion + "My town has a river and a bridge.".map { (.key(.character($0)), 3 * s) }),
        // High contrast: no dim text, coloured and reverse text bold, the strong palette; no
        // colour: every cell in the terminal's colours, the words unchanged; together: no
        // colour, and high contrast's bold.
        Walk(
            "high-contrast-single-choice", accessibility: [.highContrast],
            onQuestion + [(.key(.character("2")), 3 * s)],
            now: 63 * s),
        Walk(
            "high-contrast-review", accessibility: [.highContrast],
            onQuestion + [(.key(.character("1")), 3 * s), (.key(.function(4)), 4 * s)]),
        Walk(
            "no-colour-review", accessibility: [.noColour],
            onQuestion + [(.key(.character("1")), 3 * s), (.key(.function(4)), 4 * s)]),
        Walk(
            "high-contrast-no-colour-review", accessibility: [.highContrast, .noColour],
            onQuestion + [(.key(.character("1")), 3 * s), (.key(.function(4)), 4 * s)]),
        // A misspelled word is underlined in the error colour, and only the word.
        Walk(
            "essay-misspelled", exam: ExamFixtures.essays, suggests: true,
            onQuestion + "My town recieve a river.".map { (.key(.character($0)), 3 * s) }),
        Walk("screen-reader-welcome", accessibility: [.screenReader], [], now: 0),
        Walk("screen-reader-consent", accessibility: [.screenReader], begin),
        Walk(
            "screen-reader-single-choice", accessibility: [.screenReader],
            onQuestion + [(.key(.character("2")), 3 * s), (.key(.function(2)), 3 * s)], now: 63 * s),
        Walk(
            "screen-reader-essay", exam: ExamFixtures.essays, accessibility: [.screenReader],
            onQuestion + "My town has a river and a bridge.".map { (.key(.character($0)), 3 * s) }),
        Walk(
            "screen-reader-palette", accessibility: [.screenReader],
            onQuestion + [(.key(.character("1")), 3 * s), (.key(.function(3)), 4 * s), (.key(.down), 4 * s)]),
        Walk(
            "screen-reader-review", accessibility: [.screenReader],
            onQuestion + [(.key(.character("1")), 3 * s), (.key(.function(4)), 4 * s)]),
        Walk(
            "screen-reader-confirm-submit", accessibility: [.screenReader],
            onQuestion + [(.key(.function(4)), 4 * s), (.key(.character("s")), 5 * s)]),
        Walk(
            "screen-reader-notice", accessibility: [.screenReader],
            onQuestion + [(.key(.function(5)), 3 * s), (.key(.character("2")), 3 * s)], now: 20 * s),
        // Exam day: a time warning stands until a key is pressed and the clock is marked in the
        // last five minutes; a proctor's message shows whole in its box; the end banner says why.
        Walk("warning-stays", onQuestion + [(.key(.character("2")), 3 * s), (.tick, 242 * s), (.tick, 262 * s)]),
        Walk(
            "reduced-motion-warning-stays", accessibility: [.reducedMotion],
            onQuestion + [(.key(.character("2")), 3 * s), (.tick, 242 * s), (.tick, 262 * s)]),
        Walk(
            "screen-reader-warning-stays", accessibility: [.screenReader],
            onQuestion + [(.key(.character("2")), 3 * s), (.tick, 242 * s), (.tick, 262 * s)]),
        Walk("proctor-message", onQuestion + [(.proctorCommand(proctorMessage), 10 * s), (.tick, 40 * s)]),
        Walk(
            "screen-reader-proctor-message", accessibility: [.screenReader],
            onQuestion + [(.proctorCommand(proctorMessage), 10 * s), (.tick, 40 * s)]),
        Walk(
            "end-banner-proctor",
            onQuestion + [
                (
                    .proctorCommand(
                        SeatCommand(
                            id: 2, action: .end, minutes: nil, message: nil,
                            reason: "fire alarm", issuedBy: "pat")), 4 * s
                ),
                (
                    .submitted(
                        ReceiptInfo(
                            code: "K7QF-2M9D-XW4T", submittedAt: "2026-11-23 10:41",
                            reason: .proctor), problem: nil), 5 * s
                ),
            ]),
        Walk(
            "end-banner-time-up",
            onQuestion + [
                (.tick, 302 * s),
                (
                    .submitted(
                        ReceiptInfo(
                            code: "K7QF-2M9D-XW4T", submittedAt: "2026-11-23 10:41",
                            reason: .timeUp), problem: nil), 303 * s
                ),
            ]),
    ]

    static let proctorMenu: [(FlowEvent, UInt64)] =
        onQuestion + [
            (.key(ExamFlow.proctorKey), 5 * s), (.key(.character("x")), 6 * s),
            (.key(.enter), 6 * s), (.passwordChecked(accepted: true), 6 * s),
        ]

    /// The help (F1, or `?` where nothing is typed) over the screens that lacked one: the
    /// launch screen, the consent, the banner, a break, the receipt, a refusal and the
    /// proctor's panel.
    static let helpWalks: [Walk] = [
        Walk("help-strike-out", exam: ExamFixtures.striking, striking + [(.key(.function(1)), 5 * s)]),
        Walk("help-reading", exam: ExamFixtures.reading, reading + [(.key(.function(1)), 5 * s)]),
        Walk(
            "help-calculator", exam: ExamFixtures.calculating,
            onQuestion + [(.key(ExamFlow.calculatorKey), 3 * s), (.key(.function(1)), 4 * s)]),
        Walk("help-launch-setup", exam: ExamFixtures.everyType, launched: true, [(.key(.function(1)), 0)], now: 0),
        Walk("help-consent", begin + [(.key(.character("?")), s)]),
        Walk("help-start-banner", started + [(.key(.function(1)), 2 * s)]),
        Walk(
            "help-on-break", breaks: BreakAllowance(count: 2, minutes: 10),
            onQuestion + [
                (.key(.function(6)), 10 * s), (.key(.character("y")), 10 * s), (.key(.character("?")), 11 * s),
            ]),
        Walk(
            "help-receipt",
            onQuestion + [
                (.key(.function(4)), 4 * s), (.key(.character("s")), 5 * s),
                (.key(.character("y")), 6 * s), (.submitted(receipt, problem: nil), 6 * s),
                (.key(.enter), 7 * s), (.key(.function(1)), 8 * s),
            ]),
        Walk(
            "help-refused",
            begin + [
                (.lockRefused(.notPermitted("the policy does not allow exam capitals here")), s),
                (.key(.function(1)), 2 * s),
            ]),
        Walk("help-proctor-password", onQuestion + [(.key(ExamFlow.proctorKey), 5 * s), (.key(.function(1)), 6 * s)]),
        Walk("help-proctor-menu", proctorMenu + [(.key(.character("?")), 7 * s)]),
    ]

    @Test(arguments: helpWalks)
    func theHelpOfEveryScreenListsItsKeysAsRecorded(_ walk: Walk) {
        Self.golden.assertMatches(Self.draw(walk, size: Self.sizes[0]), named: "\(walk.name)-80x24")
    }

    @Test(arguments: walks, sizes)
    func everyPhaseDrawsTheWholeScreenAsRecorded(_ walk: Walk, _ size: TerminalSize) {
        Self.golden.assertMatches(Self.draw(walk, size: size), named: "\(walk.name)-\(size.columns)x\(size.rows)")
    }

    /// The dictionary of the walks with suggestions.
    static let speller = FakeSpeller(
        words: [
            "canberra", "sydney", "my", "town", "has", "river", "receive", "relieve",
            "government", "governor",
        ],
        suggestions: ["Canb": ["Canberra", "Canby"], "recieve": ["receive", "relieve"]])

    /// The screen `walk` leads to on a terminal of `size`, in `language`.
    static func draw(_ walk: Walk, size: TerminalSize, language: InterfaceLanguage = .english) -> CellGrid {
        let sitting = ExamSitting(exam: walk.exam, presentation: ExamPresentation(exam: walk.exam, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: walk.practice, maximumLockHours: walk.lockHours,
            secondsAllowed: walk.secondsAllowed, resumedWithSecondsUsed: walk.resumedWithSecondsUsed,
            breaks: walk.breaks, size: size, accessibility: walk.accessibility,
            studentMaySwitch: walk.studentMaySwitch,
            launch: walk.launched ? LaunchSetup(exam: walk.exam, candidate: "c-1", settings: LaunchSettings()) : nil,
            waitsForOpening: walk.waits)
        flow.language = language
        if walk.suggests {
            flow.suggestions = SuggestionControl(speller: speller, language: walk.exam.language)
            _ = flow.update(.suggestionsChanged(.practice), now: 0)
        }
        _ = flow.update(.resized(size), now: 0)
        for (event, time) in walk.events {
            // A walk that shrinks the terminal draws at the new size; every other one at `size`.
            _ = flow.update(event, now: time)
        }
        var grid = CellGrid(size: flow.size)
        ExamScreens.render(flow, now: walk.now, into: &grid)
        return grid
    }
}
