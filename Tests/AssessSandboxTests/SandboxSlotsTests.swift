import AssessTestSupport
import Foundation
import Synchronization
import Testing

@testable import AssessSandbox

/// At most one sandbox per slot at once, across threads and processes: the others wait
/// asleep and start as slots free. A slot nobody can open leaves runs as they were.
@Suite(.ownThread) struct SandboxSlotsTests {
    @Test func aThirdTakerWaitsUntilOneOfTwoSlotsIsFree() throws {
        let folder = try TemporaryDirectory()
        let slots = SandboxSlots(directory: folder.path, count: 2)
        let first = try #require(slots.take())
        let second = try #require(slots.take())
        let third = Taker(slots)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(third.slot == nil, "a third run started while both slots were held")
        close(second)
        #expect(waitUntil(seconds: 10) { third.slot != nil }, "the third run never got the freed slot")
        close(first)
        third.slot.map { _ = close($0) }
    }

    @Test func aSlotAnotherProcessHoldsIsWaitedFor() throws {
        let folder = try TemporaryDirectory()
        let slots = SandboxSlots(directory: folder.path, count: 1)
        // Another seat's sitting, as a process of its own that holds the slot's lock.
        let file = slots.path(0)
        FileManager.default.createFile(atPath: file, contents: nil)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = [
            "-c", "import fcntl, sys, time; f = open(sys.argv[1]); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(30)", file,
        ]
        try holder.run()
        // SIGKILL: the child may have inherited a mask that blocks SIGTERM.
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        #expect(waitUntil(seconds: 10) { Self.isLocked(file) }, "the other process never took the slot")
        let taker = Taker(slots)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(taker.slot == nil, "a run started while another process held the only slot")
        kill(holder.processIdentifier, SIGKILL)
        #expect(waitUntil(seconds: 10) { taker.slot != nil }, "the slot was never taken once freed")
        taker.slot.map { _ = close($0) }
    }

    @Test func noSlotFileToOpenMeansNoWait() throws {
        let folder = try TemporaryDirectory()
        let slots = SandboxSlots(directory: folder.file("missing"), count: 2)
        #expect(slots.take() == nil)
    }

    @Test func aLinkInPlaceOfASlotFileIsNeverFollowed() throws {
        let folder = try TemporaryDirectory()
        let target = folder.file("elsewhere")
        FileManager.default.createFile(atPath: target, contents: Data("kept".utf8))
        let slots = SandboxSlots(directory: folder.path, count: 1)
        try FileManager.default.createSymbolicLink(atPath: slots.path(0), withDestinationPath: target)
        #expect(slots.take() == nil)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept")
    }

    @Test func aSandboxHoldsASlotWhileItRunsAndNotAfter() throws {
        let folder = try TemporaryDirectory()
        var located = try Sandbox.locate()
        located.slots = SandboxSlots(directory: folder.path, count: 1)
        let sandbox = located
        let program = try sandbox.prepare(.bash, source: "sleep 1\necho done\n")
        let limits = SandboxLimits(cpuSeconds: 1, memoryBytes: 64 << 20, outputBytes: 64 << 10)
        let run = Mutex<SandboxRun?>(nil)
        let runner = Thread {
            let ran = try? sandbox.run(program, standardInput: "", limits: limits)
            run.withLock { $0 = ran }
        }
        runner.start()
        #expect(waitUntil(seconds: 10) { Self.isLocked(sandbox.slots.path(0)) }, "the run took no slot")
        #expect(waitUntil(seconds: 20) { run.withLock { $0 } != nil }, "the run never ended")
        #expect(run.withLock { $0?.standardOutput } == "done\n")
        #expect(!Self.isLocked(sandbox.slots.path(0)), "the slot stayed taken after the run")
    }

    @Test func theSlotsAreInTheProtectedFolderWhenThisProcessMayMakeFilesThere() throws {
        let folder = try TemporaryDirectory()
        #expect(SandboxSlots.folder(protected: folder.path) == folder.path)
        // No package (no protected folder, or one this account cannot write): /tmp.
        #expect(SandboxSlots.folder(protected: folder.file("missing")) == "/tmp")
    }

    /// A run waiting for a slot of `slots` on a thread of its own; its slot once it has one.
    final class Taker: Sendable {
        private let taken = Mutex<Int32?>(nil)

        init(_ slots: SandboxSlots) {
            Thread { [self] in
                let slot = slots.take()
                taken.withLock { $0 = slot }
            }.start()
        }

        var slot: Int32? { taken.withLock { $0 } }
    }

    /// True when some process holds `file`'s lock.
    static func isLocked(_ file: String) -> Bool {
        let probe = open(file, O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        if flock(probe, LOCK_EX | LOCK_NB) == 0 { return false }
        return true
    }

    /// Polls `condition` every 20 ms for up to `seconds`; whether it became true.
    func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }
}
