import AssessCore
import AssessExam
import Foundation

/// Runs one sitting in a terminal, as one loop: it turns keys, time, signals and the
/// results of effects into ``FlowEvent``s for ``ExamFlow/update(_:now:)``, draws the
/// flow, and hands the effects on. Effects that touch the disk or the engine go to the
/// sitting's writer, which runs them in order off the loop; a keystroke never waits
/// for a save.
public final class ExamApp {
    private let terminal: any TerminalDevice
    private let clock: any Clock
    private let proctorPassword: ProctorPassword?
    private let consent: FlowConsentPrompt
    private let inbox = SittingInbox()
    private let writer: SittingWriter
    private var flow: ExamFlow
    private var pasteFilter = PasteFilter()
    /// True once the terminal has hung up: the loop then waits for the writer only.
    private var hungUp = false
    private var stopping = false
    /// The proctor's monitor's line to this seat, when the store has one.
    private let commands: (any SeatCommandLink)?
    /// Brings the commands while ``run()`` runs.
    private var poller: CommandPoller?
    /// What the poller was last told about the lease (see ``ExamFlow/renewsLease``).
    private var pollerToldRenewsLease = false

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
    public init(flow: ExamFlow, terminal: any TerminalDevice, session: AssessmentSession, consent: FlowConsentPrompt,
                recorder: any SittingRecorder, clock: any Clock, proctorPassword: ProctorPassword?,
                settings: LaunchSettings = LaunchSettings(), startEvents: [SessionEvent] = [],
                commands: (any SeatCommandLink)? = nil) {
        self.flow = flow
        self.commands = commands
        self.terminal = terminal
        self.clock = clock
        self.proctorPassword = proctorPassword
        self.consent = consent
        writer = SittingWriter(SittingWriter.Context(
            session: session, recorder: recorder, clock: clock, exam: flow.sitting.exam, candidate: flow.candidate,
            practice: flow.practice, settings: settings, startEvents: startEvents, inbox: inbox, commands: commands))
        consent.connect(inbox)
    }

    /// Runs until the student finishes or leaves, or a signal or hang-up stops the
    /// sitting; returns once the writer has done everything it was asked.
    ///
    /// The loop blocks while it waits for a key, so it runs on a thread of its own: on
    /// Swift's shared pool (one thread per core) it would hold a thread the writer and
    /// the engine need, and on a one-core machine the sitting would stop.
    public func run() async -> SittingOutcome {
        let app = LoopThreadHandle(app: self)
        poller = commands.map { CommandPoller(link: $0, inbox: inbox, watchOpening: flow.waitsForOpening) }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<SittingOutcome, Never>) in
            let thread = Thread {
                ThreadName.setForCallingThread("assess key loop")
                continuation.resume(returning: app.app.loop())
            }
            thread.start()
        }
        poller?.stop()
        await writer.drain()
        return outcome
    }

    private func loop() -> SittingOutcome {
        if let outcome = send(.resized(terminal.size)) { return outcome }
        while true {
            for event in inbox.takeAll() {
                if let outcome = send(event) { return outcome }
            }
            if !stopping, let signal = SignalTrap.pendingSignal {
                stopping = true
                if let outcome = send(.stop(reason: signal)) { return outcome }
                continue
            }
            let now = clock.monotonicNanoseconds
            if hungUp {
                inbox.wait(milliseconds: 1000)
                continue
            }
            // Keys already waiting would replace this frame at once: handle them first.
            if !terminal.hasPendingInput { draw(now: now) }
            let key = terminal.readKey(timeoutMilliseconds: timeout(now: now), wakeDescriptor: LoopWaker.descriptor)
            if let outcome = send(key.flatMap(event(for:)) ?? .tick) { return outcome }
        }
    }

    /// The flow's event for a key: a new size, a rejected paste, or the key itself.
    private func event(for key: Key) -> FlowEvent? {
        switch key {
        case .resize:
            return .resized(terminal.size)
        case .hangup:
            hungUp = true
            return .key(key)
        default:
            break
        }
        if flow.isInExam && !flow.practice {
            switch pasteFilter.filter(key) {
            case .pass(let passed): return .key(passed)
            case .swallowed: return nil
            case .rejected(let count): return .pasteRejected(characters: count)
            }
        }
        return key == .pasteBegin || key == .pasteEnd ? nil : .key(key)
    }

    /// Gives `event` to the flow and carries out its effects; returns the outcome once
    /// the flow asks to leave.
    private func send(_ event: FlowEvent) -> SittingOutcome? {
        let effects = flow.update(event, now: clock.monotonicNanoseconds)
        if flow.renewsLease != pollerToldRenewsLease {
            pollerToldRenewsLease = flow.renewsLease
            poller?.setSittingKeepsLease(pollerToldRenewsLease)
        }
        for effect in effects {
            switch effect {
            case .exit(let outcome):
                return outcome
            case .consent(let granted):
                consent.answer(granted: granted)
            case .verifyPassword(let password):
                // scrypt takes a tenth of a second or more: never on the loop.
                let expected = proctorPassword
                let inbox = inbox
                Self.offTheLoop {
                    inbox.post(.passwordChecked(accepted: expected?.matches(password) ?? false))
                }
            case .checkStartCode(let code):
                // A round trip to the store: never on the loop.
                let link = commands
                let inbox = inbox
                Self.offTheLoop {
                    do {
                        let accepted = try link?.startCodeMatches(code) ?? false
                        inbox.post(.startCodeChecked(accepted: accepted, problem: nil))
                    } catch {
                        inbox.post(.startCodeChecked(accepted: false, problem: String(describing: error)))
                    }
                }
            default:
                writer.enqueue(effect)
            }
        }
        return nil
    }

    /// Runs `work` on a thread of its own that ends with it. Not a task on Swift's shared
    /// pool: the process starts no pool thread, so libdispatch never wakes it once a second
    /// to watch one.
    private static func offTheLoop(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            ThreadName.setForCallingThread("assess check")
            work()
        }
        thread.start()
    }

    private func draw(now: UInt64) {
        Self.draw(flow, on: terminal, now: now)
    }

    /// Draws `flow` on `terminal` as it is at `now`.
    private static func draw(_ flow: ExamFlow, on terminal: any TerminalDevice, now: UInt64) {
        var grid = CellGrid(size: terminal.size)
        ExamScreens.render(flow, now: now, into: &grid)
        terminal.draw(grid)
    }

    /// Draws the screen a new `flow` opens with in `terminal`, before any loop runs it:
    /// `take` shows its welcome screen so while the store opens. The loop's first frame
    /// then sends only what differs.
    public static func drawOpeningScreen(of flow: ExamFlow, on terminal: any TerminalDevice, now: UInt64) {
        var flow = flow
        _ = flow.update(.resized(terminal.size), now: now)
        draw(flow, on: terminal, now: now)
    }

    /// Wakes for the flow's next tick, or soon when the screen waits on a result.
    private func timeout(now: UInt64) -> Int {
        if flow.isAwaitingResult { return Self.resultPollMilliseconds }
        return flow.untilNextTick(now: now).millisecondsRoundedUp
    }
}

/// Hands the app to its loop thread. Only that thread touches the app until the loop
/// returns, and `run` waits for it before it goes on.
private struct LoopThreadHandle: @unchecked Sendable {
    let app: ExamApp
}
