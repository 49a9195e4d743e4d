import Crypto
import Foundation

/// A deterministic stream of random numbers for one purpose ("the order of section 2",
/// "the choices of question q3"), derived from a candidate's seed. The stream does not
/// depend on the Swift version or platform: block `n` is SHA-256(seed ‖ purpose ‖ n), and
/// each number is read from a block's first 8 bytes, big-endian.
struct SeededStream {
    private let prefix: Data
    private var counter: UInt64 = 0

    /// A stream for `purpose`, from a 32-byte `seed`.
    init(seed: Data, purpose: String) {
        prefix = seed + Data("\n\(purpose)\n".utf8)
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        var block = prefix
        withUnsafeBytes(of: counter.bigEndian) { block.append(contentsOf: $0) }
        counter += 1
        return SHA256.hash(data: block).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A uniform number in `0..<bound`, by rejecting the few values that would bias it.
    mutating func next(below bound: Int) -> Int {
        let bound = UInt64(bound)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = next()
            if value < limit { return Int(value % bound) }
        }
    }

    /// `0..<count` in a shuffled order (Fisher–Yates, from the last position down).
    mutating func permutation(of count: Int) -> [Int] {
        var order = Array(0..<count)
        for position in stride(from: count - 1, to: 0, by: -1) {
            order.swapAt(position, next(below: position + 1))
        }
        return order
    }
}
