import AssessCore
import AssessStore
import Foundation
import Glibc

/// Asks for the proctor password before a proctor's command (`launch`, `resume`,
/// `unlock --stale`, `end`) does anything, and logs every wrong one.
struct ProctorAuthorization {
    /// Where the password comes from: the terminal (typed, not echoed) or one line of
    /// standard input, for scripts.
    enum Source {
        case terminal
        case standardInput
    }

    let policy: Policy
    let source: Source
    let events: EventStore
    let clock: any Clock

    /// How many times the terminal prompt asks before giving up.
    static let tries = 3

    /// Returns when the right password was given; throws otherwise.
    func require(for purpose: String) throws {
        guard let stored = policy.proctorPassword else {
            throw CommandFailure(.notPermitted, """
                \(purpose) needs the proctor password, and none is set in the policy (\(policy.source)); \
                a proctor sets one with: assess passwd
                """)
        }
        let attempts = source == .terminal ? Self.tries : 1
        for failure in 1...attempts {
            let typed = try PasswordInput.read(prompt: "Proctor password: ", from: source)
            if stored.matches(typed) { return }
            try? events.append(.proctor(.passwordRejected(failures: failure)), at: EventTime(clock))
            if failure < attempts {
                PasswordInput.say("wrong password; try again")
            }
        }
        throw CommandFailure(.notPermitted, "wrong proctor password; \(purpose) was not done (logged)")
    }
}

/// Reads a password without showing it.
enum PasswordInput {
    /// Reads one password: from `/dev/tty` with echo off, or one line of standard input.
    static func read(prompt: String, from source: ProctorAuthorization.Source) throws -> String {
        switch source {
        case .standardInput:
            guard let line = readLine(strippingNewline: true) else {
                throw CommandFailure(.usage, "--password-stdin was given but standard input is empty")
            }
            return line
        case .terminal:
            return try readFromTerminal(prompt: prompt)
        }
    }

    /// Writes a line to the terminal the password is asked on (or standard error).
    static func say(_ text: String) {
        printToStandardError(text)
    }

    private static func readFromTerminal(prompt: String) throws -> String {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandFailure(.usage, "there is no terminal to ask for the proctor password; pipe it in with --password-stdin")
        }
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
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            bytes.append(byte)
        }
        write(descriptor, "\n", 1)
        return String(decoding: bytes, as: UTF8.self)
    }
}
