import ArgumentParser
import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTUI
import Foundation

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

    @OptionGroup(title: "Accessibility (those the policy's student-settings allows)")
    var accessibility: AccessibilityFlags

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try checkCandidate(candidate)
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let exam = try ExamFiles.load(examPath)
        let text = language.catalogue(for: exam, environment: runtime.environment)
        let practice = self.practice || exam.lock == .practice
        if practice && !policy.allowPractice {
            throw CommandFailure(.notDone, text("terminal.practice-refused", ["policy": policy.source]))
        }
        let candidate = self.candidate ?? runtime.process.userName
        if let problem = CandidateID.problem(with: candidate) {
            throw CommandFailure(.commandLine, "\(problem); without --candidate the login name is the id, so give one with --candidate")
        }
        let chosen = accessibility.settings
        let refused = chosen.enabled.subtracting(policy.studentSettings).sorted()
        if !refused.isEmpty {
            // The refused settings by name in the student's language; the allowed ones as the
            // flags' values, which the student would type.
            let allowed = policy.studentSettings.sorted().map(\.rawValue)
            throw CommandFailure(.notDone, text("terminal.settings-refused", [
                "policy": policy.source,
                "refused": Self.list(refused.map { text("setting." + $0.rawValue) }, in: text),
                "allowed": allowed.isEmpty ? text("terminal.settings-none") : Self.list(allowed, in: text),
            ]))
        }
        let dataDirectory = try runtime.dataDirectory()
        var runner = SittingRunner(runtime: runtime, policy: policy, dataDirectory: dataDirectory,
                                   database: try runtime.sittingDatabase(in: dataDirectory, exam: exam.id, candidate: candidate), exam: exam, examPath: examPath,
                                   candidate: candidate, practice: practice)
        runner.settings.accessibility = chosen
        runner.accessibilityChosenBy = "student"
        runner.requestedLanguage = language.language
        try await runner.run()
    }

    /// `items` joined as `text`'s language lists them ("a, b" or "a、b").
    static func list(_ items: [String], in text: Catalogue) -> String {
        items.dropFirst().reduce(items.first ?? "") { text("list.join", ["first": $0, "next": $1]) }
    }
}
