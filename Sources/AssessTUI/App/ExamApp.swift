import AssessCore
import AssessExam
import Foundation

/// Runs one sitting in a terminal on the shared ``Program`` loop: ``ExamFlow`` is the
/// model, and its effects that touch the disk or the engine go to the sitting's writer,
/// which runs them in order off the loop; a keystroke never waits for a save.
public final class ExamApp {
    private let terminal: any TerminalDevice
    private let clock: any Clock
    private let proctorPassword: ProctorPassword?
    private let consent: FlowConsentPrompt
    private let inbox = ProgramInbox<FlowEvent>()
    private let writer: SittingWriter
    private let flow: ExamFlow
    /// Where the typing goes between saves, when the sitting journals it.
    private let journal: SittingJournal?
    /// The proctor's monitor's line to this seat, when the store has one.
    private let commands: (any SeatCommandLink)?
    /// Where sample runs are counted and how they are run, when this sitting may run samples.
    private let sampleRuns: (counter: any SampleRunCounter, runner: any SampleRunner)?

    /// How often the loop looks for a result the screen waits on (the lock, a submission).
    static let resultPollMilliseconds = 10

    /// - Parameters:
    ///   - consent: The prompt the session was given: its requests become the flow's consent step.
    ///   - proctorPassword: What the hidden prompt checks; with none set, no password
    ///     opens the proctor's panel.
    ///   - settings: The proctor's settings a new attempt is kept with, unless the flow's
    ///     launch screen hands over others.
    ///   - startEvents: Logged right after the attempt starts, tagged with it (the
    ///     proctor's launch settings, a resume).
    ///   - commands: Where the proctor's commands from the monitor come from; none without one.
    ///   - typingJournal: The folder of the attempt's typing journal (``TypingJournal``),
    ///     where each key's edits are written off the loop; none keeps no journal.
    ///   - sampleRuns: Where the sample runs of code questions are counted and how they are
    ///     run (each on a thread of its own); without them the run key says runs are unavailable.
    public init(
        flow: ExamFlow, terminal: any TerminalDevice, session: AssessmentSession, consent: FlowConsentPrompt,
        recorder: any SittingRecorder, clock: any Clock, proctorPassword: ProctorPassword?,
        settings: LaunchSettings = LaunchSettings(), startEvents: [SessionEvent] = [],
        commands: (any SeatCommandLink)? = nil, typingJournal: String? = nil,
        sampleRuns: (counter: any SampleRunCounter, runner: any SampleRunner)? = nil
    ) {
        var flow = flow
        flow.recordsTyping = typingJournal != nil
        flow.runsSamples = sampleRuns != nil
        self.sampleRuns = sampleRuns
        journal = typingJournal.map(SittingJournal.init(directory:))
        self.flow = flow
        self.commands = commands
        self.terminal = terminal
        self.clock = clock
        self.proctorPassword = proctorPassword
        self.consent = consent
        writer = SittingWriter(
            SittingWriter.Context(
                session: session, recorder: recorder, clock: clock, exam: flow.sitting.exam, candidate: flow.candidate,
                practice: flow.practice, settings: settings, startEvents: startEvents, inbox: inbox, commands: commands,
                journal: journal, language: flow.language)
        )
        consent.connect(inbox)
    }

    /// Runs until the student finishes or leaves, or a signal or hang-up stops the
    /// sitting; returns once the writer has done everything it was asked.
    ///
    /// The loop blocks while it waits for a key, so it runs on a thread of its own: on
    /// Swift's shared pool (one thread per core) it would hold a thread the writer and
    /// the engine need, and on a one-core machine the sitting would stop.
    public func run() async -> SittingOutcome {
        let poller = commands.map { CommandPoller(link: $0, inbox: inbox, watchOpening: flow.waitsForOpening) }
        let checks = SerialWorker(name: "assess check")
        let runs = sampleRuns.map { SampleRunWorker(counter: $0.counter, runner: $0.runner, inbox: inbox) }
        let runner = SittingEffects(
            writer: writer, journal: journal, consent: consent, checks: checks, runs: runs, poller: poller,
            inbox: inbox, proctorPassword: proctorPassword, commands: commands)
        let program = Program(
            model: SittingModel(flow: flow), terminal: terminal, clock: clock, runner: runner, inbox: inbox)
        let handle = LoopThreadHandle(program: program)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<SittingOutcome, Never>) in
            let thread = Thread {
                ThreadName.setForCallingThread("assess key loop")
                continuation.resume(returning: handle.program.run())
            }
            thread.start()
        }
        poller?.stop()
        checks.finish()
        runs?.finish()
        await writer.drain()
        journal?.finish()
        return outcome
    }

    /// Draws the screen a new `flow` opens with in `terminal`, before any loop runs it:
    /// `take` shows its welcome screen so while the store opens. The loop's first frame
    /// then sends only what differs.
    public static func drawOpeningScreen(of flow: ExamFlow, on terminal: any TerminalDevice, now: UInt64) {
        var model = SittingModel(flow: flow)
        _ = model.update(.resized(terminal.size), now: now)
        var grid = CellGrid(size: terminal.size)
        model.render(now: now, into: &grid)
        terminal.draw(grid)
    }
}

