import AssessCore
import Foundation
import GRDB
import Synchronization

/// The SQLite backend of `ExamStore`: the event log, attempts and responses of one
/// machine, the default that needs no set-up.
///
/// On disk it is a GRDB `DatabasePool` on `<dataDirectory>/assess.sqlite` in write-ahead-log
/// mode with `synchronous = FULL`, so every committed transaction is on disk before the
/// method that wrote it returns; only the heartbeats (an attempt's progress, a lease's
/// renewal) may wait for the next commit's fsync, at most `heartbeatSyncInterval` (see
/// `writeHeartbeat`). Several `assess` processes may open the same file at
/// once (a kiosk with many terminals): every write runs in an IMMEDIATE transaction,
/// which takes SQLite's write lock up front, and a process that finds the lock taken
/// waits up to `busyTimeout` for it instead of failing. Tests give it any GRDB
/// `DatabaseWriter`, such as an in-memory `DatabaseQueue`.
///
/// Opening the database runs the schema migrations that have not run yet (see
/// `Schema`). Reading and writing go through the methods of this type and of
/// `EventStore`, which keep the data consistent; there is no raw SQL outside this module.
public final class SQLiteStore: Sendable {
    /// The file name of the database inside a data directory.
    public static let fileName = "assess.sqlite"

    /// How long a write waits for another process's write to finish, by default: long
    /// enough for a room of a hundred terminals that start at once, each of whose first
    /// writes (the attempt, its first records) is a few fsynced commits.
    public static let defaultBusyTimeout: TimeInterval = 30

    /// The database file, or nil for a database in memory.
    public let fileURL: URL?

    /// The connection (a pool on disk: one writer, several concurrent readers).
    let writer: any DatabaseWriter

    /// The published exams' scoring keys, in a file of their own beside this one (the
    /// publishing account's, never the exam account's to read).
    let scoringKeys: ScoringKeyFile

    /// How long a heartbeat may stay in the log without an fsync: a power cut loses at
    /// most this much of an idle attempt's progress (a crash of the process loses none).
    public static let heartbeatSyncInterval: Duration = .seconds(30)

    /// When the last commit that reached the disk was made; nil before the first.
    private let lastDurableCommit = Mutex<ContinuousClock.Instant?>(nil)

