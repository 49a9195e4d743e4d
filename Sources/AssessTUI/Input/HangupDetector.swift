import Glibc

/// Decides when failed reads mean the terminal is gone.
///
/// When the terminal closes and SIGHUP is caught or ignored, every `wget_wch` returns
/// `ERR` with `errno` EIO at once, forever. One such error could be a fluke; several in
/// a row, with no key between them, is a hangup.
public struct HangupDetector: Hashable, Sendable {
    /// How many consecutive EIO failures count as a hangup.
    public let threshold: Int
    private var consecutiveFailures = 0

    /// Creates a detector that reports a hangup after `threshold` EIO failures in a row.
    public init(threshold: Int = 3) {
        self.threshold = max(1, threshold)
    }

    /// Records one read: `inputError` is the errno of a failed read (`nil` for a key or
    /// a timeout). Returns true once the terminal should be considered gone.
    public mutating func record(inputError: Int32?) -> Bool {
        if inputError == EIO {
            consecutiveFailures += 1
        } else {
            consecutiveFailures = 0
        }
        return consecutiveFailures >= threshold
    }
}
