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

/// Which suggestion features are on, and which the student may turn on. The session
/// owns the value; the editor asks it.
///
/// The rules: in practice every feature is available and all but autocorrect start on;
/// while locked only the features the exam allows and the proctor has not turned off
/// are available, and those start on. A feature outside ``available`` can never be on.
public struct SuggestionSettings: Sendable, Equatable {
    /// The features that are on.
    public private(set) var enabled: Set<SuggestionFeature>
    /// The features that may be on: the student can turn these on and off, and no others.
    public let available: Set<SuggestionFeature>

    /// Settings with `enabled` on; `available` defaults to `enabled`. Features that are
    /// not available are left off.
    public init(enabled: Set<SuggestionFeature>, available: Set<SuggestionFeature>? = nil) {
        let available = available ?? enabled
        self.available = available
        self.enabled = enabled.intersection(available)
    }

    /// Practice (unlocked) mode: everything a desktop offers, except autocorrect,
    /// which changes what the student typed and so is on only when asked for.
    public static let practice = SuggestionSettings(
        enabled: [.spellCheck, .wordCompletion, .textShortcuts],
        available: Set(SuggestionFeature.allCases))

    /// While locked: only what the exam allows and the proctor has not turned off.
    public static func locked(
        examAllows allowed: Set<SuggestionFeature>,
        proctorDisabled: Set<SuggestionFeature> = []
    ) -> SuggestionSettings {
        SuggestionSettings(enabled: allowed.subtracting(proctorDisabled))
    }

    /// True when `feature` is on.
    public func isEnabled(_ feature: SuggestionFeature) -> Bool {
        enabled.contains(feature)
    }

    /// True when the student may turn `feature` on (or off).
    public func isAvailable(_ feature: SuggestionFeature) -> Bool {
        available.contains(feature)
    }

    /// These settings with `feature` turned on or off, or `nil` when `feature` is not
    /// available (a locked exam that does not name it, or one the proctor turned off).
    public func setting(_ feature: SuggestionFeature, on: Bool) -> SuggestionSettings? {
        guard isAvailable(feature) else { return nil }
        var changed = self
        if on { changed.enabled.insert(feature) } else { changed.enabled.remove(feature) }
        return changed
    }
}
