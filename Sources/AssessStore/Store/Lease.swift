import AssessCore
import Foundation

/// One candidate, one seat, anywhere: the claim a running sitting holds on
/// (exam, candidate) in the store, renewed while it runs.
///
/// A lease is lost when it was not renewed for `lostAfter` and its holder is not known to
/// be alive. Known alive: on PostgreSQL, the server backend of the connection that last
/// took or renewed it is still connected (the server records it; see `PostgresSchema.v9`);
/// on SQLite, its process still runs on this machine with the start time it recorded. A
/// sitting whose clock shows whole minutes renews only about once a minute and stays
/// alive by that alone; one killed with SIGKILL is lost `lostAfter` after its last renewal,
/// or at once to a sitting on the same machine that sees its process gone.
public struct Lease: Sendable, Equatable {
    /// How long a lease lasts without renewal unless the policy says otherwise
    /// (`lease-lost-after`); after that it is lost, unless its holder is known alive, and
    /// another seat (`assess resume`) may take it over.
    public static let lostAfter: TimeInterval = Policy().leaseLostAfter
    /// The shortest time a lease may be held lost after: a running seat renews it every
    /// few seconds (or is known alive between its renewals), and a shorter time would let a
    /// busy seat lose its own.
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
    /// True when it was taken at once because its process is gone from this machine, not
    /// because it went unrenewed for the lease's time.
    public var processGone: Bool

    /// A takeover from the sitting on `host` that last renewed at `renewedAt`.
    public init(host: String, tty: String?, pid: Int32, renewedAt: Date, processGone: Bool = false) {
        self.host = host
        self.tty = tty
        self.pid = pid
        self.renewedAt = renewedAt
        self.processGone = processGone
    }
}

/// Who holds a lease: one sitting, named by a random token, on a host and terminal.
public struct LeaseHolder: Sendable, Equatable {
    /// Random, one per sitting process: only the holder can renew or release. Empty in a
    /// lease another sitting holds, read from PostgreSQL: the server tells a seat only its
    /// own token, so that no one else can renew (and so keep alive) a lease.
    public var token: String
    /// The machine's name.
    public var host: String
    /// The terminal, when there is one.
    public var tty: String?
    /// The sitting's process id on `host`: a lease whose process is gone from this host
    /// (a crash, `kill -9`) can be taken over at once, not after `Lease.lostAfter`.
    public var pid: Int32
    /// When that process started, in clock ticks since the machine booted (the 22nd field
    /// of `/proc/PID/stat`; see `LocalProcess`), so that another process given the same pid
    /// later is never taken for the holder; nil when unknown.
    public var processStart: UInt64?

    /// A holder; a fresh random token unless one is given.
    public init(token: String = UUID().uuidString, host: String, tty: String?, pid: Int32, processStart: UInt64? = nil)
    {
        self.token = token
        self.host = host
        self.tty = tty
        self.pid = pid
        self.processStart = processStart
    }
}
