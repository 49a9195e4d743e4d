import Foundation

/// Finds the programs `swift build` made, next to the running test bundle.
public enum BuiltProducts {
    /// The build products directory (e.g. `.build/debug`).
    public static var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The path of the built executable `name`; fails the caller loudly when it is missing.
    public static func path(of name: String) throws -> String {
        var candidates = [directory.appendingPathComponent(name).path]
        // When the bundle path is relative or wrapped, fall back to the current build folder.
        candidates.append(FileManager.default.currentDirectoryPath + "/.build/debug/\(name)")
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw MissingProduct(name: name, lookedIn: candidates)
    }

    /// A built program was not found.
    public struct MissingProduct: Error, CustomStringConvertible {
        public var name: String
        public var lookedIn: [String]
        public var description: String { "\(name) was not built; looked in \(lookedIn.joined(separator: ", "))" }
    }
}
