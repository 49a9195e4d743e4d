import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// Striking out choices: `x` on a choice question strikes the highlighted choice out (or
/// puts it back) where the exam lists `strike-out` and the proctor allows it; the answer
/// stays as it was; the autosave carries it to the store; a resumed sitting shows it again.
@Suite("Striking out choices")
struct StrikeOutTests {
    static let s: UInt64 = 1_000_000_000

    static func onQuestion(_ exam: Exam = ExamFixtures.striking, restrictionStates: [String: Bool] = [:])
        -> ExamFlow
    {
        FlowFixtures.onFirstQuestion(of: exam, restrictionStates: restrictionStates)
    }

    @Test func xStrikesTheHighlightedChoiceOutAndBackLeavingTheAnswerAndTheLogSaysWhich() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(.down), now: Self.s)
        let struck = flow.update(.key(ExamFlow.strikeOutKey), now: Self.s)
        #expect(struck.logged == [.toolUsed(tool: "strike-out", action: "struck", questionID: "closest")])
        #expect(flow.sitting.annotations == ["closest": Annotations(struck: [1])])
        #expect(flow.sitting.responses["closest"] == nil)
        #expect(screen(flow).contains("( ) 2. ✗ Mercury"))
        // Struck and chosen are apart: the student may still choose it.
        _ = flow.update(.key(.character(" ")), now: Self.s)
        #expect(flow.sitting.responses["closest"] == .singleChoice(1))
        #expect(screen(flow).contains("(•) 2. ✗ Mercury"))
        let back = flow.update(.key(ExamFlow.strikeOutKey), now: 2 * Self.s)
        #expect(back.logged == [.toolUsed(tool: "strike-out", action: "restored", questionID: "closest")])
        #expect(flow.sitting.annotations.isEmpty)
        #expect(screen(flow).contains("(•) 2. Mercury"))
    }

    @Test func theAutosaveCarriesTheStruckChoicesToTheStore() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.strikeOutKey), now: Self.s)
        _ = flow.update(.key(.down), now: Self.s)
        _ = flow.update(.key(.down), now: Self.s)
        let keys = flow.update(.key(ExamFlow.strikeOutKey), now: Self.s)
        // The key itself writes nothing: the save comes with time, off its path.
        #expect(keys.saves.isEmpty)
        let saved = (2...4).flatMap { flow.update(.tick, now: UInt64($0) * Self.s).saves }.flatMap(\.answers)
        let answer = saved.last { $0.questionID == "closest" }
        #expect(answer?.annotations == Annotations(struck: [0, 2]))
        #expect(answer?.annotations.stored == #"{"struck":[0,2]}"#)
        #expect(answer?.response == nil)
    }

    @Test func theStruckChoiceFollowsTheFileNotTheShuffledOrder() throws {
        var exam = ExamFixtures.striking
        exam.shuffle = ShuffleSettings(questions: false, choices: true)
        var flow = Self.onQuestion(exam)
        let shown = flow.control.choiceLabels
        _ = flow.update(.key(ExamFlow.strikeOutKey), now: Self.s)
        let index = try #require(["Venus", "Mercury", "Mars", "Earth"].firstIndex(of: shown[0]))
        #expect(flow.sitting.annotations["closest"] == Annotations(struck: [index]))
        #expect(screen(flow).contains("1. ✗ \(shown[0])"))
    }

    @Test func aResumedSittingShowsItsStruckChoicesAgain() {
        let exam = ExamFixtures.striking
        var sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        sitting.restore(
            responses: [:], flagged: [],
            annotations: [
                "closest": Annotations(stored: #"{"struck":[3]}"#), "gone": Annotations(struck: [0]),
            ], current: 0)
        #expect(sitting.annotations == ["closest": Annotations(struck: [3])])
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8,
            size: TerminalSize(columns: 80, rows: 24))
        FlowFixtures.begin(&flow)
        #expect(screen(flow).contains("( ) 4. ✗ Earth"))
    }

    @Test func withoutTheRestrictionOrWithItDeniedNothingIsStruck() {
        for var flow in [
            Self.onQuestion(ExamFixtures.capitals),
            Self.onQuestion(restrictionStates: [ExamSitting.RestrictionID.strikeOut: false]),
        ] {
            #expect(flow.update(.key(ExamFlow.strikeOutKey), now: Self.s).logged.isEmpty)
            #expect(flow.sitting.annotations.isEmpty)
            #expect(flow.notice?.text == "This exam does not let you strike out choices.")
            #expect(!HelpScreen.keys(of: .question, in: flow).contains { $0.0 == "x" })
        }
        #expect(HelpScreen.keys(of: .question, in: Self.onQuestion()).contains { $0.0 == "x" })
    }

    @Test func xIsOnlyForChoices() {
        // On the third question of the capitals (short text) with striking allowed, x is typed.
        var exam = ExamFixtures.capitals
        exam.restrictions = ExamFixtures.striking.restrictions
        var flow = Self.onQuestion(exam)
        _ = flow.update(.key(.tab), now: Self.s)
        _ = flow.update(.key(.tab), now: Self.s)
        _ = flow.update(.key(ExamFlow.strikeOutKey), now: Self.s)
        #expect(flow.sitting.responses["australia"] == .shortText("x"))
        #expect(flow.sitting.annotations.isEmpty)
    }

    @Test func storedTextThatIsNotOursGivesNoAnnotations() {
        #expect(Annotations(stored: nil).isEmpty)
        #expect(Annotations(stored: "not json").isEmpty)
        #expect(Annotations(stored: #"{"struck":"all"}"#).isEmpty)
        #expect(Annotations(stored: #"{"struck":[2,-1,0]}"#) == Annotations(struck: [0, 2]))
        #expect(Annotations().stored == nil)
    }
}
