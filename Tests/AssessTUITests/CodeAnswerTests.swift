import AssessExam
import Testing

@testable import AssessTUI

/// A code question's answer: written in a multi-line editor that starts with the starter
/// text, where Enter keeps the line's indentation, saved as code, with no spelling help.
@Suite struct CodeAnswerTests {
    static let question = Question(
        id: "fizz", prompt: "Write it.",
        kind: .code(CodeQuestion(language: .python3, starter: "n = int(input())\n", tests: [])))

    private func control(_ response: Response? = nil) -> AnswerControl {
        let exam = Exam(
            id: "code", title: "Code", durationSeconds: 60,
            sections: [ExamSection(title: nil, questions: [Self.question])])
        return AnswerControl(for: ExamPresentation(exam: exam, candidate: "ana").questions[0], response: response)
    }

    private func type(_ text: String, into control: inout AnswerControl) {
        for character in text { _ = control.handle(character == "\n" ? .enter : .character(character), width: 60) }
    }

    @Test func theEditorStartsWithTheStarterAndAnUntouchedStarterIsNoAnswer() {
        let fresh = control()
        guard case .essay(let editor) = fresh.field else {
            Issue.record("a code question is not a multi-line editor")
            return
        }
        #expect(editor.text == "n = int(input())\n")
        #expect(fresh.response == nil)
        #expect(fresh.proseEditor == nil)
        guard case .essay(let saved) = control(.code("print(1)")).field else { return }
        #expect(saved.text == "print(1)")
    }

    @Test func enterKeepsTheIndentationOfTheLine() {
        var answer = control()
        // Each new line starts under the one before; typed spaces indent further.
        type("def f():\n    if n:\n    return 1\n", into: &answer)
        #expect(answer.response == .code("n = int(input())\ndef f():\n    if n:\n        return 1\n        "))
    }

    @Test func tabIndentsToTheNextFourColumns() {
        var answer = control()
        _ = answer.handle(.tab, width: 60)
        type("if n:", into: &answer)
        _ = answer.handle(.tab, width: 60)
        type("x\n", into: &answer)
        _ = answer.handle(.tab, width: 60)
        #expect(
            answer.response
                == .code("n = int(input())\n    if n:   x\n    \t".replacingOccurrences(of: "\t", with: "    ")))
        #expect(answer.isCode)
    }

    @Test func enterInAnEssayAddsOnlyALineBreak() {
        let exam = Exam(
            id: "essay", title: "Essay", durationSeconds: 60,
            sections: [
                ExamSection(title: nil, questions: [Question(id: "e", prompt: "P", kind: .essay(wordLimit: nil))])
            ])
        var essay = AnswerControl(for: ExamPresentation(exam: exam, candidate: "ana").questions[0], response: nil)
        type("  one\ntwo", into: &essay)
        #expect(essay.response == .essay("  one\ntwo"))
    }
}
