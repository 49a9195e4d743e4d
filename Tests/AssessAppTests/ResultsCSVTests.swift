import AssessExam
import AssessStore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// `assess results --csv --with-answers`: what a candidate typed is never run by a
/// spreadsheet as a formula, a blank answer is an empty cell told apart by its
/// `answered:` column from a candidate who typed "(no answer)", and the file still reads
/// back as RFC 4180 CSV with one cell per column.
@Suite("Results as CSV")
struct ResultsCSVTests {
    /// What each question's candidate typed (nil: left blank, nothing saved).
    static let typed: [(id: String, answer: String?)] = [
        ("hyperlink", "=HYPERLINK(\"http://x\",\"y\")"),
        ("plus", "+1"),
        ("minus", "-2"),
        ("at", "@SUM(A1)"),
        ("tab", "\t=1+1"),
        ("cr", "\r=1+1"),
        ("crlf", "\r\n=1+1"),
        ("blank", nil),
        ("spaces", "   "),
        ("typed-no-answer", "(no answer)"),
        ("awkward", "a, \"quoted\"\nsecond line"),
        ("plain", "Canberra"),
    ]

    /// The characters that start a formula in a spreadsheet.
    static let formulaLeads: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    static let exam = Exam(
        id: "hostile", title: "Hostile", durationSeconds: 300,
        sections: [
            ExamSection(
                title: nil,
                questions: typed.map { item in
                    item.id == "minus"
                        ? Question(
                            id: item.id, prompt: "How much?",
                            kind: .numeric(answer: .value(-2, tolerance: 0), unit: nil))
                        : Question(id: item.id, prompt: "Say something.", kind: .essay(wordLimit: nil))
                })
        ])

    /// The CSV of one submitted attempt holding `typed`, with a marker's comment that
    /// starts like a formula on the first question.
    static func csv() throws -> String {
        let scratch = try TemporaryDirectory("assess-results-csv")
        defer { scratch.remove() }
        let database = try SQLiteStore(dataDirectory: scratch.url)
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let attempt = try database.startAttempt(
            examID: exam.id, examKey: exam.examKey, candidate: "-c1", secondsAllowed: 300, isPractice: false,
            settings: "{}", at: now)
        for item in typed {
            guard let answer = item.answer else { continue }
            let response: Response = item.id == "minus" ? .numeric(answer) : .essay(answer)
            _ = try database.saveResponse(
                attempt: attempt.id, question: item.id, value: response.json, flagged: false, at: now)
        }
        let finished = try database.finishAttempt(id: attempt.id, status: .submitted, receipt: nil, at: now)
        try database.addMark(
            StoredMark(
                attemptID: attempt.id, questionID: "hyperlink", points: 0, comment: "=1+1, see me",
                marker: "@teacher", markedAt: now))
        let row = try ResultRow(attempt: finished, exam: exam, database: database)
        return ResultFormats.csv([row], exams: [exam], withAnswers: true)
    }

    /// The rows of `text` as RFC 4180 reads them: quoted cells may hold commas, doubled
    /// quotes and line breaks.
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" {
                        cell.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    cell.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" && cell.isEmpty {
                quoted = true
            } else if scalar == "," {
                row.append(cell)
                cell = ""
            } else if scalar == "\n" {
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.unicodeScalars.append(scalar)
            }
        }
        if !cell.isEmpty || !row.isEmpty {
            row.append(cell)
            rows.append(row)
        }
        return rows
    }

    /// The cells of the attempt's row by column name.
    static func cells() throws -> [String: String] {
        let rows = parse(try csv())
        let header = try #require(rows.first)
        #expect(rows.count == 2, "\(rows)")
        for row in rows {
            #expect(row.count == header.count, "\(row)")
        }
        return Dictionary(uniqueKeysWithValues: zip(header, try #require(rows.last)))
    }

    @Test func everyCellReadsBackWithOneCellPerColumn() throws {
        let rows = Self.parse(try Self.csv())
        let header = try #require(rows.first)
        #expect(header.count == 11 + Self.typed.count * 6)
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.count == header.count })
    }

    @Test func noTypedCellStartsAFormula() throws {
        let cells = try Self.cells()
        for (column, cell) in cells {
            if let first = cell.unicodeScalars.first {
                #expect(!Self.formulaLeads.contains(first), "\(column): \(cell.debugDescription)")
            }
        }
        #expect(cells["answer:hyperlink"] == "'=HYPERLINK(\"http://x\",\"y\")")
        #expect(cells["answer:plus"] == "'+1")
        #expect(cells["answer:minus"] == "'-2")
        #expect(cells["answer:at"] == "'@SUM(A1)")
        #expect(cells["answer:tab"] == "'\t=1+1")
        #expect(cells["answer:cr"] == "'\r=1+1")
        #expect(cells["answer:crlf"] == "'\r\n=1+1")
        #expect(cells["comment:hyperlink"] == "'=1+1, see me")
        #expect(cells["marked_by:hyperlink"] == "'@teacher")
        #expect(cells["candidate"] == "'-c1")
        #expect(cells["answer:awkward"] == "a, \"quoted\"\nsecond line")
        #expect(cells["answer:plain"] == "Canberra")
    }

    @Test func aBlankAnswerIsAnEmptyCellToldApartFromTypedText() throws {
        let cells = try Self.cells()
        #expect(cells["answer:blank"] == "")
        #expect(cells["answered:blank"] == "no")
        #expect(cells["answer:spaces"] == "")
        #expect(cells["answered:spaces"] == "no")
        #expect(cells["answer:typed-no-answer"] == "(no answer)")
        #expect(cells["answered:typed-no-answer"] == "yes")
        for item in Self.typed where item.answer?.contains(where: { !$0.isWhitespace }) == true {
            #expect(cells["answered:\(item.id)"] == "yes", "\(item.id)")
        }
    }

    @Test func theProgramsOwnNumbersStayNumbers() throws {
        let cells = try Self.cells()
        #expect(cells["q:minus"] == "1")
        #expect(cells["status"] == "submitted")
        #expect(ResultFormats.csvCell("-12.5", typed: false) == "-12.5")
        #expect(ResultFormats.csvCell("-12.5", typed: true) == "'-12.5")
    }

    @Test func aCellIsQuotedAsRFC4180Asks() {
        #expect(ResultFormats.csvCell("plain", typed: true) == "plain")
        #expect(ResultFormats.csvCell("a,b", typed: true) == "\"a,b\"")
        #expect(ResultFormats.csvCell("say \"hi\"", typed: true) == "\"say \"\"hi\"\"\"")
        #expect(ResultFormats.csvCell("two\nlines", typed: true) == "\"two\nlines\"")
        #expect(ResultFormats.csvCell("\r=1", typed: true) == "\"'\r=1\"")
        #expect(ResultFormats.csvCell("=A1,\"x\"", typed: true) == "\"'=A1,\"\"x\"\"\"")
        #expect(ResultFormats.csvCell("", typed: true) == "")
    }
}
