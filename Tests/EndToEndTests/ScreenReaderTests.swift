import AssessTestSupport
import Foundation
import Testing

/// A practice sitting in the screen reader's layout, read by a real screen reader: Fenrir
/// (Debian's `fenrir`) on a pseudo-terminal inside tmux at 80×24, its generic speech driver
/// writing each utterance to a file instead of a voice. What a blind student hears of the
/// tools: a struck-out choice, a chosen one, the word the highlighter is on, a highlight.
@Suite("Heard through Fenrir", .ownThread)
struct ScreenReaderTests {
    static let exam = """
        id: planets
        title: Planets
        duration: 10m
        restrictions:
          - {id: strike-out, title: Striking out, detail: Choices may be struck out., default: on}
          - {id: line-reader, title: Line reader, detail: One line at a time., default: on}
          - {id: highlight, title: Highlighter, detail: Words may be highlighted., default: on}
        questions:
          - id: closest
            type: single-choice
            prompt: Which planet is closest to the Sun? Think of the order of the inner planets before you choose.
            choices: [Venus, Mercury, Mars, Earth]
            answer: Mercury

        """

    /// Waits until Fenrir has said `text` (in the file `spoken`); returns all it said.
    @discardableResult
    static func waitUntilSaid(
        _ text: String, in spoken: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let deadline = Date().addingTimeInterval(15)
        var said = ""
        while Date() < deadline {
            said = (try? String(contentsOfFile: spoken, encoding: .utf8)) ?? ""
            if said.contains(text) { return said }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw TestFailure("Fenrir never said \(text.debugDescription); it said:\n\(said)")
    }

    @Test func fenrirSaysTheStruckAndChosenChoicesTheWordReadAndTheHighlight() throws {
        let fenrir = "/usr/bin/fenrir"
        guard FileManager.default.isExecutableFile(atPath: fenrir) else {
            throw TestFailure(
                "fenrir is not installed; apt-get install -y fenrir (Packaging/install-dependencies does)")
        }
        let scratch = try TemporaryDirectory("assess-e2e-fenrir")
        let exam = scratch.file("planets.yaml")
        try Self.exam.write(toFile: exam, atomically: true, encoding: .utf8)
        let spoken = scratch.file("spoken.txt")
        try "".write(toFile: spoken, atomically: true, encoding: .utf8)
        let say = scratch.file("say.sh")
        try "printf '%s\\n' \"$*\" >> '\(spoken)'\n".write(toFile: say, atomically: true, encoding: .utf8)
        // The shell Fenrir runs on its pseudo-terminal: the sitting, in the environment tmux gave.
        let shell = scratch.file("sitting.sh")
        try "exec '\(try BuiltProducts.path(of: "assess"))' take '\(exam)' --candidate f-1 --practice --screen-reader\n"
            .write(toFile: shell, atomically: true, encoding: .utf8)
        let options = [
            "speech#genericSpeechCommand=/bin/sh \(say) fenrirText", "sound#enabled=False",
            "screen#driver=ptyDriver", "keyboard#driver=ptyDriver", "general#shell=/bin/sh \(shell)",
        ].joined(separator: ";")
        let terminal = try TerminalUnderTest(
            "", program: "\(fenrir) -e -s /etc/fenrirscreenreader/settings/settings-pty.conf -o '\(options)'",
            width: 80, height: 24)
        try Self.waitUntilSaid("Enter begin practice", in: spoken)
        try terminal.press("Enter")
        try Self.waitUntilSaid("Press Enter to begin.", in: spoken)
        try terminal.press("Enter")
        try Self.waitUntilSaid("x strike out", in: spoken)
        try terminal.press("x")
        try Self.waitUntilSaid("1. Venus, struck", in: spoken)
        try terminal.press("Down")
        try terminal.press("Space")
        try Self.waitUntilSaid("2. Mercury, chosen", in: spoken)
        try terminal.press("C-g")
        try Self.waitUntilSaid("Esc answer", in: spoken)
        try terminal.press("Right")
        try Self.waitUntilSaid("planet\n", in: spoken)
        try terminal.press("Space")
        try Self.waitUntilSaid("“planet” highlighted.", in: spoken)
        try terminal.press("Down")
        let said = try Self.waitUntilSaid("before you choose.", in: spoken)
        // The line reader's mark is not read out in this layout.
        #expect(!said.contains("▸"), "\(said)")
    }
}
