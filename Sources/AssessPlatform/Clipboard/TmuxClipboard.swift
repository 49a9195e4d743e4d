import AssessCore

/// tmux's paste buffers, reached through the server `assess` runs under.
///
/// Clearing lists every buffer by name (`tmux list-buffers -F '#{buffer_name}'`) and
/// deletes each with `tmux delete-buffer -b NAME` (a bare `delete-buffer` removes only
/// the newest), then lists again and fails if any buffer is left. The server is named
/// explicitly with `-S SOCKET`, taken from `$TMUX`, so the commands reach the server
/// whose environment was given even when the runner's own differs.
/// Buffer names are read; buffer contents never are.
public struct TmuxClipboard: ClipboardBackend {
    public var name: String { "tmux" }

    /// The tmux server's socket, the first field of `$TMUX` ("socket,pid,session").
    public let socketPath: String
    /// The longest any single tmux command may take.
    public var timeoutSeconds: Double = 5
    private let runner: any CommandRunner

    /// The buffers of the tmux server listening on `socketPath`.
    public init(socketPath: String, runner: any CommandRunner) {
        self.socketPath = socketPath
        self.runner = runner
    }

    /// The server named by `$TMUX` in `environment`, or `nil` outside tmux.
    public init?(environment: [String: String], runner: any CommandRunner) {
        guard let value = environment["TMUX"], let socket = Self.socketPath(fromTMUX: value) else { return nil }
        self.init(socketPath: socket, runner: runner)
    }

    /// The socket path in a `$TMUX` value, or `nil` when it names none.
    public static func socketPath(fromTMUX value: String) -> String? {
        let socket = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return socket.isEmpty ? nil : String(socket)
    }

    /// Deletes every paste buffer; the note says how many, e.g. "deleted 3 buffers".
    public func clear() async throws -> String {
        let names = try bufferNames()
        for bufferName in names {
            _ = try tmux(["delete-buffer", "-b", bufferName])
        }
        let left = try bufferNames()
        guard left.isEmpty else {
            throw ClipboardError(backend: name, reason: "\(Self.count(left.count)) still there after deleting")
        }
        return "deleted \(Self.count(names.count))"
    }

    private func bufferNames() throws(ClipboardError) -> [String] {
        try tmux(["list-buffers", "-F", "#{buffer_name}"])
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init)
    }

    private func tmux(_ arguments: [String]) throws(ClipboardError) -> String {
        try runner.runClipboardCommand(
            for: name, "tmux", ["-S", socketPath] + arguments,
            timeoutSeconds: timeoutSeconds)
    }

    private static func count(_ buffers: Int) -> String {
        buffers == 1 ? "1 buffer" : "\(buffers) buffers"
    }
}
