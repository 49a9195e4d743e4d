import AssessCore
import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SystemFactsTests {
    @Test func theProcessContextDescribesThisProcessAndBoot() throws {
        let context = ProcessContext.current()
        #expect(context.pid == getpid())
        #expect(!context.userName.isEmpty)
        let bootID = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
        #expect(context.bootID == bootID.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(context.bootID.count == 36)
        if isatty(0) == 0 { #expect(context.tty == nil) }
    }

    @Test func theMonotonicClockNeverGoesBackAndTracksElapsedTime() {
        let clock = SystemClock()
        let first = clock.monotonicNanoseconds
        usleep(20_000)
        let second = clock.monotonicNanoseconds
        #expect(second - first >= 20_000_000)
        #expect(abs(clock.now.timeIntervalSinceNow) < 1)
    }
}

@Suite struct DataDirectoryTests {
    @Test func theDirectoryComesFromAssessDataDirThenXDGStateHomeThenHome() {
        #expect(
            DataDirectory(environment: ["ASSESS_DATA_DIR": "/srv/data", "XDG_STATE_HOME": "/s"]).path == "/srv/data")
        #expect(DataDirectory(environment: ["XDG_STATE_HOME": "/home/u/.state"]).path == "/home/u/.state/assess")
        #expect(DataDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/assess")
    }

    @Test func aWritableDirectoryIsCreatedAndHasNoProblem() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = DataDirectory(path: scratch.file("state/assess"))
        let probe = SystemSurroundings(dataDirectory: directory, terminalSize: { TerminalSize(columns: 100, rows: 30) })
        #expect(probe.dataDirectoryProblem() == nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "the probe file is removed")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        #expect(probe.terminalSize() == TerminalSize(columns: 100, rows: 30))
    }

    @Test func aDirectoryThatCannotBeMadeIsExplainedInASentence() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let blocker = scratch.file("a-file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let problem = try #require(DataDirectory(path: blocker + "/assess").writeProblem())
        #expect(problem.hasPrefix("the data directory \(blocker)/assess cannot be written (mkdir("))
        #expect(problem.contains("Not a directory"))
        #expect(problem.hasSuffix("set ASSESS_DATA_DIR to a writable directory"))
    }
}
