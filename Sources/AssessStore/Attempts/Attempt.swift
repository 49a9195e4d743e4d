import Foundation
import GRDB

/// One sitting of an exam by a candidate, from start to submission (or another end).
public struct Attempt: Sendable, Equatable, Codable, Identifiable {
    /// A random UUID, the attempt's name in the event log and on the receipt.
    public var id: String
    /// The exam's id from its file.
    public var examID: String
    /// The exam key: the digest of the exam's content that was sat.
    public var examKey: String
    /// Who sat it.
    public var candidate: String
    /// Where the attempt stands.
    public var status: AttemptStatus
    /// When it started.
    public var startedAt: Date
    /// When it ended, once it has.
    public var endedAt: Date?
    /// The time the candidate is allowed, including any extra time; nil when untimed.
    public var secondsAllowed: Int?
    /// The time used so far, kept up to date while the exam runs so that a resumed
    /// attempt continues its clock where it stopped.
    public var secondsUsed: Int
    /// The receipt given to the candidate at submission, if any.
    public var receipt: String?
    /// A practice attempt: sat for training, not for a result.
    public var isPractice: Bool
    /// The proctor's launch settings as JSON (extra time, breaks, restrictions), kept so
    /// that a resumed attempt keeps them.
    public var settings: String
    /// The index of the question on screen when progress was last saved.
    public var currentQuestion: Int
    /// How many breaks the candidate has taken.
    public var breaksTaken: Int
    /// When the session last saved progress: after a crash, roughly when it went down.
    public var lastActiveAt: Date?
    /// The server's own account of the attempt's times, where a server keeps one
    /// (PostgreSQL); nil in SQLite, where the seat's clock is the only one.
    public var serverClock: ServerClock? = nil

    /// The time used, by the server's clock where there is one (from its start to its end
    /// there), else as the seat counted it: what results and reports show.
    public var timeUsed: Int { serverClock?.secondsUsed ?? secondsUsed }

    enum CodingKeys: String, CodingKey {
        case id, examID, examKey, candidate, status, startedAt, endedAt, secondsAllowed, secondsUsed, receipt,
            isPractice, settings, currentQuestion, breaksTaken, lastActiveAt
    }
}

/// Where an attempt stands. Every status but `inProgress` is final.
public enum AttemptStatus: String, Sendable, Codable, CaseIterable {
    /// The candidate is sitting the exam (or the session crashed and can be resumed).
    case inProgress
    /// The candidate submitted.
    case submitted
    /// The time ran out and the answers were submitted as they stood.
    case timedOut
    /// The session was ended from outside (a proctor, a lost terminal).
    case interrupted
    /// The attempt was abandoned; its answers do not count.
    case aborted
}

extension Attempt: FetchableRecord, PersistableRecord {
    /// The table attempts are stored in.
    public static let databaseTableName = "attempts"

    /// The table's columns that requests filter and sort on.
    public enum Columns {
        /// The exam id.
        public static let examID = Column("examID")
        /// The candidate.
        public static let candidate = Column("candidate")
        /// The status's raw value.
        public static let status = Column("status")
        /// When the attempt started.
        public static let startedAt = Column("startedAt")
        /// The time used so far.
        public static let secondsUsed = Column("secondsUsed")
        /// The time allowed.
        public static let secondsAllowed = Column("secondsAllowed")
        /// The receipt.
        public static let receipt = Column("receipt")
        /// Whether the attempt is practice.
        public static let isPractice = Column("isPractice")
    }
}

/// An attempt's times as the server's clock took them, beside the seat's own.
public struct ServerClock: Sendable, Equatable, Codable {
    /// When the server started the attempt.
    public var startedAt: Date
    /// When the server ended it, if it has ended.
    public var endedAt: Date?
    /// Whether it was submitted after its deadline and grace, by the server's clock.
    public var late: Bool
    /// Where its time allowed came from: `terms` (the exam's, as a proctor published them,
    /// with the roster's extra time), `proctor` (a proctor's role started it) or `seat`
    /// (no terms were published: the seat's own claim).
    public var timeFrom: String

    public init(startedAt: Date, endedAt: Date?, late: Bool, timeFrom: String) {
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.late = late
        self.timeFrom = timeFrom
    }

    /// Seconds from the server's start to its end; nil while in progress.
    public var secondsUsed: Int? {
        endedAt.map { max(0, Int($0.timeIntervalSince(startedAt).rounded())) }
    }
}
