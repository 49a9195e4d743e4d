import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// Sample runs during the exam: the run key (Ctrl-G) asks for a run of the code question
/// on screen with its code's hash and goes on taking keys; the panel shows each sample's
/// verdict when the run comes back, the log keeps the run without the code, and the runs
/// left follow the store's count.
@Suite struct SampleRunTests {
    static let s: UInt64 = 1_000_000_000

    static func exam(runs: Int) -> Exam {
        let code = CodeQuestion(
            language: .python3, starter: "",
            samples: [
                CodeCase(standardInput: "3\n", expectedOutput: "Fizz\n"),
                CodeCase(standardInput: "5\n", expectedOutput: "Buzz\n"),
            ],
            tests: [], runsDuringExam: runs)
        return Exam(
            id: "code", title: "Programs", durationSeconds: 600,
            sections: [
                ExamSection(
                    title: nil, questions: [Question(id: "fizz", prompt: "Print Fizz or Buzz.", kind: .code(code))])
            ])
    }

    static func onQuestion(runs: Int, runsSamples: Bool = true) -> ExamFlow {
        let exam = exam(runs: runs)
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8,
            size: TerminalSize(columns: 80, rows: 24))
        flow.runsSamples = runsSamples
        FlowFixtures.begin(&flow)
        for character in "print('Fizz')" { _ = flow.update(.key(.character(character)), now: s) }
        return flow
    }

    static func screen(_ flow: ExamFlow) -> [String] {
        var grid = CellGrid(rows: 24, columns: 80)
        ExamScreens.render(flow, now: 2 * s, into: &grid)
        return grid.lines()
    }

    static func requests(_ effects: [FlowEffect]) -> [SampleRunRequest] {
        effects.compactMap { if case .runSamples(let request) = $0 { return request } else { return nil } }
    }

    @Test func theRunKeyAsksForARunWithTheCodeAndItsHashAndSavesTheAnswer() {
        var flow = Self.onQuestion(runs: 3)
        #expect(Self.screen(flow).contains { $0.contains("Ctrl-G runs your program on the examples. Runs left: 3") })
        let effects = flow.update(.key(ExamFlow.runKey), now: 3 * Self.s)
        let request = Self.requests(effects)
        #expect(request.count == 1)
        #expect(request.first?.attemptID == "a-1")
        #expect(request.first?.code == "print('Fizz')")
        #expect(request.first?.codeHash == CodeQuestion.codeHash("print('Fizz')"))
        #expect(request.first?.codeHash.count == 64)
        #expect(effects.saves.flatMap(\.answers).map(\.questionID) == ["fizz"])
        // Typing goes on while the run is under way; a second run waits for the first.
        _ = flow.update(.key(.character("#")), now: 4 * Self.s)
        #expect(flow.control.response == .code("print('Fizz')#"))
        #expect(Self.requests(flow.update(.key(ExamFlow.runKey), now: 4 * Self.s)).isEmpty)
        #expect(flow.notice?.text == "A run is under way: its results show under the program when it ends.")
        #expect(Self.screen(flow).contains { $0.contains("Running your program on the examples… Runs left: 3") })
    }

    @Test func theOutcomesShowInThePanelAndTheLogKeepsTheRunWithoutTheCode() {
        var flow = Self.onQuestion(runs: 3)
        let hash = CodeQuestion.codeHash("print('Fizz')")
        _ = flow.update(.key(ExamFlow.runKey), now: 3 * Self.s)
        let finished = flow.update(
            .sampleRunFinished(
                questionID: "fizz", number: 1, codeHash: hash,
                outcomes: [
                    SampleOutcome(verdict: .passed, output: "Fizz\n", seconds: 0.04),
                    SampleOutcome(verdict: .wrongOutput, output: "Fizz\n\u{1B}]52;c;aGk=\u{07}", seconds: 0.05),
                ]), now: 5 * Self.s)
        #expect(
            finished.logged == [
                .codeRun(
                    questionID: "fizz", number: 1, codeHash: hash, passed: 1, of: 2,
                    verdicts: ["passed", "wrong-output"])
            ])
        #expect(!finished.logged.description.contains("print("))
        let screen = Self.screen(flow)
        #expect(screen.contains { $0.contains("Run 1: 1 of 2 examples passed. Runs left: 2") })
        #expect(screen.contains { $0.contains("✓ Example 1: passed") })
        // The output's escape is written out, never sent.
        #expect(screen.contains { $0.contains("✗ Example 2: wrong output  got Fizz⏎^[]52;c;aGk=^G") })
        #expect(flow.runsLeftHere == 2)
    }

    @Test func noRunIsAskedForOnceTheStoreSaysNoneIsLeft() {
        var flow = Self.onQuestion(runs: 2)
        _ = flow.update(.key(ExamFlow.runKey), now: 3 * Self.s)
        // Another terminal (or a resumed sitting's earlier runs) used the budget: the store refuses.
        _ = flow.update(.sampleRunRefused(questionID: "fizz", .noneLeft), now: 4 * Self.s)
        #expect(flow.runsLeftHere == 0)
        #expect(flow.notice?.text == "No runs of this question are left.")
        #expect(Self.requests(flow.update(.key(ExamFlow.runKey), now: 5 * Self.s)).isEmpty)
        #expect(flow.notice?.text == "No runs of this question are left.")
    }

    @Test func aQuestionWithoutRunsOrATerminalWithoutASandboxRefusesTheKey() {
        var none = Self.onQuestion(runs: 0)
        #expect(Self.requests(none.update(.key(ExamFlow.runKey), now: 3 * Self.s)).isEmpty)
        // Without runs the key is the prompt reader's, refused here: this exam allows neither reader.
        #expect(none.notice?.text == "This exam has neither the line reader nor the highlighter.")
        #expect(!Self.screen(none).contains { $0.contains("Runs left") || $0.contains("^G") })
        var unavailable = Self.onQuestion(runs: 3, runsSamples: false)
        #expect(Self.requests(unavailable.update(.key(ExamFlow.runKey), now: 3 * Self.s)).isEmpty)
        #expect(unavailable.notice?.text == "Runs are not available on this terminal; ask your proctor.")
    }

    /// The footer names the run key after review & submit where it has room (an exam that
    /// allows raising a hand gives F12 the room first); the panel under the editor names it.
    @Test func theFooterThePanelAndTheHelpNameTheRunKey() {
        var flow = Self.onQuestion(runs: 3)
        let screen = Self.screen(flow)
        #expect(screen.contains { $0.contains("Ctrl-G runs your program on the examples. Runs left: 3") })
        #expect(screen[23].contains("F4 review & submit  ^G run samples"))
        _ = flow.update(.key(ExamFlow.helpKey), now: 3 * Self.s)
        let help = Self.screen(flow).joined(separator: "\n")
        #expect(
            help.contains("  Ctrl-G               run the examples in a sandbox (3 runs left); you keep"), "\(help)")
    }
}

