/// The editor features that reach beyond the student's own knowledge. Assessment mode
/// turns them off unless the exam names them.
public enum SuggestionFeature: String, CaseIterable, Codable, Sendable, Comparable {
    case spellCheck = "spell-check"
    case wordCompletion = "word-completion"
    case autocorrect = "autocorrect"
    case textShortcuts = "text-shortcuts"

    /// A title for screens and messages.
    public var title: String {
        switch self {
        case .spellCheck: return "spell check"
        case .wordCompletion: return "word completion"
        case .autocorrect: return "autocorrect"
        case .textShortcuts: return "text shortcuts"
        }
    }

    public static func < (lhs: SuggestionFeature, rhs: SuggestionFeature) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// Which suggestion features are on. The session owns the value; the editor asks it.
public struct SuggestionSettings: Sendable, Equatable {
    /// The features that are on.
    public private(set) var enabled: Set<SuggestionFeature>

    public init(enabled: Set<SuggestionFeature>) {
        self.enabled = enabled
    }

    /// Practice (unlocked) mode: everything a desktop offers, except autocorrect,
    /// which changes what the student typed and so is on only when asked for.
    public static let practice = SuggestionSettings(enabled: [.spellCheck, .wordCompletion, .textShortcuts])

    /// While locked: only what the exam allows and the proctor has not turned off.
    public static func locked(examAllows allowed: Set<SuggestionFeature>,
                              proctorDisabled: Set<SuggestionFeature> = []) -> SuggestionSettings {
        SuggestionSettings(enabled: allowed.subtracting(proctorDisabled))
    }

    /// True when `feature` is on.
    public func isEnabled(_ feature: SuggestionFeature) -> Bool {
        enabled.contains(feature)
    }
}
