#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A system call failed. Carries the call's name, the path it worked on (when there is
/// one) and the error number, and describes itself the way `perror` would:
/// `open(/run/assess/terminal.lock): Permission denied`.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed, e.g. `open`, `flock`.
    public var call: String
    /// The file the call worked on, if any.
    public var path: String?
    /// The error number the call set.
    public var errorNumber: ErrorNumber

    init(_ call: String, path: String? = nil, _ errorNumber: ErrorNumber = .current) {
        self.call = call
        self.path = path
        self.errorNumber = errorNumber
    }

    public var description: String {
        "\(call)(\(path ?? "")): \(errorNumber)"
    }
}

/// An `errno` value, named so that callers never handle a bare `Int32`.
public struct ErrorNumber: Sendable, Equatable, CustomStringConvertible {
    let code: Int32

    init(_ code: Int32) { self.code = code }

    /// The value of `errno` now; read it right after the failing call.
    static var current: ErrorNumber { ErrorNumber(errno) }

    static let wouldBlock = ErrorNumber(EWOULDBLOCK)
    static let noSuchFile = ErrorNumber(ENOENT)
    static let fileExists = ErrorNumber(EEXIST)

    /// The C library's sentence for this error, e.g. "No such file or directory".
    public var description: String {
        String(cString: strerror(code))
    }
}
