/// A small random number generator with a fixed seed (SplitMix64), for tests and
/// measurements that must see the same "random" input every run, so that a failure names
/// an input that fails again.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    /// Starts the sequence at `state`.
    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
