import ArgumentParser
import AssessApp
import AssessExam
import AssessInterchange
import AssessSandbox
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
            listed, and each attempt says whether it is fully marked. Practice attempts are left out. \
            A published exam (assess publish), named by its id, is scored with its newest scoring key \
            (--scoring-key N for an earlier one). When its key was wrong, --rescore FIXED.yaml shows whose \
            score would change and by how much (nothing is changed), refusing a file that changes what the \
            students saw; --apply --reason WHY then publishes the fixed key as the next version, logs the \
            regrade (exam.rescored) and scores with it from then on. Rescoring is a proctor's: on PostgreSQL \
            a proctor role, on SQLite the store's owner or root; --apply asks for the proctor password. \
            Code answers are scored by running their hidden tests in a bubblewrap sandbox (the \
            Debian package bubblewrap); the outcomes are kept in the data directory, so only \
            changed answers or tests run again.
            """)

    @Argument(
        help: ArgumentHelp(
            "Exam files, or ids of exams published in the store, to report on (default: every exam in --exams-dir and every published exam this account may read).",
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

    @Option(
        help: ArgumentHelp(
            "Score a published exam with this version of its scoring key instead of the newest (1 for v1).",
            valueName: "version"))
    var scoringKey: Int?

    @Option(
        help: ArgumentHelp(
            "For the published exam named by its id: show whose score this fixed exam file would change (a dry run).",
            valueName: "fixed-exam"))
    var rescore: String?

    @Flag(help: "With --rescore: publish the fixed file as the next scoring key version and score with it.")
    var apply = false

    @Option(help: ArgumentHelp("With --apply: why the key was fixed (written to the log).", valueName: "why"))
    var reason: String?

    @OptionGroup var password: PasswordInputOptions

    func validate() throws {
        if rescore != nil || scoringKey != nil {
            let option = rescore != nil ? "--rescore" : "--scoring-key"
            if examPaths.count != 1 {
                throw ValidationError("\(option) goes with one published exam, named by its id")
            }
            if csv || json || qtiResults != nil || items || candidate != nil, rescore != nil {
                throw ValidationError("--rescore prints its own report; leave out the other report options")
            }
            if rescore != nil && scoringKey != nil {
                throw ValidationError("--rescore compares with the newest scoring key; leave out --scoring-key")
            }
        }
        if let scoringKey, scoringKey < 1 {
            throw ValidationError("--scoring-key takes a version number: 1 for v1, 2 for v2, …")
        }
        if apply && rescore == nil { throw ValidationError("--apply goes with --rescore FIXED-EXAM") }
        if reason != nil && !apply { throw ValidationError("--reason goes with --apply") }
        if apply && (reason ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--apply needs --reason \"WHY\": the log keeps why the key was fixed")
        }
        if password.passwordStdin && !apply { throw ValidationError("--password-stdin goes with --apply") }
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
        if let rescore {
            return try rescoreExam(examPaths[0], fixedPath: rescore, runtime: runtime)
        }
        if scoringKey != nil, isFile(examPaths[0]) {
            throw CommandFailure(
                .commandLine, "--scoring-key reads a published exam's key: name the exam by its id, not a file")
        }
        let database = try runtime.database()
        let scorings = try PublishedScoring.scorings(
            files: loadExams(), named: examPaths.filter { !isFile($0) },
            all: examPaths.isEmpty, version: scoringKey, in: database)
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
                rows.append(try ResultRow(attempt: attempt, exam: exam, database: database, sealed: sealed))
            }
        }
        rows = try runCodeTests(rows, runtime: runtime)
        for row in rows {
            if let score = row.score {
                try database.saveResult(
                    StoredResult(
                        attemptID: row.attempt.id, examKey: row.attempt.examKey, awarded: score.awarded,
                        maximum: score.maximum,
                        awaitingManualMarking: score.awaitingManualMarking.count, computedAt: runtime.clock.now))
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

    /// `rows` scored with the hidden tests of their code answers, run in the sandbox (or
    /// kept from an earlier `results`). Without bubblewrap nothing is scored.
    private func runCodeTests(_ rows: [ResultRow], runtime: Runtime) throws -> [ResultRow] {
        let answers = rows.flatMap { $0.codeAnswers.map(\.answer) }
        guard !answers.isEmpty else { return rows }
        let sandbox: Sandbox
        do {
            sandbox = try Sandbox.locate()
        } catch {
            throw CommandFailure(
                .notDone, "\(answers.count) code answers need their tests run, but \(error); nothing was scored")
        }
        let folder = CodeTests.folder(in: try runtime.dataDirectory().path)
        let started = Date()
        let found: (outcomes: [String: [CodeTestOutcome]], ran: Int)
        do {
            found = try CodeTests(sandbox: sandbox, folder: folder).outcomes(of: answers)
        } catch {
            throw CommandFailure(
                .notDone, "the tests of the code answers could not be run: \(error); nothing was scored")
        }
        if found.ran > 0 {
            printToStandardError(
                "ran the hidden tests of \(found.ran) code answers in \(String(format: "%.1f", Date().timeIntervalSince(started))) s (\(answers.count - found.ran) kept from before)"
            )
        }
        return rows.map { $0.applyingCodeTests(found.outcomes) }
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
