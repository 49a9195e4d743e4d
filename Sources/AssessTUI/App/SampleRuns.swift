import AssessCore
import AssessExam

/// What one sample gave when the student ran a code question's samples during the exam.
public struct SampleOutcome: Sendable, Equatable {
    /// Passed, wrong output, error, time limit, output limit or compile error.
    public var verdict: CodeTestOutcome.Verdict
    /// What the program printed (its error output or the compiler's when it failed), as
    /// the sandbox gave it; the screen filters it like every other text.
    public var output: String
    /// Wall-clock seconds the run took.
    public var seconds: Double

    /// Creates an outcome.
    public init(verdict: CodeTestOutcome.Verdict, output: String, seconds: Double) {
        self.verdict = verdict
        self.output = output
        self.seconds = seconds
    }
}

/// Runs a code question's samples, each in a sandbox of its own. It blocks for the length
/// of the runs, so the sitting calls it on a thread of its own, never on the key loop.
public protocol SampleRunner: Sendable {
    /// Runs `code` against each of `question`'s samples, in order.
    ///
    /// - Throws: an error whose description says why nothing could be run (no sandbox).
    func runSamples(of question: CodeQuestion, code: String) throws -> [SampleOutcome]
}

/// One run the student asked for: which question, its code as it stood, and its hash.
public struct SampleRunRequest: Sendable, Equatable {
    /// The attempt the run is taken for.
    public var attemptID: String
    public var questionID: String
    public var question: CodeQuestion
    public var code: String
    /// SHA-256 of the code (``CodeQuestion/codeHash(_:)``): what the store and the log keep.
    public var codeHash: String
}

/// A code question's sample runs in this sitting: how many the store counted, whether one
/// is under way, and the last one's outcomes for the panel.
public struct SampleRunState: Sendable, Equatable {
    /// Runs taken, as the store last counted them.
    public var taken = 0
    /// True from the run key until its outcomes (or its refusal) come back.
    public var running = false
    /// The last run's number, and its outcomes.
    public var lastNumber: Int?
    public var lastOutcomes: [SampleOutcome] = []
    /// Why the last run could not be made, when it could not.
    public var problem: String?
}

/// Takes each sample run from the store's budget and runs it, one at a time, on a thread
/// of its own; posts the outcome to the sitting's inbox. The key loop only enqueues.
final class SampleRunWorker: Sendable {
    /// Below the key loop and the saves: see ``ThreadPriority/besideTyping``.
    private let worker = SerialWorker(name: "assess sample runs", nice: ThreadPriority.besideTyping)
    private let counter: any SampleRunCounter
    private let runner: any SampleRunner
    private let inbox: ProgramInbox<FlowEvent>

    init(counter: any SampleRunCounter, runner: any SampleRunner, inbox: ProgramInbox<FlowEvent>) {
        self.counter = counter
        self.runner = runner
        self.inbox = inbox
    }

    /// Takes a run of `request` and runs it, off the loop.
    func enqueue(_ request: SampleRunRequest) {
        let (counter, runner, inbox) = (counter, runner, inbox)
        worker.enqueue {
            let number: Int
            do throws(SampleRunRefusal) {
                number = try counter.takeSampleRun(
                    attemptID: request.attemptID, questionID: request.questionID, codeHash: request.codeHash,
                    allowed: request.question.runsDuringExam)
            } catch {
                inbox.post(.sampleRunRefused(questionID: request.questionID, error))
                return
            }
            do {
                let outcomes = try runner.runSamples(of: request.question, code: request.code)
                inbox.post(
                    .sampleRunFinished(
                        questionID: request.questionID, number: number, codeHash: request.codeHash, outcomes: outcomes))
            } catch {
                inbox.post(
                    .sampleRunRefused(questionID: request.questionID, .unavailable(String(describing: error))))
            }
        }
    }

    /// Waits for the run under way, if any.
    func finish() { worker.finish() }
}
