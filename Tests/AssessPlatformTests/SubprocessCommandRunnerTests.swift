import AssessCore
import AssessPlatform
import Foundation
import Testing

@Suite struct SubprocessCommandRunnerTests {
    let runner = SubprocessCommandRunner()

    @Test func aProgramsOutputAndExitStatusComeBack() throws {
        let result = try runner.run("sh", ["-c", "printf out; printf err >&2; exit 3"], timeoutSeconds: 10)
        #expect(result == CommandResult(exitStatus: 3, standardOutput: "out", standardError: "err"))
    }

    @Test func aLargeOutputDoesNotBlockTheProgram() throws {
        let result = try runner.run("sh", ["-c", "head -c 1000000 /dev/zero | tr '\\0' x"], timeoutSeconds: 10)
        #expect(result.succeeded)
        #expect(result.standardOutput.count == 1_000_000)
    }

    @Test func aBackgroundChildHoldingTheOutputDoesNotDelayTheAnswer() async throws {
        let (result, milliseconds) = try await measure {
            try runner.run("sh", ["-c", "sleep 5 & echo started"], timeoutSeconds: 10)
        }
        #expect(result.standardOutput == "started\n")
        #expect(milliseconds < 2_000, "took \(milliseconds) ms")
    }

    @Test func aProgramPastItsTimeoutIsStoppedAndReported() async throws {
        let (outcome, milliseconds) = await measure { Result { try runner.run("sleep", ["30"], timeoutSeconds: 0.3) } }
        #expect(throws: CommandRunnerError.timedOut("sleep", seconds: 0.3)) { try outcome.get() }
        #expect(milliseconds < 2_000, "took \(milliseconds) ms")
    }

    @Test func aProgramIgnoringSIGTERMIsKilled() async throws {
        let (outcome, milliseconds) = await measure {
            Result { try runner.run("sh", ["-c", "trap '' TERM; sleep 30"], timeoutSeconds: 0.3) }
        }
        #expect(throws: CommandRunnerError.timedOut("sh", seconds: 0.3)) { try outcome.get() }
        #expect(milliseconds < 3_000, "took \(milliseconds) ms")
    }

    @Test func aMissingProgramIsNotFound() {
        #expect(runner.locate("assess-no-such-tool") == nil)
        #expect(throws: CommandRunnerError.notFound("assess-no-such-tool")) {
            try runner.run("assess-no-such-tool", [], timeoutSeconds: 1)
        }
    }

    @Test func programsAreFoundOnTheGivenSearchPath() {
        #expect(SubprocessCommandRunner(searchPath: "/nonexistent:/bin").locate("sh") == "/bin/sh")
        #expect(SubprocessCommandRunner(searchPath: "/nonexistent").locate("sh") == nil)
        #expect(runner.locate("/bin/sh") == "/bin/sh")
    }

    @Test func theProgramReadsNothingFromTheTerminal() throws {
        let result = try runner.run("cat", [], timeoutSeconds: 5)
        #expect(result == CommandResult(exitStatus: 0))
    }
}
