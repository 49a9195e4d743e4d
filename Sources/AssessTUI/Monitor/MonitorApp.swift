import AssessCore
import Foundation
import Synchronization

/// Where the monitor's data comes from and its commands go: the store, in the executable.
public protocol MonitorSource: Sendable {
    /// Every seat of the room now.
    func seats() throws -> [SeatView]
    /// The event log of `seat`'s attempt, oldest first.
    func timeline(of seat: SeatView) throws -> [MonitorModel.TimelineEntry]
    /// Issues `command` to one seat.
    func send(_ command: SeatCommandDraft, to seat: MonitorModel.SeatKey) throws
    /// Waits up to `milliseconds` for the room to change; true when it may have.
    func waitForChange(milliseconds: Int) -> Bool
    /// The common starts of the exams watched (those with a roster or a start).
    func starts() throws -> [SittingStart]
    /// Makes a new start code for `exam`'s sitting, keeps it (as a hash) and returns it.
    func makeStartCode(exam: String) throws -> String
    /// Opens `exam`'s sitting: its waiting seats start.
    func open(exam: String) throws
}

/// Runs the monitor in a terminal: one loop of keys and readings into ``MonitorModel``. A
/// thread of its own waits for the room to change (LISTEN, or SQLite's data version) and
/// flags it; the loop reads the room only then (and once a second while a seat is not lost
/// only because its holder is known alive), and draws only a frame that differs.
public final class MonitorApp {
    private let terminal: any TerminalDevice
    private let source: any MonitorSource
    private let clock: any Clock
    private var model: MonitorModel
    private let flags = WatcherFlags()
    private var lastFrame: CellGrid?

    /// How often the loop wakes without a key: the ages on screen move once a second, and a
    /// change flagged by the watcher is read within this.
    static let wakeMilliseconds = 200

    public init(model: MonitorModel, terminal: any TerminalDevice, source: any MonitorSource, clock: any Clock) {
        self.model = model
        self.terminal = terminal
        self.source = source
        self.clock = clock
    }

    /// Runs until the proctor quits (or a stop signal).
    public func run() {
        let source = source
        let flags = flags
        let watcher = Thread {
            ThreadName.setForCallingThread("assess watcher")
            while !flags.stopped.withLock({ $0 }) {
                if source.waitForChange(milliseconds: 1000) { flags.changed.withLock { $0 = true } }
            }
        }
        watcher.start()
        defer { flags.stopped.withLock { $0 = true } }
        perform(model.update(.resized(rows: terminal.size.rows - MonitorScreen.chromeRows), now: clock.monotonicNanoseconds))
        while SignalTrap.pendingSignal == nil {
            if flags.changed.withLock({ value in defer { value = false }; return value })
                || model.livenessReadDue(now: clock.monotonicNanoseconds) {
                if perform(read()) { return }
            }
            draw()
            guard let key = terminal.readKey(timeoutMilliseconds: Self.wakeMilliseconds) else { continue }
            let event: MonitorEvent = key == .resize ? .resized(rows: terminal.size.rows - MonitorScreen.chromeRows) : .key(key)
            if key == .hangup { return }
            if perform(model.update(event, now: clock.monotonicNanoseconds)) { return }
        }
    }

    /// The seats, read now, as an update.
    private func read() -> [MonitorEffect] {
        let event: MonitorEvent
        do {
            let seats = try source.seats()
            _ = model.update(.starts(try source.starts()), now: clock.monotonicNanoseconds)
            event = .read(seats)
        } catch {
            event = .readFailed("the store cannot be read now (\(error)); still trying")
        }
        return model.update(event, now: clock.monotonicNanoseconds)
    }

    /// Carries out `effects`; true when the monitor should end.
    @discardableResult
    private func perform(_ effects: [MonitorEffect]) -> Bool {
        for effect in effects {
            switch effect {
            case .quit:
                return true
            case .reread:
                if perform(read()) { return true }
            case .loadTimeline(let seat):
                let entries = (try? source.timeline(of: seat)) ?? []
                perform(model.update(.timeline(entries), now: clock.monotonicNanoseconds))
            case .makeStartCode(let exam):
                let event: MonitorEvent
                do {
                    event = .startCodeMade(exam: exam, code: try source.makeStartCode(exam: exam))
                } catch {
                    event = .opened(exam: exam, failure: "no start code could be kept: \(error)")
                }
                if perform(model.update(event, now: clock.monotonicNanoseconds)) { return true }
            case .open(let exam):
                var failure: String?
                do { try source.open(exam: exam) } catch { failure = "\(error)" }
                if perform(model.update(.opened(exam: exam, failure: failure), now: clock.monotonicNanoseconds)) { return true }
            case .send(let command, let targets):
                var failure: String?
                var sent = 0
                for target in targets {
                    do {
                        try source.send(command, to: target)
                        sent += 1
                    } catch {
                        failure = "\(error)"
                    }
                }
                if perform(model.update(.sent(count: sent, action: command.action, failure: failure),
                                        now: clock.monotonicNanoseconds)) { return true }
            }
        }
        return false
    }

    private func draw() {
        var grid = CellGrid(size: terminal.size)
        MonitorScreen.render(model, now: clock.monotonicNanoseconds, into: &grid)
        guard grid != lastFrame else { return }
        terminal.draw(grid)
        lastFrame = grid
    }
}

/// What the loop and the watcher's thread share.
private final class WatcherFlags: Sendable {
    /// True when the room may have changed since the loop last read it.
    let changed = Mutex(true)
    /// True once the loop has ended: the watcher stops after its current wait.
    let stopped = Mutex(false)
}
