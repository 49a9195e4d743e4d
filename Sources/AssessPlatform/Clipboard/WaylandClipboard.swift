import AssessCore

/// One Wayland selection, the regular clipboard or the primary selection, cleared
/// with wl-clipboard's `wl-copy --clear` (`wl-copy --primary --clear`).
///
/// wl-copy finds the compositor only through `$WAYLAND_DISPLAY` (and
/// `$XDG_RUNTIME_DIR`, where a relative display socket lives) and has no option for
/// them, while a `CommandRunner` passes no environment. So the command is run as
/// `env WAYLAND_DISPLAY=... XDG_RUNTIME_DIR=... wl-copy ...` with the given values.
public struct WaylandClipboard: ClipboardBackend {
    /// The two Wayland selections.
    public enum Selection: String, Sendable, CaseIterable {
        case clipboard, primary
    }

    /// `wayland-clipboard` or `wayland-primary`.
    public var name: String { "wayland-\(selection.rawValue)" }

    public let selection: Selection
    /// The compositor's socket name or path, as in `$WAYLAND_DISPLAY`.
    public let display: String
    /// `$XDG_RUNTIME_DIR`, where a socket given by name is found.
    public let runtimeDirectory: String?
    /// The longest wl-copy may take.
    public var timeoutSeconds: Double = 5
    private let runner: any CommandRunner

    /// A backend clearing `selection` of the compositor at `display`.
    public init(selection: Selection, display: String, runtimeDirectory: String?, runner: any CommandRunner) {
        self.selection = selection
        self.display = display
        self.runtimeDirectory = runtimeDirectory
        self.runner = runner
    }

    /// Clears the selection; the note is "cleared with wl-copy".
    public func clear() async throws -> String {
        var arguments = ["WAYLAND_DISPLAY=\(display)"]
        if let runtimeDirectory { arguments.append("XDG_RUNTIME_DIR=\(runtimeDirectory)") }
        arguments.append("wl-copy")
        if selection == .primary { arguments.append("--primary") }
        arguments.append("--clear")
        _ = try runner.runClipboardCommand(for: name, "env", arguments, timeoutSeconds: timeoutSeconds)
        return "cleared with wl-copy"
    }
}
