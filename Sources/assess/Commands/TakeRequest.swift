import ArgumentParser
import AssessCore
import AssessExam
import AssessStore
import Foundation

/// What `assess take` is asked for, and the sitting it runs: the parsed command hands it
/// over, and so does ``init(quickParsing:)``, which reads the usual command lines without
/// swift-argument-parser.
struct TakeRequest: Equatable {
    var examPath: String
    var candidate: String?
    var practice = false
    var accessibility = AccessibilitySettings()
    var language: InterfaceLanguage?
    /// The exam is the one published in the store under `examPath` (`--exam ID`).
    var byID = false

    /// Sits the exam in this terminal: the policy's and the roster's checks, then the sitting.
    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let candidate = self.candidate ?? runtime.process.userName
        let exam = try SealedExamSource.exam(examPath, byID: byID, candidate: candidate, runtime: runtime,
                                             waitForOpening: !practice)
        let text = Catalogue.of(InterfaceLanguage.choose(examLanguage: exam.language, requested: language,
                                                          environment: runtime.environment))
        let practice = self.practice || exam.lock == .practice
        if practice && !policy.allowPractice {
            throw CommandFailure(.notDone, text("terminal.practice-refused", ["policy": policy.source]))
        }
        if let problem = CandidateID.problem(with: candidate) {
            throw CommandFailure(.commandLine, "\(problem); without --candidate the login name is the id, so give one with --candidate")
        }
            let refused = accessibility.enabled.subtracting(policy.studentSettings).sorted()
        if !refused.isEmpty {
            // The refused settings by name in the student's language; the allowed ones as the
            // flags' values, which the student would type.
            let allowed = policy.studentSettings.sorted().map(\.rawValue)
            throw CommandFailure(.notDone, text("terminal.settings-refused", [
                "policy": policy.source,
                "refused": TakeCommand.list(refused.map { text("setting." + $0.rawValue) }, in: text),
                "allowed": allowed.isEmpty ? text("terminal.settings-none") : TakeCommand.list(allowed, in: text),
            ]))
        }
        var runner = SittingRunner(runtime: runtime, policy: policy, exam: exam, examPath: examPath,
                                   candidate: candidate, practice: practice)
        runner.settings.accessibility = accessibility
        runner.accessibilityChosenBy = "student"
        runner.requestedLanguage = language
        try await runner.run(welcomeFirst: true) { runner in
            let dataDirectory = try runtime.dataDirectory()
            let database = try runtime.sittingDatabase(in: dataDirectory, exam: exam.id, candidate: candidate)
            if !practice, let entry = try TakeCommand.rosterEntry(in: database, exam: exam, candidate: candidate, text: text) {
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
    /// A request for `take`'s arguments (the words after `take`) when they are the exam's
    /// path with any of `--candidate ID`, `--language CODE`, `--practice` and the
    /// accessibility flags, each at most once, and all of them valid; otherwise `nil`, and
    /// swift-argument-parser reads them (and explains any mistake).
    ///
    /// A student waits on `take`: for the parser to set up `take`'s arguments costs a
    /// fifth of the work before the welcome screen's first frame, most of it in looking up
    /// the runtime's protocol conformances. `TakeCommandLineTests` checks that every command
    /// line this reads, the parser reads the same.
    init?(quickParsing arguments: [String]) {
        var examPath: String?
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
            default:
                guard let code = InterfaceLanguage(argument: value) else { return nil }
                language = code
            }
        }
        guard let examPath else { return nil }
        self.examPath = examPath
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
    ]

    /// `take`'s options, each followed by its value.
    private static let options: Set<String> = ["--candidate", "--language"]

    /// Other spellings of a flag's name.
    private static let aliases = ["--no-color": "--no-colour"]
}
