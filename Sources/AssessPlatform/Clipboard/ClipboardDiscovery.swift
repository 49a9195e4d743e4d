import AssessCore

/// Finds the clipboards a student could paste from in these surroundings.
public enum ClipboardDiscovery {
    /// The backends to clear, in this order: tmux (`$TMUX`),
    /// GNU screen (`$STY`), X11 CLIPBOARD and PRIMARY (`$DISPLAY`), Wayland's two
    /// (`$WAYLAND_DISPLAY`), and the terminal emulator's through OSC 52 (when a
    /// `terminal` is given and `$TERM` is set and not `dumb`).
    ///
    /// A clipboard that is present but whose tool is not installed still appears, as an
    /// `UnavailableClipboard` whose `clear()` fails naming the package to install, so
    /// that a strict policy can refuse to lock. For X11, xsel is used when installed,
    /// else xclip.
    public static func backends(
        environment: [String: String], runner: any CommandRunner,
        terminal: (any TerminalWriter)?
    ) -> [any ClipboardBackend] {
        var found: [any ClipboardBackend] = []

        if let tmux = TmuxClipboard(environment: environment, runner: runner) {
            found.append(
                runner.locate("tmux") != nil
                    ? tmux
                    : missingTool(
                        "tmux", because: "$TMUX is set but the tmux command is not installed; install the tmux package")
            )
        }
        if let screen = ScreenClipboard(environment: environment, runner: runner) {
            found.append(
                runner.locate("screen") != nil
                    ? screen
                    : missingTool(
                        "screen",
                        because: "$STY is set but the screen command is not installed; install the screen package"))
        }
        if let display = environment.nonEmpty("DISPLAY") {
            let tool: X11Clipboard.Tool? =
                runner.locate("xsel") != nil
                ? .xsel
                : runner.locate("xclip") != nil ? .xclip : nil
            for selection in X11Clipboard.Selection.allCases {
                if let tool {
                    found.append(X11Clipboard(selection: selection, display: display, tool: tool, runner: runner))
                } else {
                    found.append(
                        missingTool(
                            "x11-\(selection.rawValue)",
                            because: "$DISPLAY is set but neither xsel nor xclip is installed; install the xsel package"
                        ))
                }
            }
        }
        if let display = environment.nonEmpty("WAYLAND_DISPLAY") {
            let installed = runner.locate("wl-copy") != nil
            for selection in WaylandClipboard.Selection.allCases {
                if installed {
                    found.append(
                        WaylandClipboard(
                            selection: selection, display: display,
                            runtimeDirectory: environment.nonEmpty("XDG_RUNTIME_DIR"),
                            runner: runner))
                } else {
                    found.append(
                        missingTool(
                            "wayland-\(selection.rawValue)",
                            because:
                                "$WAYLAND_DISPLAY is set but wl-copy is not installed; install the wl-clipboard package"
                        ))
                }
            }
        }
        if let terminal, let term = environment.nonEmpty("TERM"), term != "dumb" {
            found.append(OSC52Clipboard(terminal: terminal, environment: environment))
        }
        return found
    }

    private static func missingTool(_ name: String, because reason: String) -> UnavailableClipboard {
        UnavailableClipboard(name: name, reason: reason)
    }
}
