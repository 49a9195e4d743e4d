import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessStore
import Foundation

/// `assess resume EXAM --candidate ID`: continues an attempt that a crash, a reboot or a
/// lost connection left in progress, with every saved answer and the time it had left.
struct ResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Continue a crashed attempt: re-lock and go on with its saved answers and time left.",
        discussion: """
            Asks for the proctor password, clears the stale lock the crash left (if it is this \
            attempt's), then shows the student's welcome screen; the student consents and the \
            terminal locks again. The time the terminal was down is logged and not charged, unless \
            the policy says `charge-downtime: true`. Use the exam file the attempt was started with. \
            The student's screens speak the language the attempt started in, unless --language names another.
            """ + "\n\n" + LanguageOption.helpIsEnglish)

    @Argument(
        help: ArgumentHelp(
            "The exam file the attempt was started with, or the id of the published exam it sat.",
            valueName: "exam"))
    var examPath: String

    @Option(help: "The candidate whose attempt continues.")
    var candidate: String

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try checkCandidate(candidate)
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let exam = try SealedExamSource.exam(
            examPath, byID: false, candidate: candidate, runtime: runtime,
            waitForOpening: false)
        let dataDirectory = try runtime.dataDirectory()
        let database = try runtime.sittingDatabase(in: dataDirectory, exam: exam.id, candidate: candidate)
        let events = EventStore(database: database)
        guard let attempt = try database.inProgressAttempt(exam: exam.id, candidate: candidate) else {
            throw CommandFailure(
                .notDone,
                "candidate \(candidate) has no attempt at \(exam.id) in progress; nothing to resume (see `assess results`)"
            )
        }
        guard !attempt.isPractice else {
            throw CommandFailure(
                .notDone,
                "attempt \(attempt.id) was practice, which is not resumed; start a new one with: assess take \(examPath) --practice"
            )
        }
        guard attempt.examKey == exam.examKey else {
            throw CommandFailure(
                .examInvalid,
                """
                \(examPath) is not the exam attempt \(attempt.id) was started with (exam key \(ExamKey.short(exam.examKey)), \
                the attempt's \(ExamKey.short(attempt.examKey))); resume with the same file
                """)
        }
        let lock = runtime.terminalLock()
        let inspection = try LockMessages.inspect(lock, consequence: "nothing is resumed until it can")
        var staleRecord: LockRecord?
        switch inspection {
        case .free, .fromPreviousBoot:
            break
        case .live:
            throw CommandFailure(
                .locked,
                LockMessages.refusal(inspection, in: language.catalogue(for: exam, environment: runtime.environment))
                    ?? "this terminal is locked")
        case .stale(let record):
            guard record.examID == exam.id, record.candidate == candidate else {
                throw CommandFailure(
                    .locked,
                    """
                    a stale lock of another sitting blocks this terminal: \(LockMessages.holder(record)); \
                    end that one first with `assess unlock --stale`
                    """)
            }
            staleRecord = record
        }
        let now = runtime.clock.now
        if let wait = try AttemptLiveness.secondsToWait(
            for: attempt, events: events, now: now,
            staleLockHere: staleRecord != nil)
        {
            throw AttemptLiveness.refusal(attempt, seconds: wait)
        }

        let downSeconds = max(0, Int(now.timeIntervalSince(attempt.lastActiveAt ?? attempt.startedAt)))
        let allowed = attempt.secondsAllowed ?? exam.durationSeconds
        let used = min(allowed, attempt.secondsUsed + (policy.chargeDowntime ? downSeconds : 0))
        guard used < allowed else {
            throw CommandFailure(
                .notDone,
                """
                attempt \(attempt.id) has no time left (\(used) of \(allowed) seconds used); \
                end it with `assess end \(attempt.id)`
                """)
        }

        try ProctorAuthorization(policy: policy, source: .terminal, events: events, clock: runtime.clock)
            .require(for: "resuming an attempt")
        if staleRecord != nil {
            _ = try ProctorActions.clearStaleLock(
                lock, events: events, by: runtime.process.userName, clock: runtime.clock)
        }
        var runner = SittingRunner(
            runtime: runtime, policy: policy, exam: exam, examPath: examPath, candidate: candidate)
        runner.settings = LaunchSettings(json: attempt.settings) ?? LaunchSettings()
        let records = try events.events(attempt: attempt.id).map(\.event)
        runner.settings.accessibility = Self.accessibility(runner.settings.accessibility, asSwitchedIn: records)
        runner.accessibilityChosenBy = "attempt"
        runner.resuming = (attempt, used)
        // The language the attempt started in, unless `--language` names another.
        runner.requestedLanguage = language.language ?? runner.settings.language
        runner.startEvents = [
            .proctor(
                .attemptResumed(
                    attemptID: attempt.id, downSeconds: downSeconds,
                    charged: policy.chargeDowntime))
        ]
        try await runner.run { _ in SittingStore(dataDirectory: dataDirectory, database: database) }
    }

    /// The accessibility settings an attempt started with, as the student switched them
    /// inside the exam before it was interrupted (each switch is one of its log's `records`).
    static func accessibility(_ started: AccessibilitySettings, asSwitchedIn records: [LoggedEvent])
        -> AccessibilitySettings
    {
        var settings = started
        let kind = SessionEvent.accessibilityChanged(.highContrast, on: true).kind
        for record in records where record.kind == kind {
            guard let option = record.details["setting"].flatMap(AccessibilityOption.init(rawValue:)),
                let on = record.details["on"].flatMap(Bool.init)
            else { continue }
            settings.set(option, on: on)
        }
        return settings
    }
}
