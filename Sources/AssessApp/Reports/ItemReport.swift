import AssessExam
import Foundation

/// Item statistics for `assess results`: per question, the share of scored attempts that
/// got it right and, for choice questions, how often each choice was picked.
package enum ItemReport {
    /// One exam's questions.
    package struct ExamItems: Encodable {
        package var exam: String
        package var attempts: Int
        package var questions: [Item]
    }

    /// One question, as `--items --json` writes it.
    package struct Item: Encodable {
        package var question: String
        /// The scored attempts that were given the question (for a pool's question, fewer
        /// than the exam's).
        package var attempts: Int
        package var answered: Int
        package var right: Int
        /// Answers still waiting for a person to mark them.
        package var awaitingMarking: Int
        /// `right` out of the scored attempts, 0 to 1; null with no attempts.
        package var shareRight: Double?
        package var meanPoints: Double
        package var maximum: Double
        package var choices: [Choice]?

        package struct Choice: Encodable {
            package var text: String
            package var correct: Bool
            package var picked: Int
        }

        /// The item as `statistics` count it.
        package init(_ statistics: ItemStatistics) {
            question = statistics.questionID
            attempts = statistics.attempts
            answered = statistics.answered
            right = statistics.right
            awaitingMarking = statistics.awaitingMarking
            shareRight = statistics.shareRight
            meanPoints = statistics.meanPoints
            maximum = statistics.maximum
            choices = statistics.choices?.map { Choice(text: $0.text, correct: $0.isCorrect, picked: $0.picked) }
        }
    }

    /// The statistics of each exam over its scored attempts.
    package static func statistics(_ rows: [ResultRow], exams: [Exam]) -> [ExamItems] {
        exams.map { exam in
            let sittings = rows.filter { $0.exam.id == exam.id }.compactMap { row in
                row.score.map { (responses: row.responses, score: $0) }
            }
            return ExamItems(
                exam: exam.id, attempts: sittings.count,
                questions: ItemStatistics.of(exam, sittings: sittings).map(Item.init))
        }
    }

    /// `--items --json`: an array with one object per exam.
    package static func json(_ exams: [ExamItems]) throws -> String {
        try JSONReport.text(exams, pretty: true)
    }

    /// A block per exam: one line per question, then one per choice with a bar of #.
    package static func table(_ exams: [ExamItems]) -> String {
        var text = ""
        for exam in exams {
            text += "items of \(exam.exam) (\(exam.attempts) scored attempts; right = full points):\n"
            guard exam.attempts > 0 else {
                text += "  no scored attempts\n"
                continue
            }
            let width = exam.questions.map(\.question.count).max() ?? 0
            for item in exam.questions {
                let share = item.shareRight.map { ResultFormats.number(($0 * 100).rounded()) + "%" } ?? "-"
                text += "  " + item.question.padding(toLength: width, withPad: " ", startingAt: 0)
                text +=
                    "  right \(item.right)/\(item.attempts) (\(share))  mean \(ResultFormats.number(item.meanPoints))"
                text += "/\(ResultFormats.number(item.maximum))  answered \(item.answered)"
                text += item.awaitingMarking > 0 ? "  \(item.awaitingMarking) to mark\n" : "\n"
                for choice in item.choices ?? [] {
                    let mark = choice.correct ? "*" : " "
                    text +=
                        "    \(mark) \(String(repeating: "#", count: choice.picked))\(choice.picked > 0 ? " " : "")\(choice.picked)  \(choice.text)\n"
                }
            }
        }
        return text
    }
}
