import Foundation

/// What a proctor at the monitor asks of one seat: kept in the store until the seat
/// picks it up, carries it out and acknowledges it. Only the proctor's role may issue one.
public struct SeatCommand: Sendable, Equatable, Codable {
    /// What the seat is asked to do.
    public enum Action: String, Sendable, CaseIterable, Codable {
        /// Hide the screen and stop the timer.
        case pause
        /// Show the screen again and restart the timer.
        case resume
        /// Add `minutes` to the candidate's time.
        case addTime = "add-time"
        /// End the exam and submit the answers as they stand.
        case end
        /// Allow one break more than the launch settings gave.
        case extraBreak = "extra-break"
        /// Show `message` on the student's screen.
        case message
        /// Tell the student the proctor saw the raised hand and is coming.
        case acknowledgeHand = "hand-acknowledged"

        /// How the monitor's menu names it.
        public var title: String {
            switch self {
            case .pause: return "Pause (hide the screen, stop the timer)"
            case .resume: return "Resume"
            case .addTime: return "Add time"
            case .end: return "End the exam and submit"
            case .extraBreak: return "Allow an extra break"
            case .message: return "Send a message"
            case .acknowledgeHand: return "Acknowledge the raised hand"
            }
        }
    }

    /// The most minutes one command may add (the PostgreSQL store checks it too).
    public static let maximumMinutes = 240

    /// The minutes an `addTime` command with `minutes` adds, as the seat and the store add
    /// them: one when it names none, at most ``maximumMinutes``.
    public static func minutesAdded(_ minutes: Int?) -> Int {
        min(max(minutes ?? 1, 1), maximumMinutes)
    }

    /// The store's number for it, in the order commands were issued.
    public var id: Int64
    public var action: Action
    /// Minutes to add (`addTime` only).
    public var minutes: Int?
    /// The text to show (`message` only).
    public var message: String?
    /// Why, for the log.
    public var reason: String
    /// Who issued it (the proctor's account or role).
    public var issuedBy: String

    public init(
        id: Int64, action: Action, minutes: Int? = nil, message: String? = nil, reason: String, issuedBy: String
    ) {
        self.id = id
        self.action = action
        self.minutes = minutes
        self.message = message
        self.reason = reason
        self.issuedBy = issuedBy
    }
}
