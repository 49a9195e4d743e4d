import ArgumentParser
import AssessApp
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
        abstract:
            "Watch every seat of the room live and send seats commands (pause, resume, add time, end, a break, a message).",
        discussion: """
            Asks for the proctor password once, then shows a row per seat of the store in force \
            (the lab's PostgreSQL server, or this machine's SQLite store): who (the roster's name), \
            where, the state, time left, answers, the last event and the warnings. Enter opens a seat's \
            timeline; `a` sends the seat under the cursor (or the seats marked with Space) a \
            command, `A` every seat shown but those not arrived or finished; each asks for a reason that goes to the log. A \
            student's raised hand (F12 at the seat) shows first, as HAND; `h` acknowledges it and the student's \
            screen says the proctor is coming. `i` writes an irregularity report (a category and a short note) to the seat's \
            log with your name and the store's time; `assess results` lists them. A candidate \
            on an exam's roster (`assess roster`) with no sitting yet shows as not arrived; `o` makes a \
            start code and opens a sitting whose welcome screens wait for it. With \
            --json it prints one JSON line per seat that changes instead, for a school's own scripts.
            """)

    @Argument(
        help: ArgumentHelp(
            "Exam files or exam ids to watch (every exam when none): a file, or the exam the store published, gives the number of questions.",
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
        var sectionPlans: [String: SectionPlan] = [:]
        for name in exams {
            if FileManager.default.fileExists(atPath: name) {
                let exam = try ExamFiles.load(name)
                ids.append(exam.id)
                questionCounts[exam.id] = exam.questionsSat
                sectionPlans[exam.id] = SectionPlan(exam: exam)
            } else {
                ids.append(name)
            }
        }
        let database = try runtime.database()
        guard let room = database.room else {
            throw CommandFailure(.notDone, "this store cannot show a room")
        }
        // A published exam's number of questions is on its cover.
        if let published = database.published {
            let watched = ids.isEmpty ? ((try? published.publishedExams()) ?? []).map(\.exam) : ids
            for id in watched where questionCounts[id] == nil {
                if let cover = try? published.cover(exam: id) { questionCounts[id] = cover.questionCount }
            }
        }
        try ProctorAuthorization(
            policy: policy, source: password.source, events: EventStore(database: database),
            clock: runtime.clock
        ).require(for: "watching the room")
        // A published exam's timed sections are in its scoring key, which the proctor reads
        // on both stores (the delivery form may be sealed on SQLite).
        if let published = database.published {
            let watched = ids.isEmpty ? ((try? published.publishedExams()) ?? []).map(\.exam) : ids
            for id in watched where sectionPlans[id] == nil {
                if let key = try? published.scoringKey(exam: id, version: nil),
                    let exam = try? ScoringKeyText.exam(from: key.content, path: id)
                {
                    sectionPlans[id] = SectionPlan(exam: exam)
                }
            }
        }
        let watcher: any RoomWatcher
        do {
            watcher = try room.roomWatcher()
        } catch {
            throw CommandFailure(.cannotWrite, "cannot watch the store \(room.location) for changes: \(error)")
        }
        let source = StoreMonitorSource(
            store: room, exams: ids.isEmpty ? nil : ids, watcher: watcher,
            proctor: runtime.process.userName, clock: runtime.clock, sectionPlans: sectionPlans)
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
        // An exam given by its id counts its questions from the store's publication, when it has one.
        if let published = room.published {
            let others = ids.isEmpty ? (try? published.publishedExams().map(\.exam)) ?? [] : ids
            for exam in others where questionCounts[exam] == nil {
                questionCounts[exam] = (try? published.cover(exam: exam))??.questionCount
            }
        }
        let model = MonitorModel(exams: ids, lostAfter: policy.leaseLostAfter, questionCounts: questionCounts)
        // Keys typed before the first frame (a password typed twice: its second copy's `o`
        // asked to open the sitting) are not the proctor's answer to this screen.
        terminal.discardTypedAhead()
        MonitorApp(model: model, terminal: terminal, source: source, clock: runtime.clock).run()
        terminal.stop()
    }
}

extension SectionPlan {
    /// The timed sections of `exam`; nil when it has none.
    init?(exam: Exam) {
        guard exam.hasTimedSections else { return nil }
        self.init(breaksAfter: exam.sections.map { ($0.breakAfterSeconds ?? 0) > 0 })
    }
}
