import AssessCore
import AssessTUI
import Foundation

/// A terminal for run-loop tests: it plays a script of keys and waits, moves a
/// ``ManualClock`` instead of sleeping, and keeps every frame drawn, with the real time
/// of each key and frame so that tests can tell whether a key waited for anything.
///
/// A script that means the terminal to go away says so with ``Step/hangUp``. When the
/// script runs out, no key comes; a sitting that has not ended by itself within the
/// timeout fails the script and gets a hang-up, so a test never waits forever.
public final class ScriptedTerminal: TerminalDevice {
    /// One step of the script.
    public enum Step: Sendable {
        /// The key arrives.
        case key(Key)
        /// Each character arrives as a key.
        case type(String)
        /// The keys arrive together while the program is busy: they wait, unread, as
        /// typed-ahead input (``hasPendingInput``) until it reads them or throws them away.
        case typeAhead([Key])
        /// The keys arrive the moment a frame showing `text` is drawn, before the program
        /// reads again, as typed-ahead input: a driver that answers what it sees at once.
        case typeAheadOnceShown(String, [Key])
        /// No key comes for this long: the manual clock moves on.
        case wait(seconds: Double)
        /// No key comes until the newest frame shows `text` (in real time, at most `timeout`).
        case screen(String)
        /// No key comes until `condition` holds (in real time, at most `timeout`); `what`
        /// names it in the failure.
        case until(String, @Sendable () -> Bool)
        /// The terminal goes away (the window closed, the connection dropped).
        case hangUp
        /// Something outside the terminal happens now (a disk starts failing, say).
        case act(@Sendable () -> Void)
    }

    /// Why a script could not go on.
    public struct ScriptFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public private(set) var size: TerminalSize
    /// Every frame drawn, oldest first.
    public private(set) var frames: [CellGrid] = []
    /// The real time each key was handed to the program, and each frame drawn.
    public private(set) var keyTimes: [ContinuousClock.Instant] = []
    public private(set) var frameTimes: [ContinuousClock.Instant] = []
    /// The first step that could not be carried out, if any.
    public private(set) var failure: ScriptFailure?
    /// The typed-ahead keys the program threw away unread, oldest first.
    public private(set) var discardedKeys: [Key] = []

    private var steps: [Step]
    private let clock: ManualClock
    private let timeout: Duration
    private var waitingSince: ContinuousClock.Instant?
    /// Keys of a ``Step/typeAhead(_:)`` not read yet.
    private var typedAhead: [Key] = []

    public init(
        size: TerminalSize = TerminalSize(columns: 100, rows: 30), clock: ManualClock, steps: [Step],
        timeout: Duration = .seconds(10)
    ) {
        self.size = size
        self.clock = clock
        self.timeout = timeout
        self.steps = steps.flatMap { step -> [Step] in
            if case .type(let text) = step { return text.map { .key(.character($0)) } }
            return [step]
        }
    }

    /// The newest frame's text, a line per row.
    public var screen: String {
        frames.last.map { $0.lines().joined(separator: "\n") } ?? ""
    }

    public func draw(_ grid: CellGrid) {
        frames.append(grid)
        frameTimes.append(.now)
        if case .typeAheadOnceShown(let text, let keys)? = steps.first, screen.contains(text) {
            steps.removeFirst()
            typedAhead += keys
        }
    }

    public var hasPendingInput: Bool { !typedAhead.isEmpty }

    public func discardTypedAhead() {
        discardedKeys += typedAhead
        typedAhead = []
    }

    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        guard failure == nil else { return .hangup }
        if !typedAhead.isEmpty {
            keyTimes.append(.now)
            return typedAhead.removeFirst()
        }
        guard let step = steps.first else {
            return proceed(when: false, "the sitting to end after the script's last step")
        }
        switch step {
        case .hangUp:
            steps.removeFirst()
            return .hangup
        case .act(let action):
            steps.removeFirst()
            action()
            return nil
        case .key(let key):
            steps.removeFirst()
            keyTimes.append(.now)
            return key
        case .typeAhead(let keys):
            steps.removeFirst()
            typedAhead = keys
            return nil
        case .type:
            preconditionFailure("typed text is split into keys when the script is made")
        case .wait(let seconds):
            steps.removeFirst()
            clock.advance(by: seconds)
            return nil
        case .screen(let text), .typeAheadOnceShown(let text, _):
            return proceed(when: screen.contains(text), "the screen to show \"\(text)\"")
        case .until(let what, let condition):
            return proceed(when: condition(), what)
        }
    }

    /// Takes the step when `met`; otherwise gives the program a moment, failing the
    /// script when the step has waited longer than the timeout.
    private func proceed(when met: Bool, _ what: String) -> Key? {
        if met {
            steps.removeFirst()
            waitingSince = nil
            return nil
        }
        let since = waitingSince ?? .now
        waitingSince = since
        if ContinuousClock.now - since > timeout {
            failure = ScriptFailure(description: "timed out waiting for \(what); the screen was:\n\(screen)")
            return .hangup
        }
        Thread.sleep(forTimeInterval: 0.001)
        return nil
    }
}
