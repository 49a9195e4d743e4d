import Foundation

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
