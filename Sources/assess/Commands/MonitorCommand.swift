import ArgumentParser
import AssessCore
import AssessExam
import AssessStore
import AssessTUI
import Foundation

/// `assess monitor [EXAM...]`: the proctor's view of the whole room, live, and commands to
/// seats from one screen.
struct MonitorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Watch every seat of the room live and send seats commands (pause, resume, add time, end, a break, a message).",
        discussion: """
            Asks for the proctor password once, then shows a row per seat of the store in force \
            (the lab's PostgreSQL server, or this machine's SQLite store): who, where, the state, \
            time left, answers, flags, the last event and the warnings. Enter opens a seat's \
            timeline; `a` sends the seat under the cursor (or the seats marked with Space) a \
            command, `A` every seat shown but those not arrived or finished; each asks for a reason that goes to the log. A candidate \
            on an exam's roster (`assess roster`) with no sitting yet shows as not arrived; `o` makes a \
            start code and opens a sitting whose welcome screens wait for it. With \
            --json it prints one JSON line per seat that changes instead, for a school's own scripts.
            """)

    @Argument(help: ArgumentHelp("Exam files or exam ids to watch (every exam when none): a file also gives the number of questions.",
                                 valueName: "exam"))
    var exams: [String] = []

    @Flag(help: "Print one JSON line per seat whenever it changes, instead of the screen; runs until interrupted.")
    var json = false

    @OptionGroup var password: PasswordInputOptions

    func validate() throws {
        // The screen reads the keyboard on standard input.
        if password.passwordStdin && !json {
            throw ValidationError("--password-stdin goes with --json: the monitor's screen reads the keyboard")
        }
    }

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        var ids: [String] = []
        var questionCounts: [String: Int] = [:]
        for name in exams {
            if FileManager.default.fileExists(atPath: name) {
                let exam = try ExamFiles.load(name)
                ids.append(exam.id)
                questionCounts[exam.id] = exam.questions.count
            } else {
                ids.append(name)
            }
        }
        let database = try runtime.database()
        guard let room = database.room else {
            throw CommandFailure(.notDone, "this store cannot show a room")
        }
        try ProctorAuthorization(policy: policy, source: password.source, events: EventStore(database: database),
                                 clock: runtime.clock).require(for: "watching the room")
        let watcher: any RoomWatcher
        do {
            watcher = try room.roomWatcher()
        } catch {
            throw CommandFailure(.cannotWrite, "cannot watch the store \(room.location) for changes: \(error)")
        }
        let source = StoreMonitorSource(store: room, exams: ids.isEmpty ? nil : ids, watcher: watcher,
                                        proctor: runtime.process.userName, clock: runtime.clock)
        SignalTrap.install()
        if json {
            try MonitorJSON(source: source, clock: runtime.clock, lostAfter: policy.leaseLostAfter).run()
            return
        }
        let terminal = CursesTerminal()
        do {
            try terminal.start()
        } catch {
            throw CommandFailure(.notDone, "cannot use this terminal: \(error); use --json without one")
        }
        let model = MonitorModel(exams: ids, lostAfter: policy.leaseLostAfter, questionCounts: questionCounts)
        MonitorApp(model: model, terminal: terminal, source: source, clock: runtime.clock).run()
        terminal.stop()
    }
}

/// The monitor's source in the store in force.
struct StoreMonitorSource: MonitorSource {
    let store: any RoomStore
    let exams: [String]?
    let watcher: any RoomWatcher
    /// Who issues commands (the proctor's account; PostgreSQL records the login role itself).
    let proctor: String
    /// The clock of the log records it writes.
    let clock: any Clock

    /// The room's seats, and a seat for each candidate on a roster who has none yet (not arrived).
    func seats() throws -> [SeatView] {
        var seats = try store.room(exams: exams, at: Date())
        guard let rosters = store.roster else { return seats }
        let present = Set(seats.map { $0.exam + "\u{0}" + $0.candidate })
        for (exam, entries) in try rosters.rosters(exams: exams) {
            for entry in entries where !present.contains(exam + "\u{0}" + entry.candidate) {
                seats.append(SeatView(exam: exam, candidate: entry.candidate))
            }
        }
        return seats.sorted { ($0.exam, $0.candidate) < ($1.exam, $1.candidate) }
    }

    func starts() throws -> [SittingStart] {
        try store.roster?.sittingStarts(exams: exams, at: Date()) ?? []
    }

    func makeStartCode(exam: String) throws -> String {
        guard let rosters = store.roster else { throw StoreError.unsupported("common start") }
        let code = StartCode.make()
        try rosters.setStartCode(exam: exam, code: code, by: proctor, at: Date())
        return code
    }

    func open(exam: String) throws {
        guard let rosters = store.roster else { throw StoreError.unsupported("common start") }
        try rosters.openSitting(exam: exam, by: proctor, at: Date())
    }

    func timeline(of seat: SeatView) throws -> [MonitorModel.TimelineEntry] {
        guard let attempt = seat.attempt else { return [] }
        return try store.events(after: 0, limit: nil, attempt: attempt).map { stored in
            MonitorModel.TimelineEntry(time: stored.event.wallTime, kind: stored.event.kind, details: stored.event.details)
        }
    }

    /// Issues the command, then logs it with who issued it and why, on the seat's attempt in
    /// progress (its timeline) when it has one: the log then holds the proctor's own record,
    /// written under the proctor's role, whatever the seat does with it.
    func send(_ command: SeatCommandDraft, to seat: MonitorModel.SeatKey) throws {
        let id = try store.issueCommand(exam: seat.exam, candidate: seat.candidate, action: command.action,
                                        minutes: command.minutes, message: command.message, reason: command.reason,
                                        issuedBy: proctor, at: Date())
        let attempt = try store.inProgressAttempt(exam: seat.exam, candidate: seat.candidate)?.id
        _ = try store.appendEvent(.proctor(.commandIssued(id: id, action: command.action.rawValue, candidate: seat.candidate,
                                                          by: proctor, reason: command.reason)),
                                  at: EventTime(clock), attempt: attempt)
    }

    func waitForChange(milliseconds: Int) -> Bool {
        watcher.waitForChange(milliseconds: milliseconds)
    }
}
