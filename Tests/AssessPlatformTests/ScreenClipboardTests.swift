import AssessCore
import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

@Suite struct ScreenClipboardTests {
    @Test func clearingEmptiesThePasteBufferEveryRegisterAndTheExchangeFile() async throws {
        let runner = RecordingCommandRunner(installed: ["screen"])
        let screen = try #require(ScreenClipboard(environment: ["STY": "123.pts-1.host"], runner: runner))

        #expect(try await screen.clear() == "emptied the paste buffer and registers, removed the exchange file")
        let calls = runner.calls
        #expect(
            calls.allSatisfy {
                $0.executable == "screen" && Array($0.arguments.prefix(3)) == ["-S", "123.pts-1.host", "-X"]
            })
        #expect(calls.first?.arguments.dropFirst(3) == ["register", ".", ""])
        #expect(calls.last?.arguments.dropFirst(3) == ["removebuf"])

        let evaluated = calls.filter { $0.arguments[3] == "eval" }.flatMap { $0.arguments.dropFirst(4) }
        let direct = calls.filter { $0.arguments[3] == "register" }.map { $0.arguments[4] }
        #expect(evaluated.first == "register \\001 ''")
        #expect(evaluated.last == "register \\377 ''")
        #expect(!evaluated.contains("register \\056 ''"), "the paste buffer '.' is emptied on its own")
        #expect(direct == [".", "\"", "'"])
        #expect(evaluated.count + direct.count - 1 == 254, "every register but '.' from byte 1 to 255")
        #expect(calls.filter { $0.arguments[3] == "eval" }.allSatisfy { $0.arguments.count - 4 <= 24 })
    }

    @Test func aSessionThatIsGoneMakesClearFail() async throws {
        let runner = RecordingCommandRunner(installed: ["screen"])
        runner.respond(to: "screen", with: CommandResult(exitStatus: 1, standardOutput: "No screen session found.\n"))
        let screen = ScreenClipboard(session: "gone", runner: runner)
        await #expect(
            throws: ClipboardError(
                backend: "screen",
                reason: "`screen -S gone -X register . ` exited with status 1")
        ) {
            try await screen.clear()
        }
    }

    /// True when the real session's paste buffer holds text: it is written to a file,
    /// then a marker is written. Screen handles `-X` commands in order, so once the
    /// marker file appears, the first file would have appeared too (`writebuf` writes
    /// nothing for an empty buffer).
    func pasteBufferHoldsText(_ session: ScreenSession, scratch: TemporaryDirectory) throws -> Bool {
        let probe = scratch.file("probe-\(UUID().uuidString)")
        let marker = probe + ".done"
        try session.command(["writebuf", probe])
        try session.command(["register", ".", "marker"])
        try session.command(["writebuf", marker])
        try waitUntil("screen to write \(marker)") { FileManager.default.fileExists(atPath: marker) }
        return FileManager.default.fileExists(atPath: probe)
    }

    /// True when register `key` of the real session holds text (copied to the paste buffer).
    func registerHoldsText(_ key: String, _ session: ScreenSession, scratch: TemporaryDirectory) throws -> Bool {
        try session.command(["register", ".", ""])
        try session.command(["paste", key, "."])
        return try pasteBufferHoldsText(session, scratch: scratch)
    }

    @Test func clearingEmptiesARealScreenSession() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let session = try ScreenSession()
        defer { session.kill() }
        let exchange = scratch.file("exchange")
        try session.command(["bufferfile", exchange])
        try session.command(["register", ".", "pasted secret"])
        try session.command(["writebuf"])
        try waitUntil("the exchange file") { FileManager.default.fileExists(atPath: exchange) }
        let keys = ["a", "Z", "7", "\"", "'", "\\\\"]
        for key in keys {
            try session.command(["register", key, "secret in \(key)"])
        }
        for key in keys {
            #expect(try registerHoldsText(key, session, scratch: scratch), "the test can read register \(key)")
        }
        try session.command(["register", ".", "pasted secret"])
        #expect(try pasteBufferHoldsText(session, scratch: scratch))
        try session.command(["register", ".", "pasted secret"])

        let screen = ScreenClipboard(session: session.name, runner: realRunner)
        let (_, milliseconds) = try await measure { try await screen.clear() }

        #expect(try !pasteBufferHoldsText(session, scratch: scratch), "the paste buffer is empty")
        #expect(!FileManager.default.fileExists(atPath: exchange), "the exchange file is gone")
        for key in keys {
            #expect(try !registerHoldsText(key, session, scratch: scratch), "register \(key) is empty")
        }
        print(String(format: "timing: screen clear %.1f ms", milliseconds))
    }
}
