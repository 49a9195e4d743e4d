import AssessCore
import AssessPlatform
import Testing

@Suite struct OSC52ClipboardTests {
    @Test func clearingWritesAClearForTheClipboardAndThePrimarySelection() async throws {
        let terminal = CapturingTerminal()
        let backend = OSC52Clipboard(terminal: terminal, environment: ["TERM": "xterm-256color"])
        #expect(try await backend.clear() == "sent")
        #expect(terminal.output == ["\u{1B}]52;c;!\u{07}\u{1B}]52;p;!\u{07}"])
        #expect(backend.name == "osc52")
    }

    @Test func insideTmuxTheSequenceGoesThroughTmuxPassthrough() {
        let backend = OSC52Clipboard(
            terminal: CapturingTerminal(), environment: ["TMUX": "/tmp/t,1,0", "STY": "1.x", "TERM": "tmux-256color"])
        #expect(backend.multiplexer == .tmux)
        #expect(
            backend.sequence == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;!\u{07}\u{1B}\\"
                + "\u{1B}Ptmux;\u{1B}\u{1B}]52;p;!\u{07}\u{1B}\\")
    }

    @Test func insideScreenTheSequenceGoesThroughScreenPassthrough() {
        let backend = OSC52Clipboard(
            terminal: CapturingTerminal(), environment: ["STY": "1.pts-0.host", "TERM": "screen.xterm-256color"])
        #expect(backend.sequence == "\u{1B}P\u{1B}]52;c;!\u{07}\u{1B}\\" + "\u{1B}P\u{1B}]52;p;!\u{07}\u{1B}\\")
    }

    /// Fenrir's pseudo-terminal (`TERM=linux`) inside tmux inherits `$TMUX`; it does not
    /// know tmux's passthrough and would show it as text, so the sequence goes out plain.
    @Test func aTerminalStartedInsideAMultiplexerGetsThePlainSequence() {
        for environment in [["TMUX": "/tmp/t,1,0", "TERM": "linux"], ["STY": "1.pts-0.host", "TERM": "xterm"]] {
            let backend = OSC52Clipboard(terminal: CapturingTerminal(), environment: environment)
            #expect(backend.multiplexer == .none, "\(environment)")
            #expect(backend.sequence == "\u{1B}]52;c;!\u{07}\u{1B}]52;p;!\u{07}", "\(environment)")
        }
    }

    @Test func aTerminalThatCannotBeWrittenMakesClearFail() async {
        struct Hangup: Error, CustomStringConvertible { var description: String { "Input/output error" } }
        let backend = OSC52Clipboard(terminal: CapturingTerminal(failing: Hangup()), multiplexer: .none)
        await #expect(
            throws: ClipboardError(
                backend: "osc52",
                reason: "the terminal could not be written: Input/output error")
        ) {
            try await backend.clear()
        }
    }
}
