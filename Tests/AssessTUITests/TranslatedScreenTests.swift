import AssessCore
import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessTUI

/// Every screen in every language at 80×24 and 100×30: nothing cut (no text clipped or
/// left out, no wide character broken), the columns that line up in English line up in
/// each language, and no English left on a translated screen.
@Suite("Every screen in every language")
struct TranslatedScreenTests {
    typealias Walk = WholeScreenTests.Walk
    static let s = WholeScreenTests.second
    static let onQuestion = WholeScreenTests.onQuestion

    static func onEveryType(_ tabs: Int, then keys: [Key] = []) -> [(FlowEvent, UInt64)] {
        onQuestion + Array(repeating: (FlowEvent.key(.tab), 3 * s), count: tabs) + keys.map { (.key($0), 4 * s) }
    }

    /// A practice sitting from its welcome screen to its first question.
    static let practiceOnQuestion: [(FlowEvent, UInt64)] = [
        (.key(.enter), 0), (.attemptStarted(id: "p-1"), 0), (.key(.enter), s),
    ]
    static func typed(_ text: String, at time: UInt64) -> [(FlowEvent, UInt64)] {
        text.map { (.key(.character($0)), time) }
    }
    /// The password typed and sent, not yet checked.
    static let passwordSent: [(FlowEvent, UInt64)] = [
        (.key(ExamFlow.proctorKey), 5 * s), (.key(.character("x")), 6 * s),
        (.key(.enter), 6 * s),
    ]
    static let timeUp = ReceiptInfo(code: "K7QF-2M9D-XW4T", submittedAt: "2026-11-23 10:41", reason: .timeUp)

    static let proctorMenu = WholeScreenTests.proctorMenu

