import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// A key typed before a screen showed was meant for the screen before: it never answers a
/// question that must be seen first (the consent to lock), whatever the loop was busy with
/// when it came.
@Suite struct TypedAheadTests {
    /// A welcome screen whose Enter asks a question that must be seen before a key answers it.
    struct AskAfterEnter: ProgramModel {
        enum Effect { case answered(Bool) }
        var asking = false
        var unseen = false

        mutating func event(for input: TerminalInput) -> Key? {
            switch input {
            case .key(let key): return key
            case .hangup: return .hangup
            default: return nil
            }
        }

        mutating func update(_ key: Key, now: UInt64) -> [Effect] {
            // A script that fails hangs up: the program ends, unanswered.
            if key == .hangup { return [.answered(false)] }
            guard asking else {
                if key == .enter { (asking, unseen) = (true, true) }
                return []
            }
            return ExamFlow.answer(key).map { [.answered($0)] } ?? []
        }

        mutating func render(now: UInt64, into grid: inout CellGrid) {
            grid.put(asking ? "Lock this terminal?" : "Welcome", row: 0, column: 0)
        }

        func untilNextTick(now: UInt64) -> Int? { nil }

        var awaitsBeingSeen: Bool { unseen }

        mutating func screenShown() {
            unseen = false
        }
    }

    /// Ends the program with the answer.
    struct Answers: EffectRunner {
        typealias Model = AskAfterEnter
        typealias Outcome = Bool

        func perform(_ effect: AskAfterEnter.Effect) -> Bool? {
            switch effect {
            case .answered(let yes): return yes
            }
        }
    }

    @Test func theLoopDrawsAScreenThatMustBeSeenAndThrowsAwayTheKeysTypedBeforeIt() {
        let terminal = ScriptedTerminal(
            clock: ManualClock(),
            steps: [
                .screen("Welcome"), .typeAhead([.enter, .character("y")]), .screen("Lock this terminal?"),
                .key(.character("n")),
            ])
        let program = Program(
            model: AskAfterEnter(), terminal: terminal, clock: ManualClock(), runner: Answers(),
            inbox: ProgramInbox<Key>())
        #expect(program.run() == false)
        #expect(terminal.failure == nil)
        #expect(terminal.discardedKeys == [.character("y")])
    }

    @Test func aKeyThatComesOnceTheScreenIsOutAnswersIt() {
        let terminal = ScriptedTerminal(
            clock: ManualClock(),
            steps: [
                .screen("Welcome"), .key(.enter), .typeAheadOnceShown("Lock this terminal?", [.character("y")]),
            ])
        let program = Program(
            model: AskAfterEnter(), terminal: terminal, clock: ManualClock(), runner: Answers(),
            inbox: ProgramInbox<Key>())
        #expect(program.run() == true)
        #expect(terminal.failure == nil)
        #expect(terminal.discardedKeys.isEmpty)
    }

    /// The sitting's own model on the loop, the engine answering at once: the request for
    /// consent comes while the second Enter of the welcome screen waits unread.
    struct Engine: EffectRunner {
        typealias Model = SittingModel
        typealias Outcome = Bool

        let inbox: ProgramInbox<FlowEvent>

        func perform(_ effect: SittingModel.Effect) -> Bool? {
            switch effect {
            case .flow(.begin):
                inbox.post(.consentRequested(ConsentRequest(title: "Capitals", maximumHours: 8)))
            case .flow(.consent(let granted)): return granted
            default: break
            }
            return nil
        }
    }

    @Test func anEnterTypedTwiceOnTheWelcomeScreenNeverLocksTheTerminal() {
        let exam = ExamFixtures.capitals
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        let flow = ExamFlow(sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8)
        let terminal = ScriptedTerminal(
            clock: ManualClock(),
            steps: [
                .screen("Exam key"), .typeAhead([.enter, .enter]), .screen("Lock this terminal"),
                .key(.character("n")),
            ])
        let inbox = ProgramInbox<FlowEvent>()
        let program = Program(
            model: SittingModel(flow: flow), terminal: terminal, clock: ManualClock(), runner: Engine(inbox: inbox),
            inbox: inbox)
        #expect(program.run() == false)
        #expect(terminal.failure == nil)
        #expect(terminal.discardedKeys == [.enter])
    }
}
