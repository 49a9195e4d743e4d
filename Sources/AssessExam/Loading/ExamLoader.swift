import AssessCore
import Foundation
import Yams

/// Reads exam files: bytes to text, text to YAML nodes, nodes to an `Exam`. Whatever is
/// wrong comes back as every problem that could be found, each with its position.
///
/// ```swift
/// do {
///     let exam = try ExamLoader.load(fileAt: "Exams/geography.yaml")
/// } catch {
///     print(error)   // one "file:line:column: message" per problem
/// }
/// ```
public enum ExamLoader {
    /// Loads the exam file at `path`. Reads at most one byte past ``ExamLimits/fileBytes``,
    /// so a huge file or a device such as /dev/zero is refused without being read whole.
    public static func load(fileAt path: String) throws(ExamProblems) -> Exam {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path)
                ? "cannot read this file; check its permissions"
                : "no such file; check the path"
            throw ExamProblems([ExamProblem(path: path, line: 1, column: 1, message: reason)])
        }
        defer { try? handle.close() }
        // Run setgid (a protected store), the program reads only what the student could.
        if RealUser.borrowsGroup && !RealUser.mayRead(handle.fileDescriptor) {
            throw ExamProblems([
                ExamProblem(path: path, line: 1, column: 1, message: "cannot read this file; check its permissions")
            ])
        }
        let data: Data
        do {
            data = try handle.read(upToCount: ExamLimits.fileBytes + 1) ?? Data()
        } catch {
            throw ExamProblems([
                ExamProblem(
                    path: path, line: 1, column: 1,
                    message:
                        "cannot read this file (\(error.localizedDescription)); check that it is a file and readable")
            ])
        }
        return try load(data: data, path: path, pictureFolder: (path as NSString).deletingLastPathComponent)
    }

    /// Loads an exam from the bytes of a file read from `path`. The bytes must be UTF-8;
    /// a leading byte order mark is ignored. With a `pictureFolder`, the pictures the
    /// questions name are read from it and checked (``PictureLimits``) into ``Exam/pictures``.
    public static func load(data: Data, path: String, pictureFolder: String? = nil) throws(ExamProblems) -> Exam {
        guard data.count <= ExamLimits.fileBytes else {
            throw ExamProblems([
                ExamProblem(
                    path: path, line: 1, column: 1,
                    message: """
                        the file is larger than \(ExamLimits.fileBytes >> 20) MiB; an exam file may be at most \
                        \(ExamLimits.fileBytes >> 20) MiB (\(ExamLimits.grouped(ExamLimits.fileBytes)) bytes): split it into several exams
                        """)
            ])
        }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        switch UTF8Text.decode(bytes) {
        case .text(let text):
            return try load(text: text, path: path, pictureFolder: pictureFolder)
        case .invalid(let offset, let line, let column):
            throw ExamProblems([
                ExamProblem(
                    path: path, line: line, column: column,
                    message: "byte \(offset) (counting from 0) is not valid UTF-8; save the file as UTF-8 text")
            ])
        }
    }

    /// Loads an exam from YAML `text`; `path` names it in problems. Text past any of
    /// ``ExamLimits`` is refused before it is read into a tree. Without a `pictureFolder`
    /// (see ``load(data:path:pictureFolder:)``) picture files are not read.
    public static func load(text: String, path: String, pictureFolder: String? = nil) throws(ExamProblems) -> Exam {
        if let problem = YAMLBudget.firstProblem(in: text, path: path) {
            throw ExamProblems([problem])
        }
        let root: Node?
        do {
            root = try PlainYAML.compose(text)
        } catch {
            throw ExamProblems([yamlProblem(error, path: path)])
        }
        var reader = ExamReader(path: path)
        let exam = reader.readExam(root)
        if var exam, reader.problems.isEmpty {
            guard let pictureFolder else { return exam }
            switch loadPictures(
                reader.pictureReferences, folder: pictureFolder.isEmpty ? "." : pictureFolder, path: path)
            {
            case .success(let pictures): exam.pictures = pictures
            case .failure(let problems): throw problems
            }
            return exam
        }
        throw ExamProblems(reader.problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    /// The problem to report when the YAML parser gives up, placed where it stopped.
    private static func yamlProblem(_ error: any Error, path: String) -> ExamProblem {
        let advice = "check indentation, colons and quotes near here"
        guard let yamlError = error as? YamlError else {
            return ExamProblem(path: path, line: 1, column: 1, message: "this is not YAML (\(error)); \(advice)")
        }
        switch yamlError {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return ExamProblem(
                path: path, line: mark.line, column: mark.column,
                message: "this is not valid YAML: \(problem); \(advice)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = Array(Set(duplicates)).sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            return ExamProblem(
                path: path, line: context.mark.line, column: context.mark.column,
                message: "a key appears twice in the same mapping (\(keys)); keep one of them")
        default:
            return ExamProblem(
                path: path, line: 1, column: 1, message: "this is not valid YAML: \(yamlError); \(advice)")
        }
    }
}

/// Strict UTF-8 decoding that says where the first bad byte is.
enum UTF8Text {
    /// Either the text, or where the first bad byte is: its offset in the bytes given
    /// (from 0), and its line and column (from 1, columns in Unicode scalars).
    enum Outcome: Equatable {
        case text(String)
        case invalid(offset: Int, line: Int, column: Int)
    }

    /// Decodes `bytes`, stopping at the first byte that is not part of valid UTF-8.
    static func decode(_ bytes: Data.SubSequence) -> Outcome {
        // Valid text, the usual case, in one pass over contiguous bytes; only a mistake is
        // looked for scalar by scalar.
        if let text = bytes.withUnsafeBytes({ String(validating: $0, as: UTF8.self) }) { return .text(text) }
        var scalars = String.UnicodeScalarView()
        var offset = 0
        var line = 1
        var column = 1
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return .text(String(scalars))
            case .error:
                return .invalid(offset: offset, line: line, column: column)
            }
        }
    }
}
