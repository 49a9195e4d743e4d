import AssessCore
import AssessExam
import AssessSpelling
import AssessTUI

/// Student flows ready for keys, for tests and measurements of the front end.
public enum FlowFixtures {
    /// A flow on the first question of `exam` (past the welcome screen and the banner),
    /// with `speller` for suggestions and `settings` as the engine's.
    public static func onFirstQuestion(of exam: Exam, speller: (any Speller)?, settings: SuggestionSettings,
                                       practice: Bool, answerWidth: Int = 80) -> ExamFlow {
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(sitting: sitting, candidate: "c-1", practice: practice, maximumLockHours: 8)
        flow.suggestions = SuggestionControl(speller: speller, language: exam.language)
        flow.suggestions.follow(settings)
        flow.started(now: 0)
        _ = flow.handle(.enter, now: 0, answerWidth: answerWidth)
        return flow
    }
}
