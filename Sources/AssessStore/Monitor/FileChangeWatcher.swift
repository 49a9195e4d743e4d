import AssessCore
import Foundation

/// Waits for another process to write to a SQLite store, through inotify on the store's
/// folder: the kernel wakes it when the database or its write-ahead log is written, so a
/// seat waiting for a command costs no wake-up while nothing is written. Used on one
/// machine only (inotify sees no writes made on other machines, as on a network share).
final class FileChangeWatcher: RoomWatcher, @unchecked Sendable {
    /// After the first write it hears of, it waits this long before it reads what it heard:
    /// a transaction's several writes (and a burst of them, many seats saving on one
    /// machine) become one look, a little later.
    static let settleMilliseconds = 30
    /// It reports changes no more often than this: on a kiosk whose seats share one store,
    /// every seat's saves are heard by every other seat, and a busy room then costs each
    /// seat at most four looks a second (and a command at most this much more delay).
    static let spacingMilliseconds = 250

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
            let deadline = ContinuousClock.now + .milliseconds(milliseconds)
            while true {
                let remaining = (deadline - ContinuousClock.now).millisecondsRoundedUp
                var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptors, 2, Int32(clamping: max(0, remaining)))
                if interruption.take() { return true }
                if descriptors[0].revents != 0 {
                    let spacing = lastReported.map { Self.spacingMilliseconds - (.now - $0).millisecondsRoundedUp } ?? 0
                    if interruption.sleep(milliseconds: max(Self.settleMilliseconds, spacing)) { return true }
                    if readEvents() {
                        lastReported = .now
                        return true
                    }
                }
                if remaining <= 0 { return false }
            }
        }
    }

    func interrupt() {
        interruption.signal()
    }

    func discardChanges() {
        lock.withLock { _ = readEvents() }
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
}
