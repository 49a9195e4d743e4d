import AssessTestSupport
import Foundation
import Testing

/// The proctor's commands, run by the real binary in a real terminal (tmux).
@Suite("Commands at the terminal")
struct CommandLineTests {
    @Test func validateAcceptsEverySampleExam() throws {
        let terminal = try TerminalUnderTest("validate Exams/*.yaml")
        #expect(try terminal.exitStatus() == 0)
        let screen = try terminal.screen()
        for sample in ["geography", "spelling", "all-types", "multilingual"] {
            #expect(screen.contains("Exams/\(sample).yaml: valid"))
        }
    }

    @Test func validateListsEveryProblemWithItsPositionAndExits65() throws {
        let scratch = try TemporaryDirectory("assess-e2e-exam")
        let path = scratch.file("broken.yaml")
        try """
            id: broken
            tittle: Broken
            duration: soon
            questions:
              - id: q1
                type: single-choice
                prompt: Pick one.
                choices: [A, B]
                answer: C
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest("validate \(path)")
        #expect(try terminal.exitStatus() == 65)
        let screen = try terminal.screen()
        #expect(screen.contains("broken.yaml:2:1:"))
        #expect(screen.contains("did you mean \"title\""))
        #expect(screen.contains("broken.yaml:3:"))
        #expect(screen.contains("broken.yaml:9:"))
    }

    @Test func aBadArgumentGivesOneLineAndExits64() throws {
        let terminal = try TerminalUnderTest("status --colour")
        #expect(try terminal.exitStatus() == 64)
        let lines = try terminal.screen().split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("assess: ") == true)
        #expect(lines.count == 2)  // the error, then EXIT=64
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["take", "launch", "resume", "status", "unlock", "end", "log", "results", "mark", "verify", "passwd",
                        "validate", "import", "export", "store", "store init", "store check"] {
            // Tall enough that the usage line of the longest help has not scrolled away.
            let terminal = try TerminalUnderTest("\(command) --help", height: 60)
            #expect(try terminal.exitStatus() == 0)
            #expect(try terminal.screen().contains("USAGE: assess \(command)"))
        }
    }

    @Test func statusOnAFreeTerminalSaysUnlockedAndNamesThePolicy() throws {
        let terminal = try TerminalUnderTest("status")
        #expect(try terminal.exitStatus() == 0)
        let screen = try terminal.screen()
        #expect(screen.contains("unlocked: no exam holds this terminal"))
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("policy: \(terminal.policy)"))
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("store: SQLite \(terminal.dataDirectory)/assess.sqlite"))
    }

    @Test func unlockRefusesALiveLock() throws {
        let sitting = try TerminalUnderTest("take Exams/geography.yaml --candidate c-201")
        try sitting.acceptTheLock(skipBanner: false)
        let unlock = try TerminalUnderTest("unlock --stale", lockDirectory: sitting.lockDirectory,
                                           dataDirectory: sitting.dataDirectory)
        #expect(try unlock.exitStatus() == 75)
        #expect(try unlock.screen().contains("held by a live session"))
        #expect(try sitting.assessCommand(["status", "--json"]).output.contains("\"state\":\"locked\""))
    }
}
