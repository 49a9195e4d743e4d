import AssessExam
import AssessSandbox
import AssessStore
import AssessTUI
import Foundation

/// Runs a code question's samples during the exam in the sandbox `results` scores with
/// (`Sandbox`): a C program is compiled once, then each sample runs in a sandbox of its own
/// under the question's limits.
package struct SandboxSampleRunner: SampleRunner {
    /// The sandbox every run goes through.
    package let sandbox: Sandbox

    package init(sandbox: Sandbox) {
        self.sandbox = sandbox
    }

    package func runSamples(of question: CodeQuestion, code: String) throws -> [SampleOutcome] {
        let language = SandboxLanguage(rawValue: question.language.rawValue) ?? .python3
        let program = try sandbox.prepare(language, source: code)
        if let compilation = program.compilation, !compilation.succeeded {
            return question.samples.map { _ in
                SampleOutcome(
                    verdict: .compileError, output: compilation.standardError, seconds: compilation.wallSeconds)
            }
        }
        let limits = SandboxLimits(
            cpuSeconds: question.limits.timeSeconds, memoryBytes: question.limits.memoryBytes,
            outputBytes: question.limits.outputBytes)
        return try question.samples.map { sample in
            let run = try sandbox.run(program, standardInput: sample.standardInput, limits: limits)
            let verdict = CodeTests.verdict(run, against: sample)
            return SampleOutcome(
                verdict: verdict, output: CodeTests.shownOutput(run, verdict), seconds: run.wallSeconds)
        }
    }

    /// The sandbox for a sitting whose exam lets students run code, checked by running a
    /// program in it; `nil` when no question allows runs. A sitting refuses to start when
    /// this throws (see ``SandboxUnavailable``), so that no student finds out mid-exam.
    package static func forSitting(of exam: Exam, searchPath: String = "/usr/bin:/bin:/usr/local/bin")
        throws(SandboxUnavailable) -> SandboxSampleRunner?
    {
        let allowing = exam.questions.compactMap { question -> CodeQuestion? in
            guard case .code(let code) = question.kind, code.runsDuringExam > 0 else { return nil }
            return code
        }
        guard let first = allowing.first else { return nil }
        let sandbox: Sandbox
        do throws(SandboxError) {
            sandbox = try Sandbox.locate(searchPath: searchPath)
        } catch {
            throw SandboxUnavailable(reason: error.description)
        }
        // A program that prints one word, in the first such question's language: the sandbox
        // works here (user namespaces allowed, the language installed) or the sitting does not start.
        let probe: (SandboxLanguage, String)
        switch first.language {
        case .python3: probe = (.python3, "print('ok')\n")
        case .c: probe = (.c, "#include <stdio.h>\nint main(void) { puts(\"ok\"); return 0; }\n")
        case .bash: probe = (.bash, "echo ok\n")
        }
        let run: SandboxRun
        do throws(SandboxError) {
            run = try sandbox.run(try sandbox.prepare(probe.0, source: probe.1), standardInput: "", limits: .compiler)
        } catch {
            throw SandboxUnavailable(reason: error.description)
        }
        guard run.outcome == .exited(0), run.standardOutput == "ok\n" else {
            // The first line and the last (a Python traceback's error, say), and how it ended.
            let lines = run.standardError.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            let said = (lines.count > 1 ? [lines[0], lines[lines.count - 1]] : lines) + ["\(run.outcome)"]
            throw SandboxUnavailable(
                reason: "bubblewrap cannot make a sandbox on this machine (\(said.joined(separator: " … ")))")
        }
        return SandboxSampleRunner(sandbox: sandbox)
    }
}

/// This machine cannot run code in a sandbox, and the exam lets students run code.
package struct SandboxUnavailable: Error, CustomStringConvertible {
    /// What is wrong, naming the package to install when one is missing.
    package let reason: String

    package var description: String {
        "this exam lets students run their code, which runs only inside a sandbox: \(reason)"
    }
}

extension StoreSittingRecorder: SampleRunCounter {
    package func takeSampleRun(attemptID: String, questionID: String, codeHash: String, allowed: Int)
        throws(SampleRunRefusal) -> Int
    {
        guard let runs = database.codeRuns else {
            throw .unavailable(StoreError.unsupported("sample runs").description)
        }
        do {
            return try runs.takeCodeRun(attempt: attemptID, question: questionID, codeHash: codeHash, allowed: allowed)
        } catch StoreError.noRunsLeft {
            throw .noneLeft
        } catch {
            throw .unavailable(String(describing: error))
        }
    }
}
