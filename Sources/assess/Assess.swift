import ArgumentParser
import Foundation

/// The `assess` command: a terminal exam client. Each subcommand is a small struct in
/// `Commands/`; the real dependencies are built in `Support/Runtime.swift`.
@main
struct Assess: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assess",
        abstract: "Sit exams at a locked-down terminal.",
        discussion: """
            A student runs `assess take EXAM` (or a proctor runs `assess launch EXAM --candidate ID` \
            to set extra time, breaks and restrictions first); the terminal stays locked until the \
            exam is submitted. Proctors set their password with `passwd`, look after a terminal with \
            `status`, `resume`, `unlock --stale`, `end` and `log`, score with `results`, check \
            receipts with `verify`, and check exam files with `validate`.
            """,
        subcommands: [
            TakeCommand.self, LaunchCommand.self, ResumeCommand.self, StatusCommand.self, UnlockCommand.self, EndCommand.self,
            LogCommand.self, ResultsCommand.self, VerifyCommand.self, PasswdCommand.self, ValidateCommand.self,
        ])

    /// Parses the arguments and runs the command. Every error ends as one line on
    /// standard error and an exit status from `ExitStatus`; no stack trace reaches the screen.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("assess: \(failure.message)\n".utf8))
            Foundation.exit(failure.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version print to standard output and end well.
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("assess: \(message) (see 'assess --help')\n".utf8))
            Foundation.exit(code.rawValue == 0 ? ExitStatus.usage.rawValue : code.rawValue)
        }
    }
}