    /// The golden screens' walks, and the screens they do not reach: each question type,
    /// the scratchpad, the proctor's steps and the pause, a wrong password.
    static let walks: [Walk] =
        WholeScreenTests.walks + WholeScreenTests.helpWalks + [
            Walk("multiple-response", exam: ExamFixtures.everyType, onEveryType(1, then: [.character("1")])),
            Walk("true-false", exam: ExamFixtures.everyType, onEveryType(2, then: [.character("1"), .function(2)])),
            Walk("numeric", exam: ExamFixtures.everyType, onEveryType(4, then: "1,000.5".map { .character($0) })),
            Walk("numeric-refused-letter", exam: ExamFixtures.everyType, onEveryType(4, then: [.character("x")])),
            Walk("essay-limit", exam: ExamFixtures.everyType, onEveryType(5, then: "The Moon".map { .character($0) })),
            Walk("matching", exam: ExamFixtures.everyType, onEveryType(6, then: [.right])),
            Walk("ordering", exam: ExamFixtures.everyType, onEveryType(7, then: [.character(" ")])),
            Walk("scratchpad", exam: ExamFixtures.everyType, onEveryType(0, then: [.function(5)])),
            Walk(
                "wrong-password",
                onQuestion + [
                    (.key(ExamFlow.proctorKey), 5 * s), (.key(.character("x")), 6 * s),
                    (.key(.enter), 6 * s), (.passwordChecked(accepted: false), 6 * s),
                ]),
            Walk(
                "proctor-minutes",
                proctorMenu + [
                    (.key(.down), 7 * s), (.key(.enter), 7 * s), (.key(.character("0")), 7 * s),
                    (.key(.enter), 7 * s),
                ]),
            Walk(
                "proctor-reason",
                proctorMenu + [
                    (.key(.down), 7 * s), (.key(.enter), 7 * s), (.key(.character("5")), 7 * s),
                    (.key(.enter), 7 * s), (.key(.enter), 8 * s),
                ]),
            Walk(
                "paused", proctorMenu + [(.key(.enter), 7 * s), (.key(.character("x")), 7 * s), (.key(.enter), 8 * s)]),
            Walk("help-welcome", [(.key(.function(1)), 0)], now: 0),
            Walk("help-review", onQuestion + [(.key(.function(4)), 4 * s), (.key(.function(1)), 4 * s)]),
            Walk(
                "help-settings", studentMaySwitch: Set(AccessibilityOption.allCases),
                onQuestion + [(.key(.function(9)), 3 * s), (.key(.function(1)), 3 * s)]),
            Walk(
                "settings-every-option", studentMaySwitch: Set(AccessibilityOption.allCases),
                onQuestion + [(.key(.function(9)), 3 * s), (.key(.down), 3 * s), (.key(.down), 3 * s)]),
            Walk(
                "screen-reader-settings", accessibility: [.screenReader],
                studentMaySwitch: Set(AccessibilityOption.allCases),
                onQuestion + [(.key(.function(9)), 3 * s)]),
            Walk("time-warning", onQuestion + [(.tick, 242 * s)]),
            Walk("refused-held", WholeScreenTests.begin + [(.lockRefused(.heldByAnother(holder)), s)]),
            Walk("refused-stale", WholeScreenTests.begin + [(.lockRefused(.staleLock(holder)), s)]),
            Walk(
                "refused-surroundings",
                WholeScreenTests.begin + [
                    (
                        .lockRefused(
                            .surroundings([
                                .localeNotUTF8("C"),
                                .terminalTooSmall(
                                    TerminalSize(columns: 70, rows: 20), minimum: TerminalSize(columns: 80, rows: 24)),
                                .multiplexer("tmux"), .dataDirectory("/data: Permission denied"),
                            ])), s
                    )
                ]),
            Walk(
                "refused-clipboard", WholeScreenTests.begin + [(.lockRefused(.clipboardNotCleared("xclip: exit 1")), s)]
            ),
            // Practice, its suggestions and their lists.
            Walk("practice-welcome", practice: true, [], now: 0),
            Walk("practice-start-banner", practice: true, [(.key(.enter), 0), (.attemptStarted(id: "p-1"), 0)]),
            Walk(
                "practice-spelling-list", exam: ExamFixtures.essays, suggests: true, practice: true,
                practiceOnQuestion + typed("my town recieve", at: 2 * s) + [(.key(.function(7)), 3 * s)]),
            Walk(
                "practice-completion-list", exam: ExamFixtures.essays, suggests: true, practice: true,
                practiceOnQuestion + typed("gov", at: 2 * s) + [(.key(.control("n")), 3 * s)]),
            Walk(
                "practice-spelling-marked", exam: ExamFixtures.essays, suggests: true, practice: true,
                practiceOnQuestion + typed("my towm has a rivr ", at: 2 * s)),
            // The welcome screen with extra time and breaks, and that of a resumed attempt.
            Walk(
                "welcome-extra-time-breaks", breaks: BreakAllowance(count: 2, minutes: 10), secondsAllowed: 900, [],
                now: 0),
            Walk("welcome-resumed", secondsAllowed: 600, resumedWithSecondsUsed: 125, [], now: 0),
            // Time up: the end banner, then the receipt that says why.
            Walk(
                "time-up-receipt", secondsAllowed: 60,
                onQuestion + [(.tick, 63 * s), (.submitted(timeUp, problem: nil), 63 * s), (.key(.enter), 64 * s)]),
            // The proctor's panel checking a password, and locked after three wrong ones.
            Walk("proctor-checking", onQuestion + passwordSent),
            Walk(
                "proctor-locked-out",
                onQuestion + passwordSent + [(.passwordChecked(accepted: false), 6 * s)]
                    + passwordSent.map { ($0.0, $0.1 + 2 * s) } + [(.passwordChecked(accepted: false), 8 * s)]
                    + passwordSent.map { ($0.0, $0.1 + 4 * s) } + [(.passwordChecked(accepted: false), 10 * s)]),
        ]

    /// Another sitting's lock, as a refusal names it.
    static let holder = LockRecord(
        pid: 4242, bootID: "boot", user: "ana", tty: "/dev/pts/3", examID: "capitals",
        examKey: "key", candidate: "c-17", startedAt: Date(timeIntervalSince1970: 0),
        expiresAt: Date(timeIntervalSince1970: 3600))

    @Test(arguments: InterfaceLanguage.allCases, WholeScreenTests.sizes)
    func nothingIsCutOnAnyScreen(_ language: InterfaceLanguage, _ size: TerminalSize) {
        for walk in Self.walks {
            let grid = WholeScreenTests.draw(walk, size: size, language: language)
            #expect(grid.cuts == [], "\(walk.name) in \(language.rawValue) at \(size): \(grid.cuts)")
            Self.expectWholeWideCharacters(grid, walk.name)
        }
        for setup in Self.launchScreens() {
            var grid = CellGrid(size: size)
            LaunchSetupScreen.render(setup, in: language, into: &grid)
            #expect(grid.cuts == [], "launch row \(setup.selection) in \(language.rawValue) at \(size): \(grid.cuts)")
        }
    }

