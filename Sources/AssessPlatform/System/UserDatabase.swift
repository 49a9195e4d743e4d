#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Looks users up in the password database (`getpwuid_r`, the thread-safe form).
enum UserDatabase {
    /// The login name of user `uid`, or `nil` when the database has no entry for it.
    static func loginName(of uid: uid_t) -> String? {
        entry(of: uid) { String(cString: $0.pw_name) }
    }

    /// The home directory of user `uid`, or `nil` when the database has no entry for it.
    static func homeDirectory(of uid: uid_t) -> String? {
        entry(of: uid) { String(cString: $0.pw_dir) }
    }

    /// Calls `read` with the password entry of `uid` while the strings it points to
    /// (kept in a scratch buffer that grows when too small) are valid.
    private static func entry(of uid: uid_t, _ read: (passwd) -> String) -> String? {
        var record = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var size = 4096
        while size <= 1 << 20 {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            let status = getpwuid_r(uid, &record, buffer, size, &found)
            if status == ERANGE {
                size *= 2
                continue
            }
            guard status == 0, found != nil else { return nil }
            return read(record)
        }
        return nil
    }
}
