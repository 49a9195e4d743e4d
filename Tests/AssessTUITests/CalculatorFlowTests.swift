import AssessCalculator
import AssessCore
import AssessExam
import AssessTestSupport
import Testing

@testable import AssessTUI

/// The calculator in a sitting: Ctrl-K opens it where the exam has one and the proctor did
/// not deny it; results stay for the sitting; Ctrl-P puts the newest into a numeric answer;
/// the log says it was opened and what answer took a result, never what was typed.
@Suite("The calculator in a sitting")
struct CalculatorFlowTests {
    static let s: UInt64 = 1_000_000_000

    static func onQuestion(_ exam: Exam = ExamFixtures.calculating, restrictionStates: [String: Bool] = [:])
        -> ExamFlow
    {
        FlowFixtures.onFirstQuestion(of: exam, restrictionStates: restrictionStates)
    }

    static func type(_ text: String, into flow: inout ExamFlow, now: UInt64) -> [FlowEffect] {
        text.flatMap { flow.update(.key(.character($0)), now: now) }
    }

    @Test func ctrlKOpensTheCalculatorAndTheLogSaysSoWithoutWhatIsTyped() {
        var flow = Self.onQuestion()
        let opened = flow.update(.key(ExamFlow.calculatorKey), now: Self.s)
        #expect(flow.phase == .calculator)
        #expect(opened.logged == [.toolUsed(tool: "calculator", action: "opened", questionID: nil)])
        var typed = Self.type("0.1+0.2", into: &flow, now: 2 * Self.s)
        typed += flow.update(.key(.enter), now: 2 * Self.s)
        #expect(typed.logged.isEmpty)
        #expect(flow.calculatorPanel?.history.map(\.result.description) == ["0.3"])
        #expect(flow.calculatorPanel?.field.text == "")
    }

    @Test func anExpressionWithoutAResultStaysToBeCorrected() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        _ = Self.type("2/0", into: &flow, now: 0)
        _ = flow.update(.key(.enter), now: 0)
        #expect(flow.calculatorPanel?.error == .divisionByZero)
        #expect(flow.calculatorPanel?.field.text == "2/0")
        _ = flow.update(.key(.backspace), now: 0)
        #expect(flow.calculatorPanel?.error == nil)
    }

    @Test func ctrlPPutsTheNewestResultIntoTheNumericAnswerAsOneUndoableStep() {
        var flow = Self.onQuestion()
        _ = Self.type("7", into: &flow, now: 0)
        _ = flow.update(.key(ExamFlow.calculatorKey), now: Self.s)
        _ = Self.type("150/2", into: &flow, now: Self.s)
        _ = flow.update(.key(.enter), now: Self.s)
        let put = flow.update(.key(.control("p")), now: 2 * Self.s)
        #expect(put.logged == [.toolUsed(tool: "calculator", action: "result-copied", questionID: "speed")])
        #expect(flow.phase == .question)
        #expect(flow.sitting.responses["speed"] == .numeric("75"))
        #expect(flow.notice?.text == "Your answer is now 75 (Ctrl-U undoes it).")
        _ = flow.update(.key(.control("u")), now: 3 * Self.s)
        #expect(flow.sitting.responses["speed"] == .numeric("7"))
    }

    @Test func ctrlPIsRefusedOnAQuestionThatIsNotNumericAndBeforeAnyResult() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        #expect(flow.update(.key(.control("p")), now: 0).logged.isEmpty)
        #expect(flow.notice?.text == "There is no result yet: calculate one first.")
        _ = flow.update(.key(.escape), now: 0)
        _ = flow.update(.key(.tab), now: 0)
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        _ = Self.type("1+1", into: &flow, now: 0)
        _ = flow.update(.key(.enter), now: 0)
        #expect(flow.update(.key(.control("p")), now: 0).logged.isEmpty)
        #expect(flow.notice?.text == "Only a number answer can take the calculator's result.")
        #expect(flow.sitting.responses["faster"] == nil)
    }

    @Test func resultsAndMemoryStayWhenTheCalculatorClosesAndOpensAgain() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        _ = Self.type("6*7", into: &flow, now: 0)
        _ = flow.update(.key(.enter), now: 0)
        _ = flow.update(.key(.function(2)), now: 0)
        _ = flow.update(.key(.function(2)), now: 0)
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        #expect(flow.phase == .question)
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        #expect(flow.calculatorPanel?.calculator.memory == 84)
        _ = flow.update(.key(.function(3)), now: 0)
        _ = Self.type("M + ans", into: &flow, now: 0)
        _ = flow.update(.key(.enter), now: 0)
        #expect(flow.calculatorPanel?.history.map(\.result.description) == ["42", "84"])
        _ = flow.update(.key(.function(4)), now: 0)
        #expect(flow.calculatorPanel?.calculator.memory == 0)
    }

    @Test func tabSwitchesTheScientificCalculatorBetweenDegreesAndRadians() {
        var flow = Self.onQuestion()
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        _ = Self.type("sin(30)", into: &flow, now: 0)
        _ = flow.update(.key(.enter), now: 0)
        _ = flow.update(.key(.tab), now: 0)
        #expect(flow.calculatorPanel?.calculator.angleUnit == .radians)
        _ = Self.type("sin(pi/6)", into: &flow, now: 0)
        _ = flow.update(.key(.enter), now: 0)
        #expect(flow.calculatorPanel?.history.map(\.result.description) == ["0.5", "0.5"])
    }

    @Test func anExamWithoutACalculatorHasNone() {
        var flow = Self.onQuestion(ExamFixtures.capitals)
        #expect(flow.update(.key(ExamFlow.calculatorKey), now: 0).logged.isEmpty)
        #expect(flow.phase == .question)
        #expect(flow.notice?.text == "This exam has no calculator.")
    }

    @Test func theProctorDeniesTheCalculatorByItsRestriction() {
        var flow = Self.onQuestion(restrictionStates: [Restriction.calculatorID: false])
        #expect(flow.sitting.calculator == nil)
        #expect(flow.update(.key(ExamFlow.calculatorKey), now: 0).logged.isEmpty)
        #expect(flow.phase == .question)
        #expect(flow.notice?.text == "This exam has no calculator.")
    }

    @Test func theBasicCalculatorHasNoScientificKeys() {
        var exam = ExamFixtures.calculating
        exam.calculator = .basic
        var flow = Self.onQuestion(exam)
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        _ = Self.type("sqrt 4", into: &flow, now: 0)
        _ = flow.update(.key(.enter), now: 0)
        #expect(flow.calculatorPanel?.error == .scientificOnly("sqrt"))
        _ = flow.update(.key(.tab), now: 0)
        #expect(flow.calculatorPanel?.calculator.angleUnit == .degrees)
    }

    @Test func theHelpListsTheCalculatorsKeys() {
        var flow = Self.onQuestion()
        let questionKeys = HelpScreen.keys(of: .question, in: flow).map(\.0)
        #expect(questionKeys.contains("Ctrl-K"))
        _ = flow.update(.key(ExamFlow.calculatorKey), now: 0)
        _ = flow.update(.key(ExamFlow.helpKey), now: 0)
        #expect(flow.phase == .help(returningTo: .calculator))
        let keys = HelpScreen.keys(of: .calculator, in: flow).map(\.0)
        #expect(keys.contains("Ctrl-P") && keys.contains("Tab") && keys.contains("F2"))
        #expect(!HelpScreen.keys(of: .question, in: Self.onQuestion(ExamFixtures.capitals)).map(\.0).contains("Ctrl-K"))
    }
}
