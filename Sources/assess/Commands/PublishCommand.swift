import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessStore
import Foundation

/// `assess publish EXAM`: puts an exam into the store in force as a delivery form (what
/// the seats are sent) and a scoring key (what only a proctor reads).
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish an exam into the store: the seats get its questions from there, never its answers.",
        discussion: """
            Asks for the proctor password (on PostgreSQL, run it as an account with a proctor role; on SQLite, \
            as the account that owns the store, or root), validates the file and stores it in two parts: the \
            delivery form (everything the student sees, no answer) and the scoring key (the answers and the \
            marking rules). Prints the exam's id, its delivery key and its scoring key version, and logs it. \
            Students then sit it by its id: assess take --exam ID, which waits until the proctor opens the \
            sitting (assess open ID, or --open here). Publishing the same questions with other \
            answers adds a new scoring key version (v2, v3, …), also after attempts exist, and `assess results` \
            scores with the newest. Other questions under the same id need --replace, and are refused once an \
            attempt of the exam exists. On SQLite the scoring key never enters the store the exam account opens: \
            it goes to scoring-keys.sqlite beside it, mode 0600, this account's alone (publish as root or a \
            proctor's account, never as the exam account), and results, mark, export and rescore read it only \
            as this account.
            """)

    @Argument(help: ArgumentHelp("The exam file (YAML).", valueName: "exam"))
    var examPath: String

    @Flag(
        help: """
            Replace a published exam whose questions changed, or (with --start-code) seal the same questions \
            under a new start code (refused once an attempt of it exists).
            """)
    var replace = false

    @Flag(help: "Open the sitting as well (assess open): the seats get the questions now.")
    var open = false

    @Flag(
        help: ArgumentHelp(
            "SQLite: make a start code and keep the questions sealed under it; the student types it to begin.",
            discussion: """
                The store the exam account opens then holds the questions only encrypted (scrypt of the code, \
                AES-GCM); the code is printed once, to announce when the sitting opens, and kept nowhere.
                """))
    var startCode = false

    @OptionGroup var password: PasswordInputOptions

    func run() throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let exam = try ExamFiles.load(examPath)
        let source: String
        do {
            source = try String(contentsOfFile: examPath, encoding: .utf8)
        } catch {
            throw CommandFailure(.examMissing, "cannot read \(examPath): \(error.localizedDescription)")
        }
        let database = try runtime.database()
        guard let store = database.published else {
            throw CommandFailure(.notDone, "\(StoreError.unsupported("published exams")) (\(database.location))")
        }
        // On one machine's SQLite store, only the file's owner (or root) publishes.
        if let problem = try Publishing.ownerProblem(runtime) {
            throw CommandFailure(.notDone, problem + " publish into it")
        }
        let events = EventStore(database: database)
        try ProctorAuthorization(policy: policy, source: password.source, events: events, clock: runtime.clock)
            .require(for: "publishing an exam")
        var code: String?
        if startCode {
            guard try runtime.storeURL() == nil else {
                throw CommandFailure(
                    .commandLine,
                    """
                    --start-code seals the questions in a SQLite store; a PostgreSQL server gives them to no seat \
                    before the opening, and `assess open` makes a roster's start code
                    """)
            }
            code = StartCode.make()
        }
        let publication = try Publishing.publication(of: exam, source: source, startCode: code)
        let proctor = runtime.process.userName
        let outcome: PublishOutcome
        do {
            outcome = try store.publish(publication, replace: replace, by: proctor, at: runtime.clock.now)
        } catch let error as PublicationError {
            throw CommandFailure(.notDone, "\(examPath): \(error); nothing was published")
        } catch let error as StoreError {
            throw CommandFailure(
                .notDone, "\(error); publishing is a proctor's: run this as an account with a proctor role")
        } catch {
            throw CommandFailure(.cannotWrite, "cannot publish \(exam.id) in the store \(database.location): \(error)")
        }
        let done: String
        let word: String
        switch outcome {
        case .published: (done, word) = ("published", "published")
        case .unchanged: (done, word) = ("already published as it is; nothing changed", "unchanged")
        case .newScoringKey:
            (done, word) = ("published a new scoring key; the questions are the same", "new-scoring-key")
        case .replaced: (done, word) = ("replaced: the questions changed", "replaced")
        }
        if outcome != .unchanged(version: outcome.version) {
            try? events.append(
                .proctor(
                    .examPublished(
                        examID: exam.id, deliveryKey: publication.deliveryKey, version: outcome.version,
                        outcome: word, by: proctor)),
                at: EventTime(runtime.clock))
        }
        print(
            """
            \(exam.id): \(done)
            exam: \(exam.id)
            delivery key: \(ExamKey.short(publication.deliveryKey)) (\(publication.deliveryKey))
            scoring key: v\(outcome.version)
            students sit it with: assess take --exam \(exam.id)
            """)
        let sqlite = database as? SQLiteStore
        if let code, try sqlite?.storedDeliveryForm(exam: exam.id) == publication.deliveryForm {
            print(
                """
                start code: \(code) (announce it when the sitting opens: a student types it to begin; until then \
                the seats' store holds the questions only sealed under it, and it is kept nowhere)
                """)
        } else if try sqlite?.formIsSealed(exam: exam.id) == true {
            print(
                """
                start code: the one printed when these questions were published, or the newest a monitor made \
                (they stay sealed under it; --start-code --replace seals them under a new one while no attempt exists)
                """)
        }
        if open {
            let opened = try SittingOpening.open(
                exam: exam.id, in: database, by: proctor, clock: runtime.clock)
            print(SittingOpening.report(opened, exam: exam.id))
        } else {
            print("its questions go to the seats once the sitting opens: assess open \(exam.id)")
        }
    }

}
