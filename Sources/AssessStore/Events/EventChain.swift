import Crypto
import Foundation

/// The fields of one event record that its hash covers, exactly as they are stored.
///
/// Times are kept as the integers the database holds (whole milliseconds of wall time,
/// nanoseconds of monotonic time), so that a record read back hashes to the same value
/// it was written with.
struct ChainedFields: Equatable {
    var sequence: Int64
    var wallMilliseconds: Int64
    var monotonicNanoseconds: UInt64
    var kind: String
    var details: [String: String]
    /// The attempt the record belongs to, if any. Covered by the hash so that a record
    /// cannot be moved to another attempt unnoticed.
    var attempt: String?

    /// The bytes that are hashed: every field, in a fixed order, as a netstring
    /// (`<UTF-8 byte count>:<text>,`), so that no two different records serialize alike.
    ///
    /// Order: sequence, wall milliseconds, monotonic nanoseconds, kind, attempt (a lone
    /// `-` when there is none; a netstring never starts with `-`), the number of
    /// details, then each detail's key and value, by the keys' UTF-8 bytes.
    var canonicalSerialization: Data {
        var text = ""
        func field(_ value: String) {
            text += "\(value.utf8.count):\(value),"
        }
        field(String(sequence))
        field(String(wallMilliseconds))
        field(String(monotonicNanoseconds))
        field(kind)
        if let attempt { field(attempt) } else { text += "-" }
        field(String(details.count))
        for key in details.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            field(key)
            field(details[key] ?? "")
        }
        return Data(text.utf8)
    }
}

/// How each record of the event log is chained to the one before it:
///
///     hash(n) = hex(SHA-256(UTF-8(hash(n - 1)) + canonicalSerialization(n)))
///     hash(0) = genesis
///
/// Editing a record's fields breaks its own hash; removing or reordering records breaks
/// the link from the record after them.
enum EventChain {
    /// What the first record chains to: sixty-four zeros, the length of a real hash.
    static let genesis = String(repeating: "0", count: 64)

    /// The hash of a record with `fields` that follows a record whose hash is `previous`.
    static func hash(of fields: ChainedFields, after previous: String) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(previous.utf8))
        hasher.update(data: fields.canonicalSerialization)
        return hasher.finalize().map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

/// Walks the event log in insertion order and finds the first place where the chain
/// fails; shared by every backend so that each names a break alike.
///
/// Each record must carry the next sequence number and a hash that follows from its
/// fields and the previous record's hash. A hash chain cannot tell that the newest
/// records were removed (nothing follows them); everything else is found and named.
struct ChainVerifier {
    private var expected: Int64 = 1
    private var previousHash = EventChain.genesis

    /// Checks the next record; returns the break when it is one, else nil.
    ///
    /// - Parameters:
    ///   - fields: The record's chained fields, or nil when they cannot be read.
    ///   - exists: Whether a record with the given sequence number is stored anywhere.
    mutating func check(sequence: Int64, fields: ChainedFields?, hash: String,
                        exists: (Int64) throws -> Bool) rethrows -> ChainVerification? {
        if sequence != expected {
            let problem: ChainProblem = try exists(expected) || sequence < expected
                ? .outOfOrder(found: sequence)
                : .removed
            return .broken(ChainBreak(sequence: expected, problem: problem))
        }
        guard let fields, EventChain.hash(of: fields, after: previousHash) == hash else {
            return .broken(ChainBreak(sequence: expected, problem: .edited))
        }
        previousHash = hash
        expected += 1
        return nil
    }

    /// The verdict once every record passed.
    var result: ChainVerification { .intact(count: Int(expected - 1)) }
}
