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
/// notification from the server, a write to the SQLite file), then reads. It also renews
/// the lease every `keepAliveEvery`, and reads then too, so that a command whose
/// acknowledgement was lost (the server away) is posted again and acknowledged. Without a
/// watcher (the server away when the sitting began) it reads once a second until it has one.
final class CommandPoller: Sendable {
    /// How often it renews the lease.
    static let keepAliveEvery: Duration = .seconds(5)
    /// How long it waits before trying again when it has no watcher or a read failed.
    static let retryMilliseconds = 1000
    /// A command still pending this long after it was posted is posted again: its
    /// acknowledgement did not reach the store.
    static let repostAfter: Duration = .seconds(4)

    private struct State {
        var stopped = false
        var watcher: (any RoomWatcher)?
    }

    private let state = Mutex(State())
    private let retry = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts bringing `link`'s commands to `inbox`; with `watchOpening`, also the
    /// sitting's opening, posted once.
    init(link: any SeatCommandLink, inbox: SittingInbox, watchOpening: Bool = false) {
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
    let inbox: SittingInbox
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
            if ContinuousClock.now - lastKeepAlive >= CommandPoller.keepAliveEvery {
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
                    for command in commands where posted[command.id].map({ now - $0 >= CommandPoller.repostAfter }) ?? true {
                        posted[command.id] = now
                        inbox.post(.proctorCommand(command))
                    }
                } catch {
                    readFailed = true
                }
            }
            let untilKeepAlive = CommandPoller.keepAliveEvery - (ContinuousClock.now - lastKeepAlive)
            // Rounded up: a wait of 0 while the keep-alive is still a fraction of a millisecond away would spin.
            var wait = max(1, untilKeepAlive.millisecondsRoundedUp)
            if readFailed || watcher == nil { wait = min(wait, CommandPoller.retryMilliseconds) }
            if let watcher {
                mustRead = watcher.waitForChange(milliseconds: wait) || readFailed
            } else {
                owner.pause(milliseconds: wait)
                mustRead = true
            }
        }
        owner.didFinish()
    }
}
