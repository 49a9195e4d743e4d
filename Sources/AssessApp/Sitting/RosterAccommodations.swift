import AssessCore
import AssessExam
import Foundation

/// A roster entry's accommodations, kept in the store as launch settings in JSON.
package enum RosterAccommodations {
    /// `settings` as the store keeps them: JSON with sorted keys.
    package static func encode(_ settings: LaunchSettings) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(settings), as: UTF8.self)
    }

    /// The settings of a stored entry; none for an entry added without accommodations.
    package static func decode(_ text: String) -> LaunchSettings {
        (try? JSONDecoder().decode(LaunchSettings.self, from: Data(text.utf8))) ?? LaunchSettings()
    }

    /// One line: `extra time 1.5x, breaks 2x10m, high contrast, deny back-navigation`, or `none`.
    package static func summary(_ settings: LaunchSettings) -> String {
        var parts: [String] = []
        if settings.extraTime != .none { parts.append("extra time \(settings.extraTime)") }
        if settings.breaks.count > 0 { parts.append("breaks \(settings.breaks)") }
        parts += settings.accessibility.enabled.sorted().map(\.title)
        let denied = settings.restrictionStates.filter { !$0.value }.keys.sorted()
        if !denied.isEmpty { parts.append("deny " + denied.joined(separator: " ")) }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
