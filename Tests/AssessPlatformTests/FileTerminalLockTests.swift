import AssessCore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessPlatform

#if canImport(Glibc)
    import Glibc
#endif

/// The lock file within one process: each test uses its own temporary lock directory.
@Suite struct FileTerminalLockTests {
    static let thisBoot = "boot-this"

    static func record(pid: Int32 = 4242, bootID: String = thisBoot, startedAt: Date = Date()) -> LockRecord {
        LockRecord(
            pid: pid, bootID: bootID, user: "student", tty: "/dev/pts/7", examID: "algebra-1",
            examKey: "key-123", candidate: "C-001", startedAt: startedAt,
            expiresAt: startedAt.addingTimeInterval(8 * 3600))
    }

    /// The record as it reads back from the file (dates keep whole seconds only).
    static func roundTripped(_ record: LockRecord) throws -> LockRecord {
        try LockRecord.decode(record.encoded())
    }

    @Test func acquiringAFreeLockWritesTheRecordAndReleaseRemovesTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lock = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let record = Self.record()

        #expect(try lock.inspect() == .free)
        #expect(try lock.acquire(record) == .acquired(endedByReboot: nil))
        let written = try LockRecord.decode(Data(contentsOf: URL(fileURLWithPath: lock.location)))
        #expect(written == (try Self.roundTripped(record)))

