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
        /// Typing the password; the text is never drawn.
        case password(entry: String)
        /// Waiting for the app to check the password.
        case checking
        /// The menu, with the highlighted action.
        case menu(selection: Int)
        /// Typing how many minutes to add.
        case minutes(entry: String)
        /// Typing the reason for `action` (with the minutes, for added time).
        case reason(action: Action, minutes: Int, entry: String)
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

    public private(set) var step: Step = .password(entry: "")
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
        if case .menu = step { return false }
        return true
    }

    /// The app checked the password: open the menu, or ask again.
    mutating func passwordChecked(accepted: Bool, message: String? = nil) {
        step = accepted ? .menu(selection: 0) : .password(entry: "")
        self.message = accepted ? nil : message
    }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Outcome {
        if key == .escape {
            switch step {
            case .minutes, .reason:
                step = .menu(selection: 0)
                message = nil
                return .nothing
            default:
                return .close
            }
        }
        switch step {
        case .checking:
            return .nothing
        case .password(let entry):
            if key == .enter {
                step = .checking
                return .checkPassword(entry)
            }
            step = .password(entry: edit(entry, with: key))
        case .menu(let selection):
            switch key {
            case .up: step = .menu(selection: max(0, selection - 1))
            case .down: step = .menu(selection: min(actions.count - 1, selection + 1))
            case .enter: return choose(actions[selection])
            default: break
            }
        case .minutes(let entry):
            if key == .enter {
                guard let minutes = Int(entry), (1...Self.maximumMinutes).contains(minutes) else {
                    message = text("panel.minutes-range", ["maximum": Self.maximumMinutes])
                    return .nothing
                }
                message = nil
                step = .reason(action: .addTime, minutes: minutes, entry: "")
                return .nothing
            }
            if case .character(let character) = key, !character.isWholeNumber { return .nothing }
            step = .minutes(entry: String(edit(entry, with: key).prefix(3)))
        case .reason(let action, let minutes, let entry):
            if key == .enter {
                let reason = entry.trimmingCharacters(in: .whitespaces)
                guard !reason.isEmpty else {
                    message = text("panel.reason-needed")
                    return .nothing
                }
                return .perform(action, minutes: minutes, reason: reason)
            }
            step = .reason(action: action, minutes: minutes, entry: edit(entry, with: key))
        }
        return .nothing
    }

    private mutating func choose(_ action: Action) -> Outcome {
        message = nil
        switch action {
        case .close: return .close
        case .resume: return .perform(.resume, minutes: 0, reason: "")
        case .addTime: step = .minutes(entry: "")
        default: step = .reason(action: action, minutes: 0, entry: "")
        }
        return .nothing
    }

    private func edit(_ entry: String, with key: Key) -> String {
        switch key {
        case .character(let character) where entry.count < Self.maximumEntry:
            return entry + String(character)
        case .backspace:
            return String(entry.dropLast())
        default:
            return entry
        }
    }
}
