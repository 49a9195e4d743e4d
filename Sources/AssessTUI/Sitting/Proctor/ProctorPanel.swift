import AssessCore
import Foundation

/// The proctor's panel behind the hidden key: a password prompt, then a menu of what
/// only a proctor may do (pause or resume, add time, end and submit, abort), each
/// asking for a reason that goes to the log. Pure state: the flow owns it while it is
/// open and carries out what it returns.
public struct ProctorPanel: Sendable, Equatable {
    /// What the proctor can do from the menu.
    public enum Action: String, Sendable, Equatable {
        case pause, resume, addTime, endExam, abort, close

        /// True when the action asks for a reason before it is carried out.
        var needsReason: Bool { self != .resume && self != .close }
    }

    /// Where the panel is.
    public enum Step: Sendable, Equatable {
        /// Typing the password (in ``ProctorPanel/entry``, masked).
        case password
        /// Waiting for the app to check the password.
        case checking
        /// The menu, with the highlighted action.
        case menu(selection: Int)
        /// Typing how many minutes to add (in ``ProctorPanel/entry``).
        case minutes
        /// Typing the reason for `action` (with the minutes, for added time) in ``ProctorPanel/entry``.
        case reason(action: Action, minutes: Int)
        /// Asking "are you sure?" before aborting for `reason`: `y` aborts, `n` or Esc goes back.
        case confirmAbort(reason: String)
    }

    /// What the flow should do after a key.
    public enum Outcome: Sendable, Equatable {
        case nothing
        /// Check this password.
        case checkPassword(String)
        /// Carry out `action` for `reason`.
        case perform(Action, minutes: Int, reason: String)
        /// Close the panel.
        case close
    }

    public private(set) var step: Step = .password
    /// The field of the step that takes typing: the password, the minutes or the reason.
    public private(set) var entry = ProctorPanel.field(for: .password)
    /// A line under the prompt: a wrong password, a missing reason.
    public private(set) var message: String?
    /// True when the exam is paused, so the menu offers resume instead of pause.
    public let examIsPaused: Bool
    /// The strings of the panel's messages.
    let text: Catalogue

    /// The longest password or reason the panel takes.
    static let maximumEntry = 200
    /// The most minutes that can be added at once.
    public static let maximumMinutes = SeatCommand.maximumMinutes

    public init(examIsPaused: Bool, text: Catalogue = .english) {
        self.examIsPaused = examIsPaused
        self.text = text
    }

    /// The menu's actions, in order.
    public var actions: [Action] {
        [examIsPaused ? .resume : .pause, .addTime, .endExam, .abort, .close]
    }

    /// True while keys typed are text (the password, the minutes, the reason): `?` is
    /// typed there, and only F1 opens the help.
    var takesText: Bool {
        switch step {
        case .menu, .confirmAbort: return false
        default: return true
        }
    }

    /// The app checked the password: open the menu, or ask again.
    mutating func passwordChecked(accepted: Bool, message: String? = nil) {
        go(to: accepted ? .menu(selection: 0) : .password)
        self.message = accepted ? nil : message
    }

    /// An empty field for what `step` asks: a password is masked, minutes are digits.
    static func field(for step: Step) -> LineField {
        switch step {
        case .password: return LineField(maximumLength: maximumEntry, masked: true)
        case .minutes: return LineField(characters: .digits, maximumLength: 3)
        default: return LineField(maximumLength: maximumEntry)
        }
    }

    /// Goes to `next`, with an empty field for it.
    private mutating func go(to next: Step) {
        step = next
        entry = Self.field(for: next)
    }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Outcome {
        if key == .escape {
            switch step {
            case .minutes, .reason, .confirmAbort:
                go(to: .menu(selection: 0))
                message = nil
                return .nothing
            default:
                return .close
            }
        }
        switch step {
        case .checking:
            return .nothing
        case .password:
            if key == .enter {
                let password = entry.text
                go(to: .checking)
                // "Checking…" alone: the last wrong password is not this one.
                message = nil
                return .checkPassword(password)
            }
            _ = entry.handle(key)
        case .menu(let selection):
            switch key {
            case .up: step = .menu(selection: max(0, selection - 1))
            case .down: step = .menu(selection: min(actions.count - 1, selection + 1))
            case .enter: return choose(actions[selection])
            default: break
            }
        case .minutes:
            if key == .enter {
                guard let minutes = Int(entry.text), (1...Self.maximumMinutes).contains(minutes) else {
                    message = text("panel.minutes-range", ["maximum": Self.maximumMinutes])
                    return .nothing
                }
                message = nil
                go(to: .reason(action: .addTime, minutes: minutes))
                return .nothing
            }
            _ = entry.handle(key)
        case .reason(let action, let minutes):
            if key == .enter {
                let reason = entry.text.trimmingCharacters(in: .whitespaces)
                guard !reason.isEmpty else {
                    message = text("panel.reason-needed")
                    return .nothing
                }
                message = nil
                // An abort cannot be undone and the attempt does not count: asked once more.
                if action == .abort {
                    go(to: .confirmAbort(reason: reason))
                    return .nothing
                }
                return .perform(action, minutes: minutes, reason: reason)
            }
            _ = entry.handle(key)
        case .confirmAbort(let reason):
            switch key {
            case .character("y"), .character("Y"): return .perform(.abort, minutes: 0, reason: reason)
            case .character("n"), .character("N"): go(to: .menu(selection: 0))
            default: break
            }
        }
        return .nothing
    }

    private mutating func choose(_ action: Action) -> Outcome {
        message = nil
        switch action {
        case .close: return .close
        case .resume: return .perform(.resume, minutes: 0, reason: "")
        case .addTime: go(to: .minutes)
        default: go(to: .reason(action: action, minutes: 0))
        }
        return .nothing
    }
}
