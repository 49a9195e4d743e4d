import AssessTestSupport
import Foundation
import Testing

/// A sitting read by a real screen reader: tmux at 80×24 runs Fenrir (Debian's `fenrir`) on
/// a pseudo-terminal of its own (its PTY screen and input drivers, `TERM=linux`), Fenrir runs
/// `assess ARGUMENTS` there, and its generic speech driver appends each utterance to a file
/// instead of speaking it. Keys go through Fenrir as a student's would; its own keys in that
/// layout (Esc, F1–F3, F5–F8) never reach the sitting.
final class FenrirListener {
    let terminal: TerminalUnderTest
    /// The folder of the speech file and the scripts; removed with the listener.
    let scratch: TemporaryDirectory
    /// The file each utterance is appended to, one a line.
    let spoken: String
    /// How many utterances the checks have consumed.
    private var heard = 0

    /// Starts Fenrir running `assess ARGUMENTS` (the exam files and the rest already written).
    init(_ arguments: String, policy: String? = nil) throws {
        let fenrir = "/usr/bin/fenrir"
        guard FileManager.default.isExecutableFile(atPath: fenrir) else {
            throw TestFailure(
                "fenrir is not installed; apt-get install -y fenrir (Packaging/install-dependencies does)")
        }
        scratch = try TemporaryDirectory("assess-e2e-fenrir")
        spoken = scratch.file("spoken.txt")
        try "".write(toFile: spoken, atomically: true, encoding: .utf8)
        let say = scratch.file("say.sh")
        try "printf '%s\\n' \"$*\" >> '\(spoken)'\n".write(toFile: say, atomically: true, encoding: .utf8)
        let shell = scratch.file("sitting.sh")
        try "exec '\(try BuiltProducts.path(of: "assess"))' \(arguments)\n"
            .write(toFile: shell, atomically: true, encoding: .utf8)
        let options = [
            "speech#genericSpeechCommand=/bin/sh \(say) fenrirText", "sound#enabled=False",
            "screen#driver=ptyDriver", "keyboard#driver=ptyDriver", "general#shell=/bin/sh \(shell)",
        ].joined(separator: ";")
        terminal = try TerminalUnderTest(
            "", policy: policy,
            program: "/usr/bin/fenrir -e -s /etc/fenrirscreenreader/settings/settings-pty.conf -o '\(options)'",
            width: 80, height: 24)
    }

    deinit { scratch.remove() }

    /// The keys the Linux console writes otherwise than tmux: Fenrir's pseudo-terminal says
    /// `TERM=linux`, and passes the bytes typed on as they come.
    static let linuxConsoleKeys = ["F4": "\u{1B}[[D", "F5": "\u{1B}[[E"]

    /// What Fenrir says of itself: that it started, and that the character under the cursor
    /// has an attribute (bold, reverse), which it says as the cursor lands on one, at its pace.
    static let fenrirsOwn: Set<String> = ["Start Fenrir", "has attribute"]

    /// What Fenrir said, one utterance an entry. Fenrir joins a screen's lines with " , "
    /// and reads a run of blanks as one: each utterance's lines are joined here with " / ",
    /// blank lines and runs of spaces left out.
    func utterances() -> [String] {
        let said = (try? String(contentsOfFile: spoken, encoding: .utf8)) ?? ""
        return said.split(separator: "\n").map { utterance in
            utterance.split(separator: " , ", omittingEmptySubsequences: false)
                .map { $0.split(separator: " ").joined(separator: " ") }
                .filter { !$0.isEmpty && $0 != "," }
                .joined(separator: " / ")
        }.filter { !$0.isEmpty && !Self.fenrirsOwn.contains($0) }
    }

    /// Presses `keys` (tmux's names; `text:` before literal text) one at a time and
    /// expects Fenrir to say `expected` after them, utterance by utterance, whole, and
    /// nothing else but `passing` (a screen shown for a moment, which Fenrir reads or not
    /// as its reading falls): waits until it has, and a moment more in case it says more;
    /// records what it said instead when it differs.
    func expectSaid(
        _ expected: [String], after keys: [String] = [], passing: Set<String> = [], seconds: Double = 15,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for key in keys {
            if key.hasPrefix("text:") {
                try terminal.type(String(key.dropFirst(5)))
            } else if let sequence = Self.linuxConsoleKeys[key] {
                try terminal.type(sequence)
            } else {
                try terminal.press(key)
            }
            // Fenrir reads the screen between keys, as it would between a person's.
            if keys.count > 1 { Thread.sleep(forTimeInterval: 0.3) }
        }
        let deadline = Date().addingTimeInterval(seconds)
        var said: [String] = []
        let heardNow = { Array(self.utterances().dropFirst(self.heard)) }
        while Date() < deadline {
            said = heardNow()
            if said.filter({ !passing.contains($0) }).count >= expected.count {
                // Enough said: once quiet for a moment, it is the whole of it.
                Thread.sleep(forTimeInterval: 0.6)
                said = heardNow()
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        heard += said.count
        let kept = said.filter { !passing.contains($0) }
        #expect(
            kept == expected,
            "after \(keys) Fenrir said:\n\(said.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }
}
