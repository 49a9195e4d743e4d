import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The directory where `assess` keeps its durable state (the event log, attempts,
/// answers): `$ASSESS_DATA_DIR`, else `$XDG_STATE_HOME/assess`, else
/// `~/.local/state/assess`.
public struct DataDirectory: Sendable, Equatable {
    /// The directory's path.
    public let path: String

    /// The name of the file `writeProblem()` creates and removes.
    static let probeFileName = ".assess-write-probe"

    /// A data directory at `path`; nothing is created until asked.
    public init(path: String) {
        self.path = path
    }

    /// The data directory these environment variables name. Without `$HOME` the home
    /// directory comes from the password database.
    public init(environment: [String: String]) {
        if let directory = environment.nonEmpty("ASSESS_DATA_DIR") {
            path = directory
        } else if let state = environment.nonEmpty("XDG_STATE_HOME") {
            path = (state as NSString).appendingPathComponent("assess")
        } else {
            let home =
                environment.nonEmpty("HOME")
                ?? UserDatabase.homeDirectory(of: geteuid())
                ?? "/"
            path = (home as NSString).appendingPathComponent(".local/state/assess")
        }
    }

    /// Creates the directory (and missing parents) with mode 0700 when it is missing.
    public func create() throws {
        try FileSystem.makeDirectory(path, permissions: 0o700)
    }

    /// Creates the directory if needed, then proves it can be written: creates a probe
    /// file, writes a byte, `fsync`s it and removes it. Returns `nil` when that worked,
    /// else a sentence for the proctor saying what failed and where.
    public func writeProblem() -> String? {
        let probe = (path as NSString).appendingPathComponent(Self.probeFileName)
        do {
            try create()
            let file = try FileDescriptor.open(probe, flags: O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW)
            defer { file.close() }
            try file.replaceContents(with: Data([0x0a]))
            try FileSystem.removeFile(probe)
            return nil
        } catch {
            try? FileSystem.removeFile(probe)
            return
                "the data directory \(path) cannot be written (\(error)); set ASSESS_DATA_DIR to a writable directory"
        }
    }
}