    @Test(arguments: InterfaceLanguage.allCases.filter { $0 != .english }, WholeScreenTests.sizes)
    func noEnglishIsLeftOnATranslatedScreen(_ language: InterfaceLanguage, _ size: TerminalSize) {
        // The language's own words; in Japanese and Korean an ASCII word in the catalogue
        // that is also English's (other than a key's name) would be English left in it.
        var own = Self.words(in: Catalogue.of(language).entries.values.joined(separator: " "))
        if language == .japanese || language == .korean {
            own.subtract(Self.words(in: Catalogue.english.entries.values.joined(separator: " ")))
        }
        let allowed = own.union(Self.contentWords)
        for walk in Self.walks {
            let lines = WholeScreenTests.draw(walk, size: size, language: language).lines()
            // A word cut short ("sin…") is the start of the exam's own text, not English left.
            let shown = lines.joined(separator: "\n").replacingOccurrences(
                of: #"\p{L}+…"#, with: "…", options: .regularExpression)
            let english = Self.words(in: shown).subtracting(allowed)
            #expect(
                english.isEmpty,
                "\(walk.name) in \(language.rawValue): \(english.sorted())\n\(lines.joined(separator: "\n"))")
        }
        for setup in Self.launchScreens() {
            var grid = CellGrid(size: size)
            LaunchSetupScreen.render(setup, in: language, into: &grid)
            let english = Self.words(in: grid.lines().joined(separator: "\n")).subtracting(allowed)
            #expect(english.isEmpty, "launch row \(setup.selection) in \(language.rawValue): \(english.sorted())")
        }
    }

    /// A few screens of each translation as recorded (read by eye when recorded): the
    /// welcome, a question, the review, the help and the consent, at 80×24.
    @Test(
        arguments: InterfaceLanguage.allCases.filter { $0 != .english },
        ["welcome", "consent", "single-choice", "review", "help-single-choice", "matching", "receipt"])
    func translatedScreensDrawAsRecorded(_ language: InterfaceLanguage, _ name: String) throws {
        let walk = try #require(Self.walks.first { $0.name == name })
        let size = TerminalSize(columns: 80, rows: 24)
        WholeScreenTests.golden.assertMatches(
            WholeScreenTests.draw(walk, size: size, language: language),
            named: "\(language.rawValue)-\(name)-80x24")
    }

