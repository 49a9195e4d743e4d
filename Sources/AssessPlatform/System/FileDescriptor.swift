import AssessCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Which file a descriptor or a path refers to: equal identities mean the same file,
/// even when one was reached through an open descriptor and the other through a path.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
}

extension FileIdentity {
    init(_ status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}

/// What the lock file needs to know of an open file's status.
struct FileStatus {
    var identity: FileIdentity
    var owner: uid_t
    var modified: Date
}

extension FileStatus {
    init(_ status: stat) {
        self.init(
            identity: FileIdentity(status), owner: status.st_uid,
            modified: Date(
                timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec)
                    + TimeInterval(status.st_mtim.tv_nsec) / 1e9))
    }
}

/// An open file descriptor with the few operations the lock file needs. Each method
/// wraps one system call, retries it when a signal interrupts it, and throws a
/// `SystemCallError` naming the call and the file instead of returning -1.
///
/// The descriptor is a plain value: whoever opens it calls `close()` exactly once.
struct FileDescriptor {
    /// The path the descriptor was opened with, for error messages.
    let path: String
    private let rawValue: Int32

    /// Opens `path` with `flags` (`O_RDWR | O_CREAT ...`); `O_CLOEXEC` is always added,
    /// so a program `assess` starts never inherits the lock.
    static func open(_ path: String, flags: Int32, permissions: mode_t = 0o600) throws(SystemCallError)
        -> FileDescriptor
    {
        let raw = retryingInterrupts { Glibc.open(path, flags | O_CLOEXEC, permissions) }
        guard raw >= 0 else { throw SystemCallError("open", path: path) }
        return FileDescriptor(path: path, rawValue: raw)
    }

    /// The kinds of `flock` lock.
    enum LockKind {
        /// Many holders at once; conflicts with an exclusive lock.
        case shared
        /// One holder only.
        case exclusive
    }

    /// Takes a `flock` lock without waiting. Returns false when another open file holds
    /// a conflicting lock (`EWOULDBLOCK`); throws on any other failure.
    func tryLock(_ kind: LockKind) throws(SystemCallError) -> Bool {
        let operation = (kind == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        if retryingInterrupts({ flock(rawValue, operation) }) == 0 { return true }
        let error = ErrorNumber.current
        if error == .wouldBlock { return false }
        throw SystemCallError("flock", path: path, error)
    }

    /// Drops this descriptor's `flock` lock.
    func unlock() throws(SystemCallError) {
        guard retryingInterrupts({ flock(rawValue, LOCK_UN) }) == 0 else {
            throw SystemCallError("flock", path: path)
        }
    }

    /// Reads the whole file from its start, whatever the current offset.
    func readAll() throws(SystemCallError) -> Data {
        var contents = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                retryingInterrupts { pread(rawValue, bytes.baseAddress, bytes.count, off_t(contents.count)) }
            }
            guard count >= 0 else { throw SystemCallError("pread", path: path) }
            if count == 0 { return contents }
            contents.append(contentsOf: buffer[0..<count])
        }
    }

    /// Replaces the file's contents with `data` and waits until it is on disk:
    /// truncate, write from the start, `fsync`.
    func replaceContents(with data: Data) throws(SystemCallError) {
        try truncate()
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { bytes in
                retryingInterrupts {
                    pwrite(rawValue, bytes.baseAddress! + written, bytes.count - written, off_t(written))
                }
            }
            guard count > 0 else { throw SystemCallError("pwrite", path: path) }
            written += count
        }
        guard retryingInterrupts({ fsync(rawValue) }) == 0 else { throw SystemCallError("fsync", path: path) }
    }

    /// Gives the file this owner and group (`fchown`).
    func setOwner(user: uid_t, group: gid_t) throws(SystemCallError) {
        guard fchown(rawValue, user, group) == 0 else { throw SystemCallError("fchown", path: path) }
    }

    /// Sets the file's permission bits (`fchmod`), whatever the umask took from them at creation.
    func setMode(_ mode: mode_t) throws(SystemCallError) {
        guard fchmod(rawValue, mode) == 0 else { throw SystemCallError("fchmod", path: path) }
    }

    /// Cuts the file to zero bytes.
    func truncate() throws(SystemCallError) {
        guard retryingInterrupts({ ftruncate(rawValue, 0) }) == 0 else {
            throw SystemCallError("ftruncate", path: path)
        }
    }

    /// The open file's identity, owner and last modification time (`fstat`).
    func status() throws(SystemCallError) -> FileStatus {
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { throw SystemCallError("fstat", path: path) }
        return FileStatus(status)
    }

    /// Closes the descriptor, which also drops any `flock` lock held through it. On
    /// Linux the descriptor is gone even when `close` reports an error, so there is
    /// nothing to retry and nothing to report.
    func close() {
        _ = Glibc.close(rawValue)
    }
}

/// Path-based file system calls, wrapped like `FileDescriptor`'s.
enum FileSystem {
    /// The identity of the file at `path` (`stat`), or `nil` when there is none.
    static func identity(ofPath path: String) throws(SystemCallError) -> FileIdentity? {
        var status = stat()
        if stat(path, &status) == 0 { return FileIdentity(status) }
        let error = ErrorNumber.current
        if error == .noSuchFile { return nil }
        throw SystemCallError("stat", path: path, error)
    }

    /// Removes the file at `path`; a file that is already gone is not an error.
    static func removeFile(_ path: String) throws(SystemCallError) {
        if unlink(path) == 0 { return }
        let error = ErrorNumber.current
        if error == .noSuchFile { return }
        throw SystemCallError("unlink", path: path, error)
    }

    /// Creates the directory `path` and any missing parents, each with `permissions`.
    /// A directory that already exists is left as it is.
    static func makeDirectory(_ path: String, permissions: mode_t) throws(SystemCallError) {
        if mkdir(path, permissions) == 0 { return }
        let error = ErrorNumber.current
        switch error {
        case .fileExists:
            return
        case .noSuchFile:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { throw SystemCallError("mkdir", path: path, error) }
            try makeDirectory(parent, permissions: permissions)
            guard mkdir(path, permissions) == 0 || ErrorNumber.current == .fileExists else {
                throw SystemCallError("mkdir", path: path)
            }
        default:
            throw SystemCallError("mkdir", path: path, error)
        }
    }
}
