import AssessCore
import Glibc
import Synchronization

/// Serialises output to the terminal between curses' frames and raw control sequences,
/// so a sequence written from another thread never lands inside a frame's escape codes.
final class OutputLock: Sendable {
    private let mutex = Mutex(())

    func withLock(_ body: () throws -> Void) rethrows {
        try mutex.withLock { _ in try body() }
    }
}

/// A `write(2)` to the terminal failed.
public struct TerminalWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `errno` of the failed write.
    public let errorNumber: Int32

    public var description: String { "writing to the terminal failed: \(String(cString: strerror(errorNumber)))" }
}

/// Writes raw control sequences (bracketed paste switches, OSC 52) straight to the
/// terminal's file descriptor and is the real ``PasteGuard`` and ``TerminalWriter``.
///
/// It is a value that can cross threads: the session engine calls it from wherever it
/// runs. It shares a lock with the ``CursesTerminal`` it came from, so its bytes go out
/// between frames, never inside one.
public struct TerminalSequenceWriter: PasteGuard, TerminalWriter, Sendable {
    /// Bracketed paste on: the terminal wraps pastes in `ESC[200~` ... `ESC[201~`.
    public static let bracketedPasteOn = "\u{1B}[?2004h"
    /// Bracketed paste off.
    public static let bracketedPasteOff = "\u{1B}[?2004l"

    /// The descriptor written to (standard output, where curses draws).
    public let fileDescriptor: Int32
    let lock: OutputLock

    /// Creates a writer for `fileDescriptor` (standard output unless given).
    public init(fileDescriptor: Int32 = STDOUT_FILENO) {
        self.fileDescriptor = fileDescriptor
        self.lock = OutputLock()
    }

    /// Writes `sequence` whole, retrying short and interrupted writes.
    public func write(_ sequence: String) throws {
        try lock.withLock { try writeWhole(Array(sequence.utf8)) }
    }

    /// Writes `bytes` whole with the output lock already held (between curses' frames);
    /// a failure is dropped, as curses drops its own.
    func writeLocked(_ bytes: [UInt8]) {
        try? writeWhole(bytes)
    }

    private func writeWhole(_ whole: [UInt8]) throws {
        var bytes = whole[...]
        while !bytes.isEmpty {
            let written = retryingInterrupts {
                bytes.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            }
            if written < 0 { throw TerminalWriteError(errorNumber: errno) }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Turns bracketed paste on, so pastes arrive marked and ``PasteFilter`` can drop them.
    public func enablePasteRejection() throws {
        try write(Self.bracketedPasteOn)
    }

    /// Turns bracketed paste off.
    public func disablePasteRejection() throws {
        try write(Self.bracketedPasteOff)
    }
}
