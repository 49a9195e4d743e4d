import Glibc

/// Decides when failed reads mean the terminal is gone.
///
/// Checked on this machine with tmux: when the terminal closes and SIGHUP is caught or
/// ignored, the next `wget_wch` returns `ERR` with `errno` EIO, and every later call
/// returns `ERR` at once with `errno` 0 — even a call that should block. So a failure
/// counts towards a hangup when it carries EIO, when it came back before its timeout
/// (and was not interrupted by a signal, EINTR), or when any EIO has been seen since
/// the last key. A key resets everything; several counted failures in a row are a hangup.
///
/// A terminal that hung up while no read waited gives no EIO at all: every read returns
/// at once with nothing (end of file), which a read that may not wait (a timeout of 0)
/// cannot tell from no key. Its input then reports the hang-up to `poll` (POLLHUP), and
/// such a failure counts as an EIO does.
///
/// A read that failed with EILSEQ consumed bytes that are not text in the terminal's
/// encoding (0xFF, a random byte): input arrived, so the terminal is there. It counts as a
/// key, never towards a hangup, however many come in a row.
public struct HangupDetector: Hashable, Sendable {
    /// What one read produced.
    public enum ReadResult: Hashable, Sendable {
        /// A key arrived.
        case key
        /// The read returned `ERR` with `errno` `errorNumber`. `early` is true when it
        /// returned well before its timeout (a blocking read has no timeout to reach).
        case failed(errorNumber: Int32, early: Bool)
        /// The read returned `ERR` and the terminal's input reports a hang-up (`poll`'s
        /// POLLHUP or POLLERR).
        case inputClosed
    }

    /// How many counted failures in a row make a hangup.
    public let threshold: Int
    private var consecutiveFailures = 0
    private var sawInputError = false

    /// Creates a detector that reports a hangup after `threshold` counted failures in a row.
    public init(threshold: Int = 3) {
        self.threshold = max(1, threshold)
    }

    /// Records one read and returns true once the terminal should be considered gone.
    public mutating func record(_ result: ReadResult) -> Bool {
        switch result {
        case .key, .failed(EILSEQ, _):
            consecutiveFailures = 0
            sawInputError = false
        case .inputClosed:
            sawInputError = true
            consecutiveFailures += 1
        case .failed(let errorNumber, let early):
            if errorNumber == EIO { sawInputError = true }
            if sawInputError || (early && errorNumber != EINTR) {
                consecutiveFailures += 1
            } else {
                consecutiveFailures = 0
            }
        }
        return consecutiveFailures >= threshold
    }
}
