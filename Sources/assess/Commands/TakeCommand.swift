import ArgumentParser
import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTUI
import Foundation

/// `assess take EXAM`: the student's flow from welcome to receipt.
struct TakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "take",
        abstract: "Sit an exam: welcome, consent, lock, questions, review, submit, unlock, receipt.",
        discussion: """
            Refuses to start (exit 75) while any lock holds this terminal, live or stale. \
            The lock is released when the exam is submitted, when time runs out, or when the \
            program is stopped (SIGTERM, SIGHUP); every answer is saved within a second.
            """ + "\n\n" + LanguageOption.helpIsEnglish)

    @Argument(help: ArgumentHelp("The exam file (YAML), e.g. Exams/geography.yaml, or the id of an exam published in the store.",
                                 valueName: "exam"))
    var examPath: String?

    @Option(name: .customLong("exam"),
            help: ArgumentHelp("Sit the exam published in the store under this id (assess publish): no exam file is read.",
                               valueName: "id"))
    var examID: String?

    @Option(help: "The candidate's id; defaults to the login name.")
    var candidate: String?

    @Flag(help: "Practice: no lock, suggestions on, nothing graded (when the policy allows).")
    var practice = false

    @OptionGroup(title: "Accessibility (those the policy's student-settings allows)")
    var accessibility: AccessibilityFlags

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try checkCandidate(candidate)
        if examPath == nil && examID == nil {
            throw ValidationError("Missing expected argument '<exam>': an exam file, or --exam ID for an exam published in the store")
        }
        if examPath != nil && examID != nil {
            throw ValidationError("name the exam once: its file, or --exam ID for an exam published in the store")
        }
    }

    /// What the command line asks for.
    var request: TakeRequest {
        TakeRequest(examPath: examID ?? examPath ?? "", candidate: candidate, practice: practice,
                    accessibility: accessibility.settings, language: language.language, byID: examID != nil)
    }

    func run() async throws {
        try await request.run()
    }

    /// `items` joined as `text`'s language lists them ("a, b" or "a、b").
    static func list(_ items: [String], in text: Catalogue) -> String {
        items.dropFirst().reduce(items.first ?? "") { text("list.join", ["first": $0, "next": $1]) }
    }

    /// The candidate's roster entry when the exam has a roster; nil when it has none.
    /// Refuses (exit 68) a candidate the roster does not list, and (exit 1) any candidate
    /// when the store keeps no roster to ask, before anything is locked.
    static func rosterEntry(in database: any ExamStore, exam: Exam, candidate: String, text: Catalogue) throws -> RosterEntry? {
        guard let rosters = database.roster else {
            throw CommandFailure(.notDone, "\(StoreError.unsupported("roster")) (\(database.location)), so it cannot tell whether \(candidate) may sit \(exam.id); nothing was locked")
        }
        let standing: RosterStanding
        do {
            standing = try rosters.rosterStanding(exam: exam.id, candidate: candidate)
        } catch let error as StoreError {
            throw CommandFailure(.notDone, "\(error); nothing was locked")
        } catch {
            throw CommandFailure(.cannotWrite, "cannot read the roster of \(exam.id) in the store \(rosters.location): \(error); nothing was locked")
        }
        switch standing {
        case .noRoster:
            return nil
        case .notListed:
            // The student reads this at the kiosk: in the exam's language.
            throw CommandFailure(.notOnRoster, text("terminal.not-on-roster", [
                "candidate": candidate, "exam": exam.id, "title": exam.title,
            ]))
        case .listed(let entry):
            return entry
        }
    }
}
