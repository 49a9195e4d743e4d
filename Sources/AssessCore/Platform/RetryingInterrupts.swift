import Glibc

/// Runs `body` again while it fails with `EINTR` (a signal arrived during the call).
/// `body` returns the call's result, with -1 meaning failure and `errno` set.
public func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
