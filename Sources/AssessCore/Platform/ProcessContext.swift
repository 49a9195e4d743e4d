/// Facts about the running process and the machine that a lock record needs.
/// The real values come from the operating system (`AssessPlatform`); tests pass fixed ones.
public struct ProcessContext: Sendable, Equatable {
    /// This process's id.
    public var pid: Int32
    /// The login name of the user running `assess`.
    public var userName: String
    /// The controlling terminal, e.g. `/dev/pts/3`, or `nil` when there is none.
    public var tty: String?
    /// The kernel's boot id (`/proc/sys/kernel/random/boot_id`); it changes at every boot.
    public var bootID: String

    public init(pid: Int32, userName: String, tty: String?, bootID: String) {
        self.pid = pid
        self.userName = userName
        self.tty = tty
        self.bootID = bootID
    }
}
