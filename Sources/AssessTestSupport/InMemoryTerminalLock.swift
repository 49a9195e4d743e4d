import AssessCore
import Synchronization

/// A `TerminalLock` held in memory. Tests put another holder's record in place
/// (live, stale or from an earlier boot) and can make any operation fail.
public final class InMemoryTerminalLock: TerminalLock {
    private struct State {
        var found: LockInspection = .free
        var ours: LockRecord?
        var failAcquire = false
        var failRelease = false
        var releases = 0
    }
    private let state = Mutex(State())

    public init() {}

    public var location: String { "memory:terminal.lock" }

    /// Puts another process's lock in place, as `inspect` will report it.
    public func place(_ found: LockInspection) { state.withLock { $0.found = found } }
    /// Makes the next `acquire` throw.
    public func failNextAcquire() { state.withLock { $0.failAcquire = true } }
    /// Makes every `release` throw.
    public func setReleaseFails(_ fails: Bool) { state.withLock { $0.failRelease = fails } }
    /// The record this process holds, if any.
    public var heldRecord: LockRecord? { state.withLock { $0.ours } }
    /// How many times `release` released a held lock.
    public var releaseCount: Int { state.withLock { $0.releases } }

    public func inspect() throws -> LockInspection {
        state.withLock { $0.ours.map { .live($0) } ?? $0.found }
    }

    public func acquire(_ record: LockRecord) throws -> LockAcquisition {
        try state.withLock {
            if $0.failAcquire {
                $0.failAcquire = false
                throw FakeFailure("cannot open the lock file")
            }
            if let ours = $0.ours { return .refused(.live(ours)) }
            switch $0.found {
            case .free:
                $0.ours = record
                return .acquired(endedByReboot: nil)
            case .fromPreviousBoot(let old):
                $0.found = .free
                $0.ours = record
                return .acquired(endedByReboot: old)
            case .live, .stale:
                return .refused($0.found)
            }
        }
    }

    public func release() throws {
        try state.withLock {
            if $0.failRelease { throw FakeFailure("cannot remove the lock file") }
            if $0.ours != nil { $0.releases += 1 }
            $0.ours = nil
        }
    }

    public func clearStale() throws -> LockRecord {
        try state.withLock {
            switch $0.found {
            case .stale(let record), .fromPreviousBoot(let record):
                $0.found = .free
                return record
            case .live(let record):
                throw TerminalLockError.holderIsAlive(record)
            case .free:
                throw TerminalLockError.noStaleLock
            }
        }
    }
}
