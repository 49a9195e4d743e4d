import ArgumentParser
import AssessCore
import AssessExam
import AssessPlatform
import AssessSpelling
import AssessStore
import AssessTUI
import Foundation
import Glibc

/// `assess take EXAM`: the student's flow from welcome to receipt.
struct TakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "take",
        abstract: "Sit an exam: welcome, consent, lock, questions, review, submit, unlock, receipt.",
        discussion: """
            Refuses to start (exit 75) while any lock holds this terminal, live or stale. \
            The lock is released when the exam is submitted, when time runs out, or when the \
            program is stopped (SIGTERM, SIGHUP); every answer is saved within a second.
            """)

    @Argument(help: ArgumentHelp("The exam file (YAML), e.g. Exams/geography.yaml.", valueName: "exam"))
    var examPath: String

    @Option(help: "The candidate's id; defaults to the login name.")
    var candidate: String?

    @Flag(help: "Practice: no lock, suggestions on, nothing graded (when the policy allows).")
    var practice = false

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let exam: Exam
        do {
            exam = try ExamLoader.load(fileAt: examPath)
        } catch {
            throw CommandFailure(.dataError, error.problems.map(\.description).joined(separator: "\n")
                                 + "\nfix the exam file (see Exams/FORMAT.md), or check it with: assess validate \(examPath)")
        }
        let candidate = self.candidate ?? runtime.process.userName
        let practice = self.practice || exam.lock == .practice
        if practice && !policy.allowPractice {
            throw CommandFailure(.usage, "the policy (\(policy.source)) does not allow practice sittings on this terminal")
        }

        let dataDirectory = try runtime.dataDirectory()
        let database = try runtime.database(in: dataDirectory)
        let events = EventStore(database: database)
        let lock = runtime.terminalLock()
        let terminal = CursesTerminal()
        let clipboards = ClipboardDiscovery.backends(
            environment: runtime.environment, runner: SubprocessCommandRunner(),
            terminal: terminal.sequenceWriter, internal: InternalClipboard())
        let descriptor = ExamDescriptor(examID: exam.id, examKey: exam.examKey, title: exam.title,
                                        candidate: candidate, allowedSuggestions: exam.suggestions)
        let dependencies = SessionDependencies(
            clock: runtime.clock, lock: lock, clipboards: clipboards, eventLog: events,
            pasteGuard: terminal.sequenceWriter, consent: TerminalConsentPrompt(terminal: terminal),
            surroundings: SystemSurroundings(dataDirectory: dataDirectory,
                                             terminalSize: { TerminalWindow.size() }),
            process: runtime.process, environment: runtime.environment)
        let session = AssessmentSession(exam: descriptor, policy: policy, dependencies: dependencies)

        // Like an iPad checking Guided Access at launch: any lock here means do not start.
        let existing: LockInspection
        do {
            existing = try await session.inspectExistingLock()
        } catch {
            throw CommandFailure(.locked, "cannot read the lock at \(lock.location) (\(error)); the exam does not start until it can")
        }
        if let refusal = LockMessages.refusal(existing) {
            throw CommandFailure(.locked, refusal)
        }
        if let running = try database.inProgressAttempt(exam: exam.id, candidate: candidate) {
            throw CommandFailure(.locked, """
                candidate \(candidate) already has an attempt at \(exam.id) in progress (\(running.id)), \
                left by a crash or a lost connection; a proctor must end it before a new one starts
                """)
        }

        do {
            try terminal.start()
        } catch {
            throw CommandFailure(.failure, "cannot use this terminal: \(error)")
        }
        SignalTrap.install()
        let sitting = ExamSitting(exam: exam, presentation: ExamPresentation(exam: exam, candidate: candidate))
        var flow = ExamFlow(sitting: sitting, candidate: candidate, practice: practice,
                            maximumLockHours: policy.maximumLockSeconds / 3600)
        flow.suggestions = SuggestionControl(speller: Self.speller(for: exam.language, environment: runtime.environment),
                                             language: exam.language)
        let recorder = StoreSittingRecorder(database: database, events: events, exam: exam, candidate: candidate)
        let app = ExamApp(flow: flow, terminal: terminal, session: session, recorder: recorder, clock: runtime.clock)
        let outcome = await app.run()
        terminal.stop()
        await session.finish()
        try Self.report(outcome, locale: terminal.isUTF8Locale)
    }

    /// The dictionary for the exam's language, or `nil` when none is installed (or it
    /// cannot be opened): the sitting then goes on without suggestions.
    static func speller(for language: String, environment: [String: String]) -> (any Speller)? {
        guard let files = DictionaryLocator(environment: environment).dictionary(forLanguage: language) else { return nil }
        return try? HunspellSpeller(files: files, language: language)
    }

    /// What the shell shows after the screen is given back, and the exit status.
    static func report(_ outcome: SittingOutcome, locale isUTF8: Bool) throws {
        switch outcome {
        case .submitted, .quitBeforeStart:
            return
        case .notStarted(.declined):
            throw CommandFailure(.failure, "the student declined to lock the terminal; the exam did not start")
        case .notStarted(let reason):
            let status: ExitStatus
            switch reason {
            case .heldByAnother, .staleLock: status = .locked
            default: status = .failure
            }
            let hint = isUTF8 ? "" : "\nthe locale is not UTF-8: run with LANG=C.UTF-8"
            throw CommandFailure(status, "the exam did not start: \(reason)\(hint)")
        case .notRecorded(let why):
            throw CommandFailure(.cannotCreate, "the exam did not start: the attempt could not be stored: \(why)")
        case .interrupted(let why):
            throw CommandFailure(.failure, "the exam was interrupted (\(why)); every answer was saved and the lock released")
        }
    }
}

/// The size of the terminal on standard output, read without curses so that the
/// session can check it from any thread.
enum TerminalWindow {
    static func size() -> TerminalSize? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
}
