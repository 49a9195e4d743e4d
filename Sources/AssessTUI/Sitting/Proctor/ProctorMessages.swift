/// The messages the proctor sent from the monitor that the student has not yet
/// acknowledged, oldest first: each shows whole, in a box of its own, until the student
/// presses Enter, and the acknowledgement is logged for the monitor's timeline.
public struct ProctorMessages: Sendable, Equatable {
    /// One message, with the command that carried it and the proctor who sent it.
    public struct Message: Sendable, Equatable {
        public var id: Int64
        public var text: String
        public var from: String
    }

    /// The messages waiting to be acknowledged, oldest first.
    public private(set) var waiting: [Message] = []

    /// The message on screen: the oldest not yet acknowledged.
    public var current: Message? { waiting.first }

    /// A message arrived; it shows after those before it.
    mutating func receive(_ message: Message) {
        waiting.append(message)
    }

    /// The student acknowledged the message on screen.
    mutating func acknowledge() {
        if !waiting.isEmpty { waiting.removeFirst() }
    }
}
