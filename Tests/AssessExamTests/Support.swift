import AssessExam
import Foundation

/// Paths and helpers the exam tests share.
enum TestFiles {
    /// The folder holding this test target's sources.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// Broken exam files, read by path.
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    /// The repository's sample exams.
    static let exams = testsFolder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Exams")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func sample(_ name: String) -> String { exams.appendingPathComponent(name).path }
}

/// The problems found in `yaml`, or an empty list when it loads.
func problems(in yaml: String) -> [ExamProblem] {
    do {
        _ = try ExamLoader.load(text: yaml, path: "exam.yaml")
        return []
    } catch {
        return error.problems
    }
}

/// The problems found in the exam file at `path`, or an empty list when it loads.
func problems(inFileAt path: String) -> [ExamProblem] {
    do {
        _ = try ExamLoader.load(fileAt: path)
        return []
    } catch {
        return error.problems
    }
}

/// The exam in `yaml`, which the test expects to be valid.
func exam(_ yaml: String) throws -> Exam {
    try ExamLoader.load(text: yaml, path: "exam.yaml")
}

/// A valid exam header to put questions under.
let header = """
    id: test-exam
    title: Test exam
    duration: 5m

    """
