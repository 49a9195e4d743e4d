import Foundation
import Glibc

/// Replaces a whole file in one step, for configuration a crash must never leave half
/// written: the new contents go to a file beside it, which gets the old file's owner,
/// group and mode, is synced, then renamed over it. A symbolic link is followed, so the
/// file it names is replaced and the link stays.
public enum AtomicFile {
    /// Writes `data` as the contents of `path` (created with mode 0644 when it is new,
    /// and its folder with 0755).
    public static func replace(_ path: String, with data: Data) throws(SystemCallError) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var existing = stat()
        let exists = stat(target, &existing) == 0
        let folder = (target as NSString).deletingLastPathComponent
        try FileSystem.makeDirectory(folder, permissions: 0o755)
        let temporary = "\(folder)/.\((target as NSString).lastPathComponent).\(getpid()).new"
        let mode = exists ? existing.st_mode & 0o7777 : 0o644
        let file = try FileDescriptor.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: mode)
        defer {
            file.close()
            try? FileSystem.removeFile(temporary)
        }
        if exists {
            try file.setOwner(user: existing.st_uid, group: existing.st_gid)
        }
        try file.setMode(mode)
        try file.replaceContents(with: data)
        guard rename(temporary, target) == 0 else { throw SystemCallError("rename", path: target) }
    }
}
