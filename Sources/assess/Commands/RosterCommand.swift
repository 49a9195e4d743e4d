import ArgumentParser
import AssessApp
import AssessCore
import AssessExam
import AssessStore
import Foundation

/// `assess roster EXAM`: who is expected at a sitting, with each candidate's accommodations.
struct RosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract:
            "Keep a sitting's roster: the candidates expected, with their extra time, breaks, accessibility and denied restrictions.",
        discussion: """
            Asks for the proctor password, then changes the roster of the exam in the store in force \
            (on PostgreSQL, run it as an account with a proctor role: a seat's role may not write a roster). \
            Once an exam has a roster, `assess take` refuses a candidate not on it (exit 68) and gives one on \
            it the accommodations as the launch settings, its welcome screen waits until the proctor opens \
            the sitting from `assess monitor` (or the student types the start code the proctor announces), \
            and the monitor shows who has not arrived. With no option it lists the roster. \
            The CSV's columns (a header line first): candidate, name, extra-time, breaks, accessibility, deny \
            (see docs/proctors.md, "A roster and a common start").
            """)

    @Argument(
        help: ArgumentHelp(
            "The exam file (YAML), or its id; a file also checks --import's denied restrictions against the exam, and on a lab's server publishes the exam's time, which the server then gives each seat.",
            valueName: "exam"))
    var exam: String

    @Option(
        name: .customLong("add"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Candidate ids to add, without accommodations (an id already on the roster is left as it is).",
            valueName: "id"))
    var added: [String] = []

    @Option(
        name: .customLong("remove"), parsing: .upToNextOption,
        help: ArgumentHelp("Candidate ids to take off the roster.", valueName: "id"))
    var removed: [String] = []

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp(
            "A CSV file of candidates to add or replace: candidate,name,extra-time,breaks,accessibility,deny.",
            valueName: "file.csv"))
    var importFile: String?

    @Option(
        name: .customLong("allow-new-attempt"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Candidate ids allowed one more attempt although they have one that ended (logged); their next `assess take` uses it.",
            valueName: "id"))
    var allowedAgain: [String] = []

    @Flag(
        help: ArgumentHelp(
            "Make the welcome screens wait again for a new opening: forgets the sitting's opening and start code (for the next sitting of the same exam).",
            discussion: "The roster itself stays; change it with --add, --remove or --import."))
    var resetStart = false

    @Flag(help: "List the roster after the changes (the default when there are none).")
    var list = false

    @Flag(
        help: "List the roster as one JSON object per line (candidate, name, extraTime, breaks, accessibility, deny).")
    var json = false

    @OptionGroup var password: PasswordInputOptions

    func validate() throws {
        for id in added + removed + allowedAgain {
            if let problem = CandidateID.problem(with: id) { throw ValidationError(problem) }
        }
        if let clash = Set(added).intersection(removed).sorted().first {
            throw ValidationError("\(clash) is both added and removed; give it once")
        }
    }

    func run() throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        var examID = exam
        var restrictions: [String]?
        var duration: Int??
        if FileManager.default.fileExists(atPath: exam) {
            let loaded = try ExamFiles.load(exam)
            examID = loaded.id
            restrictions = loaded.restrictions.map(\.id)
            duration = .some(loaded.durationSeconds > 0 ? loaded.durationSeconds : nil)
        }
        let imported = try importFile.map { try Self.read($0, restrictions: restrictions) } ?? []
        let database = try runtime.database()
        guard let store = database.roster else {
            throw CommandFailure(.notDone, "this store cannot keep a roster")
        }
        try ProctorAuthorization(
            policy: policy, source: password.source, events: EventStore(database: database),
            clock: runtime.clock
        ).require(for: "changing or reading a roster")
        do {
            let listed = Set(try store.roster(exam: examID).map(\.candidate))
            let kept = added.filter(listed.contains)
            if !kept.isEmpty {
                printToStandardError(
                    "\(examID): already on the roster, left as they are: \(kept.joined(separator: ", "))")
            }
            var entries = added.filter { !listed.contains($0) }.map { RosterEntry(candidate: $0) }
            for candidate in imported {
                entries.append(
                    RosterEntry(
                        candidate: candidate.candidate, name: candidate.name,
                        settings: try RosterAccommodations.encode(candidate.settings)))
            }
            if let duration {
                // The exam file's time is the store's to give each seat (a server's terms).
                try store.publishTerms(exam: examID, secondsAllowed: duration)
            }
            if !entries.isEmpty {
                try store.addToRoster(exam: examID, entries: entries)
                printToStandardError("\(examID): \(entries.count) on the roster added or replaced")
            }
            if !removed.isEmpty {
                let gone = try store.removeFromRoster(exam: examID, candidates: removed)
                let missing = Set(removed).subtracting(gone).sorted()
                printToStandardError(
                    "\(examID): \(gone.count) taken off the roster"
                        + (missing.isEmpty ? "" : "; not on it: \(missing.joined(separator: ", "))"))
            }
            for candidate in allowedAgain {
                try ProctorActions.allowNewAttempt(
                    exam: examID, candidate: candidate, by: runtime.process.userName, database: database,
                    events: EventStore(database: database), clock: runtime.clock)
                printToStandardError("\(examID): \(candidate) may start one more attempt")
            }
            if resetStart {
                let had = try store.resetStart(exam: examID)
                printToStandardError(
                    "\(examID): "
                        + (had
                            ? "the opening and the start code are forgotten; the welcome screens wait for a new opening"
                            : "had no opening or start code; the welcome screens wait for one"))
            }
            if list || json || (entries.isEmpty && removed.isEmpty && allowedAgain.isEmpty && !resetStart) {
                try show(store.roster(exam: examID), exam: examID)
            }
        } catch let error as StoreError {
            throw CommandFailure(
                .notDone, "\(error); a roster is the proctor's: run this as an account with a proctor role")
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure(.cannotWrite, "cannot keep the roster in the store \(store.location): \(error)")
        }
    }

    /// The candidates of the CSV file at `path`, or a failure naming every problem in it.
    static func read(_ path: String, restrictions: [String]?) throws -> [RosterCandidate] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(
                .examMissing,
                "\(path): cannot be read (\(error.localizedDescription)); give the path of a roster CSV file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(.examInvalid, "\(path):1: the file is not UTF-8 text; save the roster as CSV in UTF-8")
        }
        do {
            return try RosterFile.parse(text, path: path, restrictions: restrictions)
        } catch {
            throw CommandFailure(
                .examInvalid,
                error.problems.map(\.description).joined(separator: "\n")
                    + "\nfix the roster file (its columns are described in docs/proctors.md, \"A roster and a common start\") and import it again"
            )
        }
    }

    private func show(_ roster: [RosterEntry], exam: String) throws {
        if json {
            for entry in roster {
                let settings = RosterAccommodations.decode(entry.settings)
                let object: [String: Any] = [
                    "exam": exam, "candidate": entry.candidate, "name": entry.name,
                    "extraTime": settings.extraTime.description, "breaks": settings.breaks.description,
                    "accessibility": settings.accessibility.enabled.sorted().map(\.rawValue),
                    "deny": settings.restrictionStates.filter { !$0.value }.keys.sorted(),
                ]
                let data = try JSONSerialization.data(
                    withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
                print(String(decoding: data, as: UTF8.self))
            }
            return
        }
        guard !roster.isEmpty else {
            print("\(exam) has no roster: anyone may sit it")
            return
        }
        let width = max(9, roster.map(\.candidate.count).max() ?? 0)
        let nameWidth = max(4, min(30, roster.map(\.name.count).max() ?? 0))
        print(
            "candidate".padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + "name".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  accommodations")
        for entry in roster {
            let summary = RosterAccommodations.summary(RosterAccommodations.decode(entry.settings))
            print(
                entry.candidate.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + entry.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + summary)
        }
        print("\(roster.count) on the roster of \(exam)")
    }
}
