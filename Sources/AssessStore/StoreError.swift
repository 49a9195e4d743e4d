/// Why the store refused a request.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No attempt has this id.
    case unknownAttempt(String)
    /// The attempt has ended, so its responses and time can no longer change.
    case attemptNotInProgress(id: String, status: AttemptStatus)
    /// The candidate already has an attempt of this exam in progress; resume or end it
    /// before starting another.
    case attemptAlreadyInProgress(id: String)
    /// The candidate already sat this exam (`id`, ended as `status`, or still in progress):
    /// another attempt needs a proctor's allowance (`allowNewAttempt`), used once.
    case earlierAttempt(id: String, status: AttemptStatus)
    /// An attempt can only be finished with a status that ends it, not `inProgress`.
    case notAFinishingStatus(AttemptStatus)
    /// The stored details of this event record are not a JSON object of strings: the
    /// database was edited outside `assess`.
    case unreadableEvent(sequence: Int64)
    /// A stored row lacks a value `assess` needs or holds one it cannot read: the
    /// database was edited outside `assess`.
    case unreadableRow(table: String, column: String)
    /// The store's server refused: the connection's role may not do this (another seat's
    /// attempt, a change to what is already written).
    case notPermitted(String)
    /// This store lacks what the request needs (a roster, a room, marks): the caller
    /// refuses rather than carries on without it.
    case unsupported(String)
    /// The question's sample runs during the exam (`allowed` of them) are all taken.
    case noRunsLeft(allowed: Int)

    /// A sentence for the person at the terminal.
    public var description: String {
        switch self {
        case .unknownAttempt(let id):
            return "no attempt has the id \(id)"
        case .attemptNotInProgress(let id, let status):
            return "attempt \(id) is no longer in progress (it is \(status.rawValue))"
        case .attemptAlreadyInProgress(let id):
            return "attempt \(id) of this exam is already in progress for this candidate"
        case .earlierAttempt(let id, let status):
            return
                "the candidate already has an attempt at this exam (\(id), \(status.rawValue)); only a proctor allows another"
        case .notAFinishingStatus(let status):
            return "an attempt cannot be finished as \(status.rawValue)"
        case .unreadableEvent(let sequence):
            return "event record \(sequence) cannot be read: its details were edited outside assess"
        case .unreadableRow(let table, let column):
            return "a row of \(table) cannot be read (its \(column)): the store was edited outside assess"
        case .notPermitted(let reason):
            return "the store refused: \(reason)"
        case .unsupported(let what):
            return "this store keeps no \(what)"
        case .noRunsLeft(let allowed):
            return "all \(allowed) sample runs of this question are taken"
        }
    }
}
