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

    @Argument(help: ArgumentHelp("The exam file (YAML), e.g. Exams/geography.yaml.", valueName: "exam"))
    var examPath: String

    @Option(help: "The candidate's id; defaults to the login name.")
    var candidate: String?

    @Flag(help: "Practice: no lock, suggestions on, nothing graded (when the policy allows).")
    var practice = false

    @OptionGroup(title: "Accessibility (those the policy's student-settings allows)")
    var accessibility: AccessibilityFlags

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try checkCandidate(candidate)
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let exam = try ExamFiles.load(examPath)
        let text = language.catalogue(for: exam, environment: runtime.environment)
        let practice = self.practice || exam.lock == .practice
        if practice && !policy.allowPractice {
            throw CommandFailure(.notDone, text("terminal.practice-refused", ["policy": policy.source]))
        }
        let candidate = self.candidate ?? runtime.process.userName
        if let problem = CandidateID.problem(with: candidate) {
            throw CommandFailure(.commandLine, "\(problem); without --candidate the login name is the id, so give one with --candidate")
        }
        let chosen = accessibility.settings
        let refused = chosen.enabled.subtracting(policy.studentSettings).sorted()
        if !refused.isEmpty {
            // The refused settings by name in the student's language; the allowed ones as the
            // flags' values, which the student would type.
            let allowed = policy.studentSettings.sorted().map(\.rawValue)
            throw CommandFailure(.notDone, text("terminal.settings-refused", [
                "policy": policy.source,
                "refused": Self.list(refused.map { text("setting." + $0.rawValue) }, in: text),
                "allowed": allowed.isEmpty ? text("terminal.settings-none") : Self.list(allowed, in: text),
            ]))
        }
        let dataDirectory = try runtime.dataDirectory()
        let database = try runtime.sittingDatabase(in: dataDirectory, exam: exam.id, candidate: candidate)
        var runner = SittingRunner(runtime: runtime, policy: policy, dataDirectory: dataDirectory,
                                   database: database, exam: exam, examPath: examPath,
                                   candidate: candidate, practice: practice)
        runner.settings.accessibility = chosen
        runner.accessibilityChosenBy = "student"
        runner.requestedLanguage = language.language
        if !practice, let entry = try Self.rosterEntry(in: database, exam: exam, candidate: candidate, text: text) {
            // The roster's accommodations are the launch settings, as if a proctor had
            // launched the sitting with them; the student's own choices add to its accessibility.
            var settings = RosterAccommodations.decode(entry.settings)
            let problems = settings.problems(for: exam)
            guard problems.isEmpty else {
                throw CommandFailure(.notDone, """
                    the roster's accommodations for \(candidate) do not fit \(exam.id): \(problems.joined(separator: "; ")); \
                    a proctor corrects the roster with `assess roster \(examPath) --import FILE.csv`; nothing was locked
                    """)
            }
            for option in chosen.enabled { settings.accessibility.set(option, on: true) }
            runner.settings = settings
            runner.accessibilityChosenBy = chosen.enabled.isEmpty ? "roster" : "roster, student"
            runner.startEvents = settings.proctorEvents(for: exam)
            runner.waitsForOpening = true
        }
        try await runner.run()
    }

    /// `items` joined as `text`'s language lists them ("a, b" or "a、b").
    static func list(_ items: [String], in text: Catalogue) -> String {
        items.dropFirst().reduce(items.first ?? "") { text("list.join", ["first": $0, "next": $1]) }
    }

    /// The candidate's roster entry when the exam has a roster; nil when it has none.
    /// Refuses (exit 68) a candidate the roster does not list, before anything is locked.
    static func rosterEntry(in database: any ExamStore, exam: Exam, candidate: String, text: Catalogue) throws -> RosterEntry? {
        let reachable = (database as? JournaledStore)?.server ?? database
        guard let rosters = reachable as? any RosterStore else { return nil }
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
