import AssessCore
import AssessPlatform
import AssessTestSupport
import Testing

@Suite struct ClipboardDiscoveryTests {
    func names(
        _ environment: [String: String], installed: Set<String>,
        terminal: (any TerminalWriter)? = CapturingTerminal()
    ) -> [String] {
        ClipboardDiscovery.backends(
            environment: environment, runner: RecordingCommandRunner(installed: installed),
            terminal: terminal
        ).map(\.name)
    }

    @Test func aPlainConsoleHasTheTerminalsClipboard() {
        #expect(names(["TERM": "linux"], installed: []) == ["osc52"])
    }

    @Test func osc52NeedsATerminalAndATermThatIsNotDumb() {
        #expect(names(["TERM": "dumb"], installed: []) == [])
        #expect(names([:], installed: []) == [])
        #expect(names(["TERM": "xterm"], installed: [], terminal: nil) == [])
    }

    @Test func everyClipboardInTheSurroundingsIsFoundInOrder() {
        let environment = [
            "TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "STY": "1.pts-0.host",
            "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": "/run/user/0",
        ]
        #expect(
            names(environment, installed: ["tmux", "screen", "xsel", "xclip", "wl-copy"]) == [
                "tmux", "screen", "x11-clipboard", "x11-primary",
                "wayland-clipboard", "wayland-primary", "osc52",
            ])
    }

    @Test func xselIsPreferredAndXclipIsTheFallback() {
        let runner = RecordingCommandRunner(installed: ["xsel", "xclip"])
        let withBoth = ClipboardDiscovery.backends(environment: ["DISPLAY": ":0"], runner: runner, terminal: nil)
        #expect(withBoth.compactMap { ($0 as? X11Clipboard)?.tool } == [.xsel, .xsel])
        runner.setInstalled("xsel", false)
        let withXclip = ClipboardDiscovery.backends(environment: ["DISPLAY": ":0"], runner: runner, terminal: nil)
        #expect(withXclip.compactMap { ($0 as? X11Clipboard)?.tool } == [.xclip, .xclip])
    }

    @Test(arguments: [
        (["TMUX": "/tmp/t,1,0"], "tmux", "install the tmux package"),
        (["STY": "1.pts-0.host"], "screen", "install the screen package"),
        (["DISPLAY": ":0"], "x11-clipboard", "install the xsel package"),
        (["WAYLAND_DISPLAY": "wayland-0"], "wayland-primary", "install the wl-clipboard package"),
    ])
    func aClipboardWhoseToolIsMissingStillAppearsAndFailsToClear(
        environment: [String: String], name: String, advice: String
    ) async throws {
        let backends = ClipboardDiscovery.backends(
            environment: environment, runner: RecordingCommandRunner(),
            terminal: nil)
        let missing = try #require(backends.first { $0.name == name })
        await #expect {
            try await missing.clear()
        } throws: { error in
            let failure = error as? ClipboardError
            return failure?.backend == name && failure?.reason.hasSuffix(advice) == true
        }
    }
}
