import AssessExam
import Foundation

/// Loading the exam files a command names: one decision for every command between a
/// file that is not there (``FailureReason/examMissing``) and one that is not valid
/// (``FailureReason/examInvalid``).
package enum ExamFiles {
    /// Loads the exam file at `path`, or fails with every problem in it and what to do.
    package static func load(_ path: String) throws(CommandFailure) -> Exam {
        do {
            return try ExamLoader.load(fileAt: path)
        } catch {
            throw failure(path, error)
        }
    }

    /// The failure for the exam file at `path` that did not load with `problems`.
    package static func failure(_ path: String, _ problems: ExamProblems) -> CommandFailure {
        let listed = problems.problems.map(\.description).joined(separator: "\n")
        guard isReadable(path) else {
            return CommandFailure(.examMissing, listed)
        }
        return CommandFailure(
            .examInvalid, listed + "\nfix the exam file (see Exams/FORMAT.md); check it with: assess validate \(path)")
    }

    /// True when `path` is a file this process can read.
    private static func isReadable(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isReadableFile(atPath: path)
    }
}
