import AssessCore
import AssessExam
import AssessPlatform
import AssessSpelling
import AssessStore
import AssessTUI
import Foundation

/// Where a sitting keeps its attempt: the data directory and its store, opened once by
/// the command.
package struct SittingStore {
    /// The data directory (journals, the SQLite store).
    package let dataDirectory: DataDirectory
    /// The store the sitting writes to.
    package let database: any ExamStore

    /// Each property as given.
    package init(dataDirectory: DataDirectory, database: any ExamStore) {
        self.dataDirectory = dataDirectory
        self.database = database
    }
}

/// One sitting, from the checks before it to the line the shell shows after it: what
/// `take`, `launch` and `resume` share.
package struct SittingRunner {
    /// The process's real dependencies.
    package let runtime: Runtime
    /// The policy in force.
    package let policy: Policy
    /// The exam sat.
    package let exam: Exam
    /// The exam file's path, as the command line gave it.
    package let examPath: String
    /// The candidate's id.
    package let candidate: String
    /// A practice sitting: no lock, nothing graded.
    package var practice = false
    /// The proctor's settings (extra time, breaks, restrictions, suggestions turned off).
    package var settings = LaunchSettings()
    /// The crashed attempt `assess resume` continues, with the seconds it has used.
    package var resuming: (attempt: Attempt, secondsUsed: Int)?
    /// Logged once the attempt has started, tagged with it.
    package var startEvents: [SessionEvent] = []
    /// Who chose `settings.accessibility`, for the log: `proctor`, `student` or `attempt`.
    package var accessibilityChosenBy = "proctor"
    /// The proctor's launch screen, shown before the welcome screen when given; its
    /// hand-over replaces `settings`.
    package var launchSetup: LaunchSetup?
    /// The language `--language` asked for, if any.
    package var requestedLanguage: InterfaceLanguage?
    /// How the student asked for the exam's pictures to be shown (`take --pictures`).
    package var pictures = PictureRequest.auto
    /// The welcome screen waits for the sitting's common start (an exam with a roster).
    package var waitsForOpening = false
    /// A proctor gave the word for a new attempt although the candidate has one
    /// (`take --new-attempt`): the store, not this sitting, then decides.
    package var newAttemptAllowed = false
    /// The lease's holder when this process holds the lease already (it waited at a
    /// published exam's cover); a new holder otherwise.
    package var holder: LeaseHolder?
    /// The terminal when a screen before the sitting (a published exam's cover) took it over.
    package var terminal: CursesTerminal?

    /// A sitting of `candidate` at `exam` (loaded from `examPath`) under `policy`; the
    /// other settings start empty and the command sets those it has.
    package init(
        runtime: Runtime, policy: Policy, exam: Exam, examPath: String, candidate: String, practice: Bool = false
    ) {
        self.runtime = runtime
        self.policy = policy
        self.exam = exam
        self.examPath = examPath
        self.candidate = candidate
        self.practice = practice
    }

    /// The language of the student's screens: the exam's, else `--language`, else the locale's.
    package var language: InterfaceLanguage {
        InterfaceLanguage.choose(
            examLanguage: exam.language, requested: requestedLanguage, environment: runtime.environment)
    }

    /// The student's strings, for what this sitting prints at the terminal.
    package var text: Catalogue { Catalogue.of(language) }

    /// Sets the locale the screen draws in (the environment's, else C.UTF-8), or refuses
    /// before anything is locked when there is no UTF-8 locale at all: the screen could
    /// show neither the exam's characters nor the student's. English, since nothing else
    /// would show.
    @discardableResult
    package func adoptLocale() throws -> TerminalLocale.Outcome {
        let outcome = TerminalLocale.adopt(environment: runtime.environment)
        if case .noUTF8(let requested) = outcome {
            let asked = requested.isEmpty ? "no locale is set" : "\(requested) is not installed"
            throw CommandFailure(
                .notDone,
                """
                there is no UTF-8 locale on this machine (\(asked), and \(TerminalLocale.fallback) is missing too), so the \
                exam's text cannot be shown; nothing was locked. Install Debian's `locales` package (apt-get install locales) \
                and generate a UTF-8 locale with `dpkg-reconfigure locales`
                """)
        }
        return outcome
    }

    /// The candidate's attempt at this exam that is in progress in `database`, if any.
    package func attemptInProgress(in database: any ExamStore) throws -> Attempt? {
        try database.inProgressAttempt(exam: exam.id, candidate: candidate)
    }

    /// Refuses (exit 75) when a lock holds the terminal, or when `running`, the candidate's
    /// attempt at this exam in progress, is not the one being resumed (a practice attempt
    /// left in progress does not count: `run` closes it). Changes nothing.
    package func refuseIfBlocked(_ inspection: LockInspection, running: Attempt?) throws {
        if let refusal = LockMessages.refusal(inspection, in: text) {
            throw CommandFailure(.locked, refusal)
        }
        if let running, running.id != resuming?.attempt.id, !running.isPractice {
            throw CommandFailure(
                .locked,
                text(
                    "terminal.attempt-in-progress",
                    [
                        "candidate": candidate, "exam": exam.id, "attempt": running.id,
                        "resume": "assess resume \(examPath) --candidate \(candidate)",
                        "end": "assess end \(running.id)",
                    ]))
        }
    }

    /// Refuses (exit 75) a new attempt, practice aside, when the candidate already has one
    /// at this exam that ended, unless a proctor allowed another: the way on after a crash
    /// is `resume`, which keeps the answers and the accommodations. Changes nothing.
    package func refuseIfSatBefore(in database: any ExamStore) throws {
        guard !practice, resuming == nil, !newAttemptAllowed else { return }
        let earlier = try database.attempts(exam: exam.id, candidate: candidate, status: nil).filter { !$0.isPractice }
        guard let last = earlier.last, last.status != .inProgress else { return }
        throw CommandFailure(
            .locked,
            text(
                "terminal.attempt-ended-before",
                [
                    "candidate": candidate, "exam": exam.id, "attempt": last.id,
                    "new": "assess take \(examPath) --candidate \(candidate) --new-attempt",
                ]))
    }

    /// Takes the lease on (exam, candidate) for this sitting (not for practice), or refuses
    /// (exit 75) naming where the candidate already sits. The store gives a lease over when
    /// it was not renewed for the policy's `lease-lost-after` and its holder is not known
    /// alive, and at once when the holder's process is gone from this host (a crash,
    /// `kill -9`; see `Lease`). Returns the holder and, when it took a lost lease over, the
    /// event that logs it.
    package func takeLease(in database: any ExamStore) throws -> (holder: LeaseHolder, takeover: SessionEvent?)? {
        guard !practice else { return nil }
        return try Self.takeLease(
            exam: exam.id, examPath: examPath, candidate: candidate, holder: holder, in: database, policy: policy,
            runtime: runtime, text: text)
    }

    /// Takes (or renews, with `holder` given) the lease on (`exam`, `candidate`) for this
    /// process, or refuses (exit 75) naming where the candidate already sits; see the
    /// instance's ``takeLease(in:)``.
    package static func takeLease(
        exam: String, examPath: String, candidate: String, holder given: LeaseHolder?, in database: any ExamStore,
        policy: Policy, runtime: Runtime, text: Catalogue
    ) throws -> (holder: LeaseHolder, takeover: SessionEvent?) {
        let pid = runtime.process.pid
        let holder =
            given
            ?? LeaseHolder(
                host: LocalProcess.hostName(), tty: runtime.process.tty, pid: pid,
                processStart: LocalProcess.startTime(of: pid))
        let lostAfter = policy.leaseLostAfter
        let lease = try database.takeLease(
            exam: exam, candidate: candidate, holder: holder, lostAfter: lostAfter,
            at: runtime.clock.now)
        let takeover = lease.takenOver.map { lost in
            SessionEvent.leaseTakenOver(
                host: lost.host, tty: lost.tty, pid: lost.pid,
                why: lost.processGone
                    ? "its process is gone"
                    : "not renewed since \(lost.renewedAt.formatted(.iso8601))")
        }
        guard lease.holder == holder else {
            let seat =
                lease.holder.tty.map { text("terminal.seat-on", ["host": lease.holder.host, "terminal": $0]) }
                ?? lease.holder.host
            throw CommandFailure(
                .locked,
                text(
                    "terminal.sitting-elsewhere",
                    [
                        "candidate": candidate, "exam": exam, "seat": seat, "pid": String(lease.holder.pid),
                        "since": LockMessages.time(lease.since), "wait": text.duration(Int(lostAfter)),
                        "resume": "assess resume \(examPath) --candidate \(candidate)",
                    ]))
        }
        return (holder, takeover)
    }

    /// After the screen is given back: when writes still wait on this terminal for the
    /// server (it is away), tries once more and, if they still wait, says where they are,
    /// in the student's language.
    package static func reportWaiting(_ database: any ExamStore, in text: Catalogue) {
        guard let journal = database.journal, journal.waiting > 0 else { return }
        let waiting = journal.deliver()
        guard waiting > 0 else { return }
        // A blank line after it sets it apart from the line that says how the sitting ended.
        printToStandardError(
            "assess: " + text.plural("terminal.writes-waiting", count: waiting, ["path": journal.journalPath]) + "\n")
    }

    /// Runs the sitting in this terminal and reports how it ended. `opening` opens the
    /// store, and may change the sitting from what it holds (`take` applies the roster).
    ///
    /// With `welcomeFirst` (`take`) the terminal starts and the welcome screen is drawn
    /// before the store is opened and the checks run: the student sees it at once, and the
    /// screen changes only where the store says otherwise (a roster's extra time). A check
    /// that refuses gives the terminal back before its message, as it would without.
    package mutating func run(welcomeFirst: Bool = false, opening: (inout SittingRunner) throws -> SittingStore)
        async throws
    {
        // An exam that lets students run code starts only where the sandbox works.
        let sampleRunner: SandboxSampleRunner?
        do throws(SandboxUnavailable) {
            sampleRunner = try SandboxSampleRunner.forSitting(of: exam)
        } catch {
            throw CommandFailure(.notDone, "\(exam.id): \(error.description); the sitting does not start")
        }
        // The session checks the surroundings with the locale the screen will use.
        var environment = runtime.environment
        if case .fellBack = try adoptLocale() { environment["LC_ALL"] = TerminalLocale.fallback }
        let terminal = self.terminal ?? CursesTerminal()
        defer { terminal.stop() }
        // The presentation computes the exam key, once for the whole sitting.
        let presentation = ExamPresentation(exam: exam, candidate: candidate)
        if welcomeFirst {
            try start(terminal)
            let welcome = self.flow(
                for: ExamSitting(
                    exam: exam, presentation: presentation,
                    restrictionStates: settings.restrictionStates(for: exam)), on: terminal)
            ExamApp.drawOpeningScreen(of: welcome, on: terminal, now: runtime.clock.monotonicNanoseconds)
        }
        let store = try opening(&self)
        let database = store.database
        let events = EventStore(database: database)
        let lock = runtime.terminalLock()
        let clipboards = ClipboardDiscovery.backends(
            environment: runtime.environment, runner: SubprocessCommandRunner(),
            terminal: terminal.sequenceWriter)
        let consent = FlowConsentPrompt()
        let descriptor = ExamDescriptor(
            examID: exam.id, examKey: presentation.examKey, title: exam.title,
            candidate: candidate, allowedSuggestions: exam.suggestions,
            proctorDisabledSuggestions: settings.disabledSuggestions)
        let dependencies = SessionDependencies(
            clock: runtime.clock, lock: lock, clipboards: clipboards, eventLog: events,
            pasteGuard: terminal.sequenceWriter, consent: consent,
            surroundings: SystemSurroundings(
                dataDirectory: store.dataDirectory,
                terminalSize: { TerminalWindow.size() }),
            process: runtime.process, environment: environment)
        let session = AssessmentSession(exam: descriptor, policy: policy, dependencies: dependencies)

        // Like an iPad checking Guided Access at launch: any lock here means do not start.
        let existing: LockInspection
        do {
            existing = try await session.inspectExistingLock()
        } catch {
            throw LockMessages.unreadable(lock.location, error, consequence: "the exam does not start until it can")
        }
        // A candidate sitting elsewhere is named first: that is why an attempt is in progress.
        let taken = try takeLease(in: database)
        let lease = taken?.holder
        defer { lease.map { try? database.releaseLease(exam: exam.id, candidate: candidate, holder: $0) } }
        let running = try attemptInProgress(in: database)
        try refuseIfBlocked(existing, running: running)
        try refuseIfSatBefore(in: database)
        // A practice attempt a crash left in progress counts for nothing: close it.
        if let leftover = running, leftover.isPractice {
            try database.finishAttempt(id: leftover.id, status: .interrupted, receipt: nil, at: runtime.clock.now)
        }

        var sitting = ExamSitting(
            exam: exam, presentation: presentation,
            restrictionStates: settings.restrictionStates(for: exam))
        if let resuming {
            try Self.replayTyping(of: resuming.attempt.id, from: runtime.journalDirectory(), into: database)
            try restore(&sitting, from: resuming.attempt, database: database)
        }
        if !welcomeFirst { try start(terminal) }
        var flow = self.flow(for: sitting, on: terminal)
        if let resuming, exam.hasTimedSections {
            // The section the attempt was in, as the store (the server, in a lab) counts them.
            let closed = try database.sectionsClosed(attempt: resuming.attempt.id)
            flow.resumeSections(closed: closed.count, openedAtSecondsUsed: closed.secondsUsedAtLast)
        }
        if let resuming {
            // The raised hand as the attempt's log says, so the seat and the monitor agree.
            let kinds = try database.eventKinds(attempt: resuming.attempt.id, among: SeatHand.kinds)
            flow.resumeHand(SeatHandLog(replaying: kinds))
        }
        let commands = StoreCommandLink(store: database, exam: exam.id, candidate: candidate, lease: lease)
        if let resuming, let commands {
            // The extra breaks the monitor allowed, as the store (not the seat's log) says.
            flow.restoreCommands(acknowledged: try commands.commandsAcknowledged(during: resuming.attempt.id))
        }
        // Open the dictionary only when a feature can use it, and Hunspell (about 7 MB a
        // process for en_US) only when one checks spelling.
        let suggestions =
            practice
            ? SuggestionSettings.practice
            : .locked(examAllows: descriptor.allowedSuggestions, proctorDisabled: descriptor.proctorDisabledSuggestions)
        let canSuggest = !suggestions.available.isEmpty
        flow.suggestions = SuggestionControl(
            speller: canSuggest
                ? Self.speller(
                    for: exam.language, checksSpelling: suggestions.isAvailable(.spellCheck),
                    environment: runtime.environment) : nil,
            language: exam.language)
        let recorder = StoreSittingRecorder(
            database: database, events: events, exam: exam, candidate: candidate,
            resuming: resuming?.attempt, lease: lease,
            leaseLostAfter: policy.leaseLostAfter, language: language)
        // A launch screen's hand-over adds the launch settings' records itself.
        let app = ExamApp(
            flow: flow, terminal: terminal, session: session, consent: consent, recorder: recorder,
            clock: runtime.clock, proctorPassword: policy.proctorPassword, settings: settings,
            startEvents: startEvents + (taken?.takeover.map { [$0] } ?? [])
                + (launchSetup == nil ? [flow.accessibilityRecord] : []),
            commands: commands, typingJournal: practice ? nil : runtime.journalDirectory(),
            sampleRuns: sampleRunner.map { (recorder, $0) })
        let outcome = await app.run()
        terminal.stop()
        Self.reportWaiting(database, in: text)
        try Self.report(outcome, locale: terminal.isUTF8Locale, in: text)
    }

    /// Takes over the terminal for the sitting's screens, and the signals that stop a sitting.
    private func start(_ terminal: CursesTerminal) throws {
        do {
            try terminal.start()
        } catch {
            throw CommandFailure(.notDone, text("terminal.unusable", ["problem": "\(error)"]))
        }
        SignalTrap.install()
    }

    /// The flow that runs `sitting` in `terminal` with this sitting's settings.
    private func flow(for sitting: ExamSitting, on terminal: CursesTerminal) -> ExamFlow {
        var flow = ExamFlow(
            sitting: sitting, candidate: candidate, practice: practice,
            maximumLockHours: policy.maximumLockSeconds / 3600,
            secondsAllowed: resuming?.attempt.secondsAllowed ?? settings.secondsAllowed(for: exam),
            resumedWithSecondsUsed: resuming?.secondsUsed,
            breaks: settings.breaks, breaksTaken: resuming?.attempt.breaksTaken ?? 0,
            accessibility: settings.accessibility, chosenBy: accessibilityChosenBy,
            terminalHasColours: terminal.hasColors, studentMaySwitch: policy.studentSettings,
            launch: launchSetup, waitsForOpening: waitsForOpening && resuming == nil)
        flow.language = language
        if !exam.pictures.isEmpty {
            let showsMosaics =
                pictures != .text
                && PictureShelf.showsMosaics(term: runtime.environment["TERM"], isUTF8Locale: terminal.isUTF8Locale)
            // Only a terminal that shows mosaics is asked for more; kitty's query cannot pass
            // a multiplexer (tmux, screen), which would take it for a window title.
            let graphics =
                showsMosaics && pictures == .auto
                ? terminal.askAboutGraphics(askKitty: !Self.insideMultiplexer(runtime.environment)) : nil
            flow.pictures = PictureShelf(
                pictures: exam.pictures, showsMosaics: showsMosaics, terminalGraphics: graphics)
        }
        return flow
    }

    /// True inside tmux or GNU screen, from their variables or the `TERM` they set.
    static func insideMultiplexer(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("screen")
            || term.hasPrefix("tmux")
    }

    /// The dictionary for the exam's language, opening in the background (with Hunspell
    /// when `checksSpelling`), or `nil` when none is installed: the sitting then goes on
    /// without suggestions.
    package static func speller(for language: String, checksSpelling: Bool, environment: [String: String]) -> (
        any Speller
    )? {
        guard let files = DictionaryLocator(environment: environment).dictionary(forLanguage: language) else {
            return nil
        }
        return BackgroundSpeller(files: files, language: language, checksSpelling: checksSpelling)
    }

    /// Puts into the store what the crashed sitting of attempt `attemptID` typed after its
    /// last save, from its typing journal in `directory`, and removes the journal: the
    /// newest text of each answer it changed (on a lab seat, the server gets it). A text
    /// the journal cannot place on the store's (see ``TypingJournal``) stays as stored.
    package static func replayTyping(of attemptID: String, from directory: String, into database: any ExamStore)
        throws
    {
        let journal = TypingJournal(directory: directory, attempt: attemptID)
        let records = TypingJournal.records(at: journal.path)
        guard !records.isEmpty else {
            journal.remove()
            return
        }
        var stored: [String: StoredResponse] = [:]
        for response in try database.responses(for: attemptID) { stored[response.questionID] = response }
        let newest = TypingJournal.newestTexts(records) { question in
            switch stored[question].flatMap({ Response(json: $0.value) }) {
            case .essay(let text), .shortText(let text), .numeric(let text), .code(let text): return text
            default: return nil
            }
        }
        for (question, typed) in newest.sorted(by: { $0.key < $1.key }) {
            let response: Response? =
                switch typed.kind {
                case _ where typed.text.isEmpty: nil
                case .essay: .essay(typed.text)
                case .shortText: .shortText(typed.text)
                case .numeric: .numeric(typed.text)
                case .code: .code(typed.text)
                }
            try database.saveResponse(
                attempt: attemptID, question: question, value: response?.json ?? "null",
                flagged: stored[question]?.flagged ?? false, annotations: stored[question]?.annotations, at: Date())
        }
        journal.remove()
    }

    /// Puts a resumed attempt's saved answers, flags, annotations and position back into `sitting`.
    private func restore(_ sitting: inout ExamSitting, from attempt: Attempt, database: any ExamStore) throws {
        let saved = try SavedAnswers(attempt: attempt.id, database: database)
        sitting.restore(
            responses: saved.responses, flagged: Set(saved.flagged), annotations: saved.annotations,
            current: attempt.currentQuestion)
    }

    /// What the shell shows after the screen is given back, in the student's language,
    /// and the exit status.
    package static func report(_ outcome: SittingOutcome, locale isUTF8: Bool, in text: Catalogue) throws {
        switch outcome {
        case .submitted(let printed):
            // On the terminal after the screen, so it stays there and in the scroll-back.
            if let printed { print(printed.lines(in: text).joined(separator: "\n")) }
        case .quitBeforeStart:
            return
        case .launchCancelled:
            throw CommandFailure(.notDone, text("terminal.launch-cancelled"))
        case .notStarted(.declined):
            throw CommandFailure(.notDone, text("terminal.declined"))
        case .notStarted(let reason):
            let why: FailureReason
            switch reason {
            case .heldByAnother, .staleLock: why = .locked
            default: why = .notDone
            }
            let hint = isUTF8 ? "" : "\n" + text("terminal.not-utf8")
            throw CommandFailure(why, text("terminal.not-started", ["reason": reason.sentence(in: text)]) + hint)
        case .notRecorded(let why):
            throw CommandFailure(.cannotWrite, text("terminal.not-recorded", ["problem": why]))
        case .interrupted(let why, attemptInProgress: true):
            throw CommandFailure(.notDone, text("terminal.interrupted", ["why": why]))
        case .interrupted(let why, attemptInProgress: false):
            throw CommandFailure(.notDone, text("terminal.interrupted-before", ["why": why]))
        case .aborted(let reason, let stored):
            throw CommandFailure(
                .notDone, text(stored ? "terminal.aborted" : "terminal.aborted-not-stored", ["reason": reason]))
        }
    }
}
