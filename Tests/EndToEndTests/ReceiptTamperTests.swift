import AssessTestSupport
import Foundation
import GRDB
import Testing

/// A receipt covers the event log up to its newest record at submission: `assess verify`
/// finds every way of changing the log after a submission, removing its newest records too.
@Suite("Tampering with the log after a submission", .ownThread)
struct ReceiptTamperTests {
    /// Each way of changing the log, as SQL on the store (none: the untouched store, which verifies).
    static let cases: [(name: String, sql: String)] = [
        ("untouched", ""),
        (
            "edit a record",
            "UPDATE events SET details = replace(details, 'c-tamper', 'c-other') WHERE kind = 'exam.started'"
        ),
        ("delete a record in the middle", "DELETE FROM events WHERE sequence = (SELECT min(sequence) + 1 FROM events)"),
        (
            "delete the newest records",
            "DELETE FROM events WHERE sequence >= (SELECT sequence FROM events WHERE kind = 'exam.submitted')"
        ),
        (
            "delete the newest records up to the one the receipt names",
            "DELETE FROM events WHERE sequence >= (SELECT sequence FROM events WHERE kind = 'exam.submitted') - 1"
        ),
        (
            "reorder two records",
            """
            UPDATE events SET sequence = -1 WHERE sequence = 2;
            UPDATE events SET sequence = 2 WHERE sequence = 3;
            UPDATE events SET sequence = 3 WHERE sequence = -1
            """
        ),
        ("move a record to another attempt", "UPDATE events SET attempt = 'another' WHERE sequence = 2"),
    ]

    @Test func verifyFindsEveryChange() throws {
        // One submitted sitting; each case tampers with a copy of its store once `assess` has exited.
        let terminal = try TerminalUnderTest("take Exams/geography.yaml --candidate c-tamper")
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        try terminal.press("1", "Tab")
        try terminal.waitFor("Question 2 of 4")
        try terminal.submitAndLeaveThroughTheReceipt()
        #expect(try terminal.exitStatus() == 0)
        let attempt = try #require(try terminal.store().attempts(exam: "geography-quiz", candidate: "c-tamper").first)
        let receipt = try #require(attempt.receipt)

        for (name, sql) in Self.cases {
            let copy = try TemporaryDirectory("assess-e2e-tamper")
            for file in ["assess.sqlite", "assess.sqlite-wal", "assess.sqlite-shm"]
            where FileManager.default.fileExists(atPath: terminal.dataDirectory + "/" + file) {
                try FileManager.default.copyItem(atPath: terminal.dataDirectory + "/" + file, toPath: copy.file(file))
            }
            if !sql.isEmpty {
                let outsider = try DatabaseQueue(path: copy.file("assess.sqlite"))
                try outsider.write { db in try db.execute(sql: sql) }
                try outsider.close()
            }
            let result = try TerminalUnderTest.runner.run(
                "env",
                [
                    "LANG=C.UTF-8", "ASSESS_DATA_DIR=\(copy.path)", "ASSESS_POLICY=\(terminal.policy)",
                    terminal.assess, "verify", receipt,
                ], timeoutSeconds: 30)
            let output = result.standardOutput + result.standardError
            if sql.isEmpty {
                #expect(result.exitStatus == 0, "\(name): \(output)")
                #expect(output.contains("intact up to record"), "\(name): \(output)")
            } else {
                #expect(result.exitStatus == 1, "\(name): \(output)")
                #expect(output.contains(attempt.id), "\(name): \(output)")
            }
        }
    }
}
