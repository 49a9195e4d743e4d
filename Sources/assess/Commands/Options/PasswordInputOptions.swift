import ArgumentParser
import AssessApp

/// `--password-stdin`, for the proctor's commands that no exam screen follows.
struct PasswordInputOptions: ParsableArguments {
    @Flag(help: "Read the proctor password from the first line of standard input.")
    var passwordStdin = false

    /// Where the password is read from.
    var source: ProctorAuthorization.Source {
        passwordStdin ? .standardInput : .terminal
    }
}
