import AssessCore
import AssessPlatform
import AssessTestSupport
import Testing

@Suite struct ClipboardDiscoveryTests {
    let internalClipboard = InternalClipboard()

    func names(_ environment: [String: String], installed: Set<String>,
               terminal: (any TerminalWriter)? = CapturingTerminal()) -> [String] {
        ClipboardDiscovery.backends(environment: environment, runner: RecordingCommandRunner(installed: installed),
                                    terminal: terminal, internal: internalClipboard).map(\.name)
    }

    @Test func aPlainConsoleHasTheInternalClipboardAndTheTerminals() {
        #expect(names(["TERM": "linux"], installed: []) == ["internal", "osc52"])
    }

    @Test func theInternalClipboardIsTheOneGiven() async throws {
        internalClipboard.store("copied answer")
        let backends = ClipboardDiscovery.backends(environment: [:], runner: RecordingCommandRunner(),
                                                   terminal: nil, internal: internalClipboard)
        #expect(backends.count == 1)
        _ = try await backends[0].clear()
        #expect(internalClipboard.text == "")
    }

    @Test func osc52NeedsATerminalAndATermThatIsNotDumb() {
        #expect(names(["TERM": "dumb"], installed: []) == ["internal"])
        #expect(names([:], installed: []) == ["internal"])
        #expect(names(["TERM": "xterm"], installed: [], terminal: nil) == ["internal"])
    }

    @Test func everyClipboardInTheSurroundingsIsFoundInOrder() {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "STY": "1.pts-0.host",
                           "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": "/run/user/0"]
        #expect(names(environment, installed: ["tmux", "screen", "xsel", "xclip", "wl-copy"]) == [
            "internal", "tmux", "screen", "x11-clipboard", "x11-primary",
            "wayland-clipboard", "wayland-primary", "osc52",
        ])
    }

    @Test func xselIsPreferredAndXclipIsTheFallback() {
        let runner = RecordingCommandRunner(installed: ["xsel", "xclip"])
        let withBoth = ClipboardDiscovery.backends(environment: ["DISPLAY": ":0"], runner: runner, terminal: nil,
                                                   internal: internalClipboard)
        #expect(withBoth.compactMap { ($0 as? X11Clipboard)?.tool } == [.xsel, .xsel])
        runner.setInstalled("xsel", false)
        let withXclip = ClipboardDiscovery.backends(environment: ["DISPLAY": ":0"], runner: runner, terminal: nil,
                                                    internal: internalClipboard)
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
        let backends = ClipboardDiscovery.backends(environment: environment, runner: RecordingCommandRunner(),
                                                   terminal: nil, internal: internalClipboard)
        let missing = try #require(backends.first { $0.name == name })
        await #expect {
            try await missing.clear()
        } throws: { error in
            let failure = error as? ClipboardError
            return failure?.backend == name && failure?.reason.hasSuffix(advice) == true
        }
    }
}
