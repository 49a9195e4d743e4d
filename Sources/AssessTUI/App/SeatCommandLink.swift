import AssessCore
import Foundation
import Synchronization

/// The seat's line to the proctor's monitor: the commands waiting for this sitting, their
/// acknowledgement, and the lease renewed while nothing else renews it (the welcome screen,
/// the receipt). The executable backs it with the store; it is called off the key loop.
public protocol SeatCommandLink: Sendable {
    /// The commands for this sitting not yet acknowledged, oldest first.
    func pendingCommands() throws -> [SeatCommand]
    /// The command was carried out (and its record logged).
    func acknowledge(_ id: Int64) throws
    /// Says the sitting is alive (renews its lease).
    func keepAlive() throws
    /// Seconds since the proctor opened the sitting, by the store's clock; nil while it waits.
    func secondsSinceOpening() throws -> Double?
    /// True when `code` is the sitting's start code.
    func startCodeMatches(_ code: String) throws -> Bool
    /// A watcher of its own that wakes when a command for this sitting may have come, or
    /// the sitting may have opened, and costs nothing between.
    func newsWatcher() throws -> any RoomWatcher
}

/// Brings the proctor's commands to the sitting on a thread of its own, and posts each new
/// one to the sitting's inbox: it sleeps until its watcher says there may be news (a
/// notification from the server, the store's news file written), then reads. While the
/// sitting does not renew the lease itself (the welcome screen, the receipt) it renews it
/// every `keepAliveEvery`; while the sitting does (its progress saves take the lease), it
/// wakes for nothing but news. A command posted but not yet acknowledged (the
/// acknowledgement lost with the server away) is read again and posted again after
/// `repostAfter`. Without a watcher (the server away when the sitting began) or after a
/// failed read it tries again once a second.
final class CommandPoller: Sendable {
    /// How often it renews the lease while the sitting does not.
    let keepAliveEvery: Duration
    /// How long it waits before trying again when it has no watcher or a read failed.
    static let retryMilliseconds = 1000
    /// A command still pending this long after it was posted is posted again: its
    /// acknowledgement did not reach the store.
    static let repostAfter: Duration = .seconds(4)
    /// How long it sleeps when nothing is due but news: a wake-up an hour.
    static let longestWaitMilliseconds = 3_600_000

    private struct State {
        var stopped = false
        var watcher: (any RoomWatcher)?
        var sittingKeepsLease = false
    }

    private let state = Mutex(State())
    private let retry = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts bringing `link`'s commands to `inbox`; with `watchOpening`, also the
    /// sitting's opening, posted once.
    init(
        link: any SeatCommandLink, inbox: ProgramInbox<FlowEvent>, watchOpening: Bool = false,
        keepAliveEvery: Duration = .seconds(5)
    ) {
        self.keepAliveEvery = keepAliveEvery
        let poller = PollerThreadState(link: link, inbox: inbox, watchOpening: watchOpening, owner: self)
        let thread = Thread {
            ThreadName.setForCallingThread("assess commands")
            // Behind the key loop, like the engine: its reads never go before a keystroke.
            ThreadPriority.lowerCallingThread()
            poller.run()
        }
        thread.start()
    }

    fileprivate var isStopped: Bool { state.withLock { $0.stopped } }

    fileprivate var sittingKeepsLease: Bool { state.withLock { $0.sittingKeepsLease } }

    /// Tells it whether the sitting renews the lease itself (an attempt running, its
    /// progress saved every few seconds); when that changes it wakes to look again.
    func setSittingKeepsLease(_ keeps: Bool) {
        let watcher = state.withLock { state -> (any RoomWatcher)? in
            guard state.sittingKeepsLease != keeps else { return nil }
            state.sittingKeepsLease = keeps
            return state.watcher
        }
        guard let watcher else { return }
        watcher.interrupt()
    }

    /// Keeps `watcher` so that `stop` can interrupt it; false (and nothing kept) once stopped.
    fileprivate func keep(_ watcher: any RoomWatcher) -> Bool {
        state.withLock { state in
            guard !state.stopped else { return false }
            state.watcher = watcher
            return true
        }
    }

    /// Waits up to `milliseconds` without a watcher, or less when stopped.
    fileprivate func pause(milliseconds: Int) {
        _ = retry.wait(timeout: .now() + .milliseconds(milliseconds))
    }

    fileprivate func didFinish() { finished.signal() }

    /// Stops it and waits for the thread to end.
    func stop() {
        let watcher = state.withLock { state in
            state.stopped = true
            return state.watcher
        }
        watcher?.interrupt()
        retry.signal()
        finished.wait()
    }
}

/// What the poller's thread owns.
private struct PollerThreadState: @unchecked Sendable {
    let link: any SeatCommandLink
    let inbox: ProgramInbox<FlowEvent>
    let watchOpening: Bool
    unowned let owner: CommandPoller

    func run() {
        var posted: [Int64: ContinuousClock.Instant] = [:]
        var watcher: (any RoomWatcher)?
        var lastKeepAlive = ContinuousClock.now
        var openingSeen = !watchOpening
        var mustRead = true
        while !owner.isStopped {
            if watcher == nil, let made = try? link.newsWatcher() {
                guard owner.keep(made) else { break }
                watcher = made
                mustRead = true
            }
            let keepsAlive = !owner.sittingKeepsLease
            if keepsAlive && ContinuousClock.now - lastKeepAlive >= owner.keepAliveEvery {
                try? link.keepAlive()
                lastKeepAlive = .now
                mustRead = true
            }
            var readFailed = false
            if mustRead {
                watcher?.discardChanges()
                if !openingSeen {
                    do {
                        if let age = try link.secondsSinceOpening() {
                            openingSeen = true
                            inbox.post(.sittingOpened(secondsAgo: age))
                        }
                    } catch {
                        readFailed = true
                    }
                }
                do {
                    let commands = try link.pendingCommands()
                    let now = ContinuousClock.now
                    let pending = Set(commands.map(\.id))
                    posted = posted.filter { pending.contains($0.key) }
                    for command in commands
                    where posted[command.id].map({ now - $0 >= CommandPoller.repostAfter }) ?? true {
                        posted[command.id] = now
                        inbox.post(.proctorCommand(command))
                    }
                } catch {
                    readFailed = true
                }
            }
            let now = ContinuousClock.now
            var wait = CommandPoller.longestWaitMilliseconds
            // Rounded up: a wait of 0 while the moment is still a fraction of a millisecond away would spin.
            if keepsAlive {
                wait = min(wait, max(1, (owner.keepAliveEvery - (now - lastKeepAlive)).millisecondsRoundedUp))
            }
            if let oldest = posted.values.min() {
                wait = min(wait, max(1, (CommandPoller.repostAfter - (now - oldest)).millisecondsRoundedUp))
            }
            if readFailed || watcher == nil { wait = min(wait, CommandPoller.retryMilliseconds) }
            if let watcher {
                let news = watcher.waitForChange(milliseconds: wait)
                let repostDue =
                    posted.values.min().map { ContinuousClock.now - $0 >= CommandPoller.repostAfter } ?? false
                mustRead = news || readFailed || repostDue
            } else {
                owner.pause(milliseconds: wait)
                mustRead = true
            }
        }
        owner.didFinish()
    }
}
