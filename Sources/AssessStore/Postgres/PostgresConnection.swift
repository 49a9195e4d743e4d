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

/// One libpq connection, used by one caller at a time.
///
/// Calls are synchronous: the sitting's writer already runs off the key loop, and a
/// command runs one statement after another. libpq starts no thread of its own, so an
/// idle connection costs no wake-up. When the server went away, the next call first tries
/// to connect again.
final class PostgresConnection: @unchecked Sendable {
    /// The libpq connection string or URL, as given.
    let conninfo: String
    private let lock = NSLock()
    // Guarded by `lock`.
    private var handle: OpaquePointer?

    /// Connects with `conninfo` (a libpq URL such as `postgresql:///assess?host=/run/postgresql`).
    ///
    /// - Throws: `PostgresError` with libpq's message when no connection can be made.
    init(_ conninfo: String) throws {
        self.conninfo = conninfo
        handle = try Self.connect(conninfo)
    }

    deinit {
        PQfinish(handle)
    }

    private static func connect(_ conninfo: String) throws -> OpaquePointer? {
        let handle = PQconnectdb(conninfo)
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.oneLine(PQerrorMessage(handle))
            PQfinish(handle)
            throw PostgresError(sqlState: nil, message: message)
        }
        // Notices (e.g. "relation already exists, skipping") are not for the terminal.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        return handle
    }

    /// libpq's messages end with a newline and may span lines; the store reports one line.
    static func oneLine(_ text: UnsafePointer<CChar>?) -> String {
        let message = text.map { String(cString: $0) } ?? "unknown error"
        return message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
    }

    /// Runs `body` with the connection to itself, reconnecting first if the server went away.
    func withSession<T>(_ body: (Session) throws -> T) throws -> T {
        try lock.withLock {
            if PQstatus(handle) != CONNECTION_OK {
                PQfinish(handle)
                handle = nil
                handle = try Self.connect(conninfo)
            }
            return try body(Session(handle: handle))
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
        let handle: OpaquePointer?

        /// Runs a script of several statements without parameters (a migration).
        func run(script: String) throws {
            let result = PQexec(handle, script)
            defer { PQclear(result) }
            try Self.check(result, handle)
        }

        /// Runs one statement with `parameters` as `$1`, `$2` … (text; nil is NULL) and
        /// returns its rows as text.
        @discardableResult
        func execute(_ sql: String, _ parameters: [String?] = []) throws -> PostgresRows {
            let copies = parameters.map { $0.map { strdup($0) } ?? nil }
            defer { copies.forEach { free($0) } }
            let values = copies.map { UnsafePointer<CChar>($0) }
            let result = values.withUnsafeBufferPointer { buffer in
                PQexecParams(handle, sql, Int32(parameters.count), nil, buffer.baseAddress, nil, nil, 0)
            }
            defer { PQclear(result) }
            try Self.check(result, handle)
            return PostgresRows(result)
        }

        /// Throws the statement's error, if it failed.
        private static func check(_ result: OpaquePointer?, _ handle: OpaquePointer?) throws {
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                return
            default:
                let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
                let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M")))
                let message = PostgresConnection.oneLine(primary ?? PQerrorMessage(handle))
                throw PostgresError(sqlState: state, message: message)
            }
        }
    }
}

/// The rows a statement returned, as text (nil for NULL), read by column name.
struct PostgresRows {
    /// Each row, by column name.
    let rows: [[String: String]]

    init(_ result: OpaquePointer?) {
        let columns = (0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) }
        rows = (0..<PQntuples(result)).map { row in
            var values: [String: String] = [:]
            for (index, name) in columns.enumerated() where PQgetisnull(result, row, Int32(index)) == 0 {
                values[name] = String(cString: PQgetvalue(result, row, Int32(index)))
            }
            return values
        }
    }
}
