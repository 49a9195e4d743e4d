import AssessCore
import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The lock between real processes: `lock-contender` (Tests/Support/LockContender) takes
/// it in processes of its own, which the tests start, race and kill.
@Suite(.serialized) struct LockRaceTests {
    let bootID = ProcessContext.bootID()

    @Test func fiftyProcessesRacingForTheLockLetExactlyOneWin() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lockDirectory = directory.file("lock")
        let go = directory.file("go")
        let holdMilliseconds = 5_000

        let contenders = try (0..<50).map { index in
            try LockContenderProcess(
                [lockDirectory, "acquire", "\(holdMilliseconds)", "--wait-for", go],
                outputPath: directory.file("contender-\(index).out"))
        }
        defer { for contender in contenders { contender.killHard() } }
        for contender in contenders {
            try contender.waitForLine(startingWith: "ready", timeout: 60)
        }

        let start = DispatchTime.now().uptimeNanoseconds
        #expect(FileManager.default.createFile(atPath: go, contents: nil))
        try waitUntil("every contender to answer", timeout: Double(holdMilliseconds) / 1000) {
            contenders.allSatisfy { $0.lines.count >= 2 }
        }
        let decided = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        for contender in contenders {
            try contender.waitForExit()
        }

        let answers = contenders.map { $0.lines[1] }
        let winners = contenders.filter { $0.lines[1] == "acquired" }
        #expect(winners.count == 1, "answers: \(answers)")
        let refusals = answers.filter { $0.hasPrefix("refused live") }
        #expect(refusals.count == 49, "answers: \(answers)")
        if let winner = winners.first {
            #expect(Set(refusals) == ["refused live \(winner.pid)"], "every loser names the winner")
            #expect(winner.lines.last == "released")
        }
        #expect(!FileManager.default.fileExists(atPath: lockDirectory + "/terminal.lock"))
        print("timing: 50 processes decided the race \(String(format: "%.1f", decided)) ms after the start signal")
    }

    @Test func aHolderKilledWithSIGKILLLeavesAStaleLockThatBlocksUntilCleared() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let holder = try LockContenderProcess(
            [directory.path, "acquire", "600000"],
            outputPath: directory.file("holder.out"))
        try holder.waitForLine(startingWith: "acquired")
        holder.killHard()

        let lock = FileTerminalLock(directory: directory.path, bootID: bootID)
        guard case .stale(let record) = try lock.inspect() else {
            Issue.record("a killed holder must leave a stale lock, found \(try lock.inspect())")
            return
        }
        #expect(record.pid == holder.pid)
        #expect(record.candidate == "contender-\(holder.pid)")
        let mine = LockRecord(
            pid: getpid(), bootID: bootID, user: "proctor", tty: nil, examID: "e", examKey: "k",
            candidate: "c", startedAt: Date(), expiresAt: Date().addingTimeInterval(60))
        #expect(try lock.acquire(mine) == .refused(.stale(record)))

        let other = try LockContenderProcess([directory.path, "acquire", "0"], outputPath: directory.file("other.out"))
        try other.waitForExit()
        #expect(other.lines == ["refused stale \(holder.pid)"], "another process is blocked too")

        #expect(try lock.clearStale() == record)
        #expect(try lock.inspect() == .free)
        #expect(try lock.acquire(mine) == .acquired(endedByReboot: nil))
        try lock.release()
    }

    @Test func clearStaleRefusesALiveHolderInAnotherProcess() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let holder = try LockContenderProcess(
            [directory.path, "acquire", "600000"],
            outputPath: directory.file("holder.out"))
        defer { holder.killHard() }
        try holder.waitForLine(startingWith: "acquired")

        let lock = FileTerminalLock(directory: directory.path, bootID: bootID)
        #expect {
            try lock.clearStale()
        } throws: { error in
            guard case TerminalLockError.holderIsAlive(let record) = error else { return false }
            return record.pid == holder.pid
        }
        #expect(holder.isRunning)
        guard case .live(let record) = try lock.inspect() else {
            Issue.record("the holder must still be live")
            return
        }
        #expect(record.pid == holder.pid)
    }

    @Test func aLockFromAnotherBootIsReportedAndDoesNotBlock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let holder = try LockContenderProcess(
            [directory.path, "acquire", "600000", "--boot-id", "boot-before-reboot"],
            outputPath: directory.file("holder.out"))
        try holder.waitForLine(startingWith: "acquired")
        holder.killHard()

        let lock = FileTerminalLock(directory: directory.path, bootID: bootID)
        guard case .fromPreviousBoot(let old) = try lock.inspect() else {
            Issue.record("expected a lock from the previous boot, found \(try lock.inspect())")
            return
        }
        #expect(old.pid == holder.pid)
        #expect(old.bootID == "boot-before-reboot")

        let contender = try LockContenderProcess([directory.path, "acquire", "0"], outputPath: directory.file("c.out"))
        try contender.waitForExit()
        #expect(contender.lines == ["acquired", "released"])
    }

    @Test func acquireAndReleaseTakeLittleTime() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lock = FileTerminalLock(directory: directory.path, bootID: bootID)
        let record = LockRecord(
            pid: getpid(), bootID: bootID, user: "u", tty: nil, examID: "e", examKey: "k",
            candidate: "c", startedAt: Date(), expiresAt: Date().addingTimeInterval(60))
        let rounds = 50
        var acquireNanoseconds: UInt64 = 0
        var releaseNanoseconds: UInt64 = 0
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            #expect(try lock.acquire(record) == .acquired(endedByReboot: nil))
            let acquired = DispatchTime.now().uptimeNanoseconds
            try lock.release()
            releaseNanoseconds += DispatchTime.now().uptimeNanoseconds - acquired
            acquireNanoseconds += acquired - start
        }
        let acquireMs = Double(acquireNanoseconds) / Double(rounds) / 1e6
        let releaseMs = Double(releaseNanoseconds) / Double(rounds) / 1e6
        print(String(format: "timing: acquire %.2f ms, release %.2f ms (mean of %d)", acquireMs, releaseMs, rounds))
        #expect(acquireMs < 100, "acquire includes an fsync; it should still be quick")
    }
}
