import Foundation
import GRDB

/// The latest saved response to one question of one attempt.
public struct StoredResponse: Sendable, Equatable, Codable {
    /// The attempt it belongs to.
    public var attemptID: String
    /// The question it answers.
    public var questionID: String
    /// The response as JSON text, encoded by the exam module; the store never reads it.
    public var value: String
    /// Whether the candidate flagged the question for review.
    public var flagged: Bool
    /// What the candidate marked on the question for their own reading (struck-out
    /// choices), as text the exam module encodes; never scored. `nil` when nothing.
    public var annotations: String?
    /// When it was saved.
    public var savedAt: Date
}

extension StoredResponse: FetchableRecord, PersistableRecord {
    /// The table responses are stored in.
    public static let databaseTableName = "responses"

    /// The table's columns that requests filter and sort on.
    public enum Columns {
        /// The attempt.
        public static let attemptID = Column("attemptID")
        /// The question.
        public static let questionID = Column("questionID")
    }
}

/// One saved version of a response: every save is kept, so nothing typed is lost.
public struct ResponseVersion: Sendable, Equatable, Codable {
    /// The attempt it belongs to.
    public var attemptID: String
    /// The question it answers.
    public var questionID: String
    /// The response as JSON text, as saved.
    public var value: String
    /// When this version was saved.
    public var savedAt: Date
}

extension ResponseVersion: FetchableRecord, PersistableRecord {
    /// The table every saved version is kept in.
    public static let databaseTableName = "responseHistory"

    /// The table's columns that requests filter and sort on.
    public enum Columns {
        /// Insertion order, which is the order versions were saved in.
        public static let id = Column("id")
        /// The attempt.
        public static let attemptID = Column("attemptID")
        /// The question.
        public static let questionID = Column("questionID")
    }
}
