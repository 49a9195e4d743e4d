import AssessStore
import Foundation
import Testing

/// What reaches a locked sitting's terminal besides typing: bytes that are not text, a
/// paste the terminal does not bracket, an input method's commit, Alt chords. Each in its
/// own real terminal, driven by tmux.
@Suite("Input at a locked sitting's terminal", .ownThread)
struct SeatInputTests {
    /// A locked sitting of the geography quiz on its last question, the text field
    /// (`Answer:`) focused; returns the terminal and the attempt's id.
    private func lockedAtTheTextField(_ candidate: String) throws -> (TerminalUnderTest, String) {
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate \(candidate)")
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("Tab", "Tab", "Tab")
        try terminal.waitFor("Answer:")
        let attempt = try #require(try terminal.store().attempts(exam: "geography-quiz", candidate: candidate).first)
        return (terminal, attempt.id)
    }

    /// The sitting still runs, still holds the lock and still takes keys; nothing ended it.
    private func expectStillLocked(
        _ terminal: TerminalUnderTest, attempt: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try terminal.assessPID() != nil, sourceLocation: sourceLocation)
        #expect(
            try terminal.assessCommand(["status", "--json"]).output.contains("\"state\":\"locked\""),
            sourceLocation: sourceLocation)
        let log = try terminal.assessCommand(["log", "--attempt", attempt]).output
        #expect(!log.contains("session.interrupted"), "the log was:\n\(log)", sourceLocation: sourceLocation)
    }

    /// The log's records of `kind` for the attempt, one line each.
    private func records(_ kind: String, in terminal: TerminalUnderTest, attempt: String) throws -> [String] {
        try terminal.assessCommand(["log", "--attempt", attempt]).output.split(separator: "\n")
            .filter { $0.contains(kind + "\t") }.map(String.init)
    }

    @Test func fourHundredFiftyInvalidBytesAreDroppedAndLoggedOnceNotAHangUp() throws {
        let (terminal, attempt) = try lockedAtTheTextField("c-bytes")
        try terminal.tmux(["send-keys", "-H"] + Array(repeating: "ff", count: 450))
        Thread.sleep(forTimeInterval: 1)
        try expectStillLocked(terminal, attempt: attempt)
        try terminal.waitForLog("input.invalid-dropped")
        let dropped = try records("input.invalid-dropped", in: terminal, attempt: attempt)
        #expect(dropped.count == 1 && dropped[0].hasSuffix("input.invalid-dropped\tbytes=450"), "\(dropped)")
        try terminal.type("ok")
        try terminal.waitFor("Answer: ok")
        let pid = try #require(try terminal.assessPID())
        kill(pid, SIGTERM)
        #expect(try terminal.exitStatus() == 1)
    }

    @Test func aHundredThousandRandomBytesLeaveTheSittingLocked() throws {
        let (terminal, attempt) = try lockedAtTheTextField("c-random")
        var generator = SplitMix(seed: UInt64(Date().timeIntervalSince1970))
        let seed = generator.state
        var sent = 0
        while sent < 100_000 {
            let chunk = (0..<1_000).map { _ in String(format: "%02x", UInt8(truncatingIfNeeded: generator.next())) }
            try terminal.tmux(["send-keys", "-H"] + chunk)
            sent += chunk.count
        }
        Thread.sleep(forTimeInterval: 1)
        try expectStillLocked(terminal, attempt: attempt)
        try terminal.waitForLog("input.invalid-dropped", seconds: 30)
        let dropped = try records("input.invalid-dropped", in: terminal, attempt: attempt)
        #expect(!dropped.isEmpty, "seed \(seed)")
        // Still answering keys: the help screen opens and closes.
        try terminal.press("F1")
        try terminal.waitFor("Esc")
        let pid = try #require(try terminal.assessPID())
        kill(pid, SIGTERM)
        #expect(try terminal.exitStatus() == 1, "seed \(seed)")
    }

    @Test func aPasteWithoutBracketsOfTenThousandCharactersIsRejectedAndLoggedOnce() throws {
        let (terminal, attempt) = try lockedAtTheTextField("c-unbracketed")
        let crib = String(repeating: "Canberra is the capital. ", count: 400)
        try terminal.tmux("set-buffer", "-b", "crib", crib)
        try terminal.tmux("paste-buffer", "-b", "crib")
        let screen = try terminal.waitFor("Pasting is not allowed")
        #expect(!screen.contains("Canberra"))
        Thread.sleep(forTimeInterval: 0.5)
        let rejected = try records("paste.rejected", in: terminal, attempt: attempt)
        #expect(rejected.count == 1 && rejected[0].hasSuffix("paste.rejected\tcharacters=10000"), "\(rejected)")
        // Typing after it goes in.
        try terminal.type("ok")
        let after = try terminal.waitFor("Answer: ok")
        #expect(!after.contains("Canberra"))
        try expectStillLocked(terminal, attempt: attempt)
        #expect(!(try terminal.assessCommand(["log", "--json"]).output.contains("Canberra")))
    }

    @Test func anInputMethodsCommitOfThreeCJKCharactersGoesIn() throws {
        let (terminal, attempt) = try lockedAtTheTextField("c-ime")
        try terminal.type("東京都")
        try terminal.waitFor("Answer: 東京都")
        try terminal.type("x")
        try terminal.waitFor("Answer: 東京都x")
        #expect(try records("paste.rejected", in: terminal, attempt: attempt).isEmpty)
    }

    @Test func altLettersTypeNothingAndAreLoggedAsRefusedKeys() throws {
        let (terminal, attempt) = try lockedAtTheTextField("c-alt")
        try terminal.type("a")
        try terminal.waitFor("Answer: a")
        try terminal.press("M-x", "M-q", "M-c", "M-z")
        try terminal.waitFor("Alt-z does nothing")
        try terminal.type("b")
        let screen = try terminal.waitFor("Answer: ab")
        #expect(!screen.contains("Answer: ax"))
        let refused = try terminal.waitForLog("key=Alt-z")
        for letter in ["x", "q", "c", "z"] { #expect(refused.contains("key.quit-ignored\tkey=Alt-\(letter)")) }
        try expectStillLocked(terminal, attempt: attempt)
    }
}

/// A small random generator with a seed the test reports, so a failing run can be repeated.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
