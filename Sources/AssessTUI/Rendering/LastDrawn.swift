import Synchronization

/// The last thing made from the same inputs, for a part of a screen that every key draws
/// again though it seldom changes (a code question's brief, the sample runs' panel): made
/// again only when its inputs differ from the last time's.
final class LastDrawn<Inputs: Equatable & Sendable, Drawn: Sendable>: Sendable {
    private let last = Mutex<(inputs: Inputs, drawn: Drawn)?>(nil)

    /// What `draw` makes of `inputs`; the last result when the inputs are the same.
    func callAsFunction(_ inputs: Inputs, draw: (Inputs) -> Drawn) -> Drawn {
        if let last = last.withLock({ $0 }), last.inputs == inputs { return last.drawn }
        let drawn = draw(inputs)
        last.withLock { $0 = (inputs, drawn) }
        return drawn
    }
}
