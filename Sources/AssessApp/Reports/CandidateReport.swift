import AssessCore
import AssessExam
import AssessStore
import Foundation

/// `assess results --candidate ID`: one candidate's report that a teacher can print or
/// send, one part per attempt: each question, the answer given, the right answer, the
/// points and the marker's comment.
package enum CandidateReport {
    /// The report's format (`--format`).
    package enum Format: String, CaseIterable {
        /// Plain text, to print.
        case text
        /// One HTML page with its own style, to send.
        case html
    }

    /// One question's part of the report.
    private struct Part {
        let question: Question
        let answer: String
        let correct: String?
        let points: String
        let comment: String?
        let overrideReason: String?
    }

    /// The report of `rows` (one candidate's attempts) in `format`, its times in `timeZone`.
    package static func text(_ rows: [ResultRow], format: Format, timeZone: TimeZone = .current) -> String {
        switch format {
        case .text: return plain(rows, timeZone: timeZone)
        case .html: return html(rows, timeZone: timeZone)
        }
    }

    /// When the attempt ended (or started, while in progress), as a person reads it:
    /// "November 26, 2026 at 11:23 AM", in `timeZone`.
    private static func when(_ row: ResultRow, timeZone: TimeZone) -> String {
        (row.attempt.endedAt ?? row.attempt.startedAt).formatted(
            Date.FormatStyle(date: .long, time: .shortened, locale: Locale(identifier: "en"), timeZone: timeZone))
    }

    /// "Submitted on November 26, 2026 at 11:23 AM, receipt K7QF-2M9D-XW4T": the attempt's
    /// status, its time and its receipt, without the store's ids.
    private static func sitting(_ row: ResultRow, timeZone: TimeZone) -> String {
        let status = ResultFormats.status(row.attempt.status)
        let receipt = row.attempt.receipt.map { ", receipt \($0)" } ?? ""
        return status.prefix(1).uppercased() + status.dropFirst() + " on " + when(row, timeZone: timeZone) + receipt
    }

    private static func parts(of row: ResultRow) -> [Part] {
        row.sat.questions.map { question in
            let mark = row.score?.marks[question.id]
            let points =
                mark.map { mark in
                    mark.needsManualMarking
                        ? "not marked yet (out of \(ResultFormats.number(mark.maximum)))"
                        : ResultFormats.number(mark.awarded) + " of " + ResultFormats.number(mark.maximum)
                } ?? "not scored"
            let hand = row.marks[question.id]
            return Part(
                question: question, answer: AnswerText.given(row.responses[question.id], to: question),
                correct: AnswerText.correct(question), points: points,
                comment: hand.flatMap { $0.comment.isEmpty ? nil : $0.comment }, overrideReason: hand?.overrideReason)
        }
    }

    /// "7.5 of 10 points (75%), fully marked".
    private static func summary(of row: ResultRow) -> String {
        guard let score = row.score else { return "not scored: \(row.unscored ?? "not scored")" }
        let percent = row.percent.map { " (\(ResultFormats.number($0.rounded()))%)" } ?? ""
        let marking =
            score.isFullyMarked
            ? "fully marked"
            : Counted.english(score.awaitingManualMarking.count, "answer") + " not marked yet"
        let points = score.maximum == 1 ? "point" : "points"
        return
            "\(ResultFormats.number(score.awarded)) of \(ResultFormats.number(score.maximum)) \(points)\(percent), \(marking)"
    }

    private static func plain(_ rows: [ResultRow], timeZone: TimeZone) -> String {
        var text = ""
        for row in rows {
            let title = "\(row.exam.title) — \(row.attempt.candidate)"
            text += title + "\n" + String(repeating: "=", count: title.count) + "\n"
            text += sitting(row, timeZone: timeZone) + " (exam \(row.exam.id), attempt \(row.attempt.id))\n"
            text += "Result: \(summary(of: row))\n"
            if let version = row.scoringKeyVersion { text += "Scored with the published scoring key v\(version)\n" }
            for (number, part) in parts(of: row).enumerated() {
                text += "\n\(number + 1). \(part.question.id): \(part.question.prompt)\n"
                text += indented("Answer: " + part.answer)
                if let correct = part.correct { text += indented("Right answer: " + correct) }
                text += indented("Points: " + part.points)
                if let reason = part.overrideReason { text += indented("Score changed by the marker: " + reason) }
                if let comment = part.comment { text += indented("Comment: " + comment) }
            }
            if !row.incidents.isEmpty {
                text += "\nIncidents reported by the proctor:\n"
                for incident in row.incidents { text += indented(incident.line) }
            }
            text += "\n"
        }
        return text
    }

    /// Each line of `text` indented by three spaces.
    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "   " + $0 }.joined(separator: "\n") + "\n"
    }

    /// A page a school hands a student: in English (its words are), each exam's questions
    /// and answers marked with the exam's language, no id of the store's.
    private static func html(_ rows: [ResultRow], timeZone: TimeZone) -> String {
        let candidate = rows.first?.attempt.candidate ?? ""
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Results of \(escaped(candidate))</title>
            <style>body{font-family:sans-serif;max-width:48em;margin:2em auto}dt{font-weight:bold;margin-top:1em}\
            dd{margin-left:1.5em}.answer{white-space:pre-wrap}.label{color:#555}</style></head><body>

            """
        for row in rows {
            let lang = " lang=\"\(escaped(row.exam.language))\""
            page += "<h1><span\(lang)>\(escaped(row.exam.title))</span> — \(escaped(row.attempt.candidate))</h1>\n"
            page += "<p>\(escaped(sitting(row, timeZone: timeZone)))</p>\n"
            page += "<p><strong>Result:</strong> \(escaped(summary(of: row)))</p>\n"
            if let version = row.scoringKeyVersion {
                page += "<p>Scored with the published scoring key v\(version)</p>\n"
            }
            page += "<dl>\n"
            for (number, part) in parts(of: row).enumerated() {
                page += "<dt>\(number + 1). <span\(lang)>\(escaped(part.question.prompt))</span></dt>\n"
                page +=
                    "<dd><span class=\"label\">Answer:</span> <span class=\"answer\"\(lang)>\(escaped(part.answer))</span></dd>\n"
                if let correct = part.correct {
                    page +=
                        "<dd><span class=\"label\">Right answer:</span> <span\(lang)>\(escaped(correct))</span></dd>\n"
                }
                page += "<dd><span class=\"label\">Points:</span> \(escaped(part.points))</dd>\n"
                if let reason = part.overrideReason {
                    page += "<dd><span class=\"label\">Score changed by the marker:</span> \(escaped(reason))</dd>\n"
                }
                if let comment = part.comment {
                    page +=
                        "<dd><span class=\"label\">Comment:</span> <span class=\"answer\">\(escaped(comment))</span></dd>\n"
                }
            }
            page += "</dl>\n"
            if !row.incidents.isEmpty {
                page += "<h2>Incidents reported by the proctor</h2>\n<ul>\n"
                for incident in row.incidents { page += "<li>\(escaped(incident.line))</li>\n" }
                page += "</ul>\n"
            }
        }
        return page + "</body></html>\n"
    }

    /// `text` safe inside HTML text and attribute values.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
