import AssessCore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessSandbox

/// Ordinary programs in each language: they read standard input and write what is asked.
/// Every test needs bubblewrap, python3 and gcc, and fails (never skips) without them.
@Suite(.ownThread) struct SandboxTests {
    let limits = SandboxLimits(cpuSeconds: 1, memoryBytes: 64 << 20, outputBytes: 64 << 10)

    @Test func aPythonProgramReadsItsInputAndWritesItsOutput() throws {
        let sandbox = try Sandbox.locate()
        let program = try sandbox.prepare(.python3, source: "n = int(input())\nprint(n * 2)\n")
        let run = try sandbox.run(program, standardInput: "21\n", limits: limits)
        #expect(run.outcome == .exited(0))
        #expect(run.standardOutput == "42\n")
    }

    @Test func aCProgramIsCompiledOnceAndRunForEachInput() throws {
        let sandbox = try Sandbox.locate()
        let source = """
            #include <stdio.h>
            int main(void) { int n; if (scanf("%d", &n) != 1) return 2; printf("%d\\n", n * n); return 0; }
            """
        let program = try sandbox.prepare(.c, source: source)
        #expect(program.compilation?.outcome == .exited(0))
        #expect(try sandbox.run(program, standardInput: "7\n", limits: limits).standardOutput == "49\n")
        #expect(try sandbox.run(program, standardInput: "12\n", limits: limits).standardOutput == "144\n")
        #expect(try sandbox.run(program, standardInput: "", limits: limits).outcome == .exited(2))
    }

    @Test func aCProgramThatDoesNotCompileGivesTheCompilersMessages() throws {
        let sandbox = try Sandbox.locate()
        let program = try sandbox.prepare(.c, source: "int main(void) { return missing; }\n")
        let run = try sandbox.run(program, standardInput: "", limits: limits)
        #expect(run.outcome == .exited(1))
        #expect(run.standardError.contains("main.c:1:"), "\(run.standardError)")
        #expect(run.standardError.contains("missing"))
    }

    /// A sandbox runs at the priority of the thread that starts it: a sitting starts its
    /// sample runs from a thread `ThreadPriority.besideTyping` lower than its key loop, and
    /// what a run starts inherits that. A scoring run keeps the caller's priority.
    @Test func aRunHasThePriorityOfTheThreadThatStartsItAndScoringKeepsTheCallers() throws {
        let own = ThreadPriority.callingThreadNice
        let source = "cut -d' ' -f19 /proc/self/stat\n"
        let limits = self.limits
        let sampled = try onThreadLowered(by: ThreadPriority.besideTyping) {
            let sandbox = try Sandbox.locate()
            return try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        }
        #expect(sampled.standardOutput == "\(min(19, own + ThreadPriority.besideTyping))\n", "\(sampled)")
        let sandbox = try Sandbox.locate()
        let scored = try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        #expect(scored.standardOutput == "\(own)\n", "\(scored)")
        #expect(ThreadPriority.callingThreadNice == own)
    }

    @Test func aBashScriptRuns() throws {
        let sandbox = try Sandbox.locate()
        let program = try sandbox.prepare(.bash, source: "read -r name\necho \"hello $name\"\nexit 4\n")
        let run = try sandbox.run(program, standardInput: "Ada\n", limits: limits)
        #expect(run.outcome == .exited(4))
        #expect(run.standardOutput == "hello Ada\n")
    }

    @Test func theProgramHasAnEmptyHomeAndTemporaryFolderAndCannotWriteItsOwnFolderOrTheSystem() throws {
        let sandbox = try Sandbox.locate()
        let source = """
            ls -A "$HOME" /tmp
            echo "uid $(id -u) home $HOME"
            touch /work/new 2>/dev/null && echo wrote-work
            touch /usr/new 2>/dev/null && echo wrote-usr
            echo scratch > /tmp/scratch && cat /tmp/scratch
            ls /
            """
        let program = try sandbox.prepare(.bash, source: source)
        let run = try sandbox.run(program, standardInput: "", limits: limits)
        let uid = getuid() == 0 ? 65534 : getuid()
        let root = ["bin", "dev", "home", "lib", "lib64", "proc", "sbin", "tmp", "usr", "work"]
        #expect(
            run.standardOutput
                == "/home/runner:\n\n/tmp:\nuid \(uid) home /home/runner\nscratch\n" + root.joined(separator: "\n")
                + "\n")
    }

    @Test func withoutBubblewrapNothingRunsAndTheMessageNamesThePackage() {
        #expect(throws: SandboxError.bubblewrapMissing) { try Sandbox.locate(searchPath: "/nonexistent") }
        #expect(SandboxError.bubblewrapMissing.description.contains("install the Debian package bubblewrap"))
    }
}
