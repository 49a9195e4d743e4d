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
}

/// Looks for the proctor's commands every `intervalMilliseconds` on a thread of its own and posts each
/// new one to the sitting's inbox once; renews the lease every `keepAliveEvery`. A failed
/// look (the server away) is tried again at the next.
final class CommandPoller: Sendable {
    /// How often it looks for commands: with the run loop's turn of at most a second, a
    /// command shows within a second and a half.
    static let intervalMilliseconds = 500
    /// How often it renews the lease.
    static let keepAliveEvery: Duration = .seconds(5)

    private let stopped = Mutex(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts polling `link` for `inbox`; with `watchOpening`, also for the sitting's
    /// opening, posted once.
    init(link: any SeatCommandLink, inbox: SittingInbox, watchOpening: Bool = false) {
        let poller = PollerThreadState(link: link, inbox: inbox, watchOpening: watchOpening, owner: self)
        let thread = Thread { poller.run() }
        thread.name = "assess command poller"
        thread.start()
    }

    fileprivate var isStopped: Bool { stopped.withLock { $0 } }

    /// Waits up to `intervalMilliseconds`, or less when stopped.
    fileprivate func pause() {
        _ = wake.wait(timeout: .now() + .milliseconds(Self.intervalMilliseconds))
    }

    fileprivate func didFinish() { finished.signal() }

    /// Stops polling and waits for the thread to end.
    func stop() {
        stopped.withLock { $0 = true }
        wake.signal()
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
        var posted = Set<Int64>()
        var lastKeepAlive = ContinuousClock.now
        var openingSeen = !watchOpening
        while !owner.isStopped {
            if !openingSeen, let age = try? link.secondsSinceOpening() {
                openingSeen = true
                inbox.post(.sittingOpened(secondsAgo: age))
            }
            if let commands = try? link.pendingCommands() {
                for command in commands where !posted.contains(command.id) {
                    posted.insert(command.id)
                    inbox.post(.proctorCommand(command))
                }
            }
            if ContinuousClock.now - lastKeepAlive >= CommandPoller.keepAliveEvery {
                try? link.keepAlive()
                lastKeepAlive = .now
            }
            owner.pause()
        }
        owner.didFinish()
    }
}
