import Foundation

/// A fresh directory under the system's temporary directory, so that each test gets
/// files, a lock directory or a database of its own. Removed by `remove()` or, at the
/// latest, when the last reference goes away.
public final class TemporaryDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// Creates the directory, named `label` plus a random suffix.
    public init(_ label: String = "assess-test") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path) }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Removes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
