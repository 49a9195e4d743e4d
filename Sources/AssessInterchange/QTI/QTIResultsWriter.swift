import AssessExam
import Foundation

/// Writes one attempt as a QTI 2.1 results report (`assessmentResult`): the candidate,
/// the test's total score, and for each question the candidate's response and its mark.
/// Responses use the identifiers `QTIWriter` gives the exam's items (`c1`, `l1 r2`,
/// `true`), so a report reads against the package `assess export --format qti` writes.
public enum QTIResultsWriter {
    /// One attempt to report.
    public struct Sitting: Sendable {
        /// The candidate's id.
        public var candidate: String
        /// The attempt's id.
        public var attemptID: String
        /// When the attempt ended (or started, if it has not ended).
        public var datestamp: Date
        /// The answers by question id.
        public var responses: [String: Response]
        /// The marks, when the attempt was scored.
        public var score: ExamScore?

        /// Creates a sitting.
        public init(
            candidate: String, attemptID: String, datestamp: Date, responses: [String: Response], score: ExamScore?
        ) {
            self.candidate = candidate
            self.attemptID = attemptID
            self.datestamp = datestamp
            self.responses = responses
            self.score = score
        }
    }

    /// The results report of `sitting` at `exam`.
    public static func document(exam: Exam, sitting: Sitting) -> String {
        let formatter = ISO8601DateFormatter()
        let stamp = formatter.string(from: sitting.datestamp)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<assessmentResult xmlns="http://www.imsglobal.org/xsd/imsqti_result_v2p1">"#,
            #"  <context sourcedId="\#(QTIWriter.attribute(sitting.candidate))">"#,
            #"    <sessionIdentifier sourceID="assess" identifier="\#(QTIWriter.attribute(sitting.attemptID))"/>"#,
            "  </context>",
            #"  <testResult identifier="\#(QTIWriter.attribute(exam.id))" datestamp="\#(stamp)">"#,
        ]
        if let score = sitting.score {
            lines.append(outcome("SCORE", score.awarded))
            lines.append(outcome("MAXSCORE", score.maximum))
        }
        lines.append("  </testResult>")
        for (index, question) in exam.questions.enumerated() {
            let mark = sitting.score?.marks[question.id]
            let status = mark?.needsManualMarking == true ? "pendingResponseProcessing" : "final"
            lines.append(
                #"  <itemResult identifier="\#(QTIWriter.attribute(question.id))" sequenceIndex="\#(index + 1)" datestamp="\#(stamp)" sessionStatus="\#(status)">"#
            )
            let (cardinality, baseType) = declaration(question.kind)
            let values = sitting.responses[question.id].map { Self.values($0, for: question.kind) } ?? []
            lines.append(
                #"    <responseVariable identifier="RESPONSE" cardinality="\#(cardinality)" baseType="\#(baseType)">"#)
            lines.append(
                "      <candidateResponse>\(values.map { "<value>\(QTIWriter.text($0))</value>" }.joined())</candidateResponse>"
            )
            lines.append("    </responseVariable>")
            if let mark, !mark.needsManualMarking { lines.append("  " + outcome("SCORE", mark.awarded)) }
            lines.append("  " + outcome("MAXSCORE", question.points))
            lines.append("  </itemResult>")
        }
        lines += ["</assessmentResult>", ""]
        return lines.joined(separator: "\n")
    }

    private static func outcome(_ identifier: String, _ value: Double) -> String {
        #"    <outcomeVariable identifier="\#(identifier)" cardinality="single" baseType="float"><value>\#(NativeExamWriter.number(value))</value></outcomeVariable>"#
    }

    /// The response declaration `QTIWriter` gives a question of this kind.
    static func declaration(_ kind: QuestionKind) -> (cardinality: String, baseType: String) {
        switch kind {
        case .singleChoice, .trueFalse: return ("single", "identifier")
        case .multipleResponse: return ("multiple", "identifier")
        case .shortText, .essay, .code: return ("single", "string")
        case .numeric: return ("single", "float")
        case .matching: return ("multiple", "directedPair")
        case .ordering: return ("ordered", "identifier")
        }
    }

    /// A response as the values of its QTI response variable.
    static func values(_ response: Response, for kind: QuestionKind) -> [String] {
        switch response {
        case .singleChoice(let index): return ["c\(index + 1)"]
        case .multipleResponse(let indices): return indices.sorted().map { "c\($0 + 1)" }
        case .trueFalse(let value): return [value ? "true" : "false"]
        case .shortText(let text), .essay(let text), .code(let text): return [text]
        case .numeric(let text):
            var unit: String?
            if case .numeric(_, let questionUnit) = kind { unit = questionUnit }
            return NumericInput.value(of: text, unit: unit).map { [NativeExamWriter.number($0)] } ?? []
        case .matching(let pairs): return pairs.sorted { $0.key < $1.key }.map { "l\($0.key + 1) r\($0.value + 1)" }
        case .ordering(let order): return order.map { "c\($0 + 1)" }
        }
    }
}