/// Auto-indent in programs: on by default; F8 switches it off (Enter then starts each line
/// at the margin) and on again, the notice and the help saying which.
@Suite struct AutoIndentSwitchTests {
    @Test func f8SwitchesAutoIndentOffAndOn() {
        var flow = SampleRunTests.onQuestion(runs: 0)
        for key: Key in [.enter, .character(" "), .character(" "), .character("x"), .enter] {
            _ = flow.update(.key(key), now: SampleRunTests.s)
        }
        #expect(flow.control.response == .code("print('Fizz')\n  x\n  "))
        _ = flow.update(.key(ExamFlow.autoIndentKey), now: SampleRunTests.s)
        #expect(flow.notice?.text == "Auto-indent is off: Enter starts each line at the margin.")
        _ = flow.update(.key(.character("y")), now: SampleRunTests.s)
        _ = flow.update(.key(.enter), now: SampleRunTests.s)
        #expect(flow.control.response == .code("print('Fizz')\n  x\n  y\n"))
        _ = flow.update(.key(ExamFlow.helpKey), now: SampleRunTests.s)
        #expect(
            SampleRunTests.screen(flow).contains {
                $0.contains("F8 ") && $0.contains("switch auto-indent on (Enter keeps the indentation)")
            })
        _ = flow.update(.key(.escape), now: SampleRunTests.s)
        _ = flow.update(.key(ExamFlow.autoIndentKey), now: SampleRunTests.s)
        #expect(flow.notice?.text == "Auto-indent is on: Enter keeps the indentation.")
    }
}
