/// One accessibility setting of the exam screens. The proctor sets any of them before
/// the lock; the policy's `student-settings` says which the student may choose at
/// `assess take` and switch inside the exam.
public enum AccessibilityOption: String, CaseIterable, Codable, Sendable, Comparable {
    /// The strongest foreground/background pairs the terminal offers, bold for emphasis.
    case highContrast = "high-contrast"
    /// No colour at all; meaning is carried by words, symbols and attributes.
    case noColour = "no-colour"
    /// No blinking, and the header's clock changes once a minute until the last minute.
    case reducedMotion = "reduced-motion"
    /// One column, no box drawing, the cursor on the focused item, each state in words.
    case screenReader = "screen-reader"
    /// A blank line between choices and wider margins.
    case largerSpacing = "larger-spacing"
    /// No countdown in the header, ever (an accommodation): the time warnings still come,
    /// and Ctrl-T still tells the time left.
    case noCountdown = "no-countdown"

    /// A title for screens and messages.
    public var title: String {
        switch self {
        case .highContrast: return "high contrast"
        case .noColour: return "no colour"
        case .reducedMotion: return "reduced motion"
        case .screenReader: return "screen-reader layout"
        case .largerSpacing: return "larger spacing"
        case .noCountdown: return "no countdown timer"
        }
    }

    /// One sentence on what the setting does, for the proctor's screen and `--help`.
    public var detail: String {
        switch self {
        case .highContrast: return "The strongest colour pairs the terminal offers, and bold for emphasis."
        case .noColour: return "No colour at all: words and symbols carry every meaning."
        case .reducedMotion:
            return "No blinking cursor; the clock in the header changes once a minute until the last minute."
        case .screenReader:
            return
                "For a screen reader or braille display: one column, no boxes or lines, the cursor on the focused item, each state in words."
        case .largerSpacing: return "A blank line between choices and wider margins."
        case .noCountdown:
            return
                "No countdown in the header, even in the last minutes; the time warnings still come, and Ctrl-T tells the time left."
        }
    }

    public static func < (lhs: AccessibilityOption, rhs: AccessibilityOption) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// The accessibility settings of one sitting: which ``AccessibilityOption``s are on.
/// Stored with the attempt (as a sorted list of names) and logged when it starts and
/// whenever one changes.
public struct AccessibilitySettings: Sendable, Equatable, Codable {
    /// The settings that are on.
    public private(set) var enabled: Set<AccessibilityOption>

    /// Settings with `enabled` on (none by default: the standard look).
    public init(_ enabled: Set<AccessibilityOption> = []) {
        self.enabled = enabled
    }

    /// True when `option` is on.
    public func isOn(_ option: AccessibilityOption) -> Bool { enabled.contains(option) }

    /// Turns `option` on or off.
    public mutating func set(_ option: AccessibilityOption, on: Bool) {
        if on { enabled.insert(option) } else { enabled.remove(option) }
    }

    /// The names of the settings that are on, sorted, or `none`: for the log and messages.
    public var summary: String {
        enabled.isEmpty ? "none" : enabled.sorted().map(\.rawValue).joined(separator: ",")
    }

    public init(from decoder: any Decoder) throws {
        enabled = Set(try decoder.singleValueContainer().decode([AccessibilityOption].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(enabled.sorted())
    }
}
