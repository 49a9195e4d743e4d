import AssessCore
import Foundation

/// Waits for a file to be written, through an inotify watch on the file itself: the
/// kernel wakes it when the file is written, or closed after being opened for writing, and
/// for nothing else in its folder, so a seat waiting for a command costs no wake-up while
/// nothing is announced (not even for its own saves beside it). Used on one machine only
/// (inotify sees no writes made on other machines, as on a network share).
final class FileChangeWatcher: RoomWatcher, @unchecked Sendable {
    /// After the first write it hears of, it waits this long before it reads what it heard:
    /// a burst of announcements (a command to many seats) becomes one look, a little later.
    static let settleMilliseconds = 30
    /// It reports changes no more often than this: a command to every seat of a kiosk is
    /// one announcement per seat, heard by every seat, and costs each at most four looks
    /// a second (and a command at most this much more delay).
    static let spacingMilliseconds = 250

    private let inotify: Int32
    /// The file watched.
    private let file: URL
    private let interruption = Interruption()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var lastReported: ContinuousClock.Instant?

    private static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB)

    /// Watches `file`, made empty (with its owner's mode only) if it is missing; nil when
    /// it cannot be made or inotify cannot watch it (no watches left).
    init?(file: URL) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        inotify = descriptor
        self.file = file
        guard Self.watch(file, with: descriptor) else {
            close(descriptor)
            return nil
        }
    }

    /// Gives the open `file` mode 0660 when its folder is shared by a group (a protected
    /// store's), so that every exam account's sitting there may open it; a file another
    /// account made keeps its mode (only its owner may change it, and did so).
    static func shareWithTheFoldersGroup(_ descriptor: Int32, in file: URL) {
        guard SQLiteStore.isGroupFolder(file.deletingLastPathComponent().path) else { return }
        fchmod(descriptor, 0o660)
    }

    /// Makes `file` if it is missing and adds a watch on it to `inotify`.
    private static func watch(_ file: URL, with inotify: Int32) -> Bool {
        let made = open(file.path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard made >= 0 else { return false }
        shareWithTheFoldersGroup(made, in: file)
        close(made)
        return inotify_add_watch(inotify, file.path, mask) >= 0
    }

    deinit {
        close(inotify)
    }

    func waitForChange(milliseconds: Int) -> Bool {
        lock.withLock {
            let deadline = ContinuousClock.now + .milliseconds(milliseconds)
            while true {
                let remaining = (deadline - ContinuousClock.now).millisecondsRoundedUp
                var descriptors = [
                    pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: interruption.descriptor, events: Int16(POLLIN), revents: 0),
                ]
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

    /// Reads every event queued; true when one says the file was written. A file removed
    /// (its watch ends) is made and watched again, and counts as written: what was
    /// announced in the meantime must be looked for.
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
                if event.mask & UInt32(IN_IGNORED) != 0 { _ = Self.watch(file, with: inotify) }
                changed = true
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}
