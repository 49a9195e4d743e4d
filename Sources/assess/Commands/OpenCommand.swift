import ArgumentParser
import AssessApp
import AssessCore
import AssessStore
import Foundation

/// `assess open ID`: the proctor opens an exam's sitting from the command line.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the sitting of an exam: the seats get its questions, and a roster's waiting seats start.",
        discussion: """
            Asks for the proctor password (on PostgreSQL, run it as an account with a proctor role; on SQLite, \
            as the account that owns the store, or root), then opens the sitting of the exam published under \
            this id, as the monitor's o does, with or without a roster. Until then a seat reads only the exam's \
            cover (title, time, instructions, number of questions), never its questions: assess take waits. For \
            an exam with a roster it makes a start code, when the sitting has none, and prints it to announce. \
            Opening a sitting already open changes nothing; assess roster ID --reset-start closes it again for \
            the next sitting of the same exam.
            """)

    @Argument(help: ArgumentHelp("The id of an exam published in the store (assess publish).", valueName: "id"))
    var exam: String

    @OptionGroup var password: PasswordInputOptions

    func run() throws {
        let runtime = Runtime()
        if let problem = try Publishing.ownerProblem(runtime) {
            throw CommandFailure(.notDone, problem + " open its sittings")
        }
        let policy = try runtime.policy()
        let database = try runtime.database()
        guard let store = database.published else {
            throw CommandFailure(.notDone, "\(StoreError.unsupported("published exams")) (\(database.location))")
        }
        let published: Bool
        do {
            published = try store.publishedExam(exam) != nil
        } catch let error as StoreError {
            throw CommandFailure(
                .notDone, "\(error); opening a sitting is a proctor's: run this as an account with a proctor role")
        }
        guard published else {
            throw CommandFailure(
                .examMissing,
                "no exam \(exam) is published in the store \(database.location); publish it first: assess publish EXAM.yaml"
            )
        }
        try ProctorAuthorization(
            policy: policy, source: password.source, events: EventStore(database: database), clock: runtime.clock
        ).require(for: "opening a sitting")
        let outcome = try SittingOpening.open(
            exam: exam, in: database, by: runtime.process.userName, clock: runtime.clock)
        print(SittingOpening.report(outcome, exam: exam))
    }
}
