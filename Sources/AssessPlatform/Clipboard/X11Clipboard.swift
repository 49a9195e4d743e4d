import AssessCore
import Glibc

/// One X11 selection, CLIPBOARD or PRIMARY, on the display `$DISPLAY` names.
///
/// With xsel (preferred), `xsel --display D --clipboard --clear` (or `--primary`)
/// makes the owner give the selection up: afterwards nothing owns it and a paste finds
/// no text. xclip has no way to clear; `xclip -display D -selection S -i /dev/null`
/// takes the selection over with empty text instead, and a background xclip keeps
/// owning it until another program copies. Both tools fork such a background process
/// when they take a selection, which is why the runner must not wait for their output
/// to reach end-of-file. xclip returns before its background process owns the
/// selection, so a clear with xclip reads the selection back until it is empty.
public struct X11Clipboard: ClipboardBackend {
    /// The two X11 selections a student can paste from.
    public enum Selection: String, Sendable, CaseIterable {
        /// What Ctrl-C / Ctrl-V use.
        case clipboard
        /// What selecting text fills and the middle button pastes.
        case primary
    }

    /// The command-line tools that can clear a selection.
    public enum Tool: String, Sendable {
        case xsel, xclip
    }

    /// `x11-clipboard` or `x11-primary`.
    public var name: String { "x11-\(selection.rawValue)" }

    public let selection: Selection
    public let tool: Tool
    /// The X display, e.g. `:0`.
    public let display: String
    /// The longest the tool may take.
    public var timeoutSeconds: Double = 5
    /// How long xclip's background process may take to own the selection.
    public var settleTime: Duration = .seconds(2)
    private let runner: any CommandRunner

    /// A backend clearing `selection` on `display` with `tool`.
    public init(selection: Selection, display: String, tool: Tool, runner: any CommandRunner) {
        self.selection = selection
        self.display = display
        self.tool = tool
        self.runner = runner
    }

    /// Clears the selection; the note says how, since the two tools differ.
    public func clear() async throws -> String {
        switch tool {
        case .xsel:
            _ = try runner.runClipboardCommand(
                for: name, "xsel", ["--display", display, "--\(selection.rawValue)", "--clear"],
                timeoutSeconds: timeoutSeconds)
            return "cleared with xsel"
        case .xclip:
            _ = try runner.runClipboardCommand(
                for: name, "xclip", ["-display", display, "-selection", selection.rawValue, "-i", "/dev/null"],
                timeoutSeconds: timeoutSeconds)
            try waitUntilEmpty()
            return "replaced with empty text by xclip"
        }
    }

    /// Reads the selection back until it offers no text (nothing owns it, or the empty
    /// text xclip put there); fails when it still offers text after ``settleTime``.
    private func waitUntilEmpty() throws {
        let deadline = ContinuousClock.now + settleTime
        while true {
            let offered = try? runner.run(
                "xclip", ["-display", display, "-selection", selection.rawValue, "-o"],
                timeoutSeconds: timeoutSeconds)
            guard let offered, offered.succeeded, !offered.standardOutput.isEmpty else { return }
            guard ContinuousClock.now < deadline else {
                throw ClipboardError(
                    backend: name,
                    reason: "xclip replaced the selection, but it still offers "
                        + "\(offered.standardOutput.count) characters \(settleTime) later")
            }
            // A plain sleep on the engine's own thread, which only clears clipboards at this
            // moment: `Task.sleep` would start a thread of Swift's shared pool, and with it
            // libdispatch's once-a-second pool monitor for the rest of the sitting.
            usleep(20_000)
        }
    }
}
