import AssessExam
import AssessSandbox
import Foundation
import Synchronization

/// Runs the hidden tests of code answers, each answer in sandboxes of its own (see
/// `Sandbox`), as many answers at once as the machine has cores, and keeps each answer's
/// outcomes in `folder` under its run key (`CodeQuestion.runKey(code:)`), so that a
/// second `results` runs nothing unless a test, a limit or the answer changed.
package struct CodeTests {
    /// The sandbox every run goes through.
    package let sandbox: Sandbox
    /// Where outcomes are kept, one `KEY.json` file per answer.
    package let folder: String

    /// Runs in `sandbox`, keeping outcomes in `folder` (made when missing, mode 0700).
    package init(sandbox: Sandbox, folder: String) {
        self.sandbox = sandbox
        self.folder = folder
    }

    /// The folder outcomes are kept in under the data directory at `dataDirectory`.
    package static func folder(in dataDirectory: String) -> String { dataDirectory + "/code-tests" }

    /// One answer to run: the question (with its hidden tests) and the code.
    package struct Answer: Sendable {
        package var question: CodeQuestion
        package var code: String

        package init(question: CodeQuestion, code: String) {
            self.question = question
            self.code = code
        }

        /// The key its outcomes are kept under.
        package var key: String { question.runKey(code: code) }
    }

    /// The outcomes of every answer by its key, and how many answers were run now (the
    /// others were kept from before).
    package func outcomes(of answers: [Answer]) throws -> (outcomes: [String: [CodeTestOutcome]], ran: Int) {
        var outcomes: [String: [CodeTestOutcome]] = [:]
        var pending: [Answer] = []
        for answer in answers where outcomes[answer.key] == nil {
            if let kept = Self.keptOutcomes(of: answer, in: folder) {
                outcomes[answer.key] = kept
            } else if !pending.contains(where: { $0.key == answer.key }) {
                pending.append(answer)
            }
        }
        guard !pending.isEmpty else { return (outcomes, 0) }
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let results = Mutex<[Int: Result<[CodeTestOutcome], SandboxError>]>([:])
        let torun = pending
        // One thread per core; each answer's runs wait on their own sandbox in turn.
        DispatchQueue.concurrentPerform(iterations: pending.count) { index in
            let result = Result { () throws(SandboxError) in try run(torun[index]) }
            results.withLock { $0[index] = result }
        }
        let finished = results.withLock { $0 }
        for (index, answer) in pending.enumerated() {
            let result = try finished[index]?.get() ?? []
            outcomes[answer.key] = result
            keep(result, as: answer.key)
        }
        return (outcomes, pending.count)
    }

    /// The outcomes an earlier `results` kept for `answer` in `folder`, without running anything.
    package static func keptOutcomes(of answer: Answer, in folder: String) -> [CodeTestOutcome]? {
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(answer.key).json"),
            let outcomes = try? JSONDecoder().decode([CodeTestOutcome].self, from: data),
            outcomes.count == answer.question.tests.count
        else { return nil }
        return outcomes
    }

    /// Runs `answer` against each hidden test: a C program is compiled once.
    package func run(_ answer: Answer) throws(SandboxError) -> [CodeTestOutcome] {
        let language = SandboxLanguage(rawValue: answer.question.language.rawValue) ?? .python3
        let program = try sandbox.prepare(language, source: answer.code)
        let limits = answer.question.limits
        let sandboxLimits = SandboxLimits(
            cpuSeconds: limits.timeSeconds, memoryBytes: limits.memoryBytes, outputBytes: limits.outputBytes)
        return try answer.question.tests.map { test throws(SandboxError) in
            if let compilation = program.compilation, !compilation.succeeded {
                return CodeTestOutcome(verdict: .compileError, points: 0, seconds: 0, output: compilation.standardError)
            }
            let run = try sandbox.run(program, standardInput: test.standardInput, limits: sandboxLimits)
            let verdict = Self.verdict(run, against: test)
            return CodeTestOutcome(
                verdict: verdict, points: verdict == .passed ? test.points : 0, seconds: run.wallSeconds,
                output: Self.shownOutput(run, verdict))
        }
    }

    /// What `run` means for `test`.
    static func verdict(_ run: SandboxRun, against test: CodeCase) -> CodeTestOutcome.Verdict {
        switch run.outcome {
        case .exited(0): return test.accepts(run.standardOutput) ? .passed : .wrongOutput
        case .exited, .signalled: return .error
        case .timeLimit: return .timeLimit
        case .outputLimit: return .outputLimit
        }
    }

    /// What a person reads of `run`: its standard output, or its error output when it
    /// failed without printing anything.
    package static func shownOutput(_ run: SandboxRun, _ verdict: CodeTestOutcome.Verdict) -> String {
        verdict == .error && run.standardOutput.isEmpty ? run.standardError : run.standardOutput
    }

    private func path(_ key: String) -> String { "\(folder)/\(key).json" }

    /// Keeps `outcomes` under `key`; a file that cannot be written only means running again next time.
    private func keep(_ outcomes: [CodeTestOutcome], as key: String) {
        guard let data = try? JSONEncoder().encode(outcomes) else { return }
        try? data.write(to: URL(fileURLWithPath: path(key)), options: .atomic)
    }
}
