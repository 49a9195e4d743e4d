import ArgumentParser
import AssessApp
import AssessCore
import AssessPlatform
import Foundation

/// The `assess` command: a terminal exam client. Each subcommand is a small struct in
/// `Commands/`; what they run is in AssessApp (the real dependencies are built by its `Runtime`).
@main
struct Assess: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assess",
        abstract: "Sit exams at a locked-down terminal.",
        discussion: """
            A student runs `assess take EXAM` (or a proctor runs `assess launch EXAM --candidate ID` \
            to set extra time, breaks and restrictions first); the terminal stays locked until the \
            exam is submitted. Proctors set their password with `passwd`, watch the whole room with `monitor`, look after a terminal with \
            `status`, `resume`, `unlock --stale`, `end` and `log`, mark essays with `mark`, score with `results`, check \
            receipts with `verify`, check exam files with `validate`, and bring question banks in \
            and out with `import` and `export`. The school's admin sets up a shared PostgreSQL store \
            with `store init` and checks it with `store check`.
            """ + "\n\n" + LanguageOption.helpIsEnglish,
        version: Version.number,
        subcommands: [
            TakeCommand.self, LaunchCommand.self, ResumeCommand.self, StatusCommand.self, UnlockCommand.self,
            EndCommand.self,
            MonitorCommand.self, RosterCommand.self, PublishCommand.self, OpenCommand.self, LogCommand.self,
            ResultsCommand.self,
            MarkCommand.self, VerifyCommand.self, PasswdCommand.self,
            ValidateCommand.self,
            ImportCommand.self, ExportCommand.self,
            StoreCommand.self, KioskTextCommand.self,
        ])

    /// Parses the arguments and runs the command. Every error ends as one line on
    /// standard error and an exit status from `ExitStatus`; no stack trace reaches the screen.
    ///
    /// The command runs as a task on an executor with a thread of its own, never on Swift's
    /// shared pool: once a pool thread exists, libdispatch wakes the process once a second
    /// for as long as it lives (its pool monitor), and an exam left idle should not wake
    /// for anything but its clock.
    static func main() {
        // Run setgid (a protected store), the student's environment is set aside first.
        ProtectedStore.confine(command: CommandLine.arguments.dropFirst().first)
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `take`, which a student waits on, without the parser when its arguments are the
        // usual ones; its terminal and exam start from here, beside the command's thread.
        let take =
            arguments.first == TakeCommand.configuration.commandName
            ? TakeRequest(quickParsing: Array(arguments.dropFirst()))?.start() : nil
        // The command runs on this thread, which is its executor.
        SittingExecutor.runOnCallingThread {
            if let take {
                await run { try await take.run() }
            } else {
                await runCommand(arguments)
            }
        }
    }

    private static func runCommand(_ arguments: [String]) async {
        if let unknown = unknownCommand(in: arguments) {
            let hint = DidYouMean.closest(to: unknown, in: commandNames).map { "; did you mean '\($0)'?" } ?? ""
            fail("unknown command '\(unknown)'\(hint) (see 'assess --help')", status: ExitStatus.usage.rawValue)
        }
        var command: any ParsableCommand
        do {
            command = try parseCommand(arguments)
        } catch {
            let code = exitCode(for: error)
            endIfHelp(error)
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            fail(
                "\(message) (see 'assess --help')",
                status: code.rawValue == 0 ? ExitStatus.usage.rawValue : code.rawValue)
        }
        await run {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
    }

    /// Runs a parsed command's `work`; a failure ends the process with its message and status.
    private static func run(_ work: () async throws -> Void) async {
        do {
            try await work()
        } catch let failure as CommandFailure {
            fail(failure.message, status: failure.status.rawValue)
        } catch {
            endIfHelp(error)
            // Not a command-line mistake, so no pointer to --help: one line, exit 1.
            let message = "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
            fail(message, status: ExitStatus.notDone.rawValue)
        }
    }

    /// The command `arguments` name. `take` is parsed as a root of its own first: for the
    /// whole tree swift-argument-parser sets up every subcommand's arguments (each looked up
    /// through the runtime's protocol conformances). Anything but a clean parse of `take`
    /// (`--help`, a mistake) is parsed again through the whole tree, whose help and
    /// messages name `assess take`.
    private static func parseCommand(_ arguments: [String]) throws -> any ParsableCommand {
        if arguments.first == TakeCommand.configuration.commandName,
            let take = try? TakeCommand.parseAsRoot(Array(arguments.dropFirst())) as? TakeCommand
        {
            return take
        }
        return try parseAsRoot(arguments)
    }

    /// Every subcommand's name.
    private static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// The first argument when it should name a command and names none (`assess tkae`).
    private static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help",
            !commandNames.contains(first)
        else { return nil }
        return first
    }

    /// Prints the help and exits 0 when `error` is the parser's request for it (`--help`,
    /// `--version`; the parser hands back a command whose run throws it).
    private static func endIfHelp(_ error: any Error) {
        guard exitCode(for: error) == .success else { return }
        print(fullMessage(for: error))
        Foundation.exit(0)
    }

    /// Writes `assess: MESSAGE` to standard error and exits with `status`.
    private static func fail(_ message: String, status: Int32) -> Never {
        printToStandardError("assess: \(message)")
        Foundation.exit(status)
    }
}
