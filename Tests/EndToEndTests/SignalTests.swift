import AssessStore
import AssessTUI
import AssessTestSupport
import Foundation
import Testing

/// Every catchable signal sent to a locked sitting in its own real terminal: the ones
/// that stop a sitting save, log the signal's name and release the lock; the ones it
/// ignores leave the sitting locked and answering keys. The terminals run in parallel.
@Suite("Signals sent to a locked sitting", .ownThread)
struct SignalTests {
    /// Every signal of the trap's table but the real-time ones, of which the first, the
    /// second, the second last and the last stand for the rest (one code path serves all).
    static let cases: [String] = {
        let realTime = SignalTrap.signals.filter { $0.name.hasPrefix("SIGRT") }.map(\.name)
        let sampled = Set(
            [realTime.first, realTime.dropFirst().first, realTime.dropLast().last, realTime.last].compactMap { $0 })
        return SignalTrap.signals.map(\.name).filter { !$0.hasPrefix("SIGRT") || sampled.contains($0) }
    }()

    @Test(arguments: cases)
    func aSignalStopsTheSittingCleanlyOrIsIgnored(name: String) throws {
        let entry = try #require(SignalTrap.signals.first { $0.name == name })
        let candidate = "sig-" + name.lowercased().replacingOccurrences(of: "+", with: "-")
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate \(candidate)")
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("1")
        let pid = try #require(try terminal.assessPID())
        #expect(kill(pid, entry.number) == 0)
        let database = try terminal.store()
        let attempt = try #require(try database.attempts(exam: "geography-quiz", candidate: candidate).first)

        switch entry.response {
        case .stop, .stopUnlessOwnCrash:
            #expect(try terminal.exitStatus() == 1)
            #expect(try terminal.screen().contains("interrupted (\(name))"))
            #expect(try terminal.assessCommand(["status", "--json"]).output.contains("\"state\":\"unlocked\""))
            #expect(try database.attempt(attempt.id)?.status == .inProgress)
            #expect(try database.responses(for: attempt.id).count == 1)
            let log = try terminal.assessCommand(["log", "--attempt", attempt.id]).output
            #expect(log.contains("session.interrupted\treason=\(name)"), "the log was:\n\(log)")
            #expect(log.contains("lock.released"))
        case .ignore:
            // Still locked and still taking keys.
            try terminal.press("Tab")
            try terminal.waitFor("Question 2 of 4")
            #expect(try terminal.assessPID() == pid)
            #expect(try terminal.assessCommand(["status", "--json"]).output.contains("\"state\":\"locked\""))
            #expect(try database.attempt(attempt.id)?.status == .inProgress)
            let log = try terminal.assessCommand(["log", "--attempt", attempt.id]).output
            #expect(!log.contains("session.interrupted"), "the log was:\n\(log)")
            kill(pid, SIGTERM)
            #expect(try terminal.exitStatus() == 1)
        }
    }
}
