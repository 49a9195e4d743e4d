import Foundation

/// The formats `assess import` reads and (GIFT and QTI) `assess export` writes.
public enum InterchangeFormat: String, Sendable, CaseIterable {
    /// Moodle's GIFT text format.
    case gift
    /// Aiken: single-line questions, lettered options, an `ANSWER:` line.
    case aiken
    /// Moodle XML, Moodle's own export format.
    case moodleXML = "moodle-xml"
    /// IMS QTI 2.1/2.2 or 3.0: one item file, or a content package (zip).
    case qti

    /// The format of `data`, told from its content: a zip is a QTI package, XML is Moodle
    /// XML or QTI by its root, text with an `ANSWER:` line after lettered options is Aiken,
    /// and text with GIFT's braces, titles or categories is GIFT. `nil` when none fits.
    public static func guess(_ data: Data) -> InterchangeFormat? {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .qti }
        let text = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") {
            if text.contains("<quiz") { return .moodleXML }
            if text.contains("assessmentItem") || text.contains("qti-assessment-item") { return .qti }
            return nil
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let hasAnswerLine = lines.contains { $0.hasPrefix("ANSWER:") }
        let hasOptions = lines.contains { AikenReader.option(in: $0) != nil }
        if hasAnswerLine && hasOptions && !text.contains("{") { return .aiken }
        if text.contains("{") || text.contains("::") || text.contains("$CATEGORY") { return .gift }
        return nil
    }
}
