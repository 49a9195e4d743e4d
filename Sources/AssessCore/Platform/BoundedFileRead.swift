import Foundation

/// Reads a file named by a person (a policy, a question bank) through a file handle, at
/// most one byte past a limit. `FileManager.contents(atPath:)` answers nil for a character
/// device such as /dev/null and reads /dev/zero until memory runs out; this reads any
/// readable file, device or pipe, and stops at the limit.
public enum BoundedFileRead {
    /// Why a file could not be read.
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing is at the path.
        case missing
        /// The file is there but cannot be opened or read (permissions, a folder).
        case unreadable(String)
        /// The file holds more than the limit.
        case tooLarge(limit: Int)
    }

    /// The bytes of the file at `path`, refusing one of more than `limit` bytes after
    /// reading only `limit + 1` of them.
    public static func contents(atPath path: String, limit: Int) throws(Failure) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing }
        if isFolder.boolValue { throw .unreadable("it is a folder") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("check its permissions") }
        defer { try? handle.close() }
        var data = Data()
        do {
            // A device or pipe may hand over less than asked at a time: read until the end
            // or one byte past the limit.
            while data.count <= limit {
                guard let chunk = try handle.read(upToCount: min(limit + 1 - data.count, 1 << 20)), !chunk.isEmpty
                else { break }
                data.append(chunk)
            }
        } catch {
            throw .unreadable("\(error.localizedDescription); check that it is a file and readable")
        }
        guard data.count <= limit else { throw .tooLarge(limit: limit) }
        return data
    }
}
