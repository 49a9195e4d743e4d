import AssessExam
import AssessStore
import Foundation

/// The three ways `assess results` prints its rows.
package enum ResultFormats {
    /// "3", "2.5".
    package static func number(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...2)).grouping(.never))
    }

    /// An attempt's status as a teacher says it: "submitted", "time ran out", "interrupted",
    /// "aborted", "in progress".
    package static func status(_ status: AttemptStatus) -> String {
        switch status {
        case .inProgress: return "in progress"
        case .submitted: return "submitted"
        case .timedOut: return "time ran out"
        case .interrupted: return "interrupted"
        case .aborted: return "aborted"
        }
    }

    /// A table, per-question marks, the essays to mark and a histogram of scores.
    package static func table(_ rows: [ResultRow]) -> String {
        guard !rows.isEmpty else { return "no attempts yet\n" }
        let header = ["exam", "candidate", "status", "score", "max", "%", "time", "flags", "to mark", "marked"]
        var lines: [[String]] = [header]
        for row in rows {
            let score = row.score
            lines.append([
                row.exam.id, row.attempt.candidate, status(row.attempt.status),
                score.map { number($0.awarded) } ?? "-", score.map { number($0.maximum) } ?? "-",
                row.percent.map { number($0.rounded()) } ?? "-", DurationText.minutesAndSeconds(row.attempt.timeUsed),
                String(row.flagged.count), score.map { String($0.awaitingManualMarking.count) } ?? "-",
                score.map { $0.isFullyMarked ? "yes" : "no" } ?? "-",
            ])
        }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        var text =
            lines.map { line in
                line.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
            }.joined(separator: "\n") + "\n"

        let reported = rows.flatMap { row in row.incidents.map { (row, $0) } }
        if !reported.isEmpty {
            text += "\nincidents reported at the monitor:\n"
            for (row, incident) in reported { text += "  \(row.attempt.candidate) \(row.exam.id): \(incident.line)\n" }
        }
        let scored = rows.compactMap(\.score)
        text += "\nfully marked: \(scored.filter(\.isFullyMarked).count) of \(scored.count) scored attempts\n"
        text += "\nper question (points, ? = to mark by hand, ! = a marker overrode the automatic score):\n"
        for row in rows {
            guard let score = row.score else {
                text += "  \(row.attempt.candidate) \(row.exam.id): \(row.unscored ?? "not scored")\n"
                continue
            }
            let marks = row.exam.questions.map { question -> String in
                let mark = score.marks[question.id]
                let awarded = mark?.needsManualMarking == true ? "?" : number(mark?.awarded ?? 0)
                let overridden = row.marks[question.id]?.isOverride == true ? "!" : ""
                return "\(question.id) \(awarded)/\(number(mark?.maximum ?? 0))\(overridden)"
            }
            text += "  \(row.attempt.candidate) \(row.exam.id): " + marks.joined(separator: ", ") + "\n"
        }

        let overrides = rows.flatMap { row in
            row.marks.values.filter(\.isOverride).sorted { $0.questionID < $1.questionID }.map { (row, $0) }
        }
        if !overrides.isEmpty {
            text += "\nautomatic scores overridden:\n"
            for (row, mark) in overrides {
                text +=
                    "  \(row.attempt.candidate)  \(row.exam.id)  \(mark.questionID)  \(number(mark.points)) by \(mark.marker): \(mark.overrideReason ?? "")\n"
            }
        }
        let essays = rows.flatMap { row in (row.score?.awaitingManualMarking ?? []).map { (row, $0) } }
        if !essays.isEmpty {
            text += "\nessays to mark by hand:\n"
            for (row, question) in essays {
                text += "  \(row.attempt.candidate)  \(row.exam.id)  \(question)  attempt \(row.attempt.id)\n"
            }
            text += "  (mark them with: assess mark EXAM)\n"
        }
        text += "\n" + histogram(rows.compactMap(\.percent))
        return text
    }

    /// Scores in ten bands of 10 %, one # per attempt.
    package static func histogram(_ percents: [Double]) -> String {
        guard !percents.isEmpty else { return "histogram: no scored attempts\n" }
        var counts = Array(repeating: 0, count: 10)
        for percent in percents {
            counts[min(9, max(0, Int(percent / 10)))] += 1
        }
        var text = "scores (\(percents.count) scored):\n"
        for band in (0..<10).reversed() {
            let label = band == 9 ? "90-100%" : "\(band * 10)-\(band * 10 + 9)%"
            text +=
                label.padding(toLength: 8, withPad: " ", startingAt: 0) + "| "
                + String(repeating: "#", count: counts[band]) + (counts[band] > 0 ? " \(counts[band])" : "") + "\n"
        }
        return text
    }

    /// One row per attempt and one column per question of every exam reported: `q:ID`
    /// for one exam, `q:EXAM/ID` when there are several (their ids may repeat).
    /// `withAnswers` adds five columns per question after those: `answer:` (empty when the
    /// candidate left the question blank), `answered:` (`yes` or `no`, so that a blank
    /// answer is told from any text a candidate typed), `marked_by:`, `comment:` and
    /// `override:` (the reason a marker overrode the automatic score). A question of a pool
    /// that was not drawn for the row's candidate has every cell empty, `answered:` too.
    ///
    /// Every cell goes through ``csvCell(_:typed:)``: text that came from a candidate, a
    /// marker or an exam file is never read by a spreadsheet as a formula; the numbers and
    /// words this program writes itself (scores, percentages, statuses) stay as they are.
    package static func csv(_ rows: [ResultRow], exams: [Exam], withAnswers: Bool = false) -> String {
        let columns = exams.flatMap { exam in exam.questions.map { (exam: exam.id, question: $0.id) } }
        let suffixes = columns.map { exams.count == 1 ? $0.question : "\($0.exam)/\($0.question)" }
        var names = suffixes.map { "q:" + $0 }
        if withAnswers {
            names += suffixes.flatMap {
                ["answer:" + $0, "answered:" + $0, "marked_by:" + $0, "comment:" + $0, "override:" + $0]
            }
        }
        var lines = [
            ([
                "exam", "candidate", "attempt", "status", "score", "maximum", "percent", "seconds_used",
                "flagged", "to_mark_by_hand", "fully_marked",
            ] + names).map { csvCell($0, typed: true) }.joined(separator: ",")
        ]
        for row in rows {
            let score = row.score
            var cells = [
                csvCell(row.exam.id, typed: true), csvCell(row.attempt.candidate, typed: true),
                csvCell(row.attempt.id, typed: false), csvCell(status(row.attempt.status), typed: false),
                csvCell(score.map { number($0.awarded) } ?? "", typed: false),
                csvCell(score.map { number($0.maximum) } ?? "", typed: false),
                csvCell(row.percent.map { number($0) } ?? "", typed: false),
                csvCell(String(row.attempt.timeUsed), typed: false),
                csvCell(row.flagged.joined(separator: " "), typed: true),
                csvCell(score?.awaitingManualMarking.joined(separator: " ") ?? "", typed: true),
                csvCell(score.map { $0.isFullyMarked ? "yes" : "no" } ?? "", typed: false),
            ]
            for column in columns {
                guard column.exam == row.exam.id, let mark = score?.marks[column.question] else {
                    cells.append("")
                    continue
                }
                cells.append(csvCell(mark.needsManualMarking ? "to mark" : number(mark.awarded), typed: false))
            }
            if withAnswers {
                for column in columns {
                    // A question of a pool not drawn for this candidate was never asked.
                    guard column.exam == row.exam.id, let question = row.sat.question(withID: column.question) else {
                        cells += ["", "", "", "", ""]
                        continue
                    }
                    let mark = row.marks[column.question]
                    let response = row.responses[column.question]
                    let answered = isAnswered(response)
                    cells += [
                        csvCell(answered ? AnswerText.given(response, to: question) : "", typed: true),
                        csvCell(answered ? "yes" : "no", typed: false),
                        csvCell(mark?.marker ?? "", typed: true), csvCell(mark?.comment ?? "", typed: true),
                        csvCell(mark?.overrideReason ?? "", typed: true),
                    ]
                }
            }
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// True when `response` says something: saved, and not empty text or an empty
    /// selection (the rule by which the sitting counts a question answered).
    package static func isAnswered(_ response: Response?) -> Bool {
        response?.saysSomething ?? false
    }

    /// The characters that make a spreadsheet (Excel, LibreOffice Calc, Google Sheets) read
    /// a cell as a formula when they start it.
    private static let formulaLeads: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// One CSV cell, as RFC 4180 asks: in double quotes, its quotes doubled, when it holds
    /// a comma, a quote or a line break. `typed` text (a candidate's answer, a marker's
    /// comment, an id from an exam file or the store) that starts with `=`, `+`, `-`, `@`,
    /// a tab or a carriage return is led by a single quote `'`, so that a spreadsheet shows
    /// it as text and never runs it; pass `typed: false` only for what this program writes
    /// itself (a score, a percentage, a status), which stays a number a spreadsheet can sum.
    package static func csvCell(_ text: String, typed: Bool) -> String {
        var cell = text
        if typed, let first = text.unicodeScalars.first, formulaLeads.contains(first) {
            cell = "'" + text
        }
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One JSON object per attempt, in an array; `withAnswers` adds each answer as given
    /// (a code answer's whole program) and the right answer to every question's mark, and
    /// to a code answer's mark its hidden tests' outcomes.
    package static func json(_ rows: [ResultRow], withAnswers: Bool = false) throws -> String {
        try JSONReport.text(
            rows.map { row in
                ResultReport(
                    exam: row.exam.id, candidate: row.attempt.candidate, attempt: row.attempt.id,
                    status: status(row.attempt.status), secondsUsed: row.attempt.timeUsed, flagged: row.flagged,
                    score: row.score?.awarded, maximum: row.score?.maximum,
                    percent: row.score.map { _ in row.percent ?? 0 },
                    toMarkByHand: row.score?.awaitingManualMarking, fullyMarked: row.score?.isFullyMarked,
                    marks: row.score.map { score in
                        Dictionary(
                            uniqueKeysWithValues: score.marks.map { id, mark in
                                (
                                    id,
                                    ResultReport.Mark(
                                        mark, handMark: row.marks[id],
                                        question: withAnswers ? row.exam.question(withID: id) : nil,
                                        response: row.responses[id], tests: row.codeTests[id])
                                )
                            })
                    },
                    unscored: row.score == nil ? row.unscored ?? "not scored" : nil,
                    incidents: row.incidents.isEmpty
                        ? nil
                        : row.incidents.map {
                            .init(time: $0.time.formatted(.iso8601), by: $0.by, category: $0.category, note: $0.note)
                        }
                )
            }, pretty: true)
    }
}
