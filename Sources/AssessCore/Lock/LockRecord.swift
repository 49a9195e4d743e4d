import Foundation

/// What a lock file records about the session that holds it. Written as JSON into the
/// lock file so that `assess status` and a refused second launch can name the holder.
public struct LockRecord: Codable, Sendable, Equatable {
    /// Process id of the holder.
    public var pid: Int32
    /// The boot the lock was taken in; a lock from another boot ended with that boot.
    public var bootID: String
    /// Login name of the user who took the lock.
    public var user: String
    /// The holder's terminal, e.g. `/dev/pts/3`.
    public var tty: String?
    /// The exam's id as written in its file.
    public var examID: String
    /// The exam key: a digest of the exam's canonical content (see `AssessExam`).
    public var examKey: String
    /// The candidate sitting the exam.
    public var candidate: String
    /// When the lock was granted.
    public var startedAt: Date
    /// When the lock ends by itself unless released first.
    public var expiresAt: Date

    public init(
        pid: Int32, bootID: String, user: String, tty: String?, examID: String,
        examKey: String, candidate: String, startedAt: Date, expiresAt: Date
    ) {
        self.pid = pid
        self.bootID = bootID
        self.user = user
        self.tty = tty
        self.examID = examID
        self.examKey = examKey
        self.candidate = candidate
        self.startedAt = startedAt
        self.expiresAt = expiresAt
    }

    /// The record as flat strings (`pid`, `boot`, `user`, `tty`, `exam`, `examKey`,
    /// `candidate`, `since`, `expires`; times in ISO 8601), for the event log and reports.
    public var fields: [String: String] {
        var fields = [
            "pid": String(pid), "boot": bootID, "user": user,
            "exam": examID, "examKey": examKey, "candidate": candidate,
            "since": startedAt.formatted(.iso8601), "expires": expiresAt.formatted(.iso8601),
        ]
        if let tty { fields["tty"] = tty }
        return fields
    }

    /// The JSON form written to the lock file (ISO 8601 dates, sorted keys).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a record from the lock file's JSON form.
    public static func decode(_ data: Data) throws -> LockRecord {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(LockRecord.self, from: data)
    }
}
