import AssessCore

/// One thing wrong with an exam file, with where it is.
public typealias ExamProblem = FileProblem

/// Every problem found in an exam file, in the order they appear in it.
public struct ExamProblems: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, sorted by line and column; never empty.
    public var problems: [ExamProblem]

    /// Wraps a list of problems.
    public init(_ problems: [ExamProblem]) {
        self.problems = problems
    }

    /// One problem per line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
