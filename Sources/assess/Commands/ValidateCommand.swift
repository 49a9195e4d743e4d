import ArgumentParser
import AssessExam
import Foundation

/// `assess validate EXAM...`: checks exam files and prints every problem with its position.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check exam files and report every problem as file:line:column: message.",
        discussion: "Exits 0 when every file is valid and 65 when any is not.")

    @Argument(help: ArgumentHelp("Exam files (YAML) to check.", valueName: "exam"))
    var exams: [String]

    func validate() throws {
        if exams.isEmpty { throw ValidationError("name at least one exam file") }
    }

    func run() throws {
        var invalid = 0
        for path in exams {
            do {
                let exam = try ExamLoader.load(fileAt: path)
                print("\(path): valid — \(exam.title), \(exam.questions.count) questions, exam key \(exam.shortKey)")
            } catch {
                invalid += 1
                for problem in error.problems {
                    printToStandardError("\(problem)")
                }
            }
        }
        if invalid > 0 {
            throw CommandFailure(.dataError, "\(invalid) of \(exams.count) exam files are not valid; fix the problems listed above")
        }
    }
}
