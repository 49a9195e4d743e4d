import Foundation

/// Reads `/proc/locks`, the kernel's table of file locks, to name the process holding a
/// `flock` on a file. Used only to describe a holder whose lock record is not written yet.
enum FlockTable {
    /// The pid of the process holding an exclusive `flock` on the file `identity`, or
    /// `nil` when the table cannot be read or has no such entry.
    ///
    /// A line looks like `3: FLOCK  ADVISORY  WRITE 4242 00:1a:12345 0 EOF`: the pid,
    /// then the device as hexadecimal `major:minor` and the inode in decimal. Lines for
    /// waiting lockers carry a `->` and are skipped.
    static func holder(of identity: FileIdentity, table: String? = nil) -> Int32? {
        guard let text = table ?? (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) else {
            return nil
        }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE" else { continue }
            let place = fields[5].split(separator: ":")
            guard place.count == 3,
                let major = UInt64(place[0], radix: 16), let minor = UInt64(place[1], radix: 16),
                let inode = UInt64(place[2]),
                inode == identity.inode, major == identity.major, minor == identity.minor
            else { continue }
            return Int32(fields[4])
        }
        return nil
    }
}

extension FileIdentity {
    /// The device's major number, decoded as glibc's `major()` does.
    var major: UInt64 { ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff)) }
    /// The device's minor number, decoded as glibc's `minor()` does.
    var minor: UInt64 { (device & 0xff) | ((device >> 12) & ~UInt64(0xff)) }
}
