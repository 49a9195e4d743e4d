import AssessCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The store of one machine kept out of the exam account's reach: `assess` installed setgid
/// to the group `assess-store`, its SQLite store in `/var/lib/assess` (folder 2770
/// root:assess-store, files 0660), which the exam account can neither enter nor write. Run
/// setgid, the program takes no setting that could make it read or write elsewhere; see
/// docs/stores.md, "One machine, out of the student's reach".
public enum ProtectedStore {
    /// The folder of the protected store.
    public static let folder = "/var/lib/assess"
    /// The group the program is installed setgid to, and the store's files belong to.
    public static let group = "assess-store"
    /// The commands that keep the group: a sitting and looking after its terminal. Every
    /// other command drops it first (a proctor runs those as root or as a member of the group).
    public static let commandsKeepingTheGroup: Set<String> = ["take", "launch", "resume", "status", "unlock", "end"]
    /// The programs' search path for the clipboard tools.
    static let path = "/usr/bin:/bin"
    /// The variables kept from the student's environment: the terminal's, the language's
    /// (`LC_*` too) and the multiplexer's and display's, none of which names a file
    /// `assess` writes.
    static let kept: Set<String> = [
        "TERM", "COLORTERM", "NO_COLOR", "LANG", "LANGUAGE", "TMUX", "STY", "DISPLAY", "WAYLAND_DISPLAY",
    ]

    /// What is left of `environment` for a program run setgid: the variables in `kept`, the
    /// store's folder as the data directory, a fixed `PATH`, the account's own `home`, and the
    /// lock's folders (`ASSESS_LOCK_DIR`, `XDG_RUNTIME_DIR`) only when `mayWrite` says the
    /// account could write them by its own rights. Every other `ASSESS_*` and `XDG_*`, `HOME`,
    /// `TMPDIR` and `SQLITE_TMPDIR` is gone: the store, the policy (`/etc/assess/policy.yaml`)
    /// and the journal are where the machine puts them.
    public static func environment(
        from environment: [String: String], home: String?, mayWrite: (String) -> Bool
    ) -> [String: String] {
        var kept = environment.filter { name, _ in Self.kept.contains(name) || name.hasPrefix("LC_") }
        kept["ASSESS_DATA_DIR"] = folder
        kept["PATH"] = path
        if let home { kept["HOME"] = home }
        for name in ["ASSESS_LOCK_DIR", "XDG_RUNTIME_DIR"] {
            if let folder = environment.nonEmpty(name), folder.hasPrefix("/"), mayWrite(folder) {
                kept[name] = folder
            }
        }
        return kept
    }

    /// Run setgid by an account other than root, replaces this process's environment with
    /// `environment(from:…)` (SQLite and Foundation read theirs from the process, not from
    /// `Runtime`), and drops the group for good unless `command` is one of
    /// `commandsKeepingTheGroup`. Run setgid by root, only makes the protected folder the
    /// default data directory. Does nothing otherwise.
    /// Call it first, before any other thread or file.
    public static func confine(command: String?) {
        guard RealUser.borrowsGroup else { return }
        if getuid() == 0 {
            // Root reaches every file anyway: its settings stand (`ASSESS_STORE` for a lab's
            // server, say), and its store is the protected one unless it names another.
            if ProcessInfo.processInfo.environment["ASSESS_DATA_DIR"] == nil { setenv("ASSESS_DATA_DIR", folder, 1) }
            return
        }
        // `access` checks the real user and groups, not the lent group.
        let safe = environment(
            from: ProcessInfo.processInfo.environment, home: UserDatabase.homeDirectory(of: getuid()),
            mayWrite: { access($0, W_OK | X_OK) == 0 })
        clearenv()
        for (name, value) in safe { setenv(name, value, 1) }
        if !commandsKeepingTheGroup.contains(command ?? "") {
            let gid = getgid()
            // Setting the real group too sets the saved one: the group cannot come back.
            guard setregid(gid, gid) == 0 else {
                try? FileHandle.standardError.write(
                    contentsOf: Data("assess: cannot give up the group \(group); stopping\n".utf8))
                exit(1)
            }
        }
    }

    /// Who can change the SQLite store in `folder`, as `assess status` says it.
    public enum Protection: Equatable, Sendable {
        /// Only the group `group` writes it, which this account is not in.
        case protected(group: String)
        /// This account can write the folder, and so change the store outside `assess`.
        case writableByThisAccount
        /// Another account's folder: neither set up as protected nor this account's.
        case elsewhere
    }

    /// How the folder of a SQLite store is kept: protected when it is root's, of a group the
    /// real account is not in, mode 2770 or stricter for others, and this account (by its
    /// real ids, `access`) cannot write it.
    public static func protection(of folder: String) -> Protection {
        if access(folder, W_OK) == 0 { return .writableByThisAccount }
        var status = stat()
        guard stat(folder, &status) == 0, status.st_uid == 0, status.st_mode & S_ISGID != 0,
            status.st_mode & (S_IRWXO) == 0, status.st_gid != getgid()
        else { return .elsewhere }
        let name = getgrgid(status.st_gid).map { String(cString: $0.pointee.gr_name) } ?? "gid \(status.st_gid)"
        return .protected(group: name)
    }
}
