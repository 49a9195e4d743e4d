import AssessExam
import AssessSandbox
import AssessStore
import AssessTUI
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// Sample runs during the exam through the real sandbox (bubblewrap, python3 and gcc: the
/// tests fail without them), and the refusal to start a sitting that allows runs where
/// there is no sandbox.
@Suite(.ownThread) struct SampleRunnerTests {
    static func question(_ language: CodeLanguage, runs: Int = 3) -> CodeQuestion {
        CodeQuestion(
            language: language,
            samples: [
                CodeCase(standardInput: "3\n", expectedOutput: "Fizz\n"),
                CodeCase(standardInput: "4\n", expectedOutput: "4\n"),
            ],
            tests: [], runsDuringExam: runs,
            limits: CodeLimits(timeSeconds: 1, memoryBytes: 64 << 20, outputBytes: 4096))
    }

    static func exam(_ question: CodeQuestion) -> Exam {
        Exam(
            id: "programs", title: "Programs", durationSeconds: 600,
            sections: [ExamSection(title: nil, questions: [Question(id: "fizz", prompt: "P", kind: .code(question))])])
    }

    @Test func eachSampleGetsItsVerdictAndOutput() throws {
        let runner = try #require(try SandboxSampleRunner.forSitting(of: Self.exam(Self.question(.python3))))
        let outcomes = try runner.runSamples(
            of: Self.question(.python3), code: "n = int(input())\nprint('Fizz' if n % 3 == 0 else n + 1)\n")
        #expect(outcomes.map(\.verdict) == [.passed, .wrongOutput])
        #expect(outcomes.map(\.output) == ["Fizz\n", "5\n"])
        #expect(outcomes.allSatisfy { $0.seconds > 0 && $0.seconds < 5 })
        // A program that fails says why (its error output); one that loops reaches the limit.
        let failing = try runner.runSamples(of: Self.question(.python3), code: "raise SystemExit('no')\n")
        #expect(failing.map(\.verdict) == [.error, .error])
        #expect(failing.first?.output.contains("no") == true)
        let looping = try runner.runSamples(of: Self.question(.bash), code: "while :; do :; done\n")
        #expect(looping.map(\.verdict) == [.timeLimit, .timeLimit])
    }

    @Test func aCProgramThatDoesNotCompileSaysSoForEverySample() throws {
        let runner = try #require(try SandboxSampleRunner.forSitting(of: Self.exam(Self.question(.c))))
        let outcomes = try runner.runSamples(of: Self.question(.c), code: "int main(void) { return x; }\n")
        #expect(outcomes.map(\.verdict) == [.compileError, .compileError])
        #expect(outcomes.first?.output.contains("x") == true)
    }

    @Test func aSittingThatAllowsRunsNeedsBubblewrapAndOneThatDoesNotNeedsNothing() throws {
        let empty = try TemporaryDirectory("assess-no-bwrap")
        defer { empty.remove() }
        let refusal = #expect(throws: SandboxUnavailable.self) {
            try SandboxSampleRunner.forSitting(of: Self.exam(Self.question(.python3)), searchPath: empty.path)
        }
        #expect(refusal?.description.contains("install the Debian package bubblewrap") == true)
        #expect(refusal?.description.contains("this exam lets students run their code") == true)
        // No runs allowed: no sandbox asked for, wherever bwrap is.
        #expect(
            try SandboxSampleRunner.forSitting(of: Self.exam(Self.question(.python3, runs: 0)), searchPath: empty.path)
                == nil)
    }

    @Test func theStoreCountsTheRunsOfASitting() throws {
        let scratch = try TemporaryDirectory("assess-sample-counter")
        defer { scratch.remove() }
        let database = try SQLiteStore(dataDirectory: scratch.url)
        let exam = Self.exam(Self.question(.python3, runs: 2))
        let recorder = StoreSittingRecorder(
            database: database, events: EventStore(database: database), exam: exam, candidate: "ana", resuming: nil,
            lease: nil, leaseLostAfter: 60, language: .english)
        let attempt = try recorder.startAttempt(practice: false, settings: LaunchSettings())
        let hash = CodeQuestion.codeHash("print(1)")
        #expect(try recorder.takeSampleRun(attemptID: attempt, questionID: "fizz", codeHash: hash, allowed: 2) == 1)
        #expect(try recorder.takeSampleRun(attemptID: attempt, questionID: "fizz", codeHash: hash, allowed: 2) == 2)
        #expect(throws: SampleRunRefusal.noneLeft) {
            try recorder.takeSampleRun(attemptID: attempt, questionID: "fizz", codeHash: hash, allowed: 2)
        }
    }
}
