import AssessCore
import Glibc

/// Asks for a secret at the controlling terminal (`/dev/tty`) with echo off, whatever
/// standard input and output are, as `passwd` and `sudo` do.
public enum SilentPrompt {
    /// There is no controlling terminal to ask at.
    public struct NoTerminal: Error {}

    /// Writes `prompt`, reads one line with echo off, and puts the terminal back as it was.
    public static func read(prompt: String) throws(NoTerminal) -> String {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw NoTerminal() }
        defer { close(descriptor) }
        var original = termios()
        let canSilence = tcgetattr(descriptor, &original) == 0
        if canSilence {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            silent.c_lflag |= tcflag_t(ICANON)
            tcsetattr(descriptor, TCSAFLUSH, &silent)
        }
        defer {
            if canSilence { tcsetattr(descriptor, TCSAFLUSH, &original) }
        }
        write(descriptor, prompt, prompt.utf8.count)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = retryingInterrupts { Glibc.read(descriptor, &byte, 1) }
            if count <= 0 || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            bytes.append(byte)
        }
        write(descriptor, "\n", 1)
        return String(decoding: bytes, as: UTF8.self)
    }
}
