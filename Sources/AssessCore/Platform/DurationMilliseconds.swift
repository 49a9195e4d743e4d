extension Duration {
    /// The span in whole milliseconds, rounded up: a wait of this many milliseconds never
    /// ends before the moment it waits for (and a wait a fraction of a millisecond long is
    /// 1, not a 0 that would spin).
    public var millisecondsRoundedUp: Int {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return Int(seconds) * 1000 + Int((attoseconds + perMillisecond - 1) / perMillisecond)
    }
}
