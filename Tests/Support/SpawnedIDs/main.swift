// spawned-ids: starts one program as `ProcessSpawn` starts every program, for the spawn tests.
//
//   spawned-ids
//       Prints `own REAL EFFECTIVE` (this process's group ids), then starts
//       `grep ^Gid: /proc/self/status` with its output on this one's and waits for it,
//       so the started program's real, effective, saved and file-system group ids follow
//       on a `Gid:` line. A test runs a setgid copy of this program: the started program
//       must not keep the group the copy was lent.
import AssessPlatform
import Foundation

FileHandle.standardOutput.write(Data("own \(getgid()) \(getegid())\n".utf8))
do {
    let pid = try ProcessSpawn.start(
        "/usr/bin/grep", ["^Gid:", "/proc/self/status"],
        streams: (.file("/dev/null", flags: O_RDONLY), .descriptor(1), .descriptor(2)))
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    exit(status == 0 ? 0 : 1)
} catch {
    FileHandle.standardOutput.write(Data("error \(error)\n".utf8))
    exit(1)
}
