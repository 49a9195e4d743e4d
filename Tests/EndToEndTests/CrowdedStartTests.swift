import AssessCore
import AssessPlatform
import AssessTestSupport
import Foundation
import Testing

/// A room starting at once, and who may read what `assess` leaves on disk.
@Suite("Crowded starts and file modes", .ownThread)
struct CrowdedStartTests {
    @Test func fiftyTakesAtOnceOnALockedTerminalAndANewStoreAreEachRefusedWith75() throws {
        let scratch = try TemporaryDirectory("assess-e2e-crowd")
        let policy = scratch.file("policy.yaml")
        try "# the built-in settings\n".write(toFile: policy, atomically: false, encoding: .utf8)
        // This test process holds the terminal's lock, as a sitting would.
        let lock = FileTerminalLock(directory: scratch.file("lock"), bootID: ProcessContext.bootID())
        let record = LockRecord(
            pid: getpid(), bootID: ProcessContext.bootID(), user: "proctor", tty: nil,
            examID: "geography-quiz", examKey: "k", candidate: "c-0", startedAt: Date(),
            expiresAt: Date().addingTimeInterval(600))
        #expect(try lock.acquire(record) == .acquired(endedByReboot: nil))
        defer { try? lock.release() }

        // Fifty processes started together, by one shell, on a store that does not exist yet.
        let assess = try BuiltProducts.path(of: "assess")
        let script = """
            for i in $(seq 1 50); do
              (env LANG=C.UTF-8 ASSESS_DATA_DIR='\(scratch.file("data"))' ASSESS_LOCK_DIR='\(scratch.file("lock"))' \
                   ASSESS_POLICY='\(policy)' '\(assess)' take '\(TerminalUnderTest.packageRoot)/Exams/geography.yaml' \
                   --candidate c-$i > '\(scratch.path)'/out-$i 2>&1; echo $? > '\(scratch.path)'/status-$i) &
            done
            wait
            """
        _ = try SubprocessCommandRunner().run("sh", ["-c", script], timeoutSeconds: 120)
        var statuses: [Int: Int] = [:]
        var failures: [String] = []
        for index in 1...50 {
            let status = try String(contentsOfFile: scratch.file("status-\(index)"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            statuses[Int(status) ?? -1, default: 0] += 1
            if status != "75" {
                failures.append(try String(contentsOfFile: scratch.file("out-\(index)"), encoding: .utf8))
            }
        }
        #expect(statuses == [75: 50], "statuses: \(statuses); what the others said: \(Set(failures))")
    }

    @Test func theStoreTheLogAndTheLockAreOnlyTheirOwnersEvenWithAnOpenUmask() throws {
        let terminal = try TerminalUnderTest(
            "take Exams/geography.yaml --candidate c-modes", program: "umask 000 && " + BuiltProducts.path(of: "assess")
        )
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("1")
        Thread.sleep(forTimeInterval: 1.2) // an answer saved, so the store's log files exist
        func mode(_ path: String) throws -> Int {
            ((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? Int) ?? -1
        }
        let data = terminal.dataDirectory
        let lock = terminal.lockDirectory
        #expect(try mode(lock) == 0o700)
        #expect(try mode(lock + "/terminal.lock") == 0o600)
        #expect(try mode(data) == 0o700)
        for file in ["assess.sqlite", "assess.sqlite-wal", "assess.sqlite-shm"] {
            #expect(try mode(data + "/" + file) == 0o600, "\(file)")
        }
        try terminal.press("F4")
    }
}
