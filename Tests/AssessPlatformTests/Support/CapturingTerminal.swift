import AssessCore
import Synchronization

/// A terminal that keeps what is written to it, or fails every write.
final class CapturingTerminal: TerminalWriter {
    private let written = Mutex<[String]>([])
    let failure: (any Error & Sendable)?

    init(failing failure: (any Error & Sendable)? = nil) { self.failure = failure }

    var output: [String] { written.withLock { $0 } }

    func write(_ sequence: String) throws {
        if let failure { throw failure }
        written.withLock { $0.append(sequence) }
    }
}
