import AssessCore
import AssessExam
import AssessSpelling
import AssessTUI

/// Student flows ready for keys, for tests and measurements of the front end.
public enum FlowFixtures {
    /// A flow on the first question of `exam` (past the welcome screen and the banner),
    /// with `speller` for suggestions and `settings` as the engine's, on a terminal of `size`.
    public static func onFirstQuestion(
        of exam: Exam, speller: (any Speller)?, settings: SuggestionSettings,
        practice: Bool,
        size: TerminalSize = TerminalSize(columns: 100, rows: 30)
    ) -> ExamFlow {
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"))
        var flow = ExamFlow(sitting: sitting, candidate: "c-1", practice: practice, maximumLockHours: 8, size: size)
        flow.suggestions = SuggestionControl(speller: speller, language: exam.language)
        _ = flow.update(.suggestionsChanged(settings), now: 0)
        begin(&flow)
        return flow
    }

    /// A flow on the first question of `exam` at 80×24, with the proctor's `restrictionStates`
    /// (a tool allowed or denied) and the student's accessibility `settings`.
    public static func onFirstQuestion(
        of exam: Exam, restrictionStates: [String: Bool] = [:], settings: Set<AccessibilityOption> = [],
        size: TerminalSize = TerminalSize(columns: 80, rows: 24)
    ) -> ExamFlow {
        let sitting = ExamSitting(
            exam: exam, presentation: ExamPresentation(exam: exam, candidate: "c-1"),
            restrictionStates: restrictionStates)
        var flow = ExamFlow(
            sitting: sitting, candidate: "c-1", practice: false, maximumLockHours: 8, size: size,
            accessibility: AccessibilitySettings(settings))
        begin(&flow)
        return flow
    }

    /// Takes `flow` from the welcome screen to its first question as the app would:
    /// Enter, the attempt started (as attempt `a-1`), Enter past the banner.
    public static func begin(_ flow: inout ExamFlow, now: UInt64 = 0) {
        _ = flow.update(.key(.enter), now: now)
        _ = flow.update(.attemptStarted(id: "a-1"), now: now)
        _ = flow.update(.key(.enter), now: now)
    }
}
