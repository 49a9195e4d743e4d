import Foundation
import Testing

@testable import AssessExam

/// What a fixed scoring key may change (answers and marking rules) and what it may not
/// (anything the student saw), as `results --rescore` names them.
@Suite struct KeyFixTests {
    let exam: Exam

    init() throws {
        exam = try ExamLoader.load(fileAt: TestFiles.sample("all-types.yaml"))
    }

    /// `exam` with `change` made to its first section's questions.
    private func changed(_ change: (inout [Question]) -> Void) -> Exam {
        var copy = exam
        change(&copy.sections[0].questions)
        return copy
    }

    @Test func anotherAnswerLeavesTheFormAndNamesTheQuestion() throws {
        let fixed = changed { questions in
            if case .singleChoice(let choices, let correct) = questions[0].kind {
                questions[0].kind = .singleChoice(choices: choices, correct: (correct + 1) % choices.count)
            }
        }
        #expect(DeliveryForm(exam: exam).differences(to: DeliveryForm(exam: fixed)) == [])
        #expect(SealedScoring(exam: exam).changes(to: SealedScoring(exam: fixed)) == [exam.questions[0].id])
        var halves = fixed
        halves.halfPoints.toggle()
        #expect(
            SealedScoring(exam: exam).changes(to: SealedScoring(exam: halves)) == [exam.questions[0].id, "half-points"])
    }

    @Test func whatTheStudentSawIsNamed() throws {
        let first = exam.questions[0].id
        let second = exam.questions[1].id
        let fixed = changed { questions in
            questions[0].points += 1
            if case .singleChoice(var choices, let correct) = questions[0].kind {
                choices[0] += "!"
                questions[0].kind = .singleChoice(choices: choices, correct: correct)
            }
            questions.swapAt(1, 2)
            questions.append(Question(id: "extra", prompt: "One more?", points: 1, kind: .trueFalse(answer: true)))
        }
        #expect(
            DeliveryForm(exam: exam).differences(to: DeliveryForm(exam: fixed)) == [
                "the sections", "question \(first)'s points", "question \(first)'s choices",
                "question extra is new", "the order of the questions",
            ])
        var fewer = exam
        fewer.sections[0].questions.removeAll { $0.id == second }
        fewer.durationSeconds += 60
        #expect(
            DeliveryForm(exam: exam).differences(to: DeliveryForm(exam: fewer)) == [
                "the time allowed", "the sections", "question \(second) is gone",
            ])
    }
}
