import AssessCore
import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

@Suite struct X11ClipboardTests {
    @Test func xselClearsEachSelectionOnTheGivenDisplay() async throws {
        let runner = RecordingCommandRunner(installed: ["xsel"])
        for selection in X11Clipboard.Selection.allCases {
            let backend = X11Clipboard(selection: selection, display: ":7", tool: .xsel, runner: runner)
            #expect(try await backend.clear() == "cleared with xsel")
        }
        #expect(
            runner.commandLines == [
                "xsel --display :7 --clipboard --clear",
                "xsel --display :7 --primary --clear",
            ])
    }

    @Test func xclipTakesEachSelectionOverWithEmptyText() async throws {
        let runner = RecordingCommandRunner(installed: ["xclip"])
        let clipboard = X11Clipboard(selection: .clipboard, display: ":7", tool: .xclip, runner: runner)
        let primary = X11Clipboard(selection: .primary, display: ":7", tool: .xclip, runner: runner)
        #expect(try await clipboard.clear() == "replaced with empty text by xclip")
        _ = try await primary.clear()
        // Each is read back once: the runner's xclip offers no text.
        #expect(
            runner.commandLines == [
                "xclip -display :7 -selection clipboard -i /dev/null",
                "xclip -display :7 -selection clipboard -o",
                "xclip -display :7 -selection primary -i /dev/null",
                "xclip -display :7 -selection primary -o",
            ])
        #expect(clipboard.name == "x11-clipboard")
        #expect(primary.name == "x11-primary")
    }

    @Test func xclipReadsTheSelectionBackUntilItsBackgroundProcessOwnsIt() async throws {
        let runner = RecordingCommandRunner(installed: ["xclip"])
        // The old owner still answers twice before xclip's empty text takes over.
        runner.respond(
            to: "xclip", ["-display", ":7", "-selection", "clipboard", "-o"],
            with: CommandResult(exitStatus: 0, standardOutput: "secret"),
            CommandResult(exitStatus: 0, standardOutput: "secret"), CommandResult(exitStatus: 0))
        var clipboard = X11Clipboard(selection: .clipboard, display: ":7", tool: .xclip, runner: runner)
        // Time is not what this test is about: a busy test run may hold the task back.
        clipboard.settleTime = .seconds(600)
        #expect(try await clipboard.clear() == "replaced with empty text by xclip")
        #expect(runner.commandLines.filter { $0.hasSuffix("-o") }.count == 3)
    }

    @Test func xclipFailsWhenTheSelectionStillOffersTextAfterItsSettleTime() async throws {
        let runner = RecordingCommandRunner(installed: ["xclip"])
        runner.respond(
            to: "xclip", ["-display", ":7", "-selection", "primary", "-o"],
            with: CommandResult(exitStatus: 0, standardOutput: "secret"))
        var primary = X11Clipboard(selection: .primary, display: ":7", tool: .xclip, runner: runner)
        primary.settleTime = .milliseconds(100)
        await #expect(throws: ClipboardError.self) { try await primary.clear() }
    }

    @Test func aDisplayThatCannotBeOpenedMakesClearFail() async throws {
        let runner = RecordingCommandRunner(installed: ["xsel"])
        runner.respond(to: "xsel", with: CommandResult(exitStatus: 1, standardError: "xsel: Can't open display: :7\n"))
        let backend = X11Clipboard(selection: .primary, display: ":7", tool: .xsel, runner: runner)
        await #expect(
            throws: ClipboardError(
                backend: "x11-primary",
                reason: "`xsel --display :7 --primary --clear` exited with status 1: xsel: Can't open display: :7")
        ) {
            try await backend.clear()
        }
    }

    /// Puts `text` on `selection` of `display` with xclip, reading it from a file.
    func copy(
        _ text: String, to selection: X11Clipboard.Selection, on display: String,
        scratch: TemporaryDirectory
    ) throws {
        let file = scratch.file("copied-\(selection.rawValue)")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try runTool("xclip", ["-display", display, "-selection", selection.rawValue, "-i", file])
        // xclip returns before its background process owns the selection: wait for it.
        let deadline = Date().addingTimeInterval(5)
        while try paste(from: selection, on: display) != text, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// What a paste of `selection` gets: the text, or `nil` when no program offers any.
    func paste(from selection: X11Clipboard.Selection, on display: String) throws -> String? {
        let result = try realRunner.run(
            "xclip", ["-display", display, "-selection", selection.rawValue, "-o"],
            timeoutSeconds: 10)
        return result.succeeded ? result.standardOutput : nil
    }

    @Test(arguments: [X11Clipboard.Tool.xsel, .xclip])
    func clearingEmptiesBothSelectionsOfARealXServer(tool: X11Clipboard.Tool) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let server = try VirtualDisplay(scratch: scratch)
        defer { server.stop() }
        guard realRunner.locate(tool.rawValue) != nil else {
            throw TestSetupError("\(tool.rawValue) is not installed; apt-get install -y \(tool.rawValue)")
        }

        for selection in X11Clipboard.Selection.allCases {
            try copy("secret on \(selection.rawValue)", to: selection, on: server.display, scratch: scratch)
            #expect(try paste(from: selection, on: server.display) == "secret on \(selection.rawValue)")

            var backend = X11Clipboard(selection: selection, display: server.display, tool: tool, runner: realRunner)
            // A busy test run may resume the clear's read-back late; what counts is that it empties.
            backend.settleTime = .seconds(30)
            let (_, milliseconds) = try await measure { try await backend.clear() }

            let pasted = try paste(from: selection, on: server.display)
            #expect(pasted == nil || pasted == "", "\(selection.rawValue) still offers \(pasted ?? "")")
            if tool == .xsel { #expect(pasted == nil, "xsel gives the selection up entirely") }
            print(
                String(format: "timing: X11 %@ clear with %@ %.1f ms", selection.rawValue, tool.rawValue, milliseconds))
        }
    }
}
