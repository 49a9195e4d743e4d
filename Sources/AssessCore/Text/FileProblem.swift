/// One thing wrong with a file a person wrote (an exam, a policy), with where it is.
/// Lines and columns count from 1; columns count Unicode scalars, as the YAML parser does.
public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path as given to the reader.
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
