import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// `assess results` of an exam with a pool: each candidate is scored on the questions drawn
/// for them, a question drawn for others is neither scored nor "unanswered" in their row,
/// and item statistics count each question over those who were given it.
@Suite("Results of a pool")
struct PoolResultsTests {
    static let exam = Exam(
        id: "pool", title: "Pool", durationSeconds: 300,
        sections: [
            ExamSection(
                title: "Numbers",
                questions: (1...6).map { number in
                    Question(
                        id: "n\(number)", prompt: "\(number) + \(number)?", points: Double(number),
                        kind: .numeric(answer: .value(Double(2 * number), tolerance: 0), unit: nil))
                }, select: 2)
        ])

    @Test func eachCandidateIsScoredOnTheirOwnQuestions() throws {
        let scratch = try TemporaryDirectory("assess-pool-results")
        defer { scratch.remove() }
        let database = try SQLiteStore(dataDirectory: scratch.url)
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        var rows: [ResultRow] = []
        for candidate in ["ana", "ben"] {
            let attempt = try database.startAttempt(
                examID: Self.exam.id, examKey: Self.exam.examKey, candidate: candidate, secondsAllowed: 300,
                isPractice: false, settings: "{}", at: now)
            // What the candidate was shown; the first answered right, the second wrong.
            let shown = ExamPresentation(exam: Self.exam, candidate: candidate).questions.map(\.question)
            for (index, question) in shown.enumerated() {
                guard case .numeric(.value(let right, _), _) = question.kind else { continue }
                let typed = index == 0 ? String(Int(right)) : "0"
                _ = try database.saveResponse(
                    attempt: attempt.id, question: question.id, value: Response.numeric(typed).json, flagged: false,
                    at: now)
            }
            let finished = try database.finishAttempt(id: attempt.id, status: .submitted, receipt: nil, at: now)
            let row = try ResultRow(attempt: finished, exam: Self.exam, database: database)
            let score = try #require(row.score)
            #expect(Set(score.marks.keys) == Set(shown.map(\.id)))
            #expect(score.maximum == shown[0].points + shown[1].points)
            #expect(score.awarded == shown[0].points)
            rows.append(row)
        }
        let drawn = rows.map { Set($0.sat.questions.map(\.id)) }
        #expect(drawn[0] != drawn[1], "ana and ben drew the same questions: \(drawn)")

        // The CSV leaves a question drawn for the other candidate empty, answered: too.
        let csv = ResultFormats.csv(rows, exams: [Self.exam], withAnswers: true)
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = lines[0]
        for (line, row) in zip(lines.dropFirst(), rows) {
            for question in Self.exam.questions {
                let score = line[try #require(header.firstIndex(of: "q:\(question.id)"))]
                let answered = line[try #require(header.firstIndex(of: "answered:\(question.id)"))]
                if row.sat.question(withID: question.id) == nil {
                    #expect(score.isEmpty && answered.isEmpty, "\(row.attempt.candidate) \(question.id): \(line)")
                } else {
                    #expect(answered == "yes" && !score.isEmpty, "\(row.attempt.candidate) \(question.id)")
                }
            }
        }

        // Item statistics: each question over the attempts it was drawn for.
        let items = try #require(ItemReport.statistics(rows, exams: [Self.exam]).first)
        #expect(items.attempts == 2)
        for item in items.questions {
            let givenTo = drawn.filter { $0.contains(item.question) }.count
            #expect(item.attempts == givenTo && item.answered == givenTo, "\(item.question)")
        }
    }
}
