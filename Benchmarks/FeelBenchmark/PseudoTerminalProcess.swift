import CPseudoTerminal
import Foundation
import Glibc

/// Starting a program on a pseudo-terminal failed.
struct SpawnError: Error, CustomStringConvertible {
    let description: String
}

/// A program running on a pseudo-terminal of its own, as if in a terminal window: the
/// benchmark writes keys to the master side and reads everything the program draws.
///
/// The child is started with `posix_spawnp` in a new session (`POSIX_SPAWN_SETSID`) and
/// opens the slave side as its standard input, output and error, which makes it the
/// child's controlling terminal. Not thread-safe; the benchmark is single-threaded.
final class PseudoTerminalProcess {
    /// The child's process id.
    let pid: pid_t
    /// The master side, non-blocking.
    let master: Int32
    /// When `posix_spawnp` returned.
    let startedAt: ContinuousClock.Instant
    /// Every byte read from the terminal so far.
    private(set) var totalBytes = 0
    /// When the last byte arrived.
    private(set) var lastOutputAt: ContinuousClock.Instant?
    /// What the program printed, without escape sequences.
    private(set) var text = VisibleText()
    /// False once the child has been reaped.
    private(set) var isRunning = true
    /// Whether to keep ``lines``: for a program that prints lines to be read one by one
    /// (`assess monitor --json`), not a screen.
    var keepsLines = false
    /// Every complete line the program printed while ``keepsLines`` was on, without its
    /// line ending, and when the read that completed it returned (wall clock, to compare
    /// with a server's own time).
    private(set) var lines: [(text: String, at: Date)] = []
    /// The start of a line not yet ended.
    private var partialLine: [UInt8] = []

    /// Starts `arguments[0]` (looked up in `PATH`) with exactly `environment` on a
    /// terminal `columns` × `rows` cells.
    init(arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
        var pathBuffer = [CChar](repeating: 0, count: 128)
        let master = bench_open_pseudo_terminal(&pathBuffer, Int32(pathBuffer.count))
        guard master >= 0 else {
            throw SpawnError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        let slavePath = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Opening the slave in the new session makes it the child's controlling terminal.
        bench_spawn_in_new_session(&attributes)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        // Taken before the spawn: on a loaded machine the child may draw its whole first
        // frame before the parent runs again, and a time taken after would read near zero.
        let spawnedAt = ContinuousClock.now
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        startedAt = spawnedAt
        self.pid = pid
        self.master = master
    }

    deinit {
        stop()
        close(master)
    }

    // MARK: Writing

    /// Writes `keys` to the terminal, as if typed (or pasted, for long text).
    func send(_ keys: String) {
        var bytes = Array(keys.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno != EAGAIN && errno != EINTR {
                return
            } else {
                // The terminal's input queue is full: let the program catch up.
                pump(for: .milliseconds(5))
            }
        }
    }

    // MARK: Reading

    /// Reads whatever the program has written, waiting at most `timeout` for the first
    /// byte. Returns the number of bytes read (0 when nothing came or the program is gone).
    @discardableResult
    func readAvailable(timeout: Duration) -> Int {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(max(0, timeout.milliseconds.rounded(.up)), Double(Int32.max)))
        guard poll(&descriptor, 1, milliseconds) > 0 else { return 0 }
        return drain()
    }

