import Foundation

/// The text a published exam's scoring key keeps: the exam file's text as the teacher
/// wrote it, then, for an exam with pictures, one comment line per picture recording its
/// SHA-256. The exam key covers each picture's bytes (`ExamKey`), which the scoring key's
/// text alone does not hold; the recorded digests let a scoring key read back from the
/// store make the same delivery key as the exam it was published from.
public enum ScoringKeyText {
    /// What starts each recorded picture's line, before its digest and file name.
    static let marker = "# picture-sha256 "

    /// The scoring key text for `exam`, read from `source`.
    public static func text(source: String, exam: Exam) -> String {
        let files = Set(exam.questions.flatMap(\.images).map(\.file)).sorted()
        let lines = files.compactMap { file in exam.pictureDigest(of: file).map { "\(marker)\($0) \(file)" } }
        guard !lines.isEmpty else { return source }
        return source + (source.hasSuffix("\n") ? "" : "\n")
            + "# The pictures this scoring key was published with (SHA-256, file):\n"
            + lines.joined(separator: "\n") + "\n"
    }

    /// The exam a scoring key's `text` holds, with the digests of its pictures; `path` names it in problems.
    public static func exam(from text: String, path: String) throws(ExamProblems) -> Exam {
        var exam = try ExamLoader.load(text: text, path: path)
        for line in text.split(separator: "\n") where line.hasPrefix(marker) {
            let rest = line.dropFirst(marker.count)
            let digest = rest.prefix(64)
            let file = rest.dropFirst(65)
            guard digest.count == 64, digest.allSatisfy(\.isHexDigit), !file.isEmpty else { continue }
            exam.recordedPictureDigests[String(file)] = String(digest)
        }
        return exam
    }
}