/// The sitting as the program's model: the flow, with what the loop adds to it (pasted
/// text filtered out during a locked exam, the lease's keeper told when the flow starts or
/// stops renewing it, and the consent screen seen before a key answers it).
struct SittingModel: ProgramModel {
    enum Effect {
        case flow(FlowEffect)
        /// The flow now renews the seat's lease itself (or no longer does).
        case sittingKeepsLease(Bool)
        /// For the typing journal, before the flow's effects of the same turn.
        case typed([TypingNote])
    }

    private(set) var flow: ExamFlow
    private var pasteFilter = PasteFilter()
    private var toldKeepsLease = false
    /// True from the engine's request for consent until its screen is drawn: Enter says yes
    /// there, and an Enter meant for the welcome screen (which goes on by itself when the
    /// sitting opens) must never lock the terminal.
    private var consentUnseen = false

    init(flow: ExamFlow) {
        self.flow = flow
    }

    mutating func event(for input: TerminalInput) -> FlowEvent? {
        switch input {
        case .resized(let size): return .resized(size)
        case .tick: return .tick
        case .stop(let signal): return .stop(reason: signal)
        case .hangup: return .key(.hangup)
        case .key(let key):
            if flow.isInExam && !flow.practice {
                switch pasteFilter.filter(key) {
                case .pass(let passed): return .key(passed)
                case .swallowed: return nil
                case .rejected(let count): return .pasteRejected(characters: count)
                }
            }
            return key == .pasteBegin || key == .pasteEnd ? nil : .key(key)
        }
    }

    mutating func update(_ event: FlowEvent, now: UInt64) -> [Effect] {
        let askedBefore = flow.asksConsent
        var effects = flow.update(event, now: now).map(Effect.flow)
        if flow.asksConsent && !askedBefore { consentUnseen = true }
        let notes = flow.takeTypingNotes()
        // First: a save among the effects waits for its checkpoint in the journal.
        if !notes.isEmpty { effects.insert(.typed(notes), at: 0) }
        if flow.renewsLease != toldKeepsLease {
            toldKeepsLease = flow.renewsLease
            effects.insert(.sittingKeepsLease(toldKeepsLease), at: 0)
        }
        return effects
    }

    mutating func render(now: UInt64, into grid: inout CellGrid) {
        ExamScreens.render(flow, now: now, into: &grid)
    }

    /// A text field of the exam never types the letter of an Alt chord: the flow refuses it.
    static var takesAltChords: Bool { true }

    var awaitsBeingSeen: Bool { consentUnseen && flow.asksConsent }

    mutating func screenShown() {
        consentUnseen = false
    }

    /// The flow's next tick, or soon when the screen waits on a result.
    func untilNextTick(now: UInt64) -> Int? {
        if flow.isAwaitingResult { return ExamApp.resultPollMilliseconds }
        return flow.untilNextTick(now: now).millisecondsRoundedUp
    }
}

/// Carries out the sitting's effects: the disk and the engine through the writer, the
/// typing to its journal,
/// password and start-code checks on the checks worker, the consent answer to the engine.
struct SittingEffects: EffectRunner {
    typealias Model = SittingModel
    typealias Outcome = SittingOutcome

    let writer: SittingWriter
    let journal: SittingJournal?
    let consent: FlowConsentPrompt
    let checks: SerialWorker
    /// Sample runs, one at a time on a thread of their own; none when the sitting runs no samples.
    let runs: SampleRunWorker?
    let poller: CommandPoller?
    let inbox: ProgramInbox<FlowEvent>
    let proctorPassword: ProctorPassword?
    let commands: (any SeatCommandLink)?

    func perform(_ effect: SittingModel.Effect) -> SittingOutcome? {
        let inbox = inbox
        switch effect {
        case .sittingKeepsLease(let keeps):
            poller?.setSittingKeepsLease(keeps)
        case .typed(let notes):
            journal?.record(notes)
        case .flow(.exit(let outcome)):
            return outcome
        case .flow(.consent(let granted)):
            consent.answer(granted: granted)
        case .flow(.verifyPassword(let password)):
            // scrypt takes a tenth of a second or more: never on the loop.
            let expected = proctorPassword
            checks.enqueue { inbox.post(.passwordChecked(accepted: expected?.matches(password) ?? false)) }
        case .flow(.checkStartCode(let code)):
            // A round trip to the store: never on the loop.
            let link = commands
            checks.enqueue {
                do {
                    let accepted = try link?.startCodeMatches(code) ?? false
                    inbox.post(.startCodeChecked(accepted: accepted, problem: nil))
                } catch {
                    inbox.post(.startCodeChecked(accepted: false, problem: String(describing: error)))
                }
            }
        case .flow(.runSamples(let request)):
            // Seconds in a sandbox: never on the loop (the flow checked there is an attempt).
            runs?.enqueue(request)
        case .flow(let effect):
            writer.enqueue(effect)
        }
        return nil
    }
}

/// Hands the program to its loop thread. Only that thread touches it until the loop
/// returns, and `run` waits for it before it goes on.
private struct LoopThreadHandle: @unchecked Sendable {
    let program: Program<SittingModel, SittingEffects>
}
