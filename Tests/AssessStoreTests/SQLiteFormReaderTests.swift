import AssessCore
import AssessTestSupport
import Foundation
import GRDB
import Testing

@testable import AssessStore

/// The quick read of a published form for a sitting's first frame answers exactly when
/// the store would give the form, with the store's answer, and otherwise leaves it to the store.
@Suite struct SQLiteFormReaderTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func itGivesTheStoresFormOnceTheSittingIsOpenAndNothingBefore() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(dataDirectory: folder.url)
        #expect(SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "geo", candidate: "ana") == nil)
        _ = try store.publish(PublishedExamTests.publication(), replace: false, by: "pat", at: start)
        #expect(SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "geo", candidate: "ana") == nil)
        try store.openSitting(exam: "geo", by: "pat", at: start)
        let quick = try #require(
            SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "geo", candidate: "ana"))
        let stored = try #require(try store.deliveryForm(exam: "geo", candidate: "ana"))
        #expect(quick.deliveryKey == stored.deliveryKey && quick.form == stored.form)
        #expect(SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "history", candidate: "ana") == nil)
    }

    @Test func aCandidateOffTheRosterGetsNothingAndOneOnItTheForm() throws {
        let folder = try TemporaryDirectory()
        let store = try SQLiteStore(dataDirectory: folder.url)
        _ = try store.publish(PublishedExamTests.publication(), replace: false, by: "pat", at: start)
        try store.addToRoster(exam: "geo", entries: [RosterEntry(candidate: "ana")])
        try store.openSitting(exam: "geo", by: "pat", at: start)
        #expect(SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "geo", candidate: "ana") != nil)
        #expect(SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "geo", candidate: "bea") == nil)
        #expect(throws: StoreError.self) { try store.deliveryForm(exam: "geo", candidate: "bea") }
    }

    @Test func noStoreAndAStoreMissingAMigrationAreLeftToTheStore() throws {
        let folder = try TemporaryDirectory()
        #expect(SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "geo", candidate: "ana") == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/" + SQLiteStore.fileName))
        let store = try SQLiteStore(dataDirectory: folder.url)
        _ = try store.publish(PublishedExamTests.publication(), replace: false, by: "pat", at: start)
        try store.openSitting(exam: "geo", by: "pat", at: start)
        let last = try #require(SQLiteSchema.migrations.last).recorded
        try store.writer.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [last])
        }
        #expect(SQLiteFormReader.deliveryForm(dataDirectory: folder.path, exam: "geo", candidate: "ana") == nil)
    }
}
