import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// `assess results` as a teacher reads it: statuses and marking named in a teacher's
/// words, and the candidate's HTML report a document a school would hand a student.
@Suite("Results in a teacher's words")
struct CandidateReportTests {
    static let exam = Exam(
        id: "rivers", title: "Rivers", durationSeconds: 300, language: "pt-BR",
        sections: [
            ExamSection(
                title: nil,
                questions: [
                    Question(
                        id: "count", prompt: "Quantos rios?", kind: .numeric(answer: .value(2, tolerance: 0), unit: nil)
                    ),
                    Question(id: "essay", prompt: "Descreva o rio.", kind: .essay(wordLimit: nil)),
                    Question(id: "story", prompt: "Conte uma história.", kind: .essay(wordLimit: nil)),
                ])
        ])

    /// One attempt whose time ran out: the number right, the first essay marked by hand, the second not yet.
    static func row(in scratch: TemporaryDirectory) throws -> ResultRow {
        let database = try SQLiteStore(dataDirectory: scratch.url)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let attempt = try database.startAttempt(
            examID: exam.id, examKey: exam.examKey, candidate: "c-9", secondsAllowed: 300, isPractice: false,
            settings: "{}", at: start)
        for (question, response) in [
            ("count", Response.numeric("2")), ("essay", .essay("Largo.")), ("story", .essay("Era uma vez.")),
        ] {
            _ = try database.saveResponse(
                attempt: attempt.id, question: question, value: response.json, flagged: false, at: start)
        }
        let finished = try database.finishAttempt(
            id: attempt.id, status: .timedOut, receipt: "K7QF-2M9D-XW4T", at: start.addingTimeInterval(300))
        try database.addMark(
            StoredMark(
                attemptID: attempt.id, questionID: "essay", points: 0.5, comment: "Curto.", marker: "pat",
                markedAt: start.addingTimeInterval(900)))
        return try ResultRow(attempt: finished, exam: exam, database: database)
    }

    @Test func theJSONNamesTheStatusAndTheMarkingAsATeacherWould() throws {
        let scratch = try TemporaryDirectory("assess-report")
        defer { scratch.remove() }
        let json = try ResultFormats.json([try Self.row(in: scratch)])
        #expect(json.contains(#""status" : "time ran out""#), "\(json)")
        #expect(json.contains(#""toMarkByHand" : ["#))
        #expect(!json.contains("manual") && !json.contains("timedOut"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        ).first
        let marks = try #require(object?["marks"] as? [String: [String: Any]])
        #expect(marks["essay"]?["markedByHand"] as? Bool == true && marks["essay"]?["toMarkByHand"] as? Bool == false)
        #expect(marks["story"]?["markedByHand"] as? Bool == false && marks["story"]?["toMarkByHand"] as? Bool == true)
        #expect(marks["count"]?["markedByHand"] as? Bool == false && marks["count"]?["toMarkByHand"] as? Bool == false)
    }

    @Test func theHTMLReportHasItsLanguagesTheReceiptALocalTimeAndNoStoreID() throws {
        let scratch = try TemporaryDirectory("assess-report")
        defer { scratch.remove() }
        let row = try Self.row(in: scratch)
        let page = CandidateReport.text(
            [row], format: .html, timeZone: try #require(TimeZone(identifier: "America/Sao_Paulo")))
        #expect(
            page == """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>Results of c-9</title>
                <style>body{font-family:sans-serif;max-width:48em;margin:2em auto}dt{font-weight:bold;margin-top:1em}\
                dd{margin-left:1.5em}.answer{white-space:pre-wrap}.label{color:#555}</style></head><body>
                <h1><span lang="pt-BR">Rivers</span> — c-9</h1>
                <p>Time ran out on November 18, 2026 at 8:11\u{202F}AM, receipt K7QF-2M9D-XW4T</p>
                <p><strong>Result:</strong> 1.5 of 3 points (50%), 1 answer not marked yet</p>
                <dl>
                <dt>1. <span lang="pt-BR">Quantos rios?</span></dt>
                <dd><span class="label">Answer:</span> <span class="answer" lang="pt-BR">2</span></dd>
                <dd><span class="label">Right answer:</span> <span lang="pt-BR">2</span></dd>
                <dd><span class="label">Points:</span> 1 of 1</dd>
                <dt>2. <span lang="pt-BR">Descreva o rio.</span></dt>
                <dd><span class="label">Answer:</span> <span class="answer" lang="pt-BR">Largo.</span></dd>
                <dd><span class="label">Points:</span> 0.5 of 1</dd>
                <dd><span class="label">Comment:</span> <span class="answer">Curto.</span></dd>
                <dt>3. <span lang="pt-BR">Conte uma história.</span></dt>
                <dd><span class="label">Answer:</span> <span class="answer" lang="pt-BR">Era uma vez.</span></dd>
                <dd><span class="label">Points:</span> not marked yet (out of 1)</dd>
                </dl>
                </body></html>

                """, "\(page)")
        #expect(!page.contains(row.attempt.id))
    }
}
