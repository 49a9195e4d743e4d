/// What `assess validate` needs: the problems in an exam file as a list, empty when the
/// file is a valid exam. The checks are the loader's; this only changes the shape of
/// the answer.
public enum ExamValidator {
    /// Every problem in the exam file at `path`, sorted by position; empty when valid.
    public static func problems(inFileAt path: String) -> [ExamProblem] {
        do {
            _ = try ExamLoader.load(fileAt: path)
            return []
        } catch {
            return error.problems
        }
    }

    /// Every problem in exam YAML `text` said to come from `path`; empty when valid.
    public static func problems(in text: String, path: String) -> [ExamProblem] {
        do {
            _ = try ExamLoader.load(text: text, path: path)
            return []
        } catch {
            return error.problems
        }
    }
}
