import AssessCore
import AssessExam
import AssessStore
import Foundation

/// One attempt's line of the report.
package struct ResultRow {
    /// The attempt, as stored.
    package let attempt: Attempt
    /// The exam file it is reported with.
    package let exam: Exam
    /// The exam as this candidate sat it: each pool holds only the questions drawn for
    /// them (`Exam.drawn(for:key:)`). A question left out was never asked: it is neither
    /// scored nor unanswered.
    package let sat: Exam
    /// The marks, hand marks included, for a submitted or timed-out attempt sat with this
    /// exam file; else `nil`. Code answers score once their tests' outcomes are applied
    /// (``applyingCodeTests(_:)``).
    package private(set) var score: ExamScore?
    /// The questions flagged for review.
    package let flagged: [String]
    /// Why there is no score, when there is none.
    package let unscored: String?
    /// The saved answers by question id.
    package let responses: [String: Response]
    /// The newest mark a person gave each question, by question id (hand marks of essays
    /// and overrides of automatic scores).
    package let marks: [String: StoredMark]
    /// The version of the published scoring key that scored it, for an attempt sat from a
    /// published exam's delivery form.
    package let scoringKeyVersion: Int?
    /// The outcomes of the hidden tests of each code answer, by question id.
    package private(set) var codeTests: [String: [CodeTestOutcome]] = [:]
    /// The irregularities proctors reported at the attempt's seat, oldest first.
    package let incidents: [Incident]

    /// An irregularity report from the monitor: when the store wrote it (the server's
    /// clock where a server keeps the log), who wrote it (the login role there) and the note.
    package struct Incident: Encodable, Equatable {
        package var time: Date
        package var by: String
        package var category: String
        package var note: String

        /// The report in `stored`, or nil when it is another kind of record.
        package init?(_ stored: StoredEvent) {
            guard stored.event.kind == ProctorEvent.incidentKind else { return nil }
            time = stored.serverTime ?? stored.event.wallTime
            by = stored.writer ?? stored.event.details["by"] ?? "?"
            category = stored.event.details["category"] ?? IncidentCategory.other.rawValue
            note = stored.event.details["note"] ?? ""
        }

        /// "2026-11-26T09:41:07Z by proctor, disturbance: the fire alarm rang".
        package var line: String {
            "\(time.formatted(.iso8601)) by \(by), \(category): \(note)"
        }
    }

    /// The line of `attempt` sat at `exam`, with its answers and marks read from `database`;
    /// with `sealed`, an attempt sat from the published delivery form is scored by its key.
    package init(attempt: Attempt, exam: Exam, database: any ExamStore, sealed: SealedScoring? = nil) throws {
        self.attempt = attempt
        self.exam = exam
        sat = exam.drawn(for: attempt.candidate, key: attempt.examKey)
        let saved = try SavedAnswers(attempt: attempt.id, database: database)
        // Answers to a published exam's delivery form, in the file's order for scoring.
        let fromForm = sealed.map { attempt.examKey == $0.deliveryKey } ?? false
        let responses = fromForm ? sealed?.fileResponses(saved.responses) ?? saved.responses : saved.responses
        self.responses = responses
        scoringKeyVersion = fromForm ? sealed?.version : nil
        flagged = saved.flagged
        marks = try database.marks?.latestMarks(for: attempt.id) ?? [:]
        incidents = try database.events(after: 0, limit: nil, attempt: attempt.id).compactMap(Incident.init)
        if attempt.examKey != exam.examKey && !fromForm {
            score = nil
            unscored = "exam file changed since"
        } else if attempt.status == .submitted || attempt.status == .timedOut {
            score = Scorer.total(sat, responses: responses).applying(handMarks: marks.mapValues(\.points))
            unscored = nil
        } else {
            score = nil
            unscored = attempt.status == .inProgress ? "in progress" : "not submitted"
        }
    }

    /// The code answers this row scores: each answered code question, with the answer.
    package var codeAnswers: [(questionID: String, answer: CodeTests.Answer)] {
        guard score != nil else { return [] }
        return sat.questions.compactMap { question in
            guard case .code(let code) = question.kind, case .code(let text)? = responses[question.id],
                responses[question.id]?.saysSomething == true
            else { return nil }
            return (question.id, CodeTests.Answer(question: code, code: text))
        }
    }

    /// The row scored with the outcomes of its code answers' tests (`outcomes` by run key).
    package func applyingCodeTests(_ outcomes: [String: [CodeTestOutcome]]) -> ResultRow {
        var row = self
        for (id, answer) in codeAnswers { row.codeTests[id] = outcomes[answer.key] }
        guard !row.codeTests.isEmpty else { return row }
        row.score = Scorer.total(sat, responses: responses, codeTests: row.codeTests)
            .applying(handMarks: marks.mapValues(\.points))
        return row
    }

    /// The score as a percentage of the maximum.
    package var percent: Double? {
        guard let score, score.maximum > 0 else { return nil }
        return score.awarded / score.maximum * 100
    }
}
