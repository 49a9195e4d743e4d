import AssessCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension ProcessContext {
    /// Where the kernel publishes the id of the current boot.
    public static let bootIDPath = "/proc/sys/kernel/random/boot_id"

    /// The boot id used when `/proc` cannot be read. Every lock record then carries the
    /// same id, so a lock from before a reboot looks stale (a proctor clears it) rather
    /// than silently ended.
    public static let unknownBootID = "unknown"

    /// The facts of the running process, read from the operating system: `getpid()`,
    /// the effective user's login name (`getpwuid_r`; `$USER` or the uid when the
    /// password database has no entry), the terminal on standard input (`ttyname_r`,
    /// `nil` when it is not a terminal) and the kernel's boot id.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProcessContext {
        ProcessContext(
            pid: getpid(), userName: currentUserName(environment: environment), tty: terminalName(), bootID: bootID())
    }

    /// The effective user's login name, as ``current(environment:)`` gives it, alone.
    public static func currentUserName(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let uid = geteuid()
        return UserDatabase.loginName(of: uid) ?? environment["USER"] ?? "uid \(uid)"
    }

    /// The kernel's boot id, or `unknownBootID` when it cannot be read.
    public static func bootID() -> String {
        guard let text = try? String(contentsOfFile: bootIDPath, encoding: .utf8) else { return unknownBootID }
        // One word on one line; split rather than trimmed, which would bridge to NSString.
        return text.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? unknownBootID
    }

    /// The device name of the terminal on standard input, e.g. `/dev/pts/3`.
    private static func terminalName() -> String? {
        let size = 256
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        defer { buffer.deallocate() }
        guard ttyname_r(0, buffer, size) == 0 else { return nil }
        return String(cString: buffer)
    }
}
