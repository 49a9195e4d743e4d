import AssessCore
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
    /// Where the server put the record and when and by whom it was written, for a record
    /// a server chained (PostgreSQL from v10); covered by the hash after the rest.
    var server: ServerStamp? = nil

    /// The bytes that are hashed: every field, in a fixed order, as a netstring
    /// (`<UTF-8 byte count>:<text>,`), so that no two different records serialize alike.
    ///
    /// Order: sequence, wall milliseconds, monotonic nanoseconds, kind, attempt (a lone
    /// `-` when there is none; a netstring never starts with `-`), the number of
    /// details, then each detail's key and value, by the keys' UTF-8 bytes.
    var canonicalSerialization: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        func field(_ value: String) {
            bytes.append(contentsOf: String(value.utf8.count).utf8)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: ","))
        }
        field(String(sequence))
        field(String(wallMilliseconds))
        field(String(monotonicNanoseconds))
        field(kind)
        if let attempt { field(attempt) } else { bytes.append(UInt8(ascii: "-")) }
        field(String(details.count))
        for key in details.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            field(key)
            field(details[key] ?? "")
        }
        if let server {
            field(server.chain)
            field(String(server.position))
            field(String(server.serverMicroseconds))
            field(server.writer)
        }
        return bytes
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
        hasher.update(data: Array(previous.utf8))
        hasher.update(data: fields.canonicalSerialization)
        return Hex.lowercase(hasher.finalize())
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
    mutating func check(
        sequence: Int64, fields: ChainedFields?, hash: String,
        exists: (Int64) throws -> Bool
    ) rethrows -> ChainVerification? {
        if sequence != expected {
            let problem: ChainProblem =
                try exists(expected) || sequence < expected
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

/// A record's place in a server's chains, and the server's time and role that wrote it.
struct ServerStamp: Equatable {
    /// `attempt:<id>`, `seat:<role>` or `room`.
    var chain: String
    /// 1 for the chain's first record.
    var position: Int64
    /// The server's clock when it appended the record, in microseconds since the epoch.
    var serverMicroseconds: Int64
    /// The login role that appended it.
    var writer: String
}

/// Walks records chained per attempt, per seat and for the room (a server's, in
/// insertion order) and finds the first break, named as `ChainVerifier` names one.
struct ServerChainVerifier {
    private var heads: [String: (position: Int64, hash: String, sequence: Int64)] = [:]
    /// Each chain's hashes by position, for the anchors.
    private var hashes: [String: [Int64: (sequence: Int64, hash: String)]] = [:]

    /// Checks the next record; returns the break when it is one, else nil.
    mutating func check(sequence: Int64, fields: ChainedFields?, stamp: ServerStamp, hash: String) -> ChainVerification?
    {
        let head = heads[stamp.chain] ?? (0, EventChain.genesis, 0)
        // A record missing from a chain is named by the number after its predecessor's
        // (the server numbers a chain's records in order, though not without gaps).
        if stamp.position > head.position + 1 {
            return .broken(ChainBreak(sequence: head.sequence + 1, problem: .removed))
        }
        if stamp.position != head.position + 1 || sequence <= head.sequence {
            return .broken(ChainBreak(sequence: head.sequence + 1, problem: .outOfOrder(found: sequence)))
        }
        guard var fields else { return .broken(ChainBreak(sequence: sequence, problem: .edited)) }
        fields.server = stamp
        guard EventChain.hash(of: fields, after: head.hash) == hash else {
            return .broken(ChainBreak(sequence: sequence, problem: .edited))
        }
        heads[stamp.chain] = (stamp.position, hash, sequence)
        hashes[stamp.chain, default: [:]][stamp.position] = (sequence, hash)
        return nil
    }

    /// Checks that `chain` holds the record `head` (`position:hash`) names: the head the
    /// server anchored when the attempt ended.
    func checkAnchor(chain: String, head: String) -> ChainVerification? {
        let parts = head.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let position = Int64(parts[0]) else { return nil }
        guard let found = hashes[chain]?[position] else {
            return .broken(ChainBreak(sequence: (heads[chain]?.sequence ?? 0) + 1, problem: .removed))
        }
        return found.hash == String(parts[1]) ? nil : .broken(ChainBreak(sequence: found.sequence, problem: .edited))
    }
}