    /// Opens (creating it if needed) the database of `dataDirectory`, creating the
    /// directory too, and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - dataDirectory: The directory that holds `assess.sqlite`.
    ///   - busyTimeout: How long a write waits for a write lock held by another process.
    public convenience init(dataDirectory: URL, busyTimeout: TimeInterval = SQLiteStore.defaultBusyTimeout) throws {
        try FileManager.default.createDirectory(
            at: dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let fileURL = dataDirectory.appendingPathComponent(Self.fileName)
        // A room of terminals may open a new store at the same moment: each waits here in
        // turn (a `flock` on the directory, released when `opening` closes at the end of
        // this initializer, after the schema's migrations), so exactly one creates the file
        // and the schema.
        let opening = open(dataDirectory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if opening >= 0 { close(opening) } }
        if opening >= 0 {
            _ = retryingInterrupts { flock(opening, LOCK_EX) }
        }
        // Only its owner may read the store, or, in a folder whose files take its group (a
        // protected store, setgid 2770), the folder's group too, whatever the umask. SQLite
        // gives its -wal and -shm files the database file's mode.
        let created = open(fileURL.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if created >= 0 {
            fchmod(created, Self.isGroupFolder(dataDirectory.path) ? 0o660 : 0o600)
            close(created)
        }

        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        let pool = try DatabasePool(path: fileURL.path, configuration: configuration)
        // A new store's schema is five migrations, one transaction each. GRDB turns WAL on
        // with `synchronous = NORMAL`, under which a commit only appends to the log, without
        // an fsync (still safe from corruption: a power cut loses the last commits, not the
        // file's consistency). So the migrations run first, and cost no fsync of their own;
        // the first commit under FULL (the sitting's lease) syncs the log with them in it.
        // Before, each migration's commit was an fsync: nine before a first sitting's
        // welcome screen.
        try SQLiteSchema.migrator.migrate(pool)
        // In WAL mode, FULL makes SQLite fsync the log at every commit, so a committed
        // answer or event survives a power cut. GRDB sets NORMAL on the pool's writer
        // connection when it turns WAL on, so this must come after the pool is opened;
        // the writer connection stays open for the pool's lifetime.
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        try self.init(migrated: pool, fileURL: fileURL)
    }

    /// True when the files made in `folder` take its group (its setgid bit): a folder
    /// shared by a group, such as a protected store's.
    static func isGroupFolder(_ folder: String) -> Bool {
        var status = stat()
        return stat(folder, &status) == 0 && status.st_mode & S_ISGID != 0
    }

    /// Uses `writer` (a pool, or a queue such as an in-memory one) and brings its schema
    /// up to date.
    ///
    /// - Parameters:
    ///   - writer: The GRDB connection.
    ///   - fileURL: The database file behind `writer`, if any, for `location`.
    public convenience init(writer: any DatabaseWriter, fileURL: URL? = nil) throws {
        try SQLiteSchema.migrator.migrate(writer)
        try self.init(migrated: writer, fileURL: fileURL)
    }

    /// Uses `writer`, whose schema is already up to date.
    private init(migrated writer: any DatabaseWriter, fileURL: URL?) throws {
        self.writer = writer
        self.fileURL = fileURL
        self.scoringKeys = try ScoringKeyFile.beside(fileURL)
    }

    /// `SQLite` and the file's path, or `SQLite in memory`.
    public var location: String {
        "SQLite " + (fileURL?.path ?? "in memory")
    }

    /// Every write reaches the file or fails: nothing waits.
    public var journal: (any StoreJournal)? { nil }

    /// Runs `updates` in one IMMEDIATE transaction and returns its result once the
    /// transaction is committed and on disk. If `updates` throws, nothing is written.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { db in
            let result = try Self.commit(updates, in: db)
            lastDurableCommit.withLock { $0 = .now }
            return result
        }
    }

    /// Like `write`, for a heartbeat: a write that says a sitting is alive and how far it
    /// has come, made every few seconds while nothing else may be written. Its commit
    /// reaches the disk with the next durable commit (an answer, a log record) or, when
    /// none came for `heartbeatSyncInterval`, at once. Until then it survives the
    /// process's crash (the kernel has it) but not a power cut. So an idle sitting's
    /// heartbeat costs no fsync, and no wait for one, four times in five.
    func writeHeartbeat<T>(_ updates: (Database) throws -> T) throws -> T {
        let now = ContinuousClock.now
        let due = lastDurableCommit.withLock { last in
            Self.heartbeatMustSync(lastDurableCommit: last, now: now)
        }
        if due { return try write(updates) }
        return try writer.writeWithoutTransaction { db in
            // In WAL mode NORMAL commits without syncing the log; the next FULL commit
            // syncs it with this one in it. The pragma is the writer connection's own.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
            return try Self.commit(updates, in: db)
        }
    }

    /// Whether a heartbeat at `now` must reach the disk itself: no durable commit yet, or
    /// none for `heartbeatSyncInterval`.
    static func heartbeatMustSync(lastDurableCommit: ContinuousClock.Instant?, now: ContinuousClock.Instant) -> Bool {
        guard let lastDurableCommit else { return true }
        return now - lastDurableCommit >= heartbeatSyncInterval
    }

    /// Runs `updates` in an IMMEDIATE transaction on `db` and commits it; rolls back when
    /// `updates` throws.
    private static func commit<T>(_ updates: (Database) throws -> T, in db: Database) throws -> T {
        try db.beginTransaction(.immediate)
        do {
            let result = try updates(db)
            try db.commit()
            return result
        } catch {
            // The error from `updates` or `commit` says more than a failed rollback would.
            if db.isInsideTransaction { try? db.rollback() }
            throw error
        }
    }

    /// Runs `reads` on a snapshot of the committed data.
    func read<T>(_ reads: (Database) throws -> T) throws -> T {
        try writer.read(reads)
    }
}
