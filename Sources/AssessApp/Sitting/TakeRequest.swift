import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTUI
import Foundation

/// What `assess take` is asked for, and the sitting it runs: the parsed command hands it
/// over, and so does ``init(quickParsing:)``, which reads the usual command lines without
/// swift-argument-parser.
package struct TakeRequest: Equatable {
    /// The exam file's path.
    package var examPath: String
    /// `--candidate`; nil for the login name.
    package var candidate: String?
    /// `--practice`.
    package var practice = false
    /// The accessibility flags given.
    package var accessibility = AccessibilitySettings()
    /// `--language`.
    package var language: InterfaceLanguage?
    /// The exam is the one published in the store under `examPath` (`--exam ID`).
    package var byID = false
    /// `--new-attempt`: a proctor allows one more attempt (asks for the proctor password).
    package var newAttempt = false
    /// `--pictures`: how the exam's pictures are shown.
    package var pictures = PictureRequest.auto

    /// A request for `examPath`; the rest as the command line says, else its defaults.
    package init(
        examPath: String, candidate: String? = nil, practice: Bool = false,
        accessibility: AccessibilitySettings = AccessibilitySettings(), language: InterfaceLanguage? = nil,
        byID: Bool = false, newAttempt: Bool = false, pictures: PictureRequest = .auto
    ) {
        self.examPath = examPath
        self.candidate = candidate
        self.practice = practice
        self.accessibility = accessibility
        self.language = language
        self.byID = byID
        self.newAttempt = newAttempt
        self.pictures = pictures
    }

    /// Sits the exam in this terminal: the policy's and the roster's checks, then the sitting.
    package func run() async throws {
        try await start().run()
    }

    /// Starts what the sitting's first frame waits for: the process's context and the
    /// policy on a thread of their own, the terminal (curses and the interface's strings) on
    /// another, and reads the exam on this one. `main` calls it before the command's task.
    package func start() -> Started {
        // The exam's reading takes longest, so this thread makes it at once: a new thread
        // began running only about 0.7 ms after it was started (two cores, a virtual
        // machine), which the reading waited for when it had the thread; the policy and
        // the terminal are ready long before the reading is done.
        let environment = ProcessInfo.processInfo.environment
        let context = BackgroundValue(named: "assess policy") {
            let runtime = Runtime(environment: environment)
            // Read once for the command (`Runtime` keeps it); a policy that does not read
            // is reported where the sitting asks for it.
            _ = try? runtime.policy()
            return runtime
        }
        let coverLanguage = InterfaceLanguage.choose(examLanguage: "", requested: language, environment: environment)
        // Not when the proctor's word for a new attempt is asked first: that is on plain lines.
        let starting =
            newAttempt || isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0
            ? nil : TerminalStarting(language: coverLanguage)
        let reading = SealedExamSource.readLocally(
            examPath, byID: byID, candidate: candidate ?? ProcessContext.currentUserName(environment: environment),
            dataDirectory: DataDirectory(environment: environment).path)
        return Started(
            request: self, context: context, coverLanguage: coverLanguage, starting: starting, reading: reading)
    }

    /// A `take` whose terminal is on its way and whose exam is read (``start()``).
    package struct Started: Sendable {
        let request: TakeRequest
        let context: BackgroundValue<Runtime>
        let coverLanguage: InterfaceLanguage
        let starting: TerminalStarting?
        let reading: SealedExamSource.LocalReading

        /// The policy's and the roster's checks, then the sitting.
        package func run() async throws {
            do {
                try await request.sit(
                    runtime: context.value, coverLanguage: coverLanguage, starting: starting, reading: reading)
            } catch {
                // A refusal before the sitting's screen gives the terminal back before its message.
                starting?.started()?.stop()
                throw error
            }
        }
    }

    /// ``run()`` once the terminal is starting (`starting`, unless it is to start later)
    /// and the exam was read without the policy (`reading`).
    fileprivate func sit(
        runtime: Runtime, coverLanguage: InterfaceLanguage, starting: TerminalStarting?,
        reading local: SealedExamSource.LocalReading
    ) async throws {
        let policy = try runtime.policy()
        let candidate = self.candidate ?? runtime.process.userName
        if let problem = CandidateID.problem(with: candidate) {
            throw CommandFailure(
                .commandLine, "\(problem); without --candidate the login name is the id, so give one with --candidate")
        }
        // A published exam on a server comes from the network: the screen is drawn before
        // it answers. SQLite, a file on this machine, answers before a frame could be drawn.
        var terminal: CursesTerminal?
        if !practice && SealedExamSource.namesPublishedExam(examPath, byID: byID), try runtime.storeURL() != nil,
            let early = starting?.started()
        {
            CoverApp.drawAsking(
                exam: examPath, candidate: candidate, language: coverLanguage, accessibility: accessibility, on: early)
            terminal = early
        }
        let exam: Exam
        var holder: LeaseHolder?
        // A published form read the quick way is checked against its key after the first frame.
        var keyCheck: SealedExamSource.KeyCheck?
        let reading: SealedExamSource.Reading
        reading = try SealedExamSource.read(
            examPath, byID: byID, candidate: candidate, runtime: runtime, ahead: local)
        terminal = starting?.started()
        switch reading {
        case .exam(let read):
            exam = read
        case .unchecked(let read, let check):
            exam = read
            keyCheck = check
        case .sealed(let form, let store, let location):
            // The code is asked on plain lines, before the sitting's screen.
            terminal?.stop()
            terminal = nil
            exam = try SealedExamSource.unsealed(form, store: store, location: location, runtime: runtime)
        case .cover(let cover, let deliveryKey, let store, let location):
            guard !practice else {
                throw CommandFailure(.notDone, "\(PublicationError.notOpenYet(exam: examPath))")
            }
            // The seat waits at the exam's cover, holding the candidate's lease, until the opening.
            var wait = CoverWait(
                runtime: runtime, policy: policy, examID: examPath, candidate: candidate, cover: cover,
                deliveryKey: deliveryKey,
                store: store,
                location: location, language: coverLanguage)
            wait.accessibility = accessibility
            wait.terminal = terminal
            guard let opened = try wait.run() else { return }
            holder = opened.holder
            switch opened.questions {
            case .exam(let read):
                exam = read
                terminal = opened.terminal
            case .unchecked(let read, let check):
                exam = read
                keyCheck = check
                terminal = opened.terminal
            case .sealed(let sealed, _, _):
                // Opened, and sealed under the start code: asked on plain lines, the cover's screen down.
                opened.terminal.stop()
                terminal = nil
                do {
                    exam = try SealedExamSource.unsealed(sealed, store: store, location: location, runtime: runtime)
                } catch {
                    try? store.releaseLease(exam: examPath, candidate: candidate, holder: opened.holder)
                    throw error
                }
            case .cover:
                preconditionFailure("a sitting that opened gives its questions, not its cover")
            }
        }
        let text = Catalogue.of(
            InterfaceLanguage.choose(
                examLanguage: exam.language, requested: language,
                environment: runtime.environment))
        let practice = self.practice || exam.lock == .practice
        if practice && !policy.allowPractice {
            throw CommandFailure(.notDone, text("terminal.practice-refused", ["policy": policy.source]))
        }
        let refused = accessibility.enabled.subtracting(policy.studentSettings).sorted()
        if !refused.isEmpty {
            // The refused settings by name in the student's language; the allowed ones as the
            // flags' values, which the student would type.
            let allowed = policy.studentSettings.sorted().map(\.rawValue)
            throw CommandFailure(
                .notDone,
                text(
                    "terminal.settings-refused",
                    [
                        "policy": policy.source,
                        "refused": TakeRequest.list(refused.map { text("setting." + $0.rawValue) }, in: text),
                        "allowed": allowed.isEmpty
                            ? text("terminal.settings-none") : TakeRequest.list(allowed, in: text),
                    ]))
        }
        var runner = SittingRunner(
            runtime: runtime, policy: policy, exam: exam, examPath: examPath,
            candidate: candidate, practice: practice)
        runner.settings.accessibility = accessibility
        runner.accessibilityChosenBy = "student"
        runner.requestedLanguage = language
        runner.pictures = pictures
        runner.terminal = terminal
        runner.holder = holder
        // The proctor's word for a new attempt is asked before the screen is taken over.
        var openedStore: SittingStore?
        if newAttempt && !practice {
            // Checked before anything is recorded; the opening need not check again.
            try keyCheck.take()?.verify()
            let dataDirectory = try runtime.dataDirectory()
            let database = try runtime.sittingDatabase(in: dataDirectory, exam: exam.id, candidate: candidate)
            try TakeRequest.allowNewAttempt(
                exam: exam.id, candidate: candidate, database: database, policy: policy, runtime: runtime)
            runner.newAttemptAllowed = true
            openedStore = SittingStore(dataDirectory: dataDirectory, database: database)
        }
        try await runner.run(welcomeFirst: true) { [openedStore, keyCheck] runner in
            try keyCheck?.verify()
            let dataDirectory = try openedStore?.dataDirectory ?? runtime.dataDirectory()
            let database =
                try openedStore?.database
                ?? runtime.sittingDatabase(in: dataDirectory, exam: exam.id, candidate: candidate)
            if !practice,
                let entry = try TakeRequest.rosterEntry(in: database, exam: exam, candidate: candidate, text: text)
            {
                // The roster's accommodations are the launch settings, as if a proctor had
                // launched the sitting with them; the student's own choices add to its accessibility.
                var settings = RosterAccommodations.decode(entry.settings)
                let problems = settings.problems(for: exam)
                guard problems.isEmpty else {
                    throw CommandFailure(
                        .notDone,
                        """
                        the roster's accommodations for \(candidate) do not fit \(exam.id): \(problems.joined(separator: "; ")); \
                        a proctor corrects the roster with `assess roster \(examPath) --import FILE.csv`; nothing was locked
                        """)
                }
                for option in accessibility.enabled { settings.accessibility.set(option, on: true) }
                runner.settings = settings
                runner.accessibilityChosenBy = accessibility.enabled.isEmpty ? "roster" : "roster, student"
                runner.startEvents = settings.proctorEvents(for: exam)
                runner.waitsForOpening = true
            }
            return SittingStore(dataDirectory: dataDirectory, database: database)
        }
    }
}

