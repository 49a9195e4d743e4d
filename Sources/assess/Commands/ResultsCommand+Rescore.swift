import AssessApp
import AssessCore
import AssessExam
import AssessStore
import Foundation

/// `results ID --rescore FIXED [--apply --reason WHY]`: a published exam's key fixed after
/// its sitting.
extension ResultsCommand {
    /// Compares `fixedPath` with the scoring key in force of the published exam `id`,
    /// prints whose score changes, and with `--apply` publishes it as the next version and
    /// logs the regrade.
    func rescoreExam(_ id: String, fixedPath: String, runtime: Runtime) throws {
        if FileManager.default.fileExists(atPath: id) || SealedExamSource.looksLikePath(id) {
            throw CommandFailure(
                .commandLine, "--rescore fixes the key of a published exam: name the exam by its id, not the file \(id)"
            )
        }
        if let problem = try Publishing.ownerProblem(runtime) {
            throw CommandFailure(.notDone, problem + " rescore the exams published in it")
        }
        let fixedExam = try ExamFiles.load(fixedPath)
        let source: String
        do {
            source = try String(contentsOfFile: fixedPath, encoding: .utf8)
        } catch {
            throw CommandFailure(.examMissing, "cannot read \(fixedPath): \(error.localizedDescription)")
        }
        let database = try runtime.database()
        guard let store = database.published else {
            throw CommandFailure(.notDone, "\(StoreError.unsupported("published exams")) (\(database.location))")
        }
        let current = try PublishedScoring.scoring(of: id, version: nil, in: store, location: database.location)
        let rescore = try Rescore(
            current: current, fixed: SealedScoring(exam: fixedExam), fixedPath: fixedPath, database: database)
        let previous = current.version ?? 0
        guard apply else {
            print(rescore.report, terminator: "")
            print(
                rescore.keyChanges.isEmpty
                    ? "dry run: nothing was changed, and nothing would be"
                    : """
                    dry run: nothing was changed; to publish \(fixedPath) as scoring key v\(previous + 1) and score \
                    with it from now on, add: --apply --reason "WHY"
                    """)
            return
        }
        guard !rescore.keyChanges.isEmpty else {
            throw CommandFailure(
                .notDone,
                "\(fixedPath) scores every answer as scoring key v\(previous) of \(id) does; nothing was published")
        }
        let events = EventStore(database: database)
        try ProctorAuthorization(
            policy: try runtime.policy(), source: password.source, events: events, clock: runtime.clock
        )
        .require(for: "rescoring an exam")
        let proctor = runtime.process.userName
        let outcome: PublishOutcome
        do {
            outcome = try store.publish(
                try Publishing.publication(of: fixedExam, source: source), replace: false, by: proctor,
                at: runtime.clock.now)
        } catch let error as StoreError {
            throw CommandFailure(
                .notDone, "\(error); rescoring is a proctor's: run this as an account with a proctor role")
        } catch {
            throw CommandFailure(
                .cannotWrite, "cannot publish the fixed key of \(id) in \(database.location): \(error)")
        }
        guard case .newScoringKey(let version) = outcome else {
            throw CommandFailure(.notDone, "\(fixedPath) is the scoring key in force already; nothing was published")
        }
        let applied = SealedScoring(exam: fixedExam, version: version)
        do {
            try events.append(
                .proctor(
                    .examRescored(
                        examID: id, previous: previous, version: version, changed: rescore.keyChanges,
                        attemptsChanged: rescore.changes.count, reason: reason ?? "", by: proctor)),
                at: EventTime(runtime.clock))
            for attempt in try database.attempts(exam: id) where !attempt.isPractice {
                let row = try ResultRow(attempt: attempt, exam: fixedExam, database: database, sealed: applied)
                if let score = row.score {
                    try database.saveResult(
                        StoredResult(
                            attemptID: attempt.id, examKey: attempt.examKey, awarded: score.awarded,
                            maximum: score.maximum, awaitingManualMarking: score.awaitingManualMarking.count,
                            computedAt: runtime.clock.now))
                }
            }
        } catch {
            throw CommandFailure(
                .cannotWrite,
                "scoring key v\(version) of \(id) is published, but the regrade could not be logged in \(database.location): \(error)"
            )
        }
        print(rescore.report, terminator: "")
        print(
            """
            \(id): rescored with scoring key v\(version) (was v\(previous)), logged as exam.rescored; \
            results scores with v\(version) from now on (an earlier one: --scoring-key \(previous))
            """)
    }
}
