import AssessExam
import AssessTUI
import AssessTestSupport
import Testing

/// The header's tally, which counts the answers given rather than every question.
@Suite struct ExamSittingTallyTests {
    private func sitting() -> ExamSitting {
        let exam = ExamFixtures.everyType
        return ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
    }

    @Test func countsTheAnswersThatSaySomething() {
        var sitting = sitting()
        sitting.setResponse(.essay("The Sun lights half of it."), for: "essay")
        sitting.setResponse(.shortText("  \n "), for: "short")
        sitting.setResponse(.multipleResponse([]), for: "multiple")
        sitting.setResponse(.trueFalse(false), for: "true-false")
        #expect(sitting.tally.answered == 2)
        #expect(sitting.tally.unanswered == 6)
        sitting.setResponse(nil, for: "essay")
        #expect(sitting.tally.answered == 1)
        #expect(sitting.tally.unanswered == 7)
    }

    @Test func aRestoredAnswerToAQuestionTheExamLacksDoesNotCount() {
        var sitting = sitting()
        sitting.restore(
            responses: ["single": .singleChoice(0), "gone": .trueFalse(true)], flagged: ["gone"], current: 0)
        #expect(sitting.tally.answered == 1)
        #expect(sitting.tally.unanswered == 7)
        #expect(sitting.tally.flagged == 0)
    }

    @Test func thePresentationCarriesTheExamKey() {
        let exam = ExamFixtures.everyType
        #expect(sitting().examKey == exam.examKey)
    }
}
