import AssessExam

/// The breaks of a sitting: those the candidate may take (the monitor may allow more) and
/// those taken.
struct BreakLedger: Sendable, Equatable {
    /// How long an extra break may last when the launch settings gave none.
    static let extraBreakMinutes = 10

    /// The breaks this candidate may take.
    var allowance: BreakAllowance
    /// How many breaks have been taken.
    private(set) var taken: Int

    /// Breaks the candidate may still take.
    var left: Int { max(0, allowance.count - taken) }

    /// Takes a break when one is left; returns whether it did.
    mutating func take() -> Bool {
        guard left > 0 else { return false }
        taken += 1
        return true
    }

    /// One break more, of `minutes` (or ``extraBreakMinutes``) when the launch settings gave none.
    mutating func allowOneMore(minutes: Int?) {
        allowance.count += 1
        if allowance.minutes == 0 { allowance.minutes = minutes ?? Self.extraBreakMinutes }
    }
}
