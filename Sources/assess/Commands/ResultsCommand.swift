import ArgumentParser
import AssessApp
import AssessExam
import AssessInterchange
import AssessStore
import Foundation

/// `assess results [EXAM...]`: scores every finished attempt against its exam file.
struct ResultsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "results",
        abstract: "Score the attempts at exams: a table and a histogram, or CSV or JSON for scripts.",
        discussion: """
            Scoring happens here, with the exam files' answer keys; the store keeps only the \
            answers and the marks people gave (assess mark). Without exam files or ids, every \
            exam published in the store and every .yaml file in --exams-dir (by default ./Exams, \
            when there is one) is used. An attempt whose exam file changed since it was sat \
            is listed but not scored. Scores include the hand marks; essays not marked yet are \
            listed, and each attempt says whether it is fully marked. Practice attempts are left out.
            """)

    @Argument(
        help: ArgumentHelp(
            "Exam files, or ids of exams published in the store, to report on (default: every published exam and every exam in --exams-dir).",
            valueName: "exam"))
    var examPaths: [String] = []

    @Option(help: "Where to look for exam files when none are named (default: ./Exams, when there is one).")
    var examsDir: String?

    @Flag(help: "Print CSV: one row per attempt, one column per question.")
    var csv = false

    @Flag(help: "Print JSON: one object per attempt.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Write a QTI 2.1 results report (assessmentResult) for each attempt into this folder instead of printing.",
            valueName: "folder"))
    var qtiResults: String?

    @Flag(
        help:
            "With --csv or --json: add each answer as given, the right answer, the marks, who gave them and their comments."
    )
    var withAnswers = false

    @Option(
        help: ArgumentHelp(
            "Print one candidate's report instead: each question, the answer given, the right answer, the points and the comment.",
            valueName: "id"))
    var candidate: String?

    @Option(
        help: ArgumentHelp("The candidate report's format: text (to print) or html (to send).", valueName: "text|html"))
    var format: CandidateReport.Format?

    @Flag(
        help:
            "Print item statistics only: per question the share who got it right, and how often each choice was picked (JSON with --json)."
    )
    var items = false

    func validate() throws {
        if [csv, json, qtiResults != nil].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --csv, --json and --qti-results")
        }
        if withAnswers && !csv && !json {
            throw ValidationError("--with-answers goes with --csv or --json")
        }
        if format != nil && candidate == nil {
            throw ValidationError("--format chooses the candidate report's format; name the candidate with --candidate")
        }
        if candidate != nil && (csv || json || qtiResults != nil || items) {
            throw ValidationError(
                "--candidate prints one candidate's report; leave out --csv, --json, --qti-results and --items")
        }
        if items && (csv || qtiResults != nil) {
            throw ValidationError("--items prints a table, or JSON with --json")
        }
    }

    func run() async throws {
        let runtime = Runtime()
        let database = try runtime.database()
        let scorings = try PublishedScoring.scorings(
            files: loadExams(), named: examPaths.filter { !isFile($0) },
            all: examPaths.isEmpty, in: database)
        let exams = scorings.map(\.exam)
        if exams.isEmpty && examPaths.isEmpty {
            throw CommandFailure(
                .examMissing,
                """
                results scores attempts with their exams' answer keys, and found no exam: name the exam files \
                (assess results geography.yaml), the id of an exam published in the store (assess publish), \
                or a folder of exam files with --exams-dir (no exam file in \(examsDir ?? Self.defaultExamsDir))
                """)
        }
        var rows: [ResultRow] = []
        for (exam, sealed) in scorings {
            for attempt in try database.attempts(exam: exam.id) where !attempt.isPractice {
                let row = try ResultRow(attempt: attempt, exam: exam, database: database, sealed: sealed)
                if let score = row.score {
                    try database.saveResult(
                        StoredResult(
                            attemptID: attempt.id, examKey: attempt.examKey, awarded: score.awarded,
                            maximum: score.maximum,
                            awaitingManualMarking: score.awaitingManualMarking.count, computedAt: runtime.clock.now))
                }
                rows.append(row)
            }
        }
        if let candidate {
            let own = rows.filter { $0.attempt.candidate == candidate }
            guard !own.isEmpty else {
                throw CommandFailure(
                    .notDone,
                    "candidate \(candidate) has no attempt at \(exams.map(\.id).joined(separator: ", ")); check the id with: assess results"
                )
            }
            print(CandidateReport.text(own, format: format ?? .text), terminator: "")
        } else if items {
            let statistics = ItemReport.statistics(rows, exams: exams)
            if json {
                print(try ItemReport.json(statistics))
            } else {
                print(ItemReport.table(statistics), terminator: "")
            }
        } else if let qtiResults {
            try writeQTIResults(rows, to: qtiResults)
        } else if csv {
            print(ResultFormats.csv(rows, exams: exams, withAnswers: withAnswers), terminator: "")
        } else if json {
            print(try ResultFormats.json(rows, withAnswers: withAnswers))
        } else {
            print(
                ResultFormats.table(rows) + "\n" + ItemReport.table(ItemReport.statistics(rows, exams: exams)),
                terminator: "")
        }
    }

    /// One `EXAM-CANDIDATE-ATTEMPT.xml` per attempt in `folder`, made if missing (any
    /// character of the name other than ASCII letters, digits, `.`, `_` and `-` becomes `_`).
    private func writeQTIResults(_ rows: [ResultRow], to folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for row in rows {
                let sitting = QTIResultsWriter.Sitting(
                    candidate: row.attempt.candidate, attemptID: row.attempt.id,
                    datestamp: row.attempt.endedAt ?? row.attempt.startedAt, responses: row.responses, score: row.score)
                let safe = "\(row.exam.id)-\(row.attempt.candidate)-\(row.attempt.id)".map { character in
                    character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character))
                        ? character : "_"
                }
                let name = String(safe) + ".xml"
                try Data(QTIResultsWriter.document(exam: row.exam, sitting: sitting).utf8)
                    .write(to: URL(fileURLWithPath: folder).appendingPathComponent(name), options: .atomic)
            }
        } catch {
            throw CommandFailure(.cannotWrite, "cannot write QTI results into \(folder): \(error.localizedDescription)")
        }
        print("\(rows.count) QTI results reports written to \(folder)")
    }

    /// The folder of exam files looked in when neither files nor --exams-dir are given.
    static let defaultExamsDir = "Exams"

    /// True when `argument` names an exam file rather than the id of a published exam.
    private func isFile(_ argument: String) -> Bool {
        FileManager.default.fileExists(atPath: argument) || SealedExamSource.looksLikePath(argument)
    }

    private func loadExams() throws -> [Exam] {
        var paths = examPaths.filter(isFile)
        if paths.isEmpty && !examPaths.isEmpty { return [] }
        if paths.isEmpty {
            let folder = examsDir ?? Self.defaultExamsDir
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                // ./Exams is only a default: without it, the published exams are scored.
                guard examsDir != nil else { return [] }
                throw CommandFailure(
                    .examMissing, "cannot read the folder \(folder); name the exam files, or set --exams-dir")
            }
            paths = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { "\(folder)/\($0)" }
        }
        var exams: [Exam] = []
        for path in paths {
            do {
                exams.append(try ExamLoader.load(fileAt: path))
            } catch  where !examPaths.isEmpty {
                throw ExamFiles.failure(path, error)
            } catch {
                printToStandardError("assess: skipping \(path): not a valid exam")
            }
        }
        return exams
    }
}
