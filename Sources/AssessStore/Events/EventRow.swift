import AssessCore
import Foundation
import GRDB

/// One row of the `events` table, as stored.
struct EventRow: Decodable, FetchableRecord, TableRecord {
    static let databaseTableName = "events"

    /// The table's columns, for requests.
    enum Columns {
        static let id = Column("id")
        static let sequence = Column("sequence")
        static let attempt = Column("attempt")
        static let kind = Column("kind")
    }

    /// Insertion order; nil until inserted.
    var id: Int64?
    var sequence: Int64
    var wallMilliseconds: Int64
    var monotonicNanoseconds: UInt64
    var kind: String
    /// The details as a JSON object with sorted keys.
    var details: String
    var attempt: String?
    var hash: String

    /// The fields the hash covers, or nil when the stored details are not a JSON object
    /// of strings (which only an edit outside `assess` can cause).
    var chainedFields: ChainedFields? {
        guard let decoded = try? JSONDecoder().decode([String: String].self, from: Data(details.utf8)) else {
            return nil
        }
        return ChainedFields(
            sequence: sequence, wallMilliseconds: wallMilliseconds,
            monotonicNanoseconds: monotonicNanoseconds, kind: kind, details: decoded, attempt: attempt)
    }

    /// The row as the rest of `assess` sees it.
    func storedEvent() throws -> StoredEvent {
        guard let fields = chainedFields else { throw StoreError.unreadableEvent(sequence: sequence) }
        let event = LoggedEvent(
            sequence: sequence, wallTime: Date(milliseconds: wallMilliseconds),
            monotonicNanoseconds: monotonicNanoseconds, kind: kind, details: fields.details, hash: hash)
        return StoredEvent(event: event, attempt: attempt)
    }
}

extension Date {
    /// The date `milliseconds` after the Unix epoch.
    init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Whole milliseconds since the Unix epoch, rounded down: how the event log stores
    /// wall time.
    var wholeMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded(.down))
    }
}
