import Foundation

/// The package's root folder, where `Exams/`, `docs/` and `Package.swift` are, for tests
/// that read the project's own files or run the binary from there.
public enum PackageRoot {
    /// The root folder's path (found from this file's place in `Sources/AssessTestSupport/`).
    public static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}
