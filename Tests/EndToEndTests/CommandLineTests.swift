import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

/// The proctor's commands, run by the real binary in a real terminal (tmux).
@Suite("Commands at the terminal", .ownThread)
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

    /// What a school's IT checks on each machine: the version, the same as the package's.
    @Test func versionPrintsThePackagesVersionAndExits0() throws {
        let result = try SubprocessCommandRunner().run(
            try BuiltProducts.path(of: "assess"), ["--version"], timeoutSeconds: 30)
        let packaged = try String(contentsOfFile: TerminalUnderTest.packageRoot + "/Packaging/VERSION", encoding: .utf8)
        #expect(result.exitStatus == 0, "\(result.standardError)")
        #expect(result.standardOutput == packaged.trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
    }

    @Test func aBadArgumentGivesOneLineAndExits64() throws {
        let terminal = try TerminalUnderTest("status --colour")
        #expect(try terminal.exitStatus() == 64)
        let lines = try terminal.screen().split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("assess: ") == true)
        #expect(lines.count == 2) // the error, then EXIT=64
    }

    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        let runner = SubprocessCommandRunner()
        let assess = try BuiltProducts.path(of: "assess")
        let mistyped = try runner.run(assess, ["tkae", "Exams/geography.yaml"], timeoutSeconds: 10)
        #expect(mistyped.exitStatus == 64)
        #expect(
            mistyped.standardError == "assess: unknown command 'tkae'; did you mean 'take'? (see 'assess --help')\n")
        let unlike = try runner.run(assess, ["xyzzy"], timeoutSeconds: 10)
        #expect(unlike.exitStatus == 64)
        #expect(unlike.standardError == "assess: unknown command 'xyzzy' (see 'assess --help')\n")
    }

    /// `take` is parsed on its own first (it starts faster); a mistake in its arguments is
    /// still reported as the whole command line's, pointing to `assess --help`.
    @Test func aMistakeInTakesArgumentsIsReportedAsTheWholeCommandLines() throws {
        let runner = SubprocessCommandRunner()
        let assess = try BuiltProducts.path(of: "assess")
        let cases: [([String], String)] = [
            (
                ["take", "Exams/geography.yaml", "--colour"],
                "assess: Unknown option '--colour'. Did you mean '--no-colour'? (see 'assess --help')\n"
            ),
            (
                ["take"],
                "assess: Missing expected argument '<exam>': an exam file, or --exam ID for an exam published in the store (see 'assess --help')\n"
            ),
            (
                ["take", "Exams/geography.yaml", "--exam", "geography-quiz"],
                "assess: name the exam once: its file, or --exam ID for an exam published in the store (see 'assess --help')\n"
            ),
        ]
        for (arguments, expected) in cases {
            let result = try runner.run(assess, arguments, timeoutSeconds: 30)
            #expect(result.exitStatus == 64, "\(arguments)")
            #expect(result.standardError == expected, "\(arguments)")
            #expect(result.standardOutput == "", "\(arguments)")
        }
    }

    /// Every command the top-level help lists, and every subcommand theirs list, has help
    /// with an overview and its usage line: a new command cannot be added without it.
    @Test func everyCommandHasHelp() throws {
        let terminal = try TerminalUnderTest("status")
        var waiting = [[String]()]
        var seen: [String] = []
        while let path = waiting.popLast() {
            let help = try terminal.assessCommand(path + ["--help"])
            let name = (["assess"] + path).joined(separator: " ")
            #expect(help.status == 0, "\(name) --help exited \(help.status)")
            #expect(help.output.hasPrefix("OVERVIEW: "), "\(name) --help has no overview")
            #expect(help.output.contains("USAGE: \(name)"), "\(name) --help has no usage line")
            seen.append(name)
            waiting += Self.subcommands(in: help.output).map { path + [$0] }
        }
        // The list is read from the help itself: check that it was read at all.
        #expect(seen.contains("assess take") && seen.contains("assess store init") && seen.count > 15, "\(seen)")
    }

    /// The help of `assess` and of the commands a student's sitting starts with says that it
    /// is English only, while the screens speak the exam's, `--language`'s or the locale's.
    @Test func theStudentsCommandsSayTheirHelpIsInEnglishOnly() throws {
        let runner = SubprocessCommandRunner()
        let assess = try BuiltProducts.path(of: "assess")
        for command in [[], ["take"], ["launch"], ["resume"]] {
            let result = try runner.run(assess, command + ["--help"], timeoutSeconds: 30)
            #expect(result.exitStatus == 0, "\(command)")
            // The help wraps at the terminal's width: read its words, not its lines.
            let words = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(
                words.contains(
                    "This help is in English only. The student's screens speak the language `--language` "
                        + "names, else the exam's when it is English, Japanese, Korean, Vietnamese or Brazilian "
                        + "Portuguese, else the locale's (LC_ALL, LC_MESSAGES, LANG); the questions stay in the exam's."
                ),
                "\(command)")
        }
    }

    /// The names in a help text's SUBCOMMANDS section (each at the start of an indented line).
    private static func subcommands(in help: String) -> [String] {
        guard let section = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[section.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.contains("'assess help") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "help" }
    }

    @Test func statusOnAFreeTerminalSaysUnlockedAndNamesThePolicy() throws {
        let terminal = try TerminalUnderTest("status")
        #expect(try terminal.exitStatus() == 0)
        let screen = try terminal.writtenText()
        #expect(screen.contains("unlocked: no exam holds this terminal"))
        #expect(screen.contains("policy: \(terminal.policy)"))
        #expect(
            screen.contains(
                "store: SQLite \(terminal.dataDirectory)/assess.sqlite (this account can write it: "
                    + "its log's chain and its receipts find edits by anyone else, never by this account"))
    }

    @Test func statusWithAStoreThatCannotBeReadIsAnErrorInTextAndJSON() throws {
        let scratch = try TemporaryDirectory("assess-e2e-status")
        defer { scratch.remove() }
        // A store that is not a database at all.
        try FileManager.default.createDirectory(atPath: scratch.file("data"), withIntermediateDirectories: true)
        try "not a database".write(toFile: scratch.file("data/assess.sqlite"), atomically: true, encoding: .utf8)
        let terminal = try TerminalUnderTest("status --json", dataDirectory: scratch.file("data"))
        #expect(try terminal.exitStatus() == 73)
        let written = try terminal.writtenText()
        #expect(written.contains("\"storeError\""), "\(written)")
        #expect(written.contains("assess: the store cannot be read:"), "\(written)")
    }

    @Test func unlockRefusesALiveLock() throws {
        let sitting = try TerminalUnderTest("take Exams/geography.yaml --candidate c-201")
        try sitting.acceptTheLock(skipBanner: false)
        let unlock = try TerminalUnderTest(
            "unlock --stale", lockDirectory: sitting.lockDirectory,
            dataDirectory: sitting.dataDirectory)
        #expect(try unlock.exitStatus() == 75)
        #expect(try unlock.screen().contains("held by a live session"))
        #expect(try sitting.assessCommand(["status", "--json"]).output.contains("\"state\":\"locked\""))
    }
}