extension TakeRequest {
    /// Gives the proctor's word for a new attempt of `candidate` at `exam` when they have
    /// one that ended (asking for the proctor password). A store whose role may not record
    /// it (a seat on a lab's server) is left to decide: the server starts the attempt only
    /// when a proctor allowed it from a proctor's role (`assess roster EXAM --allow-new-attempt`).
    static func allowNewAttempt(
        exam: String, candidate: String, database: any ExamStore, policy: Policy, runtime: Runtime
    ) throws {
        guard try ProctorActions.needsAllowance(exam: exam, candidate: candidate, database: database) else { return }
        let events = EventStore(database: database)
        try ProctorAuthorization(policy: policy, source: .terminal, events: events, clock: runtime.clock)
            .require(for: "allowing a new attempt")
        do {
            try ProctorActions.allowNewAttempt(
                exam: exam, candidate: candidate, by: runtime.process.userName, database: database, events: events,
                clock: runtime.clock)
        } catch StoreError.notPermitted {
            return
        }
    }

    /// `items` joined as `text`'s language lists them ("a, b" or "a、b").
    package static func list(_ items: [String], in text: Catalogue) -> String {
        items.dropFirst().reduce(items.first ?? "") { text("list.join", ["first": $0, "next": $1]) }
    }

    /// The candidate's roster entry when the exam has a roster; nil when it has none.
    /// Refuses (exit 68) a candidate the roster does not list, and (exit 1) any candidate
    /// when the store keeps no roster to ask, before anything is locked.
    package static func rosterEntry(in database: any ExamStore, exam: Exam, candidate: String, text: Catalogue) throws
        -> RosterEntry?
    {
        guard let rosters = database.roster else {
            throw CommandFailure(
                .notDone,
                "\(StoreError.unsupported("roster")) (\(database.location)), so it cannot tell whether \(candidate) may sit \(exam.id); nothing was locked"
            )
        }
        let standing: RosterStanding
        do {
            standing = try rosters.rosterStanding(exam: exam.id, candidate: candidate)
        } catch let error as StoreError {
            throw CommandFailure(.notDone, "\(error); nothing was locked")
        } catch {
            throw CommandFailure(
                .cannotWrite,
                "cannot read the roster of \(exam.id) in the store \(rosters.location): \(error); nothing was locked")
        }
        switch standing {
        case .noRoster:
            return nil
        case .notListed:
            // The student reads this at the kiosk: in the exam's language.
            throw CommandFailure(
                .notOnRoster,
                text(
                    "terminal.not-on-roster",
                    [
                        "candidate": candidate, "exam": exam.id, "title": exam.title,
                    ]))
        case .listed(let entry):
            return entry
        }
    }
}