    /// The tools in each translation as recorded, at 80×24: each tool in the standard,
    /// high-contrast and screen reader's layouts (the calculator, the reference sheet, choices
    /// struck out, the prompt read with highlights and the line reader, the highlights kept
    /// after, the countdown hidden, the time left asked for, a raised hand), and the help of
    /// those that have keys of their own.
    @Test(
        arguments: InterfaceLanguage.allCases.filter { $0 != .english },
        [
            "calculator", "high-contrast-calculator", "screen-reader-calculator", "help-calculator", "timer-hidden",
            "high-contrast-timer-hidden", "time-left", "high-contrast-time-left", "screen-reader-time-left",
            "reference", "high-contrast-reference", "screen-reader-reference", "strike-out",
            "high-contrast-strike-out", "screen-reader-strike-out", "help-strike-out", "reading",
            "high-contrast-reading", "screen-reader-reading", "help-reading", "highlighted",
            "high-contrast-highlighted", "screen-reader-highlighted", "hand-raised", "high-contrast-hand-raised",
            "screen-reader-hand-raised",
        ])
    func translatedToolScreensDrawAsRecorded(_ language: InterfaceLanguage, _ name: String) throws {
        let walk = try #require(Self.walks.first { $0.name == name })
        WholeScreenTests.golden.assertMatches(
            WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language),
            named: "\(language.rawValue)-\(name)-80x24")
    }

    /// The scratchpad's heading in every language wraps whole above the pad: none ends in "…".
    @Test(arguments: InterfaceLanguage.allCases)
    func theScratchpadsHeadingWrapsWhole(_ language: InterfaceLanguage) throws {
        var exam = ExamFixtures.everyType
        exam.restrictions = exam.restrictions.map { restriction in
            var restriction = restriction
            if restriction.id == "scratchpad" { restriction.isOnByDefault = true }
            return restriction
        }
        let walk = Walk("scratchpad-open", exam: exam, Self.onEveryType(0, then: [.function(5)]))
        let grid = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language)
        WholeScreenTests.golden.assertMatches(grid, named: "\(language.rawValue)-scratchpad-80x24")
        let heading = Catalogue.of(language)("scratchpad.about")
        let rows = grid.lines()[2...3].map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.joined(separator: " ").contains(heading) || rows.joined().contains(heading), "\(rows)")
        #expect(!rows.joined().contains("…"))
    }

    /// A question's heading too long for its row beside the flag (a question worth 2^100
    /// points, flagged) wraps whole at 80×24, the prompt starting a line below it: never cut
    /// and never ending in "…". (Japanese and Korean say it in one row.)
    @Test(arguments: [InterfaceLanguage.english, .brazilianPortuguese, .vietnamese])
    func aLongQuestionHeadingWrapsWholeBesideTheFlag(_ language: InterfaceLanguage) throws {
        var exam = ExamFixtures.capitals
        exam.sections[0].questions[0].points = 0x1p100
        let walk = Walk("long-heading", exam: exam, WholeScreenTests.onQuestion + [(.key(.function(2)), 3 * Self.s)])
        let grid = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language)
        WholeScreenTests.golden.assertMatches(grid, named: "\(language.rawValue)-long-heading-80x24")
        let text = Catalogue.of(language)
        let heading = text(
            "question.position",
            ["number": 1, "count": 3, "points": text("question.points-fraction", ["points": 0x1p100])])
        let flag = text("question.flagged")
        // Rows 2 and 3 hold the heading, the flag at the end of the first.
        let rows = grid.lines()[2...3].map { $0.replacingOccurrences(of: "⚑ " + flag, with: "") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(!rows[1].isEmpty, "the heading takes two rows: \(rows)")
        #expect(rows.joined(separator: " ") == heading || rows.joined() == heading, "\(rows) is not \(heading)")
        #expect(grid.lines()[2].contains("⚑ " + flag))
        #expect(!grid.lines().joined().contains("…"))
        // The prompt starts a line below the heading's last.
        #expect(grid.lines()[5].contains(exam.sections[0].questions[0].prompt), "\(grid.lines()[4...5])")
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func reviewRowsStartTheirPromptsInOneColumn(_ language: InterfaceLanguage) throws {
        let walk = Walk(
            "review",
            WholeScreenTests.onQuestion + [(.key(.character("1")), 3 * Self.s), (.key(.function(4)), 4 * Self.s)])
        let lines = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language).lines()
        let prompts = ExamFixtures.capitals.sections[0].questions.map(\.prompt)
        let columns = try prompts.map { prompt in
            let line = try #require(lines.first { $0.contains(prompt) })
            return line[..<line.range(of: prompt)!.lowerBound].displayWidth
        }
        #expect(Set(columns).count == 1, "\(language.rawValue): prompts start at columns \(columns)")
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func settingsAndLaunchRowsLineUpTheirStates(_ language: InterfaceLanguage) {
        let text = Catalogue.of(language)
        let states = [text("state.on"), text("state.off")]
        let walk = Walk(
            "settings", studentMaySwitch: Set(AccessibilityOption.allCases),
            WholeScreenTests.onQuestion + [(.key(.function(9)), 3 * Self.s)])
        let lines = WholeScreenTests.draw(walk, size: TerminalSize(columns: 80, rows: 24), language: language).lines()
        let labels = AccessibilityOption.allCases.map { text.sentenceStart("setting." + $0.rawValue) }
        let columns = labels.compactMap { label -> Int? in
            guard let line = lines.first(where: { $0.contains(label) }) else { return nil }
            let rest = line[line.range(of: label)!.upperBound...]
            guard let state = states.compactMap({ rest.range(of: " " + $0 + " ") }).first else { return nil }
            return line[..<state.lowerBound].displayWidth
        }
        #expect(columns.count == labels.count && Set(columns).count == 1, "\(language.rawValue): states at \(columns)")

        let setup = LaunchSetup(exam: ExamFixtures.everyType, candidate: "c-1", settings: LaunchSettings())
        var grid = CellGrid(rows: 40, columns: 100)
        LaunchSetupScreen.render(setup, in: language, into: &grid)
        let rowLabels =
            [text("launch.extra-time"), text("launch.breaks")] + ExamFixtures.everyType.restrictions.map(\.title)
            + ExamFixtures.everyType.suggestions.sorted().map {
                text("launch.suggestion", ["feature": text("suggestion." + $0.rawValue)])
            }
            + AccessibilityOption.allCases.map {
                text("launch.accessibility", ["setting": text("setting." + $0.rawValue)])
            }
        let lines5 = grid.lines()
        // Each value starts where the first non-space after its row's label is.
        let valueColumns = rowLabels.map { label -> Int? in
            guard let line = lines5.first(where: { $0.contains(label) }), let end = line.range(of: label)?.upperBound,
                let value = line[end...].firstIndex(where: { $0 != " " })
            else { return nil }
            return line[..<value].displayWidth
        }
        #expect(
            !valueColumns.contains(nil) && Set(valueColumns).count == 1,
            "\(language.rawValue): launch values at \(valueColumns)")
    }

    @Test func labelsAndValuesLineUpWhateverTheLabelsWidth() {
        let lines = ScreenKit.aligned([
            (label: "受験者", value: "c-1"), (label: "Time", value: "5分"), (label: "試験キー", value: "K"),
        ])
        #expect(lines == ["受験者    c-1", "Time      5分", "試験キー  K"])
    }

    /// The launch screen with each row selected in turn, so that every row's detail shows.
    static func launchScreens() -> [LaunchSetup] {
        var setup = LaunchSetup(exam: ExamFixtures.everyType, candidate: "c-1", settings: LaunchSettings())
        var screens = [setup]
        for _ in setup.rows.dropFirst() {
            _ = setup.handle(.down)
            screens.append(setup)
        }
        return screens
    }

    /// The grid never holds half a wide character: every continuation cell follows a wide one.
    static func expectWholeWideCharacters(_ grid: CellGrid, _ name: String) {
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[row, column]
                let wide = !cell.isContinuation && cell.grapheme.displayWidth == 2
                if wide {
                    #expect(
                        column + 1 < grid.columns && grid[row, column + 1].isContinuation, "\(name) (\(row), \(column))"
                    )
                }
                if cell.isContinuation {
                    #expect(
                        column > 0 && grid[row, column - 1].grapheme.displayWidth == 2, "\(name) (\(row), \(column))")
                }
            }
        }
    }

    /// The words the exams and the test's events put on screen, which stay as they are,
    /// and the names of keys, which are the keyboard's.
    static let contentWords: Set<String> = {
        let exams = [
            ExamFixtures.capitals, ExamFixtures.essays, ExamFixtures.everyType, WholeScreenTests.longTexts,
            ExamFixtures.calculating, ExamFixtures.referenced, ExamFixtures.striking,
            ExamFixtures.reading,
        ].map {
            String(describing: $0)
        }
        let typed =
            "My town has a river and a bridge. Canb The Moon the policy does not allow exam capitals here"
            + " recieve receive relieve gov government governor towm rivr"
            + " ana /dev/pts/3 /data: Permission denied xclip: exit 1 tmux"
            + " " + (WholeScreenTests.proctorMessage.message ?? "")
        // Keys' names, and names that are the same in every language: a process id, a
        // variable and an encoding a refusal names, the calculator's functions.
        let keys =
            "Tab Enter Space Esc PageDown PageUp Shift Home End Ctrl assess pid LANG UTF-8"
            + " sqrt cbrt sin cos tan asin acos atan log ans"
        return words(in: (exams + [typed, keys]).joined(separator: " "))
    }()

    /// The words of three or more ASCII letters in `text`, lowercased: the English a
    /// translated screen must not hold (words with any other letter are the language's own).
    static func words(in text: String) -> Set<String> {
        Set(text.split { !$0.isLetter }.filter { $0.count >= 3 && $0.allSatisfy(\.isASCII) }.map { $0.lowercased() })
    }
}
