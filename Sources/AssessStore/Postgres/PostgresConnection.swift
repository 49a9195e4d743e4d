import CLibpq
import Foundation

/// What PostgreSQL (or libpq on its way there) reported.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The five-character SQLSTATE of a statement's error; nil when no statement ran
    /// (the connection itself failed).
    public var sqlState: String?
    /// The server's or libpq's message, on one line.
    public var message: String

    /// One line for the person at the terminal.
    public var description: String { message }
}

/// One libpq connection (libpq loaded on first use, see `LibPQ`), used by one caller at a time.
///
/// Calls are synchronous: the sitting's writer already runs off the key loop, and a
/// command runs one statement after another. libpq starts no thread of its own, so an
/// idle connection costs no wake-up. When the server went away, the next call first tries
/// to connect again.
final class PostgresConnection: @unchecked Sendable {
    /// The libpq connection string or URL, as given.
    let conninfo: String
    private let pq: LibPQ
    private let lock = NSLock()
    /// Run on each new connection before anything else uses it (the first, and each after
    /// the server went away); what it runs may fail without failing the caller.
    private let prepare: (@Sendable (Session) -> Void)?
    // Guarded by `lock`.
    private var handle: OpaquePointer?

    /// Connects with `conninfo` (a libpq URL such as `postgresql:///assess?host=/run/postgresql`)
    /// and runs `prepare` on it, and again on each new connection after the server went away.
    ///
    /// - Throws: `PostgresError` with libpq's message when no connection can be made.
    init(_ conninfo: String, prepare: (@Sendable (Session) -> Void)? = nil) throws {
        self.conninfo = conninfo
        self.prepare = prepare
        pq = try LibPQ.shared()
        handle = try Self.connect(conninfo, pq)
        prepare?(Session(pq: pq, handle: handle))
    }

    deinit {
        pq.finish(handle)
    }

    /// What a connection is given unless its URL says otherwise: a server that does not
    /// answer (a dead host, a full network) is given up after `connect_timeout` seconds
    /// rather than never, and one that stops answering mid-statement across the network is
    /// found by the TCP keepalives and `tcp_user_timeout` within about 10 s; a seat then
    /// carries on without it.
    static let defaults: [(keyword: String, value: String)] = [
        ("connect_timeout", "5"), ("keepalives_idle", "5"), ("keepalives_interval", "2"), ("keepalives_count", "3"),
        ("tcp_user_timeout", "10000"),
    ]

    private static func connect(_ conninfo: String, _ pq: LibPQ) throws -> OpaquePointer? {
        // `dbname` last, expanded as a URL or connection string: what it names wins.
        let pairs = defaults + [("dbname", conninfo)]
        let keywords = pairs.map { strdup($0.keyword) }
        let values = pairs.map { strdup($0.value) }
        defer { for pointer in keywords + values { free(pointer) } }
        let handle = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywordList in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valueList in
                pq.connectdbParams(keywordList.baseAddress, valueList.baseAddress, 1)
            }
        }
        guard pq.status(handle) == CONNECTION_OK else {
            let message = Self.oneLine(pq.errorMessage(handle))
            pq.finish(handle)
            throw PostgresError(sqlState: nil, message: message)
        }
        // Notices (e.g. "relation already exists, skipping") are not for the terminal.
        _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
        return handle
    }

    /// libpq's messages end with a newline and may span lines; the store reports one line.
    static func oneLine(_ text: UnsafeMutablePointer<CChar>?) -> String {
        let message = text.map { String(cString: $0) } ?? "unknown error"
        return message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
    }

    /// Runs `body` with the connection to itself, reconnecting first if the server went away.
    func withSession<T>(_ body: (Session) throws -> T) throws -> T {
        try lock.withLock {
            if pq.status(handle) != CONNECTION_OK {
                pq.finish(handle)
                handle = nil
                handle = try Self.connect(conninfo, pq)
                prepare?(Session(pq: pq, handle: handle))
            }
            return try body(Session(pq: pq, handle: handle))
        }
    }

    /// Runs `body` in one transaction: committed (and durable, with the server's default
    /// `synchronous_commit`) when it returns, rolled back when it throws.
    func transaction<T>(_ body: (Session) throws -> T) throws -> T {
        try withSession { session in
            try session.execute("BEGIN")
            do {
                let result = try body(session)
                try session.execute("COMMIT")
                return result
            } catch {
                _ = try? session.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The connection while one caller holds it.
    struct Session {
        let pq: LibPQ
        let handle: OpaquePointer?

        /// Runs a script of several statements without parameters (a migration).
        func run(script: String) throws {
            let result = pq.exec(handle, script)
            defer { pq.clear(result) }
            try check(result)
        }

        /// Runs one statement with `parameters` as `$1`, `$2` … (text; nil is NULL) and
        /// returns its rows as text.
        @discardableResult
        func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgresRows {
            let copies = parameters.map { $0.map { strdup($0) } ?? nil }
            defer { for copy in copies { free(copy) } }
            let values = copies.map { UnsafePointer<CChar>($0) }
            let result = values.withUnsafeBufferPointer { buffer in
                pq.execParams(handle, sql, Int32(parameters.count), nil, buffer.baseAddress, nil, nil, 0)
            }
            defer { pq.clear(result) }
            try check(result)
            return PostgresRows(result, pq)
        }

        /// Throws the statement's error, if it failed.
        private func check(_ result: OpaquePointer?) throws {
            switch pq.resultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                return
            default:
                let state = pq.resultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
                let primary = pq.resultErrorField(result, Int32(UInt8(ascii: "M")))
                let message = PostgresConnection.oneLine(primary ?? pq.errorMessage(handle))
                throw PostgresError(sqlState: state, message: message)
            }
        }
    }
}

/// The rows a statement returned, as text (nil for NULL), read by column name.
struct PostgresRows {
    /// Each row, by column name.
    let rows: [[String: String]]

    init(_ result: OpaquePointer?, _ pq: LibPQ) {
        let columns = (0..<pq.nfields(result)).map { column in
            pq.fname(result, column).map { String(cString: $0) } ?? ""
        }
        rows = (0..<pq.ntuples(result)).map { row in
            var values: [String: String] = [:]
            for (index, name) in columns.enumerated() where pq.getisnull(result, row, Int32(index)) == 0 {
                values[name] = pq.getvalue(result, row, Int32(index)).map { String(cString: $0) } ?? ""
            }
            return values
        }
    }
}
