import AssessCore

/// GNU screen's paste buffer and registers, in the session `assess` runs under.
///
/// What clearing does, through `screen -S $STY -X ...` (screen runs one command per
/// `-X`; `eval` runs several, and it reparses them, so registers are written as octal
/// escapes such as `\141` for `a`):
/// - `register . ''` empties the paste buffer (what `C-a ]` pastes and copy mode fills);
/// - `register K ''` empties every register from byte 1 to 255 (`readreg`, `copy_reg`
///   and `register` fill them; `paste K` pastes them). The two registers whose octal
///   escapes `eval` turns back into quotes, `"` and `'`, are emptied by direct `-X`
///   commands;
/// - `removebuf` deletes the exchange file (`bufferfile`, by default
///   `/tmp/screen-exchange`) that `writebuf` and `readbuf` use.
///
/// What it does not clear: the paste buffers of *other* users attached to a multiuser
/// session (screen keeps one per user); text still on screen or in a window's
/// scrollback, which copy mode can copy again; and `-X` reports no error for a
/// command screen rejects, so only a missing session or a failed `screen` is detected.
public struct ScreenClipboard: ClipboardBackend {
    public var name: String { "screen" }

    /// The screen session, as `$STY` names it (e.g. `12345.pts-0.host`).
    public let session: String
    /// The longest any single screen command may take.
    public var timeoutSeconds: Double = 5
    private let runner: any CommandRunner

    /// How many register commands go into one `eval`: screen truncates a long `-X`
    /// message (about 1 KB), and 24 commands stay well under it.
    private static let registersPerCommand = 24
    /// Registers whose names `eval` would take as quotes even when written as escapes.
    private static let quotingCharacters: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "'")]

    /// The paste buffer and registers of the screen session `session`.
    public init(session: String, runner: any CommandRunner) {
        self.session = session
        self.runner = runner
    }

    /// The session named by `$STY` in `environment`, or `nil` outside screen.
    public init?(environment: [String: String], runner: any CommandRunner) {
        guard let session = environment.nonEmpty("STY") else { return nil }
        self.init(session: session, runner: runner)
    }

    /// Empties the paste buffer and all registers and removes the exchange file.
    public func clear() async throws -> String {
        try screen(["register", ".", ""])
        let registers = (UInt8(1)...UInt8(255)).filter {
            $0 != UInt8(ascii: ".") && !Self.quotingCharacters.contains($0)
        }
        for start in stride(from: 0, to: registers.count, by: Self.registersPerCommand) {
            let chunk = registers[start..<min(start + Self.registersPerCommand, registers.count)]
            try screen(["eval"] + chunk.map { "register \\" + String($0, radix: 8).leftPadded(to: 3) + " ''" })
        }
        for register in Self.quotingCharacters {
            try screen(["register", String(UnicodeScalar(register)), ""])
        }
        try screen(["removebuf"])
        return "emptied the paste buffer and registers, removed the exchange file"
    }

    private func screen(_ command: [String]) throws(ClipboardError) {
        _ = try runner.runClipboardCommand(
            for: name, "screen", ["-S", session, "-X"] + command,
            timeoutSeconds: timeoutSeconds)
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
