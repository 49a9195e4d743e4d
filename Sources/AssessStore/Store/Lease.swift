import Foundation

/// One candidate, one seat, anywhere: the claim a running sitting holds on
/// (exam, candidate) in the store, renewed while it runs.
public struct Lease: Sendable, Equatable {
    /// How long a lease lasts without renewal; after that it is lost and another seat
    /// (`assess resume`) may take it over.
    public static let lostAfter: TimeInterval = 30

    /// The sitting that holds it: a random token of its own, and where it runs.
    public var holder: LeaseHolder
    /// When this holder took it.
    public var since: Date

    /// A lease held by `holder` since `since`.
    public init(holder: LeaseHolder, since: Date) {
        self.holder = holder
        self.since = since
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
