import CLibpq
import Foundation

/// The functions of libpq that `PostgresConnection` calls, found in `libpq.so.5` when the
/// first PostgreSQL store is opened rather than linked into `assess`: loading libpq and
/// its dependencies costs every process start (the SQLite default too) milliseconds and
/// megabytes it has no use for.
struct LibPQ: @unchecked Sendable {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer

    let connectdbParams:
        @convention(c) (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?,
            Int32
        ) -> Connection?
    let status: @convention(c) (Connection?) -> ConnStatusType
    let finish: @convention(c) (Connection?) -> Void
    let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
    let setNoticeProcessor:
        @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let exec: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Result?
    let execParams:
        @convention(c) (
            Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> Result?
    let resultStatus: @convention(c) (Result?) -> ExecStatusType
    let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let clear: @convention(c) (Result?) -> Void
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let fname: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    // For LISTEN (the proctor's monitor waits for the room to change).
    let socket: @convention(c) (Connection?) -> Int32
    let consumeInput: @convention(c) (Connection?) -> Int32
    let notifies: @convention(c) (Connection?) -> UnsafeMutablePointer<PGnotify>?
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// libpq, loaded once for the process; the error when it cannot be.
    static let loaded: Swift.Result<LibPQ, PostgresError> = load()

    /// libpq, or the error that says how to install it.
    static func shared() throws -> LibPQ {
        try loaded.get()
    }

    private static func load() -> Swift.Result<LibPQ, PostgresError> {
        guard let library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(
                PostgresError(
                    sqlState: nil,
                    message: "cannot load PostgreSQL's client library (\(reason)); install it: apt-get install libpq5"))
        }
        func symbol<T>(_ name: String) throws -> T {
            guard let address = dlsym(library, name) else {
                throw PostgresError(sqlState: nil, message: "libpq.so.5 lacks \(name); install Debian's libpq5")
            }
            return unsafeBitCast(address, to: T.self)
        }
        do {
            return .success(
                LibPQ(
                    connectdbParams: try symbol("PQconnectdbParams"), status: try symbol("PQstatus"),
                    finish: try symbol("PQfinish"),
                    errorMessage: try symbol("PQerrorMessage"), setNoticeProcessor: try symbol("PQsetNoticeProcessor"),
                    exec: try symbol("PQexec"), execParams: try symbol("PQexecParams"),
                    resultStatus: try symbol("PQresultStatus"), resultErrorField: try symbol("PQresultErrorField"),
                    clear: try symbol("PQclear"), ntuples: try symbol("PQntuples"), nfields: try symbol("PQnfields"),
                    fname: try symbol("PQfname"), getisnull: try symbol("PQgetisnull"),
                    getvalue: try symbol("PQgetvalue"),
                    socket: try symbol("PQsocket"), consumeInput: try symbol("PQconsumeInput"),
                    notifies: try symbol("PQnotifies"), freemem: try symbol("PQfreemem")))
        } catch let error as PostgresError {
            return .failure(error)
        } catch {
            return .failure(PostgresError(sqlState: nil, message: "\(error)"))
        }
    }
}
