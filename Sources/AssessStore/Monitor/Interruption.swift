import Foundation

/// A descriptor a watcher polls beside what it watches, so that another thread can end
/// its wait at once (a sitting that ends stops its command watcher without waiting out
/// the timeout). A non-blocking pipe: signalled twice before a wait, the wait still wakes once.
final class Interruption: Sendable {
    /// Readable while the interruption is signalled and not yet taken.
    let descriptor: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Ends a wait in progress, or the next one.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Takes every signal waiting; true when there was one.
    @discardableResult
    func take() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 64)
        var taken = false
        while read(descriptor, &bytes, bytes.count) > 0 { taken = true }
        return taken
    }

    /// Sleeps up to `milliseconds`, or until signalled; true when signalled.
    func sleep(milliseconds: Int) -> Bool {
        var descriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(clamping: milliseconds))
        return take()
    }
}
