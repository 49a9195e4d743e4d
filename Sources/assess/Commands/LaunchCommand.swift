import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessStore
import AssessTUI
import Foundation

/// `assess launch EXAM --candidate ID`: the proctor sets what the student cannot change,
/// then hands the terminal over to the student's welcome screen.
struct LaunchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launch",
        abstract: "Set a candidate's extra time, breaks, restrictions and accessibility, then hand the terminal over.",
        discussion: """
            Asks for the proctor password, then shows the proctor's screen (the flags set its \
            starting values; without any, the candidate's accommodations on the exam's roster); \
            Enter hands the terminal over to the student's welcome screen. \
            With --hand-over the screen is skipped, for scripted launches. Refuses (exit 75) \
            while a lock holds the terminal or the candidate has an attempt at this exam in progress.
            """ + "\n\n" + LanguageOption.helpIsEnglish)

    @Argument(
        help: ArgumentHelp(
            "The exam file (YAML), e.g. Exams/geography.yaml, or the id of an exam published in the store.",
            valueName: "exam"))
    var examPath: String

    @Option(help: "The candidate's id.")
    var candidate: String

    @Option(
        help: ArgumentHelp(
            "Extra time: a multiplier such as 1.5x or 2x, or added minutes such as +15m.",
            valueName: "time"))
    var extraTime: String?

    @Option(help: ArgumentHelp("Breaks the candidate may take, as COUNTxMINUTES, e.g. 2x10m.", valueName: "breaks"))
    var breaks: String?

    @Option(
        name: .customLong("deny"),
        help: ArgumentHelp(
            "Deny a restriction's feature, e.g. back-navigation (repeatable).",
            valueName: "restriction"))
    var denied: [String] = []

    @Option(
        name: .customLong("allow"),
        help: ArgumentHelp(
            "Allow a restriction's feature the exam denies by default (repeatable).",
            valueName: "restriction"))
    var allowed: [String] = []

    @Option(
        name: .customLong("turn-off"),
        help: ArgumentHelp(
            "Turn off a suggestion feature the exam allows: spell-check, word-completion, autocorrect (repeatable).",
            valueName: "feature"))
    var turnedOff: [String] = []

    @OptionGroup(title: "Accessibility (the proctor may set any of them)")
    var accessibility: AccessibilityFlags

    @OptionGroup var language: LanguageOption

    @Flag(help: "Skip the proctor's screen and hand over at once with the flags' settings.")
    var handOver = false

    func validate() throws {
        try checkCandidate(candidate)
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let exam = try SealedExamSource.exam(
            examPath, byID: false, candidate: candidate, runtime: runtime, waitForOpening: true)
        var settings = try launchSettings(for: exam)
        let dataDirectory = try runtime.dataDirectory()
        let database = try runtime.sittingDatabase(in: dataDirectory, exam: exam.id, candidate: candidate)
        // Without flags, the candidate's accommodations on the roster are the starting values.
        if settings == LaunchSettings(),
            let entry = try? TakeRequest.rosterEntry(in: database, exam: exam, candidate: candidate, text: .english)
        {
            let listed = RosterAccommodations.decode(entry.settings)
            if listed.problems(for: exam).isEmpty { settings = listed }
        }
        var runner = SittingRunner(
            runtime: runtime, policy: policy, exam: exam, examPath: examPath, candidate: candidate)
        runner.settings = settings
        runner.requestedLanguage = language.language

        let lock = runtime.terminalLock()
        let inspection = try LockMessages.inspect(lock, consequence: "the exam does not start until it can")
        try runner.refuseIfBlocked(inspection, running: try runner.attemptInProgress(in: database))
        try ProctorAuthorization(
            policy: policy, source: .terminal,
            events: EventStore(database: database), clock: runtime.clock
        )
        .require(for: "launching an exam")

        if handOver {
            runner.startEvents = settings.proctorEvents(for: exam)
        } else {
            runner.launchSetup = LaunchSetup(exam: exam, candidate: candidate, settings: settings)
        }
        try await runner.run { _ in SittingStore(dataDirectory: dataDirectory, database: database) }
    }

    /// The settings the flags ask for, checked against the exam.
    func launchSettings(for exam: Exam) throws -> LaunchSettings {
        var settings = LaunchSettings(accessibility: accessibility.settings)
        if let extraTime {
            guard let parsed = ExtraTime(parsing: extraTime) else {
                throw CommandFailure(
                    .commandLine,
                    "--extra-time \(extraTime) is not a multiplier from 1 to 4 (1.5x) or added minutes up to 600 (+15m)"
                )
            }
            settings.extraTime = parsed
        }
        if let breaks {
            guard let parsed = BreakAllowance(parsing: breaks) else {
                throw CommandFailure(
                    .commandLine,
                    "--breaks \(breaks) is not COUNTxMINUTES with 1-10 breaks of 1-120 minutes, e.g. 2x10m")
            }
            settings.breaks = parsed
        }
        for id in denied { settings.restrictionStates[id] = false }
        for id in allowed {
            if settings.restrictionStates[id] == false {
                throw CommandFailure(.commandLine, "restriction \(id) is both allowed and denied")
            }
            settings.restrictionStates[id] = true
        }
        for name in turnedOff {
            guard let feature = SuggestionFeature(rawValue: name) else {
                let names = SuggestionFeature.allCases.map(\.rawValue)
                throw CommandFailure(
                    .commandLine,
                    "--turn-off \(name) is not a suggestion feature\(DidYouMean.hint(for: name, in: names)); known: \(names.joined(separator: ", "))"
                )
            }
            settings.disabledSuggestions.insert(feature)
        }
        let problems = settings.problems(for: exam)
        guard problems.isEmpty else {
            throw CommandFailure(.commandLine, problems.joined(separator: "; "))
        }
        return settings
    }
}
