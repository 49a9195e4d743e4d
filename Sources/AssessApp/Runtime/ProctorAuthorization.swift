import AssessCore
import AssessPlatform
import AssessStore
import Foundation

/// Asks for the proctor password before a proctor's command (`launch`, `resume`,
/// `unlock --stale`, `end`) does anything, and logs every wrong one.
package struct ProctorAuthorization {
    /// Where the password comes from: the terminal (typed, not echoed) or one line of
    /// standard input, for scripts.
    package enum Source {
        case terminal
        case standardInput
    }

    /// The policy that holds the proctor password.
    package let policy: Policy
    /// Where the password is read from.
    package let source: Source
    /// The log each wrong password is recorded in.
    package let events: EventStore
    /// The clock of those records.
    package let clock: any Clock

    /// Each property as given.
    package init(policy: Policy, source: Source, events: EventStore, clock: any Clock) {
        self.policy = policy
        self.source = source
        self.events = events
        self.clock = clock
    }

    /// How many times the terminal prompt asks before giving up.
    package static let tries = 3

    /// Returns when the right password was given; throws otherwise.
    package func require(for purpose: String) throws {
        guard let stored = policy.proctorPassword else {
            throw CommandFailure(
                .proctorPassword,
                """
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
        throw CommandFailure(.proctorPassword, "wrong proctor password; \(purpose) was not done (logged)")
    }
}

/// Reads a password without showing it.
package enum PasswordInput {
    /// Reads one password: from `/dev/tty` with echo off, or one line of standard input.
    package static func read(prompt: String, from source: ProctorAuthorization.Source) throws -> String {
        switch source {
        case .standardInput:
            guard let line = readLine(strippingNewline: true) else {
                throw CommandFailure(.commandLine, "--password-stdin was given but standard input is empty")
            }
            return line
        case .terminal:
            return try readFromTerminal(prompt: prompt)
        }
    }

    /// Writes a line to the terminal the password is asked on (or standard error).
    package static func say(_ text: String) {
        printToStandardError(text)
    }

    private static func readFromTerminal(prompt: String) throws -> String {
        do {
            return try SilentPrompt.read(prompt: prompt)
        } catch {
            throw CommandFailure(
                .commandLine, "there is no terminal to ask for the proctor password; pipe it in with --password-stdin")
        }
    }
}
