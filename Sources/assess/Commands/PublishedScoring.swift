import AssessApp
import AssessCore
import AssessExam
import AssessStore
import Foundation

/// The exams `results` scores: exam files, and exams published in the store, scored with
/// their newest scoring key (a proctor's to read).
enum PublishedScoring {
    /// `files`, and the published exams `named` (or, with `all`, every published exam the
    /// store lets this account read), each with its scoring when published (by its scoring
    /// key `version`, the newest when nil). A published
    /// exam's scoring key wins over a file of the same id; attempts sat with that file
    /// (its exam key) still score with it.
    static func scorings(files: [Exam], named: [String], all: Bool, version: Int? = nil, in database: any ExamStore)
        throws -> [(exam: Exam, sealed: SealedScoring?)]
    {
        var ids = named
        if all, let store = database.published {
            // Every published exam, when this account may list them; a seat's may not.
            ids = (try? store.publishedExams().map(\.exam)) ?? []
        }
        guard !ids.isEmpty else { return files.map { ($0, nil) } }
        guard let store = database.published else {
            throw CommandFailure(
                .notDone, "\(StoreError.unsupported("published exams")) (\(database.location)); name the exam files")
        }
        var published: [(exam: Exam, sealed: SealedScoring?)] = []
        for id in ids {
            let sealed = try scoring(of: id, version: version, in: store, location: database.location)
            printToStandardError(
                "\(id): scored with its published scoring key v\(sealed.version ?? 0) (delivery key \(ExamKey.short(sealed.deliveryKey)))"
            )
            published.append((sealed.exam, sealed))
        }
        let publishedIDs = Set(published.map(\.exam.id))
        return files.filter { !publishedIDs.contains($0.id) }.map { ($0, nil) } + published
    }

    /// The scoring of the published exam `id` by its scoring key `version` (the newest when
    /// nil), read from `store`: refused in one line for an account that may not read keys.
    static func scoring(of id: String, version: Int?, in store: any PublishedExamStore, location: String) throws
        -> SealedScoring
    {
        let key: StoredScoringKey?
        do {
            key = try store.scoringKey(exam: id, version: version)
        } catch let error as StoreError {
            throw CommandFailure(
                .notDone,
                "\(error); the scoring key of \(id) is a proctor's: run this as an account with a proctor role")
        }
        guard let key else {
            if let version, let published = try? store.publishedExam(id) {
                throw CommandFailure(
                    .notDone, "\(id) has no scoring key v\(version): its versions are v1 to v\(published.version)")
            }
            throw CommandFailure(
                .examMissing, "no exam file \(id), and no exam \(id) is published in the store \(location)")
        }
        let exam: Exam
        do {
            exam = try ScoringKeyText.exam(from: key.content, path: "\(id) (scoring key v\(key.version))")
        } catch {
            throw CommandFailure(
                .examInvalid,
                "the scoring key v\(key.version) of \(id) is no longer a valid exam: "
                    + error.problems.map(\.description).joined(separator: "; "))
        }
        let sealed = SealedScoring(exam: exam, version: key.version)
        guard sealed.deliveryKey == key.deliveryKey else {
            throw CommandFailure(
                .examInvalid,
                """
                the scoring key v\(key.version) of \(id) does not make the delivery form published with it \
                (\(ExamKey.short(sealed.deliveryKey)), not \(ExamKey.short(key.deliveryKey))); nothing was scored
                """)
        }
        return sealed
    }

    /// The exam `argument` names for a proctor's command (`mark`, `export`): the exam file,
    /// or, when `argument` is no file and looks like no path, the published exam of that id
    /// with its newest scoring key, read as the proctor (on SQLite, only by the store's
    /// owner or root: `doing` says what is refused otherwise).
    static func examOrPublished(_ argument: String, runtime: Runtime, doing: String) throws -> (
        exam: Exam, sealed: SealedScoring?
    ) {
        if FileManager.default.fileExists(atPath: argument) || SealedExamSource.looksLikePath(argument) {
            return (try ExamFiles.load(argument), nil)
        }
        if let problem = try Publishing.ownerProblem(runtime) {
            throw CommandFailure(.notDone, problem + " " + doing)
        }
        let database = try runtime.database()
        guard let store = database.published else { return (try ExamFiles.load(argument), nil) }
        let sealed = try scoring(of: argument, version: nil, in: store, location: database.location)
        return (sealed.exam, sealed)
    }
}
