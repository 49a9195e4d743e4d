import AssessCore
import AssessExam

/// Sample runs during the exam: the run key takes a run of the code question on screen
/// from its budget (`run-during-exam:`, counted by the store) and runs its samples in the
/// background; the student keeps typing, and the panel under the editor shows each
/// sample's outcome when they come back. The log keeps each run's number, the code's hash
/// and the outcome, never the code or the output.
extension ExamFlow {
    /// The key that runs the samples of a code question (F7 is the spell checker's).
    public static let runKey = Key.control("g")
    /// The key that switches auto-indent in programs off and on (F8 is autocorrect's in prose).
    public static let autoIndentKey = Key.function(8)

    /// The runs of the code question on screen allowed during the exam; `nil` for any
    /// other question.
    public var runsAllowedHere: Int? {
        guard case .code(let code) = sitting.question.kind else { return nil }
        return code.runsDuringExam
    }

    /// The runs of the code question on screen the student has left.
    public var runsLeftHere: Int {
        max(0, (runsAllowedHere ?? 0) - (sampleRuns[sitting.question.id]?.taken ?? 0))
    }

    /// True on a code question whose samples the exam lets the student run: the run key
    /// is then the question's (on every other question it reads the prompt).
    var questionRunsSamples: Bool {
        guard case .code(let code) = sitting.question.kind else { return false }
        return code.runsDuringExam > 0
    }

    /// The run key on a code question: refused when the exam allows no runs, this terminal
    /// cannot run them, one is under way or none is left; otherwise the run is asked for.
    /// The answer is not saved with it: autosave has it in the store within half a second
    /// and the typing journal at once, and a room pressing the key in the same instant
    /// would otherwise save a hundred answers at once, while their students type.
    mutating func runSamples(now: UInt64) -> [FlowEffect] {
        guard case .code(let code) = sitting.question.kind else { return [] }
        let id = sitting.question.id
        guard code.runsDuringExam > 0 else { return refuse("notice.runs-not-allowed", now: now) }
        guard runsSamples, let attemptID, !attemptID.isEmpty else {
            return refuse("notice.runs-unavailable", now: now)
        }
        var state = sampleRuns[id] ?? SampleRunState()
        guard !state.running else { return refuse("notice.run-under-way", now: now) }
        guard state.taken < code.runsDuringExam else { return refuse("notice.no-runs-left", now: now) }
        state.running = true
        state.problem = nil
        sampleRuns[id] = state
        let typed: String
        if case .code(let text)? = control.response { typed = text } else { typed = "" }
        let request = SampleRunRequest(
            attemptID: attemptID, questionID: id, question: code, code: typed, codeHash: CodeQuestion.codeHash(typed))
        return [.runSamples(request)]
    }

    /// A run's outcomes came back: the panel shows them and the log keeps the run.
    mutating func sampleRunFinished(
        _ questionID: String, number: Int, codeHash: String, outcomes: [SampleOutcome]
    ) -> [FlowEffect] {
        var state = sampleRuns[questionID] ?? SampleRunState()
        state.running = false
        state.taken = max(state.taken, number)
        state.lastNumber = number
        state.lastOutcomes = outcomes
        sampleRuns[questionID] = state
        return [
            .log(
                .codeRun(
                    questionID: questionID, number: number, codeHash: codeHash,
                    passed: outcomes.count { $0.verdict == .passed }, of: outcomes.count,
                    verdicts: outcomes.map(\.verdict.rawValue)))
        ]
    }

    /// A run was not made: the store counted every run (the panel says none is left), or
    /// the store or the sandbox could not be used (the notice says why).
    mutating func sampleRunRefused(_ questionID: String, _ refusal: SampleRunRefusal, now: UInt64) -> [FlowEffect] {
        var state = sampleRuns[questionID] ?? SampleRunState()
        state.running = false
        switch refusal {
        case .noneLeft:
            if let question = sitting.questions.first(where: { $0.question.id == questionID }),
                case .code(let code) = question.question.kind
            {
                state.taken = code.runsDuringExam
            }
            show(text("notice.no-runs-left"), now: now)
        case .unavailable(let problem):
            state.problem = problem
            show(text("notice.run-failed", ["problem": problem]), now: now)
        }
        sampleRuns[questionID] = state
        return []
    }
}
