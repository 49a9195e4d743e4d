import AssessExam
import Foundation

/// Item statistics for `assess results`: per question, the share of scored attempts that
/// got it right and, for choice questions, how often each choice was picked.
enum ItemReport {
    /// One exam's questions.
    struct ExamItems: Encodable {
        var exam: String
        var attempts: Int
        var questions: [Item]
    }

    /// One question, as `--items --json` writes it.
    struct Item: Encodable {
        var question: String
        var answered: Int
        var right: Int
        /// Answers still waiting for a person to mark them.
        var awaitingMarking: Int
        /// `right` out of the scored attempts, 0 to 1; null with no attempts.
        var shareRight: Double?
        var meanPoints: Double
        var maximum: Double
        var choices: [Choice]?

        struct Choice: Encodable {
            var text: String
            var correct: Bool
            var picked: Int
        }

        init(_ statistics: ItemStatistics) {
            question = statistics.questionID
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
    static func statistics(_ rows: [ResultRow], exams: [Exam]) -> [ExamItems] {
        exams.map { exam in
            let sittings = rows.filter { $0.exam.id == exam.id }.compactMap { row in
                row.score.map { (responses: row.responses, score: $0) }
            }
            return ExamItems(exam: exam.id, attempts: sittings.count,
                             questions: ItemStatistics.of(exam, sittings: sittings).map(Item.init))
        }
    }

    /// `--items --json`: an array with one object per exam.
    static func json(_ exams: [ExamItems]) throws -> String {
        try JSONReport.text(exams, pretty: true)
    }

    /// A block per exam: one line per question, then one per choice with a bar of #.
    static func table(_ exams: [ExamItems]) -> String {
        var text = ""
        for exam in exams {
            text += "items of \(exam.exam) (\(exam.attempts) scored attempts; right = full points):\n"
            guard exam.attempts > 0 else { text += "  no scored attempts\n"; continue }
            let width = exam.questions.map(\.question.count).max() ?? 0
            for item in exam.questions {
                let share = item.shareRight.map { ResultFormats.number(($0 * 100).rounded()) + "%" } ?? "-"
                text += "  " + item.question.padding(toLength: width, withPad: " ", startingAt: 0)
                text += "  right \(item.right)/\(exam.attempts) (\(share))  mean \(ResultFormats.number(item.meanPoints))"
                text += "/\(ResultFormats.number(item.maximum))  answered \(item.answered)"
                text += item.awaitingMarking > 0 ? "  \(item.awaitingMarking) to mark\n" : "\n"
                for choice in item.choices ?? [] {
                    let mark = choice.correct ? "*" : " "
                    text += "    \(mark) \(String(repeating: "#", count: choice.picked))\(choice.picked > 0 ? " " : "")\(choice.picked)  \(choice.text)\n"
                }
            }
        }
        return text
    }
}
