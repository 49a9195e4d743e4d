import Foundation
import GRDB

/// SQLite's scoring keys, kept out of the seats' store: a file of their own,
/// `scoring-keys.sqlite` beside `assess.sqlite`, made mode 0600 by the account that
/// publishes (root, or a proctor's account), so the exam account, which opens the seats'
/// store, can never open it. An account reads it only when the file is its own and
/// nobody else's to read: a file the exam account put in its place (in a folder it owns)
/// is refused, never trusted.
final class ScoringKeyFile: Sendable {
    /// The file's name, beside the store's.
    static let fileName = "scoring-keys.sqlite"

    /// Where the keys are: a file, or memory (for a store in memory).
    enum Place: Sendable {
        case file(String)
        case memory(DatabaseQueue)
    }

    let place: Place

    init(place: Place) {
        self.place = place
    }

    /// The keys beside the store file `store`, or in memory when `store` is nil.
    static func beside(_ store: URL?) throws -> ScoringKeyFile {
        guard let store else {
            let queue = try DatabaseQueue()
            try migrate(queue)
            return ScoringKeyFile(place: .memory(queue))
        }
        return ScoringKeyFile(
            place: .file(store.deletingLastPathComponent().appendingPathComponent(fileName).path))
    }

    /// Why this account may not read the key file at `path`, or nil when it may (or no file
    /// is there yet).
    static func ownershipProblem(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT != S_IFREG || status.st_uid != geteuid() || status.st_mode & 0o077 != 0 {
            return
                "the scoring keys \(path) are not this account's (only the account that published them reads them, and only from a file of mode 0600)"
        }
        return nil
    }

    /// Runs `body` on the keys; `create` makes the file (0600) when it is missing,
    /// otherwise a missing file is no key at all (`nil`).
    func use<T>(create: Bool, _ body: (Database) throws -> T) throws -> T? {
        switch place {
        case .memory(let queue):
            return try queue.write(body)
        case .file(let path):
            if let problem = Self.ownershipProblem(path) { throw StoreError.notPermitted(problem) }
            if !FileManager.default.fileExists(atPath: path) {
                guard create else { return nil }
                let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                guard made >= 0 || errno == EEXIST else {
                    throw StoreError.notPermitted(
                        "cannot make the scoring keys \(path): \(String(cString: strerror(errno)))")
                }
                if made >= 0 {
                    fchmod(made, 0o600)
                    close(made)
                }
                if let problem = Self.ownershipProblem(path) { throw StoreError.notPermitted(problem) }
            }
            let queue: DatabaseQueue
            do {
                queue = try DatabaseQueue(path: path)
            } catch {
                throw StoreError.notPermitted("cannot open the scoring keys \(path): \(error)")
            }
            try Self.migrate(queue)
            return try queue.write(body)
        }
    }

    /// The keys' one table, and versions that are never changed nor removed.
    private static func migrate(_ writer: any DatabaseWriter) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("scoring-keys-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE scoring_keys (
                        exam_id TEXT NOT NULL,
                        version INTEGER NOT NULL CHECK (version >= 1),
                        delivery_key TEXT NOT NULL,
                        scoring_key TEXT NOT NULL,
                        published_by TEXT NOT NULL,
                        published_at DATETIME NOT NULL,
                        PRIMARY KEY (exam_id, version)
                    );
                    CREATE TRIGGER scoring_keys_are_never_changed BEFORE UPDATE ON scoring_keys
                    BEGIN SELECT RAISE(ABORT, 'a scoring key version is never changed; publish a new one'); END;
                    CREATE TRIGGER scoring_keys_are_never_removed BEFORE DELETE ON scoring_keys
                    BEGIN SELECT RAISE(ABORT, 'a scoring key version is never removed'); END;
                    """)
        }
        try migrator.migrate(writer)
    }

    /// The newest version of `exam`'s key: its number and content; nil when none.
    func latest(exam: String) throws -> (version: Int, content: String)? {
        try use(create: false) { db in
            try Row.fetchOne(
                db,
                sql: "SELECT version, scoring_key FROM scoring_keys WHERE exam_id = ? ORDER BY version DESC LIMIT 1",
                arguments: [exam]
            ).map { ($0["version"], $0["scoring_key"]) }
        } ?? nil
    }

    /// The newest version of each exam's key.
    func versions() throws -> [String: Int] {
        try use(create: false) { db in
            var versions: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT exam_id, max(version) AS v FROM scoring_keys GROUP BY exam_id")
            {
                versions[row["exam_id"]] = row["v"]
            }
            return versions
        } ?? [:]
    }

    /// Adds `version` of `exam`'s key.
    func add(exam: String, version: Int, deliveryKey: String, content: String, by proctor: String, at time: Date)
        throws
    {
        _ = try use(create: true) { db in
            try db.execute(
                sql: """
                    INSERT INTO scoring_keys (exam_id, version, delivery_key, scoring_key, published_by, published_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [exam, version, deliveryKey, content, proctor, time])
        }
    }

    /// A version of `exam`'s key (the newest when `version` is nil).
    func key(exam: String, version: Int?) throws -> StoredScoringKey? {
        try use(create: false) { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT * FROM scoring_keys WHERE exam_id = ? AND (? IS NULL OR version = ?) ORDER BY version DESC LIMIT 1
                    """, arguments: [exam, version, version]
            ).map { row in
                StoredScoringKey(
                    exam: row["exam_id"], version: row["version"], deliveryKey: row["delivery_key"],
                    content: row["scoring_key"], publishedBy: row["published_by"], publishedAt: row["published_at"])
            }
        } ?? nil
    }
}
