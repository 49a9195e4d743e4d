import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init(_ label: String = "assess-platform-test") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The failure of a test helper: a tool missing, a server that never came up.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Waits until `condition` holds, checking every 10 ms; throws after `timeout` seconds.
func waitUntil(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { throw TestSetupError("timed out waiting for \(what)") }
        usleep(10_000)
    }
}

/// Milliseconds taken by `body`, on the monotonic clock, with its result.
func measure<Result>(_ body: () async throws -> Result) async rethrows -> (result: Result, milliseconds: Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try await body()
    return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
