import AssessCore
import Foundation

/// One candidate, one seat, anywhere: the claim a running sitting holds on
/// (exam, candidate) in the store, renewed while it runs.
public struct Lease: Sendable, Equatable {
    /// How long a lease lasts without renewal unless the policy says otherwise
    /// (`lease-seconds`); after that it is lost and another seat (`assess resume`) may
    /// take it over.
    public static let lostAfter: TimeInterval = Policy().leaseLostAfter
    /// The shortest time a lease may be held lost after: a running seat renews it every
    /// few seconds, and a shorter time would let a busy seat lose its own.
    public static let shortestLostAfter: TimeInterval = Policy.shortestLeaseLostAfter

    /// The sitting that holds it: a random token of its own, and where it runs.
    public var holder: LeaseHolder
    /// When this holder took it.
    public var since: Date
    /// Set when this very call took the lease over from a sitting that had lost it.
    public var takenOver: LeaseTakeover?

    /// A lease held by `holder` since `since`.
    public init(holder: LeaseHolder, since: Date, takenOver: LeaseTakeover? = nil) {
        self.holder = holder
        self.since = since
        self.takenOver = takenOver
    }
}

/// A lease taken over: the sitting that had it and when it last renewed it.
public struct LeaseTakeover: Sendable, Equatable {
    /// Where the sitting that lost the lease ran (its token is not kept).
    public var host: String
    /// Its terminal, when it had one.
    public var tty: String?
    /// Its process id on `host`.
    public var pid: Int32
    /// When it last renewed the lease.
    public var renewedAt: Date

    /// A takeover from the sitting on `host` that last renewed at `renewedAt`.
    public init(host: String, tty: String?, pid: Int32, renewedAt: Date) {
        self.host = host
        self.tty = tty
        self.pid = pid
        self.renewedAt = renewedAt
    }
}

/// Who holds a lease: one sitting, named by a random token, on a host and terminal.
public struct LeaseHolder: Sendable, Equatable {
    /// Random, one per sitting process: only the holder can renew or release.
    public var token: String
    /// The machine's name.
    public var host: String
    /// The terminal, when there is one.
    public var tty: String?
    /// The sitting's process id on `host`: a lease whose process is gone from this host
    /// (a crash, `kill -9`) can be taken over at once, not after `Lease.lostAfter`.
    public var pid: Int32

    /// A holder; a fresh random token unless one is given.
    public init(token: String = UUID().uuidString, host: String, tty: String?, pid: Int32) {
        self.token = token
        self.host = host
        self.tty = tty
        self.pid = pid
    }
}
