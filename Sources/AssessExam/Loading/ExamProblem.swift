/// One thing wrong with an exam file, with where it is. Lines and columns count from 1;
/// columns count Unicode scalars, as the YAML parser does.
public struct ExamProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file's path as given to the loader.
    public var path: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong and what to do about it.
    public var message: String

    /// Creates a problem.
    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the form editors and terminals link to.
    public var description: String { "\(path):\(line):\(column): \(message)" }
}

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
