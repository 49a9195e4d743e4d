/// What `EventStore.verifyChain()` found.
public enum ChainVerification: Sendable, Equatable, CustomStringConvertible {
    /// Every record is present, in order and unchanged; `count` records were checked.
    case intact(count: Int)
    /// The log was tampered with; this is the first place where the chain fails.
    case broken(ChainBreak)

    /// One line for a proctor: `intact: 42 records` or what broke where.
    public var description: String {
        switch self {
        case .intact(let count): return "intact: \(count) record\(count == 1 ? "" : "s")"
        case .broken(let chainBreak): return chainBreak.description
        }
    }
}

/// The first place where the event log's hash chain fails, and how.
public struct ChainBreak: Sendable, Equatable, CustomStringConvertible {
    /// The first sequence number at which the log is not what was written.
    public var sequence: Int64
    /// What is wrong there.
    public var problem: ChainProblem

    /// Names the break.
    public init(sequence: Int64, problem: ChainProblem) {
        self.sequence = sequence
        self.problem = problem
    }

    /// One line for a proctor, e.g. `record 7 was removed`.
    public var description: String {
        switch problem {
        case .edited:
            return "record \(sequence) was edited: its hash does not match its contents and the record before it"
        case .removed:
            return "record \(sequence) was removed: later records exist but it does not"
        case .outOfOrder(let found):
            return "records are out of order: record \(found) stands where record \(sequence) was written"
        }
    }
}

/// How the event log's hash chain is broken.
public enum ChainProblem: Sendable, Equatable {
    /// The record's stored hash does not follow from its fields and the previous
    /// record's hash: the record (or its hash) was edited.
    case edited
    /// No record has this sequence number, though later ones exist: it was removed.
    case removed
    /// The record numbered `found` was stored where this sequence number was expected:
    /// records were moved or swapped.
    case outOfOrder(found: Int64)
}
