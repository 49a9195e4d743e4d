import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The account that ran `assess`, apart from the group that the program file's setgid bit
/// lends it (see docs/stores.md, "One machine, out of the student's reach").
public enum RealUser {
    /// True when this process runs with an effective group (or user) other than its real one:
    /// the program file's setgid bit lent it. (An account whose own group that is needs no loan.)
    public static var borrowsGroup: Bool {
        getegid() != getgid() || geteuid() != getuid()
    }

    /// True when the account may read the open file `descriptor` by its own rights: by the
    /// file's mode bits for its user, one of its groups, or anyone, and never because the file
    /// belongs to the lent group (a file of the protected store) unless the account is a member.
    public static func mayRead(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let uid = getuid()
        if uid == 0 { return true }
        let member = status.st_gid == getgid() || supplementaryGroups().contains(status.st_gid)
        if status.st_gid == getegid() && !member { return false }
        if status.st_uid == uid { return status.st_mode & S_IRUSR != 0 }
        if member { return status.st_mode & S_IRGRP != 0 }
        return status.st_mode & S_IROTH != 0
    }

    /// The account's supplementary groups (unchanged by a setgid `exec`).
    private static func supplementaryGroups() -> Set<gid_t> {
        let count = getgroups(0, nil)
        guard count > 0 else { return [] }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let found = getgroups(count, &groups)
        return Set(groups.prefix(Int(max(found, 0))))
    }
}
