import Foundation

/// Waits for another process to write to a SQLite store, through inotify on the store's
/// folder: the kernel wakes it when the database or its write-ahead log is written, so a
/// seat waiting for a command costs no wake-up while nothing is written. Used on one
/// machine only (inotify sees no writes made on other machines, as on a network share).
final class FileChangeWatcher: RoomWatcher, @unchecked Sendable {
    /// After it reports a change it looks again no sooner than this: a burst of writes
    /// (many seats saving on one machine) becomes one look, a little later.
    static let quietMilliseconds = 100

    private let inotify: Int32
    /// The database's file name and its write-ahead log's, in its folder.
    private let names: Set<String>
    private let interruption = Interruption()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var lastReported: ContinuousClock.Instant?

    /// Watches the SQLite database at `file`; nil when inotify cannot (no watches left).
    init?(file: URL) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO)
        guard inotify_add_watch(descriptor, file.deletingLastPathComponent().path, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        inotify = descriptor
        names = [file.lastPathComponent, file.lastPathComponent + "-wal"]
    }

    deinit {
        close(inotify)
    }

    func waitForChange(milliseconds: Int) -> Bool {
        lock.withLock {
            var left = milliseconds
            if let lastReported {
                let quiet = Self.quietMilliseconds - Self.milliseconds(ContinuousClock.now - lastReported)
                if quiet > 0 {
                    if interruption.sleep(milliseconds: min(quiet, left)) { return true }
                    left -= min(quiet, left)
                }
            }
            let deadline = ContinuousClock.now + .milliseconds(left)
            while true {
                if readEvents() {
                    lastReported = .now
                    return true
                }
                let remaining = Self.milliseconds(deadline - ContinuousClock.now)
                guard remaining > 0 else { return false }
                var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptors, 2, Int32(clamping: remaining))
                if interruption.take() { return true }
            }
        }
    }

    func interrupt() {
        interruption.signal()
    }

    /// Reads every event queued; true when one was about the database or its log.
    private func readEvents() -> Bool {
        var changed = false
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(inotify, buffer, size)
            guard count > 0 else { return changed }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                if event.len > 0 {
                    let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
                    if names.contains(name) { changed = true }
                } else if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changed = true
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
