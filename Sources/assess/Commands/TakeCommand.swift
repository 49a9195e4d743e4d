import ArgumentParser
import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTUI
import Foundation
import Glibc

/// `assess take EXAM`: the student's flow from welcome to receipt.
struct TakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "take",
        abstract: "Sit an exam: welcome, consent, lock, questions, review, submit, unlock, receipt.",
        discussion: """
            Refuses to start (exit 75) while any lock holds this terminal, live or stale. \
            The lock is released when the exam is submitted, when time runs out, or when the \
            program is stopped (SIGTERM, SIGHUP); every answer is saved within a second.
            """)

    @Argument(help: ArgumentHelp("The exam file (YAML), e.g. Exams/geography.yaml.", valueName: "exam"))
    var examPath: String

    @Option(help: "The candidate's id; defaults to the login name.")
    var candidate: String?

    @Flag(help: "Practice: no lock, suggestions on, nothing graded (when the policy allows).")
    var practice = false

    func validate() throws {
        try checkCandidate(candidate)
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let exam = try SittingRunner.loadExam(examPath)
        let practice = self.practice || exam.lock == .practice
        if practice && !policy.allowPractice {
            throw CommandFailure(.usage, "the policy (\(policy.source)) does not allow practice sittings on this terminal")
        }
        let candidate = self.candidate ?? runtime.process.userName
        if let problem = CandidateID.problem(with: candidate) {
            throw CommandFailure(.usage, "\(problem); without --candidate the login name is the id, so give one with --candidate")
        }
        let dataDirectory = try runtime.dataDirectory()
        let runner = SittingRunner(runtime: runtime, policy: policy, dataDirectory: dataDirectory,
                                   database: try runtime.database(in: dataDirectory), exam: exam, examPath: examPath,
                                   candidate: candidate, practice: practice)
        try await runner.run()
    }
}

/// The size of the terminal on standard output, read without curses so that the
/// session can check it from any thread.
enum TerminalWindow {
    static func size() -> TerminalSize? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
}
