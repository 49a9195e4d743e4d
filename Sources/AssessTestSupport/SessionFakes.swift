import AssessCore
import Synchronization

/// A clipboard that counts how often it was cleared, and can be made to fail.
public final class RecordingClipboard: ClipboardBackend {
    public let name: String
    private let state = Mutex<(clears: Int, failing: Bool)>((0, false))

    public init(name: String, failing: Bool = false) {
        self.name = name
        state.withLock { $0.failing = failing }
    }

    /// How many times `clear` succeeded.
    public var clearCount: Int { state.withLock { $0.clears } }

    public func clear() async throws -> String {
        try state.withLock {
            if $0.failing { throw ClipboardError(backend: name, reason: "the tool is not installed") }
            $0.clears += 1
            return "cleared"
        }
    }
}

/// A paste guard that remembers whether paste rejection is on, and can be made to fail.
public final class RecordingPasteGuard: PasteGuard {
    private let state = Mutex<(on: Bool, failEnable: Bool, failDisable: Bool)>((false, false, false))

    public init(failEnable: Bool = false, failDisable: Bool = false) {
        state.withLock {
            $0.failEnable = failEnable
            $0.failDisable = failDisable
        }
    }

    /// True while paste rejection is on.
    public var isOn: Bool { state.withLock { $0.on } }

    public func enablePasteRejection() throws {
        try state.withLock {
            if $0.failEnable { throw FakeFailure("the terminal refused bracketed paste") }
            $0.on = true
        }
    }

    public func disablePasteRejection() throws {
        try state.withLock {
            if $0.failDisable { throw FakeFailure("the terminal is gone") }
            $0.on = false
        }
    }
}

/// A student who answers the consent screen as told, and a count of how often asked.
public final class ScriptedConsent: ConsentPrompt {
    private let state: Mutex<(accepts: Bool, asked: Int)>

    public init(accepts: Bool) {
        state = Mutex((accepts, 0))
    }

    /// How many times the student was asked.
    public var timesAsked: Int { state.withLock { $0.asked } }

    public func askToLock(_ exam: ExamDescriptor, maximumHours: Double) async -> Bool {
        state.withLock {
            $0.asked += 1
            return $0.accepts
        }
    }
}

/// Surroundings fixed by the test: a terminal size and an optional data-directory problem.
public struct FixedSurroundings: SurroundingsProbe {
    public var size: TerminalSize?
    public var dataProblem: String?

    public init(size: TerminalSize? = TerminalSize(columns: 100, rows: 30), dataProblem: String? = nil) {
        self.size = size
        self.dataProblem = dataProblem
    }

    public func terminalSize() -> TerminalSize? { size }
    public func dataDirectoryProblem() -> String? { dataProblem }
}
