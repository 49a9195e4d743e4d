import AssessCore
import Foundation

/// The terminal emulator's own clipboard, cleared with the OSC 52 control sequence
/// `ESC ] 52 ; c ; ! BEL` (and `p` for the primary selection): a payload that is not
/// base64 asks the terminal to clear the selection.
///
/// Inside tmux the sequence is wrapped in tmux's passthrough (`ESC P tmux; ... ESC \`,
/// every inner `ESC` doubled), because tmux does not forward a clearing OSC 52 by
/// itself; tmux 3.3 and later pass it through only with `set -g allow-passthrough on`.
/// Inside GNU screen it is wrapped in screen's passthrough (`ESC P ... ESC \`).
/// A multiplexer counts only while `$TERM` is its own (`tmux*`, `screen*`): a terminal
/// started inside it (a screen reader's pseudo-terminal, Fenrir's `TERM=linux`) inherits
/// `$TMUX` but does not know the passthrough, and would show its bytes as text.
/// Terminals never answer, and many ignore OSC 52, so success means only "sent".
public struct OSC52Clipboard: ClipboardBackend {
    public var name: String { "osc52" }

    /// Which multiplexer stands between `assess` and the terminal emulator.
    public enum Multiplexer: Sendable, Equatable {
        case none, tmux, screen
    }

    /// The multiplexer whose passthrough wraps the sequence.
    public let multiplexer: Multiplexer
    private let terminal: any TerminalWriter

    /// A backend writing to `terminal`, wrapped for `multiplexer`.
    public init(terminal: any TerminalWriter, multiplexer: Multiplexer) {
        self.terminal = terminal
        self.multiplexer = multiplexer
    }

    /// A backend writing to `terminal`, with the multiplexer read from `environment`
    /// (`$TMUX`, else `$STY`, each with a `$TERM` of that multiplexer's).
    public init(terminal: any TerminalWriter, environment: [String: String]) {
        let multiplexer: Multiplexer
        let term = environment["TERM"] ?? ""
        let multiplexersTerm = term.hasPrefix("tmux") || term.hasPrefix("screen")
        if environment.nonEmpty("TMUX") != nil && multiplexersTerm {
            multiplexer = .tmux
        } else if environment.nonEmpty("STY") != nil && term.hasPrefix("screen") {
            multiplexer = .screen
        } else {
            multiplexer = .none
        }
        self.init(terminal: terminal, multiplexer: multiplexer)
    }

    /// The bytes written: the clearing sequences for the clipboard and the primary
    /// selection, wrapped for the multiplexer.
    public var sequence: String {
        ["c", "p"].map { wrapped("\u{1B}]52;\($0);!\u{07}") }.joined()
    }

    /// Writes `sequence` to the terminal; the note is "sent" since nothing confirms it.
    public func clear() async throws -> String {
        do {
            try terminal.write(sequence)
        } catch {
            throw ClipboardError(backend: name, reason: "the terminal could not be written: \(error)")
        }
        return "sent"
    }

    private func wrapped(_ inner: String) -> String {
        switch multiplexer {
        case .none:
            return inner
        case .tmux:
            return "\u{1B}Ptmux;" + inner.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
        case .screen:
            return "\u{1B}P" + inner + "\u{1B}\\"
        }
    }
}
