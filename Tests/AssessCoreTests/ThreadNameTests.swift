import Foundation
import Testing

@testable import AssessCore

/// Each of our threads shows its name where one counts its wake-ups.
@Suite struct ThreadNameTests {
    /// The calling thread's name as Linux keeps it.
    private static func callingThreadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .newlines)
    }

    @Test func theSittingsExecutorsThreadShowsItsNameCutToFifteenBytes() async {
        let executor = SittingExecutor(name: "assess engine of a test")
        let name = await Task(executorPreference: executor) { Self.callingThreadName() }.value
        #expect(name == "assess engine o")
    }
}
