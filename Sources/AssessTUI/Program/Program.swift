import AssessCore
import Foundation

/// What happens at the terminal, as the program loop hands it to a model.
public enum TerminalInput: Sendable, Equatable {
    /// A key (never ``Key/resize`` or ``Key/hangup``: those arrive as the cases below).
    case key(Key)
    /// The terminal has this size now (also the first input of every run).
    case resized(TerminalSize)
    /// The loop woke without a key: the model's next tick came.
    case tick
    /// A stop signal came (its name); delivered once.
    case stop(signal: String)
    /// The terminal went away: no key and no frame follows.
    case hangup
}

/// A screen that takes keys, as data: the loop turns terminal input into the model's
/// events, `update` answers with effects, and the program's ``EffectRunner`` carries them
/// out off the key thread, posting their results back as events.
public protocol ProgramModel {
    associatedtype Event: Sendable
    associatedtype Effect

    /// The event for `input`, or `nil` when the model ignores it.
    mutating func event(for input: TerminalInput) -> Event?
    /// Applies `event` at monotonic time `now`; returns what to carry out.
    mutating func update(_ event: Event, now: UInt64) -> [Effect]
    /// Draws the model as it is at `now` (mutating: a screen may remember its layout).
    mutating func render(now: UInt64, into grid: inout CellGrid)
    /// Milliseconds until the model wants a ``TerminalInput/tick`` without a key; `nil`
    /// sleeps until a key, a signal or a posted result.
    func untilNextTick(now: UInt64) -> Int?
    /// True when the model takes an Escape that came with a key as one Alt chord
    /// (``Key/alt(_:)``); otherwise the loop hands it Escape, then the key.
    static var takesAltChords: Bool { get }
    /// True while the screen up now asks a question that no key typed before it showed may
    /// answer (the student's consent to lock): the loop then throws away every key typed so
    /// far, draws it at once, and calls ``screenShown()``.
    var awaitsBeingSeen: Bool { get }
    /// The screen that ``awaitsBeingSeen`` was drawn, and no key typed before it is left.
    mutating func screenShown()
}

extension ProgramModel {
    public static var takesAltChords: Bool { false }
    public var awaitsBeingSeen: Bool { false }
    public mutating func screenShown() {}
}

/// Carries out a program's effects. ``perform(_:)`` runs on the key thread and never
/// blocks: work that waits on a store, the disk or a check runs on a thread of the
/// runner's, and its result comes back through the program's ``ProgramInbox``.
public protocol EffectRunner<Model, Outcome> {
    associatedtype Model: ProgramModel
    associatedtype Outcome

    /// Starts `effect`; returns an outcome when the effect ends the program.
    func perform(_ effect: Model.Effect) -> Outcome?
}

/// The one run loop of every screen that takes keys (the sitting, the monitor, the
/// marking desk): it reads keys, signals and hang-ups, gives them and the inbox's results
/// to the model, hands every effect to the runner, and draws a frame when it differs from
/// the last one drawn and no key is already waiting to replace it. A screen that must be
/// seen before a key answers it is drawn whatever waits, and the keys typed before it are
/// thrown away: a key meant for the screen before never answers it.
public final class Program<Model: ProgramModel, Runner: EffectRunner> where Runner.Model == Model {
    /// The model as the loop left it.
    public private(set) var model: Model
    private let terminal: any TerminalDevice
    private let clock: any Clock
    private let runner: Runner
    private let inbox: ProgramInbox<Model.Event>
    private var lastFrame: CellGrid?
    private var stopping = false
    /// True once the terminal has hung up: the loop then waits for posted results only.
    private var hungUp = false

    /// - Parameter inbox: Where the runner posts its results; the loop takes them first at each turn.
    public init(
        model: Model, terminal: any TerminalDevice, clock: any Clock, runner: Runner,
        inbox: ProgramInbox<Model.Event>
    ) {
        self.model = model
        self.terminal = terminal
        self.clock = clock
        self.runner = runner
        self.inbox = inbox
    }

    /// Runs on the calling thread until an effect ends the program; returns its outcome.
    /// The loop blocks while it waits for a key: call it on a thread of its own, never
    /// on Swift's shared pool.
    public func run() -> Runner.Outcome {
        LoopWaker.prepare()
        if let outcome = deliver(.resized(terminal.size)) { return outcome }
        while true {
            for event in inbox.takeAll() {
                if let outcome = send(event) { return outcome }
            }
            if !stopping, let signal = SignalTrap.pendingSignal {
                stopping = true
                if let outcome = deliver(.stop(signal: signal)) { return outcome }
                continue
            }
            let now = clock.monotonicNanoseconds
            if hungUp {
                inbox.wait(milliseconds: 1000)
                continue
            }
            if model.awaitsBeingSeen {
                // Discard before drawing: a key that comes once the frame is out answers it.
                terminal.discardTypedAhead()
                draw(now: now)
                model.screenShown()
            } else if !terminal.hasPendingInput {
                // Keys already waiting would replace this frame at once: handle them first.
                draw(now: now)
            }
            let key = terminal.readKey(
                timeoutMilliseconds: model.untilNextTick(now: now),
                wakeDescriptor: LoopWaker.descriptor)
            if case .alt(let chord)? = key, !Model.takesAltChords {
                if let outcome = deliver(.key(.escape)) { return outcome }
                if let outcome = deliver(input(for: chord)) { return outcome }
                continue
            }
            if let outcome = deliver(input(for: key)) { return outcome }
        }
    }

    private func input(for key: Key?) -> TerminalInput {
        switch key {
        case nil: return .tick
        case .resize?: return .resized(terminal.size)
        case .hangup?:
            hungUp = true
            return .hangup
        case let key?: return .key(key)
        }
    }

    private func deliver(_ input: TerminalInput) -> Runner.Outcome? {
        guard let event = model.event(for: input) else { return nil }
        return send(event)
    }

    /// Gives `event` to the model and every effect to the runner; the outcome of the
    /// first effect that ends the program.
    private func send(_ event: Model.Event) -> Runner.Outcome? {
        for effect in model.update(event, now: clock.monotonicNanoseconds) {
            if let outcome = runner.perform(effect) { return outcome }
        }
        return nil
    }

    private func draw(now: UInt64) {
        var grid = CellGrid(size: terminal.size)
        model.render(now: now, into: &grid)
        guard grid != lastFrame else { return }
        terminal.draw(grid)
        lastFrame = grid
    }
}
