import AssessTestSupport
import Foundation
import GRDB
import Testing

@testable import AssessStore

/// On one machine's SQLite store: the scoring keys in a file of their own (0600, the
/// publishing account's), and a delivery form sealed under its start code.
@Suite struct OneMachineSealUnitTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let deliveryKey = String(repeating: "b", count: 64)

    @Test func aSealedFormOpensOnlyWithItsCodeForItsExam() throws {
        let form = #"{"prompt":"Which river is the longest?"}"#
        let sealed = try SealedDeliveryForm.seal(form, code: "K7P-2QX", exam: "geo", deliveryKey: deliveryKey)
        #expect(SealedDeliveryForm.isSealed(sealed) && !sealed.contains("river"))
        // Case, spaces and dashes do not matter.
        #expect(SealedDeliveryForm.open(sealed, code: "k7p 2qx", exam: "geo", deliveryKey: deliveryKey) == form)
        #expect(SealedDeliveryForm.open(sealed, code: "K7P2QY", exam: "geo", deliveryKey: deliveryKey) == nil)
        // Another exam's id or delivery key: not this form.
        #expect(SealedDeliveryForm.open(sealed, code: "K7P2QX", exam: "geo2", deliveryKey: deliveryKey) == nil)
        #expect(
            SealedDeliveryForm.open(sealed, code: "K7P2QX", exam: "geo", deliveryKey: String(repeating: "c", count: 64))
                == nil)
        // Sealed twice, two different texts (a salt and a nonce of their own).
        #expect(try SealedDeliveryForm.seal(form, code: "K7P2QX", exam: "geo", deliveryKey: deliveryKey) != sealed)
    }

    @Test func theScoringKeysLeaveTheStoreForAFileOfTheirOwn() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: folder.path))
        let secret = "accepted: [Quokka Crossing]"
        let publication = ExamPublication(
            exam: "geo", deliveryKey: deliveryKey, deliveryForm: #"{"prompt":"Where?"}"#, title: "Geography",
            durationSeconds: 600, instructions: "", questionCount: 1, scoringKey: secret)
        #expect(try store.publish(publication, replace: false, by: "pat", at: start) == .published(version: 1))
        var fixed = publication
        fixed.scoringKey = "accepted: [Quokka Bend]"
        #expect(try store.publish(fixed, replace: false, by: "pat", at: start) == .newScoringKey(version: 2))
        #expect(try store.scoringKey(exam: "geo", version: 1)?.content == secret)
        #expect(try store.publishedExam("geo")?.version == 2)

        let keys = folder.file(ScoringKeyFile.fileName)
        let mode = try FileManager.default.attributesOfItem(atPath: keys)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let seatFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix("scoring-keys") }
        #expect(seatFiles.contains(SQLiteStore.fileName))
        for name in seatFiles {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.file(name))), as: UTF8.self)
            #expect(!text.contains("Quokka"), "\(name)")
        }
        // A key file others may read is nobody's to trust.
        chmod(keys, 0o644)
        #expect(throws: StoreError.self) { try store.scoringKey(exam: "geo", version: nil) }
        #expect(SQLiteStore.scoringKeysProblem(in: folder.path)?.contains("not this account's") == true)
    }

    @Test func aLostCodeIsReplacedOnlyWithReplaceAndOnlyBeforeAnyAttempt() throws {
        let store = try SQLiteStore(writer: DatabaseQueue())
        func sealed(_ code: String) throws -> ExamPublication {
            ExamPublication(
                exam: "geo", deliveryKey: deliveryKey,
                deliveryForm: try SealedDeliveryForm.seal("{}", code: code, exam: "geo", deliveryKey: deliveryKey),
                title: "Geography", durationSeconds: 600, instructions: "", questionCount: 1, scoringKey: "answer: x")
        }
        let first = try sealed("AAAAAA")
        _ = try store.publish(first, replace: false, by: "pat", at: start)
        // Without --replace the questions stay sealed under the announced code.
        #expect(try store.publish(try sealed("BBBBBB"), replace: false, by: "pat", at: start) == .unchanged(version: 1))
        #expect(try store.storedDeliveryForm(exam: "geo") == first.deliveryForm)
        let second = try sealed("CCCCCC")
        #expect(try store.publish(second, replace: true, by: "pat", at: start) == .unchanged(version: 1))
        #expect(try store.storedDeliveryForm(exam: "geo") == second.deliveryForm)
        _ = try store.startAttempt(
            examID: "geo", examKey: deliveryKey, candidate: "ana", secondsAllowed: nil, at: start)
        #expect(throws: PublicationError.attemptsExist(exam: "geo", count: 1)) {
            try store.publish(try sealed("DDDDDD"), replace: true, by: "pat", at: start)
        }
        #expect(try store.storedDeliveryForm(exam: "geo") == second.deliveryForm)
    }

    @Test func aStoreOfTheEarlierSchemaLosesItsKeysAndNoBytesOfThem() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file(SQLiteStore.fileName)
        // The schema up to v9, with a key in the store as it was kept there.
        do {
            let queue = try DatabaseQueue(path: file)
            var migrator = DatabaseMigrator()
            for migration in SQLiteSchema.migrations.prefix(9) {
                migrator.registerMigration(migration.recorded, migrate: migration.migrate)
            }
            try migrator.migrate(queue)
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO published_exams VALUES ('geo', 'k', '{}', 'Geography', 600, '', 1, 'pat', '2026-01-01');
                        INSERT INTO scoring_keys VALUES ('geo', 1, 'k', 'accepted: [Quokka Crossing]', 'pat', '2026-01-01');
                        """)
            }
        }
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: folder.path))
        #expect(try store.scoringKey(exam: "geo", version: nil) == nil)
        try store.writer.writeWithoutTransaction { db in
            _ = try db.checkpoint(.truncate)
        }
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        #expect(!text.contains("Quokka"))
    }
}
