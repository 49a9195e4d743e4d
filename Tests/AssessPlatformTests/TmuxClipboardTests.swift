import AssessCore
import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

@Suite struct TmuxClipboardTests {
    static let socket = "/tmp/tmux-0/default"

    @Test func theSocketIsTheFirstFieldOfTMUX() {
        #expect(TmuxClipboard.socketPath(fromTMUX: "/tmp/tmux-0/default,1234,0") == "/tmp/tmux-0/default")
        #expect(TmuxClipboard.socketPath(fromTMUX: "/tmp/s") == "/tmp/s")
        #expect(TmuxClipboard.socketPath(fromTMUX: ",1,0") == nil)
        #expect(TmuxClipboard(environment: ["TERM": "xterm"], runner: RecordingCommandRunner()) == nil)
    }

    @Test func clearingDeletesEveryBufferByNameThenChecksNoneIsLeft() async throws {
        let runner = RecordingCommandRunner(installed: ["tmux"])
        let list = ["-S", Self.socket, "list-buffers", "-F", "#{buffer_name}"]
        runner.respond(
            to: "tmux", list,
            with: CommandResult(exitStatus: 0, standardOutput: "buffer2\nbuffer1\nnotes\n"),
            CommandResult(exitStatus: 0, standardOutput: ""))
        let tmux = try #require(TmuxClipboard(environment: ["TMUX": "\(Self.socket),99,0"], runner: runner))

        #expect(try await tmux.clear() == "deleted 3 buffers")
        #expect(
            runner.commandLines == [
                "tmux -S \(Self.socket) list-buffers -F #{buffer_name}",
                "tmux -S \(Self.socket) delete-buffer -b buffer2",
                "tmux -S \(Self.socket) delete-buffer -b buffer1",
                "tmux -S \(Self.socket) delete-buffer -b notes",
                "tmux -S \(Self.socket) list-buffers -F #{buffer_name}",
            ])
    }

    @Test func clearingWhenThereAreNoBuffersDeletesNothing() async throws {
        let runner = RecordingCommandRunner(installed: ["tmux"])
        let tmux = TmuxClipboard(socketPath: Self.socket, runner: runner)
        #expect(try await tmux.clear() == "deleted 0 buffers")
        #expect(runner.calls.count == 2)
    }

    @Test func aBufferLeftAfterDeletingMakesClearFail() async throws {
        let runner = RecordingCommandRunner(installed: ["tmux"])
        runner.respond(
            to: "tmux", ["-S", Self.socket, "list-buffers", "-F", "#{buffer_name}"],
            with: CommandResult(exitStatus: 0, standardOutput: "buffer0\n"))
        let tmux = TmuxClipboard(socketPath: Self.socket, runner: runner)
        await #expect(throws: ClipboardError(backend: "tmux", reason: "1 buffer still there after deleting")) {
            try await tmux.clear()
        }
    }

    @Test func aFailingTmuxCommandReportsWhatTmuxSaid() async throws {
        let runner = RecordingCommandRunner(installed: ["tmux"])
        runner.respond(to: "tmux", with: CommandResult(exitStatus: 1, standardError: "no server running on /tmp/x\n"))
        let tmux = TmuxClipboard(socketPath: "/tmp/x", runner: runner)
        await #expect(
            throws: ClipboardError(
                backend: "tmux",
                reason:
                    "`tmux -S /tmp/x list-buffers -F #{buffer_name}` exited with status 1: no server running on /tmp/x")
        ) {
            try await tmux.clear()
        }
    }

    @Test func aTmuxThatTimesOutIsAFailure() async throws {
        let runner = RecordingCommandRunner(installed: ["tmux"])
        runner.fail("tmux", with: CommandRunnerError.timedOut("tmux", seconds: 5))
        let tmux = TmuxClipboard(socketPath: "/tmp/x", runner: runner)
        await #expect {
            try await tmux.clear()
        } throws: { error in
            (error as? ClipboardError)?.reason.contains("did not finish within 5.0 s") ?? false
        }
    }

    @Test func clearingEmptiesEveryBufferOfARealTmuxServer() async throws {
        let server = try TmuxServer()
        defer { server.kill() }
        try server.command(["set-buffer", "first secret"])
        try server.command(["set-buffer", "second secret"])
        try server.command(["set-buffer", "-b", "named", "third secret"])
        #expect(try server.command(["list-buffers", "-F", "#{buffer_name}"]).split(separator: "\n").count == 3)

        let tmux = try #require(TmuxClipboard(environment: ["TMUX": server.tmuxVariable], runner: realRunner))
        let (note, milliseconds) = try await measure { try await tmux.clear() }

        #expect(note == "deleted 3 buffers")
        #expect(try server.command(["list-buffers"]).isEmpty)
        print(String(format: "timing: tmux clear of 3 buffers %.1f ms", milliseconds))
    }
}