        try lock.release()
        #expect(!FileManager.default.fileExists(atPath: lock.location))
        #expect(try lock.inspect() == .free)
    }

    @Test func aSecondAcquirerIsRefusedWithTheHoldersRecord() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let holder = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let other = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let record = Self.record()
        _ = try holder.acquire(record)
        defer { try? holder.release() }

        let expected = LockInspection.live(try Self.roundTripped(record))
        #expect(try other.acquire(Self.record(pid: 99)) == .refused(expected))
        #expect(try other.inspect() == expected)
        #expect(try holder.acquire(record) == .refused(expected), "a second acquire by the holder changes nothing")
    }

    @Test func inspectingDoesNotDisturbTheHolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let holder = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let observer = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let record = try Self.roundTripped(Self.record())
        _ = try holder.acquire(record)

        for _ in 0..<100 {
            #expect(try observer.inspect() == .live(record))
        }
        #expect(try observer.acquire(Self.record(pid: 1)) == .refused(.live(record)))
        try holder.release()
        #expect(try observer.acquire(Self.record(pid: 1)) == .acquired(endedByReboot: nil))
        try observer.release()
    }

    @Test func releasingWhenNotHeldDoesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let holder = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let bystander = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        try bystander.release()
        _ = try holder.acquire(Self.record())
        try bystander.release()
        #expect(try bystander.inspect() == .live(try Self.roundTripped(Self.record())))
        try holder.release()
        try holder.release()
        #expect(try bystander.inspect() == .free)
    }

    @Test func acquireCreatesAMissingLockDirectoryForTheOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nested = directory.file("runtime/assess")
        let lock = FileTerminalLock(directory: nested, bootID: Self.thisBoot)
        #expect(try lock.inspect() == .free, "inspecting a missing directory creates nothing")
        #expect(!FileManager.default.fileExists(atPath: nested))

        _ = try lock.acquire(Self.record())
        defer { try? lock.release() }
        let attributes = try FileManager.default.attributesOfItem(atPath: nested)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func theLockDirectoryComesFromAssessLockDirThenXDGRuntimeDirThenRun() {
        #expect(
            FileTerminalLock.directory(environment: ["ASSESS_LOCK_DIR": "/srv/lock", "XDG_RUNTIME_DIR": "/run/user/7"])
                == "/srv/lock")
        #expect(FileTerminalLock.directory(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/assess")
        #expect(
            FileTerminalLock.directory(environment: ["ASSESS_LOCK_DIR": "", "XDG_RUNTIME_DIR": ""]) == "/run/assess")
        #expect(FileTerminalLock(environment: [:], bootID: "b").location == "/run/assess/terminal.lock")
    }

    @Test func anEmptyOrUnreadableLeftoverWithNoHolderCountsAsFree() throws {
        for leftover in ["", "{\"pid\": 12", "not json at all"] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let lock = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
            try leftover.write(toFile: lock.location, atomically: false, encoding: .utf8)

            #expect(try lock.inspect() == .free)
            #expect(throws: TerminalLockError.noStaleLock) { try lock.clearStale() }
            #expect(try lock.acquire(Self.record()) == .acquired(endedByReboot: nil))
            try lock.release()
        }
    }

    @Test func aRecordFromThisBootWithNoHolderIsStaleAndBlocksUntilCleared() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lock = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let crashed = try Self.roundTripped(Self.record(pid: 777))
        try crashed.encoded().write(to: URL(fileURLWithPath: lock.location))

        #expect(try lock.inspect() == .stale(crashed))
        #expect(try lock.acquire(Self.record()) == .refused(.stale(crashed)))
        #expect(try lock.inspect() == .stale(crashed), "a refused acquire leaves the stale lock in place")
        #expect(try lock.clearStale() == crashed)
        #expect(!FileManager.default.fileExists(atPath: lock.location))
        #expect(throws: TerminalLockError.noStaleLock) { try lock.clearStale() }
        #expect(try lock.acquire(Self.record()) == .acquired(endedByReboot: nil))
        try lock.release()
    }

    @Test func aRecordFromAnotherBootIsReportedAndReplacedByAcquire() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lock = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let beforeReboot = try Self.roundTripped(Self.record(pid: 555, bootID: "boot-before"))
        try beforeReboot.encoded().write(to: URL(fileURLWithPath: lock.location))

        #expect(try lock.inspect() == .fromPreviousBoot(beforeReboot))
        let mine = try Self.roundTripped(Self.record())
        #expect(try lock.acquire(mine) == .acquired(endedByReboot: beforeReboot))
        #expect(try FileTerminalLock(directory: directory.path, bootID: Self.thisBoot).inspect() == .live(mine))
        try lock.release()
    }

    @Test func clearStaleAlsoRemovesALockFromAnotherBoot() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lock = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let beforeReboot = try Self.roundTripped(Self.record(bootID: "boot-before"))
        try beforeReboot.encoded().write(to: URL(fileURLWithPath: lock.location))
        #expect(try lock.clearStale() == beforeReboot)
        #expect(try lock.inspect() == .free)
    }

    @Test func clearStaleRefusesALiveHolderInThisProcess() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let holder = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        let record = try Self.roundTripped(Self.record())
        _ = try holder.acquire(record)
        defer { try? holder.release() }
        #expect(throws: TerminalLockError.holderIsAlive(record)) {
            try FileTerminalLock(directory: directory.path, bootID: Self.thisBoot).clearStale()
        }
        #expect(FileManager.default.fileExists(atPath: holder.location))
    }

    @Test func aHolderThatHasNotWrittenItsRecordIsLiveWithAPlaceholder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lock = FileTerminalLock(directory: directory.path, bootID: Self.thisBoot)
        // Hold the file the way an acquirer does in the moment before it writes.
        let holder = try FileDescriptor.open(lock.location, flags: O_RDWR | O_CREAT)
        defer { holder.close() }
        #expect(try holder.tryLock(.exclusive))

        guard case .live(let placeholder) = try lock.inspect() else {
            Issue.record("an empty file under flock must be live")
            return
        }
        #expect(placeholder.pid == getpid(), "the holder's pid comes from /proc/locks")
        #expect(placeholder.examID == FileTerminalLock.unwrittenMarker)
        #expect(placeholder.candidate == FileTerminalLock.unwrittenMarker)
        #expect(placeholder.bootID == Self.thisBoot)
        #expect(placeholder.user == ProcessContext.current().userName)
        #expect(try lock.acquire(Self.record()) == .refused(.live(placeholder)))
    }

    @Test func aLockDirectoryThatCannotBeCreatedIsUnavailable() throws {
        let lock = FileTerminalLock(directory: "/dev/null/assess", bootID: Self.thisBoot)
        #expect {
            try lock.acquire(Self.record())
        } throws: { error in
            guard case TerminalLockError.unavailable(let path, let reason) = error else { return false }
            return path == "/dev/null/assess/terminal.lock" && reason.contains("Not a directory")
        }
    }

    @Test func flockTableLinesNameTheHolderOfTheMatchingFile() {
        let identity = FileIdentity(device: (0x1a << 8) | 0x05, inode: 987_654)
        let table = """
            1: POSIX  ADVISORY  WRITE 100 00:1a:987654 0 EOF
            2: FLOCK  ADVISORY  WRITE 200 00:1b:987654 0 EOF
            3: FLOCK  ADVISORY  READ  300 1a:05:987654 0 EOF
            3: -> FLOCK  ADVISORY  WRITE 400 1a:05:987654 0 EOF
            4: FLOCK  ADVISORY  WRITE 500 1a:05:987654 0 EOF
            """
        #expect(FlockTable.holder(of: identity, table: table) == 500)
        #expect(FlockTable.holder(of: FileIdentity(device: 1, inode: 1), table: table) == nil)
    }
}