    /// Reads everything that is there now without waiting; used by the many-sessions loop
    /// after its own `poll`.
    @discardableResult
    func drain() -> Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var count = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            lastOutputAt = .now
            totalBytes += got
            count += got
            text.append(buffer[0..<got])
            if keepsLines { keepLines(buffer[0..<got], arrivedAt: Date()) }
        }
        return count
    }

    /// Adds the lines `chunk` ends to ``lines`` (the terminal ends each with CR LF).
    private func keepLines(_ chunk: ArraySlice<UInt8>, arrivedAt: Date) {
        for byte in chunk {
            switch byte {
            case UInt8(ascii: "\n"):
                lines.append((String(decoding: partialLine, as: UTF8.self), arrivedAt))
                partialLine.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\r"):
                break
            default:
                partialLine.append(byte)
            }
        }
    }

    /// Reads output for `duration`.
    func pump(for duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            readAvailable(timeout: end - .now)
        }
    }

    /// Waits until `marker` appears in the printed text after offset `from`, and returns
    /// when the output containing it arrived; `nil` after `timeout`.
    func waitFor(_ marker: String, from offset: Int = 0, timeout: Duration = .seconds(10)) -> ContinuousClock.Instant? {
        let end = ContinuousClock.now + timeout
        while true {
            if text.contains(marker, from: offset) { return lastOutputAt }
            guard ContinuousClock.now < end else { return nil }
            readAvailable(timeout: end - .now)
        }
    }

    /// Waits until no output has come for `quiet`, and returns when the last byte
    /// arrived (`nil` if nothing ever came or `timeout` passed first).
    func waitForQuiet(_ quiet: Duration, timeout: Duration = .seconds(10)) -> ContinuousClock.Instant? {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if readAvailable(timeout: quiet) == 0 { return lastOutputAt }
        }
        return nil
    }

    // MARK: Ending

    /// Sends SIGTERM, keeps reading so the program can write its last screen, and reaps
    /// it; SIGKILL if it has not exited after three seconds.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let end = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < end {
            if reap() { return }
            readAvailable(timeout: .milliseconds(20))
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        isRunning = false
    }

    /// Reaps the child if it has exited; true when it has.
    private func reap() -> Bool {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            isRunning = false
            return true
        }
        return false
    }
}

/// The printable text in a stream of terminal output: escape sequences (CSI, OSC,
/// character-set designations and other two-byte escapes) and control characters are
/// dropped, so a program's words can be searched for whatever cursor moves surround them.
struct VisibleText {
    /// The printable bytes (UTF-8) seen so far.
    private(set) var bytes: [UInt8] = []
    private var state = State.ground

    private enum State {
        case ground, escape, controlSequence, operatingSystemCommand, operatingSystemEscape, designation
    }

    /// The last `count` printable characters seen, for saying what a screen showed instead
    /// of what was waited for.
    func tail(_ count: Int = 240) -> String {
        String(decoding: bytes.suffix(count), as: UTF8.self)
    }

    /// How many printable bytes have been seen; pass it to ``contains(_:from:)`` to look
    /// only at what comes next.
    var count: Int { bytes.count }

    mutating func append(_ chunk: ArraySlice<UInt8>) {
        for byte in chunk {
            switch state {
            case .ground:
                if byte == 0x1B { state = .escape } else if byte >= 0x20 && byte != 0x7F { bytes.append(byte) }
            case .escape:
                switch byte {
                case UInt8(ascii: "["): state = .controlSequence
                case UInt8(ascii: "]"): state = .operatingSystemCommand
                case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): state = .designation
                default: state = .ground
                }
            case .controlSequence:
                if (0x40...0x7E).contains(byte) { state = .ground }
            case .operatingSystemCommand:
                if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .operatingSystemEscape }
            case .operatingSystemEscape:
                state = byte == UInt8(ascii: "\\") ? .ground : .operatingSystemCommand
            case .designation:
                state = .ground
            }
        }
    }

    /// True when `marker` occurs in the printable bytes at or after `offset`.
    func contains(_ marker: String, from offset: Int = 0) -> Bool {
        let needle = Array(marker.utf8)
        guard !needle.isEmpty, bytes.count - offset >= needle.count else { return needle.isEmpty }
        let last = bytes.count - needle.count
        var start = max(0, offset)
        while start <= last {
            if bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// True when `byte` occurs at or after `offset`.
    func contains(byte: UInt8, from offset: Int) -> Bool {
        bytes[min(max(0, offset), bytes.count)...].contains(byte)
    }
}

extension Duration {
    /// The duration in milliseconds, as a fraction.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
