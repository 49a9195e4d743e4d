import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import Foundation

/// `assess validate EXAM...`: checks exam files and prints every problem with its position.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check exam files and report every problem as file:line:column: message.",
        discussion:
            "Exits 0 when every file is valid, 66 when a file does not exist or cannot be read, and 65 when any is not valid."
    )

    @Argument(help: ArgumentHelp("Exam files (YAML) to check.", valueName: "exam"))
    var exams: [String]

    func validate() throws {
        if exams.isEmpty { throw ValidationError("name at least one exam file") }
    }

    func run() throws {
        var failures: [CommandFailure] = []
        for path in exams {
            do {
                let exam = try ExamLoader.load(fileAt: path)
                let sat = exam.questionsSat < exam.questions.count ? " (each candidate sits \(exam.questionsSat))" : ""
                print(
                    "\(path): valid — \(exam.title), \(Counted.english(exam.questions.count, "question"))\(sat), exam key \(exam.shortKey)"
                )
            } catch {
                failures.append(ExamFiles.failure(path, error))
                for problem in error.problems {
                    printToStandardError("\(problem)")
                }
            }
        }
        guard !failures.isEmpty else { return }
        // A file that is not there outweighs one that is not valid: the exit status says the worse.
        let reason: FailureReason = failures.contains { $0.reason == .examMissing } ? .examMissing : .examInvalid
        throw CommandFailure(
            reason,
            "\(failures.count) of \(Counted.english(exams.count, "exam file")) \(failures.count == 1 ? "is" : "are") not valid; fix the problems listed above"
        )
    }
}