extension TakeRequest {
    /// A request for `take`'s arguments (the words after `take`) when they are the exam's
    /// path or `--exam ID`, with any of `--candidate ID`, `--language CODE`, `--practice` and
    /// the accessibility flags, each at most once, and all of them valid; otherwise `nil`,
    /// and swift-argument-parser reads them (and explains any mistake).
    ///
    /// A student waits on `take`: for the parser to set up `take`'s arguments costs a
    /// fifth of the work before the welcome screen's first frame, most of it in looking up
    /// the runtime's protocol conformances. `TakeCommandLineTests` checks that every command
    /// line this reads, the parser reads the same.
    package init?(quickParsing arguments: [String]) {
        var examPath: String?
        var examID: String?
        var seen: Set<String> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else {
                guard examPath == nil, !argument.isEmpty else { return nil }
                examPath = argument
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            name = Self.aliases[name] ?? name
            let flag = Self.flags[name]
            guard flag != nil || Self.options.contains(name) else { return nil }
            // Each at most once: the parser decides what a repeat means.
            guard seen.insert(name).inserted else { return nil }
            if let flag {
                guard value == nil else { return nil }
                switch flag {
                case .practice: practice = true
                case .accessibility(let option): accessibility.set(option, on: true)
                }
                continue
            }
            if value == nil {
                guard let next = remaining.popFirst(), !next.hasPrefix("-") else { return nil }
                value = next
            }
            guard let value, !value.isEmpty else { return nil }
            switch name {
            case "--candidate":
                guard CandidateID.problem(with: value) == nil else { return nil }
                candidate = value
            case "--exam":
                examID = value
            default:
                guard let code = InterfaceLanguage(rawValue: value) else { return nil }
                language = code
            }
        }
        // One of the two: the parser refuses both, and neither.
        guard let exam = examID ?? examPath, examID == nil || examPath == nil else { return nil }
        self.examPath = exam
        byID = examID != nil
    }

    private enum Flag {
        case practice
        case accessibility(AccessibilityOption)
    }

    /// `take`'s flags by name.
    private static let flags: [String: Flag] = [
        "--practice": .practice,
        "--high-contrast": .accessibility(.highContrast),
        "--no-colour": .accessibility(.noColour),
        "--reduced-motion": .accessibility(.reducedMotion),
        "--screen-reader": .accessibility(.screenReader),
        "--larger-spacing": .accessibility(.largerSpacing),
        "--no-countdown": .accessibility(.noCountdown),
    ]

    /// `take`'s options, each followed by its value.
    private static let options: Set<String> = ["--candidate", "--language", "--exam"]

    /// Other spellings of a flag's name.
    private static let aliases = ["--no-color": "--no-colour"]
}
