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
    /// Writes an irregularity report of `category`, `note`, to the log of `seat`'s attempt,
    /// as a proctor's record.
    func reportIncident(_ category: IncidentCategory, note: String, at seat: SeatView) throws
}

/// Runs the monitor in a terminal on the shared ``Program`` loop. A thread of its own
/// waits for the room to change (LISTEN, or SQLite's data version) and posts it; every
/// read and command goes to the store on the monitor's worker thread, so a slow store
/// never holds back a key's echo. The room is also read once a second while a seat is
/// not lost only because its holder is known alive.
public final class MonitorApp {
    private let terminal: any TerminalDevice
    private let source: any MonitorSource
    private let clock: any Clock
    private let model: MonitorModel

    /// How often the loop wakes without a key: the ages on screen move once a second, and a
    /// liveness read falls due within this.
    static let wakeMilliseconds = 200

    public init(model: MonitorModel, terminal: any TerminalDevice, source: any MonitorSource, clock: any Clock) {
        self.model = model
        self.terminal = terminal
        self.source = source
        self.clock = clock
    }

    /// Runs until the proctor quits, the terminal hangs up or a stop signal comes; returns
    /// once every command given has reached the store.
    public func run() {
        let inbox = ProgramInbox<MonitorEvent>()
        let worker = SerialWorker(name: "assess store")
        let watching = Watching()
        let source = source
        let watcher = Thread {
            ThreadName.setForCallingThread("assess watcher")
            while watching.isOn {
                if source.waitForChange(milliseconds: 1000) { inbox.post(.roomChanged) }
            }
        }
        inbox.post(.roomChanged)
        watcher.start()
        let runner = MonitorEffects(source: source, worker: worker, inbox: inbox)
        Program(model: model, terminal: terminal, clock: clock, runner: runner, inbox: inbox).run()
        watching.stop()
        worker.finish()
    }
}

extension MonitorModel: ProgramModel {
    public mutating func event(for input: TerminalInput) -> MonitorEvent? {
        switch input {
        case .key(let key): return .key(key)
        case .resized(let size): return .resized(rows: size.rows - MonitorScreen.chromeRows)
        case .tick: return .tick
        case .stop, .hangup: return .ended
        }
    }

    public mutating func render(now: UInt64, into grid: inout CellGrid) {
        MonitorScreen.render(self, now: now, into: &grid)
    }

    public func untilNextTick(now: UInt64) -> Int? { MonitorApp.wakeMilliseconds }
}

/// Carries out the monitor's effects: every store call on the worker, its result posted back.
struct MonitorEffects: EffectRunner {
    typealias Model = MonitorModel
    typealias Outcome = Void

    let source: any MonitorSource
    let worker: SerialWorker
    let inbox: ProgramInbox<MonitorEvent>

    func perform(_ effect: MonitorEffect) -> Void? {
        let source = source
        let inbox = inbox
        switch effect {
        case .quit:
            return ()
        case .reread:
            // A read waiting behind a slow one is not queued twice: one read brings it all.
            worker.enqueue(key: "read") {
                do {
                    let seats = try source.seats()
                    inbox.post(.starts(try source.starts()))
                    inbox.post(.read(seats))
                } catch {
                    inbox.post(.readFailed("the store cannot be read now (\(error)); still trying"))
                }
            }
        case .loadTimeline(let seat):
            worker.enqueue { inbox.post(.timeline((try? source.timeline(of: seat)) ?? [])) }
        case .makeStartCode(let exam):
            worker.enqueue {
                do {
                    inbox.post(.startCodeMade(exam: exam, code: try source.makeStartCode(exam: exam)))
                } catch {
                    inbox.post(.opened(exam: exam, failure: "no start code could be kept: \(error)"))
                }
            }
        case .open(let exam):
            worker.enqueue {
                var failure: String?
                do { try source.open(exam: exam) } catch { failure = "\(error)" }
                inbox.post(.opened(exam: exam, failure: failure))
            }
        case .reportIncident(let category, let note, let seat):
            worker.enqueue {
                var failure: String?
                do { try source.reportIncident(category, note: note, at: seat) } catch { failure = "\(error)" }
                inbox.post(.incidentWritten(candidate: seat.candidate, failure: failure))
            }
        case .send(let command, let targets):
            worker.enqueue {
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
                inbox.post(.sent(count: sent, action: command.action, failure: failure))
            }
        }
        return nil
    }
}

/// Whether the watcher's thread goes on: it stops after its current wait once the monitor ends.
private final class Watching: Sendable {
    private let on = Mutex(true)
    var isOn: Bool { on.withLock { $0 } }
    func stop() { on.withLock { $0 = false } }
}
