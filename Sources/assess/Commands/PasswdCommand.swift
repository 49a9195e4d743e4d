import ArgumentParser
import AssessApp
import AssessCore
import AssessPlatform
import Foundation

/// `assess passwd`: sets the proctor password, kept as a salted scrypt hash in the policy file.
struct PasswdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Set the proctor password (stored only as a salted scrypt hash in the policy file).",
        discussion: """
            Writes `proctor-password:` into the policy file ($ASSESS_POLICY, else \(Policy.defaultPath)), \
            creating the file when it does not exist and keeping every other line. The password \
            opens the proctor's panel during an exam (a hidden key) and is asked by `launch`, \
            `resume`, `unlock --stale` and `end`. At least \(ProctorPassword.minimumLength) characters.
            """)

    @Flag(help: "Read the new password from the first line of standard input instead of asking twice.")
    var passwordStdin = false

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let path = Policy.path(environment: environment)
        // A policy file that does not parse is fixed first: editing it would hide the
        // problem. Its old proctor-password line is left out of the check, since
        // replacing that line is what this command is for.
        if let data = FileManager.default.contents(atPath: path) {
            let others = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
                .filter { !$0.hasPrefix("\(Self.key):") }.joined(separator: "\n")
            do {
                _ = try PolicyParser.parse(others, path: path)
            } catch let error as PolicyError {
                throw CommandFailure(
                    .policyInvalid, "\(error.description)\nfix the policy file first; nothing was changed")
            }
        }

        let password: String
        if passwordStdin {
            password = try PasswordInput.read(prompt: "", from: .standardInput)
        } else {
            password = try Self.askForANewPassword()
            let again = try PasswordInput.read(prompt: "Again: ", from: .terminal)
            guard again == password else {
                throw CommandFailure(.notDone, "the two passwords differ; nothing was changed")
            }
        }
        guard password.count >= ProctorPassword.minimumLength else { throw Self.tooShort }
        let hash = try ProctorPassword(hashing: password)
        try PolicyFileEditor.setValue(hash.description, forKey: Self.key, inFileAt: path)
        guard try PolicyFile.load(environment: ["ASSESS_POLICY": path]).proctorPassword == hash else {
            throw CommandFailure(.notDone, "the password was written to \(path) but does not read back; check the file")
        }
        print("the proctor password is set in \(path)")
    }

    /// A new password typed on the terminal, asked again (up to three times in all) while it
    /// is too short: a proctor who typed a short one is told and tries again.
    private static func askForANewPassword() throws -> String {
        for try_ in 1...ProctorAuthorization.tries {
            let typed = try PasswordInput.read(prompt: "New proctor password: ", from: .terminal)
            if typed.count >= ProctorPassword.minimumLength { return typed }
            if try_ < ProctorAuthorization.tries {
                PasswordInput.say(
                    "too short: at least \(ProctorPassword.minimumLength) characters, this one has \(typed.count); try again"
                )
            }
        }
        throw tooShort
    }

    /// The policy file's key for the password hash.
    static let key = "proctor-password"

    private static var tooShort: CommandFailure {
        CommandFailure(
            .commandLine,
            "the password must have at least \(ProctorPassword.minimumLength) characters; nothing was changed")
    }
}

/// Changes one top-level setting of a policy file in place, keeping its other lines and
/// comments; `AtomicFile` replaces the file in one step, keeping its owner, group and mode.
enum PolicyFileEditor {
    static func setValue(_ value: String, forKey key: String, inFileAt path: String) throws {
        var lines: [String] = []
        if let data = FileManager.default.contents(atPath: path) {
            lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
        }
        let line = "\(key): \"\(value)\""
        if let index = lines.firstIndex(where: { $0.hasPrefix("\(key):") }) {
            lines[index] = line
        } else {
            lines.append(line)
        }
        do {
            try AtomicFile.replace(path, with: Data((lines.joined(separator: "\n") + "\n").utf8))
        } catch {
            throw CommandFailure(
                .cannotWrite, "cannot write the policy file \(path): \(error); run as a user who may change it")
        }
    }
}
