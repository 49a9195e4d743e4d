import AssessCore
import Foundation

/// Extra time for a candidate: a multiplier of the exam's duration or added minutes.
public enum ExtraTime: Sendable, Equatable, Codable, CustomStringConvertible {
    case none
    /// The duration times this factor, e.g. 1.5.
    case multiplier(Double)
    /// The duration plus this many minutes.
    case minutes(Int)

    /// Reads `1.5x`, `x2`, `2`, `15m` or `+15m`; `nil` for anything else. A multiplier
    /// is between 1 and 4; added minutes between 0 and 600.
    public init?(parsing text: String) {
        var text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "none" || text == "0" || text == "0m" {
            self = .none
            return
        }
        if text.hasSuffix("m") {
            text.removeLast()
            if text.hasPrefix("+") { text.removeFirst() }
            guard let minutes = Int(text), (1...600).contains(minutes) else { return nil }
            self = .minutes(minutes)
            return
        }
        if text.hasSuffix("x") { text.removeLast() } else if text.hasPrefix("x") { text.removeFirst() }
        guard let factor = Double(text), factor >= 1, factor <= 4 else { return nil }
        self = factor == 1 ? .none : .multiplier(factor)
    }

    /// The seconds allowed for an exam of `duration` seconds.
    public func seconds(for duration: Int) -> Int {
        switch self {
        case .none: return duration
        case .multiplier(let factor): return Int((Double(duration) * factor).rounded())
        case .minutes(let minutes): return duration + minutes * 60
        }
    }

    /// `none`, `1.5x` or `+15m`, as the flag takes it.
    public var description: String {
        switch self {
        case .none: return "none"
        case .multiplier(let factor): return "\(factor.formatted(.number.grouping(.never)))x"
        case .minutes(let minutes): return "+\(minutes)m"
        }
    }
}

/// The breaks a candidate may take; break time does not count against the exam.
public struct BreakAllowance: Sendable, Equatable, Codable, CustomStringConvertible {
    /// How many breaks.
    public var count: Int
    /// The longest each may last, in minutes.
    public var minutes: Int

    /// No breaks.
    public static let none = BreakAllowance(count: 0, minutes: 0)

    public init(count: Int, minutes: Int) {
        self.count = count
        self.minutes = minutes
    }

    /// Reads `2x10m` (two breaks of up to ten minutes) or `none`.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "none" || text == "0" {
            self = .none
            return
        }
        let parts = text.split(separator: "x")
        guard parts.count == 2, let count = Int(parts[0]), (1...10).contains(count),
            parts[1].hasSuffix("m"), let minutes = Int(parts[1].dropLast()), (1...120).contains(minutes)
        else { return nil }
        self.init(count: count, minutes: minutes)
    }

    /// `none` or `2x10m`.
    public var description: String {
        count == 0 ? "none" : "\(count)x\(minutes)m"
    }
}

/// What the proctor sets before handing the terminal over: the analogue of Guided
/// Access's options. Kept with the attempt, so that a resumed attempt keeps them.
public struct LaunchSettings: Sendable, Equatable, Codable {
    /// Extra time for this candidate.
    public var extraTime: ExtraTime
    /// The breaks this candidate may take.
    public var breaks: BreakAllowance
    /// Each restriction's state by id, where the proctor set one: `true` allows the feature.
    public var restrictionStates: [String: Bool]
    /// Suggestion features the exam allows that the proctor turned off.
    public var disabledSuggestions: Set<SuggestionFeature>
    /// The accessibility settings the sitting starts with.
    public var accessibility: AccessibilitySettings
    /// The language the student's screens spoke when the attempt started, so that `resume`
    /// speaks it too (an exam in several languages, `mul`, takes the student's); `nil`
    /// until the attempt starts, and in settings stored before it was kept.
    public var language: InterfaceLanguage?

    public init(
        extraTime: ExtraTime = .none, breaks: BreakAllowance = .none,
        restrictionStates: [String: Bool] = [:], disabledSuggestions: Set<SuggestionFeature> = [],
        accessibility: AccessibilitySettings = AccessibilitySettings(), language: InterfaceLanguage? = nil
    ) {
        self.extraTime = extraTime
        self.breaks = breaks
        self.restrictionStates = restrictionStates
        self.disabledSuggestions = disabledSuggestions
        self.accessibility = accessibility
        self.language = language
    }

    /// Reads stored settings; those stored before accessibility settings existed have none,
    /// and those stored before the language was kept (or with a language this version does
    /// not speak) have no language, rather than failing to load.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        extraTime = try container.decode(ExtraTime.self, forKey: .extraTime)
        breaks = try container.decode(BreakAllowance.self, forKey: .breaks)
        restrictionStates = try container.decode([String: Bool].self, forKey: .restrictionStates)
        disabledSuggestions = try container.decode(Set<SuggestionFeature>.self, forKey: .disabledSuggestions)
        accessibility =
            try container.decodeIfPresent(AccessibilitySettings.self, forKey: .accessibility)
            ?? AccessibilitySettings()
        language = try container.decodeIfPresent(String.self, forKey: .language).flatMap(
            InterfaceLanguage.init(rawValue:))
    }

    /// The seconds the candidate has for `exam`.
    public func secondsAllowed(for exam: Exam) -> Int {
        extraTime.seconds(for: exam.durationSeconds)
    }

    /// The state of every restriction of `exam`: the proctor's where set, else the exam's default.
    public func restrictionStates(for exam: Exam) -> [String: Bool] {
        Dictionary(
            uniqueKeysWithValues: exam.restrictions.map { ($0.id, restrictionStates[$0.id] ?? $0.isOnByDefault) })
    }

    /// Sentences naming what in these settings does not fit `exam`; empty when all is well.
    public func problems(for exam: Exam) -> [String] {
        let known = exam.restrictions.map(\.id)
        var problems = restrictionStates.keys.sorted().filter { !known.contains($0) }.map { id in
            "exam \(exam.id) has no restriction \"\(id)\"\(DidYouMean.hint(for: id, in: known)); its restrictions: "
                + (known.isEmpty ? "none" : known.joined(separator: ", "))
        }
        for feature in disabledSuggestions.sorted() where !exam.suggestions.contains(feature) {
            problems.append("exam \(exam.id) does not allow \(feature.title), so there is nothing to turn off")
        }
        return problems
    }

    /// What the log records of these settings once the attempt starts: the
    /// accommodations, each restriction set away from its default, each suggestion
    /// turned off.
    public func proctorEvents(for exam: Exam) -> [SessionEvent] {
        var events: [SessionEvent] = [
            .proctor(
                .accommodationsSet(
                    extraTime: extraTime.description, secondsAllowed: secondsAllowed(for: exam),
                    breaks: breaks.description))
        ]
        for restriction in exam.restrictions {
            let allowed = restrictionStates[restriction.id] ?? restriction.isOnByDefault
            if allowed != restriction.isOnByDefault {
                events.append(.proctor(.restrictionChanged(id: restriction.id, allowed: allowed)))
            }
        }
        events += disabledSuggestions.sorted().map { .proctor(.suggestionTurnedOff($0)) }
        return events
    }

    /// The settings as one line of JSON, for the store.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads settings stored with `json`.
    public init?(json: String) {
        guard let decoded = try? JSONDecoder().decode(LaunchSettings.self, from: Data(json.utf8)) else { return nil }
        self = decoded
    }
}
