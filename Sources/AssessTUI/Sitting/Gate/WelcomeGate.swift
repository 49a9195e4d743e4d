/// The welcome screen's gate. Without a common start Enter begins; with one the screen
/// waits until the proctor opens the sitting, or until the student types the start code
/// the proctor announces, and the exam's clock counts from the opening. Pure state: the
/// flow carries out what its keys return.
public struct WelcomeGate: Sendable, Equatable {
    /// The common start of a sitting with a roster.
    public enum CommonStart: Sendable, Equatable {
        /// No common start: Enter begins, and the clock starts at the first question.
        case none
        /// Waiting for the opening or a code (typed in ``WelcomeGate/startCode``); `refused`
        /// when the last code typed was wrong.
        case waiting(refused: Bool)
        /// The typed code is being checked with the store.
        case checking(String)
        /// Opened: the exam's clock counts from this moment.
        case opened(at: UInt64)
    }

    /// What the flow should do after a key on the welcome screen.
    enum Outcome: Sendable, Equatable {
        case nothing
        /// The student begins: ask for the lock.
        case begin
        /// The student leaves before beginning.
        case quit
        /// Ask the store whether this is the sitting's start code.
        case checkCode(String)
    }

    /// The longest start code the welcome screen takes.
    static let longestStartCode = 12
    /// The start code's field as the welcome screen opens, and again after a wrong code.
    static let emptyStartCode = LineField(characters: .code, maximumLength: longestStartCode)

    /// Where the sitting's common start stands.
    public private(set) var commonStart: CommonStart
    /// The start code typed while the screen waits for the common start.
    public private(set) var startCode = WelcomeGate.emptyStartCode

    init(waitsForOpening: Bool) {
        commonStart = waitsForOpening ? .waiting(refused: false) : .none
    }

    /// True when the sitting was made to wait for its common start.
    var waitsForOpening: Bool { commonStart != .none }

    /// True while the welcome screen waits for the common start.
    var isWaiting: Bool {
        switch commonStart {
        case .waiting, .checking: return true
        case .none, .opened: return false
        }
    }

    /// The moment the sitting opened, once it has.
    var openedAt: UInt64? {
        if case .opened(let moment) = commonStart { return moment }
        return nil
    }

    /// Applies one key of the welcome screen.
    mutating func handle(_ key: Key) -> Outcome {
        guard isWaiting else {
            switch key {
            case .enter: return .begin
            case .character("q"), .escape, .control("c"): return .quit
            default: return .nothing
            }
        }
        if key == .escape || key == .control("c") { return .quit }
        guard case .waiting = commonStart else { return .nothing }
        if key == .enter {
            guard !startCode.text.isEmpty else { return .nothing }
            commonStart = .checking(startCode.text)
            return .checkCode(startCode.text)
        }
        if startCode.handle(key) == .changed { commonStart = .waiting(refused: false) }
        return .nothing
    }

    /// The sitting opened at `moment`; false when the gate was not waiting for it.
    mutating func open(at moment: UInt64) -> Bool {
        guard isWaiting else { return false }
        commonStart = .opened(at: moment)
        return true
    }

    /// True while a typed code is with the store.
    var isCheckingCode: Bool {
        if case .checking = commonStart { return true }
        return false
    }

    /// The store did not take the code: the field empties, and says "wrong code" when
    /// `wrong` (not when the store could not be asked).
    mutating func codeNotTaken(wrong: Bool) {
        startCode = Self.emptyStartCode
        commonStart = .waiting(refused: wrong)
    }

    /// The moment the store's "opened `secondsAgo` seconds ago" means at monotonic `now`
    /// (at most a day back).
    static func opening(secondsAgo: Double, now: UInt64) -> UInt64 {
        let ago = UInt64(max(0, min(secondsAgo, 24 * 3600)) * 1e9)
        return now > ago ? now - ago : 0
    }
}
