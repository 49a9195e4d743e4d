import AssessCore
import AssessExam

/// The proctor's screen before the hand-over, as state: one row per setting (extra
/// time, breaks, each restriction the exam lists, each suggestion the exam allows, each
/// accessibility setting),
/// changed with the arrows and Space. `settings` is what the hand-over uses.
public struct LaunchSetup: Sendable, Equatable {
    /// One line of the screen.
    public enum Row: Sendable, Equatable {
        case extraTime
        case breaks
        case restriction(Restriction)
        case suggestion(SuggestionFeature)
        case accessibility(AccessibilityOption)
    }

    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        case stay
        case handOver
        case cancel
    }

    public let exam: Exam
    public let candidate: String
    public let rows: [Row]
    public private(set) var selection = 0
    public private(set) var settings: LaunchSettings
    /// The values ←/→ step through: the standard ones, and a flag's value that is not one of them.
    private let extraTimeOptions: [ExtraTime]
    private let breakOptions: [BreakAllowance]

    /// The extra-time values ←/→ step through.
    public static let extraTimeChoices: [ExtraTime] = [
        .none, .multiplier(1.25), .multiplier(1.5), .multiplier(2), .minutes(10), .minutes(15), .minutes(30),
    ]
    /// The break allowances ←/→ step through.
    public static let breakChoices: [BreakAllowance] = [
        .none, BreakAllowance(count: 1, minutes: 10), BreakAllowance(count: 2, minutes: 10),
        BreakAllowance(count: 1, minutes: 15), BreakAllowance(count: 2, minutes: 15),
        BreakAllowance(count: 3, minutes: 10),
    ]

    /// Starts from `settings` (the launch flags) for `exam`.
    public init(exam: Exam, candidate: String, settings: LaunchSettings) {
        self.exam = exam
        self.candidate = candidate
        self.settings = settings
        extraTimeOptions =
            Self.extraTimeChoices.contains(settings.extraTime)
            ? Self.extraTimeChoices : [settings.extraTime] + Self.extraTimeChoices
        breakOptions =
            Self.breakChoices.contains(settings.breaks) ? Self.breakChoices : [settings.breaks] + Self.breakChoices
        rows =
            [.extraTime, .breaks] + exam.restrictions.map(Row.restriction)
            + exam.suggestions.sorted().map(Row.suggestion) + AccessibilityOption.allCases.map(Row.accessibility)
    }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .up: selection = max(0, selection - 1)
        case .down, .tab: selection = min(rows.count - 1, selection + 1)
        case .left: change(by: -1)
        case .right, .character(" "): change(by: 1)
        case .enter: return .handOver
        case .escape, .character("q"): return .cancel
        default: break
        }
        return .stay
    }

    /// True when the feature behind `restriction` will be allowed.
    public func isAllowed(_ restriction: Restriction) -> Bool {
        settings.restrictionStates[restriction.id] ?? restriction.isOnByDefault
    }

    private mutating func change(by step: Int) {
        switch rows[selection] {
        case .extraTime:
            settings.extraTime = Self.cycle(extraTimeOptions, from: settings.extraTime, by: step)
        case .breaks:
            settings.breaks = Self.cycle(breakOptions, from: settings.breaks, by: step)
        case .restriction(let restriction):
            let allowed = !isAllowed(restriction)
            settings.restrictionStates[restriction.id] = allowed == restriction.isOnByDefault ? nil : allowed
        case .suggestion(let feature):
            if settings.disabledSuggestions.contains(feature) {
                settings.disabledSuggestions.remove(feature)
            } else {
                settings.disabledSuggestions.insert(feature)
            }
        case .accessibility(let option):
            settings.accessibility.set(option, on: !settings.accessibility.isOn(option))
        }
    }

    /// The value `step` places from `current` among `choices`.
    private static func cycle<T: Equatable>(_ choices: [T], from current: T, by step: Int) -> T {
        let index = choices.firstIndex(of: current) ?? 0
        return choices[(index + step + choices.count) % choices.count]
    }
}
