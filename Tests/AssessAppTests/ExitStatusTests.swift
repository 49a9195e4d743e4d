import AssessCore
import AssessPlatform
import AssessStore
import AssessTestSupport
import Foundation
import Testing

@testable import AssessApp

/// The app's statuses (Swift Testing has an `ExitStatus` of its own).
typealias ExitStatus = AssessApp.ExitStatus

/// Every command run by the real binary into every failure it can meet without a
/// terminal: each says why on standard error in a line that starts `assess: ` (beside
/// the problems of an exam file, one per line) and ends with the one status its reason
/// maps to. The table of exit statuses in docs/commands.md is checked against the same statuses.
@Suite("Exit statuses", .ownThread)
struct ExitStatusTests {
    /// One command line, the world it meets, and how it must end.
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let world: World
        let status: ExitStatus
        /// Words the one-line message must contain.
        let says: String

        var testDescription: String { "assess \(arguments.joined(separator: " ")) in \(world) → \(status.rawValue)" }

        init(_ arguments: [String], in world: World = .fresh, _ status: ExitStatus, says: String) {
            self.arguments = arguments
            self.world = world
            self.status = status
            self.says = says
        }
    }

    /// What the command meets; each case gets a scratch folder of its own.
    enum World: String, Sendable, CustomStringConvertible {
        /// Empty lock and data directories, an empty policy file.
        case fresh
        /// The policy file is not valid.
        case badPolicy
        /// The policy refuses practice sittings.
        case noPractice
        /// The policy lets the student choose no accessibility setting.
        case noStudentSettings
        /// The lock directory is below a regular file, so the lock cannot be read.
        case unreadableLock
        /// The data directory is below a regular file, so it cannot be made.
        case unwritableData
        /// A stale lock (a holder that is gone) holds the terminal.
        case staleLock
        /// The geography quiz has a roster of one candidate, c-1; a broken roster file lies beside it.
        case roster
        /// The store is a file that is not a database: nothing in it can be read.
        case unreadableStore

        var description: String { rawValue }
    }

    static let valid = "Exams/geography.yaml"
    static let invalid = "Tests/AssessAppTests/Fixtures/not-valid.yaml"
    static let missing = "Exams/no-such-exam.yaml"

    static let cases: [Case] = [
        Case(["take", missing], .noInput, says: "no such file"),
        Case(["launch", missing, "--candidate", "c-1"], .noInput, says: "no such file"),
        Case(["resume", missing, "--candidate", "c-1"], .noInput, says: "no such file"),
        Case(["results", missing], .noInput, says: "no such file"),
        Case(["validate", missing], .noInput, says: "not valid"),
        Case(["results", "--exams-dir", "Exams/no-such-folder"], .noInput, says: "cannot read the folder"),
        Case(["take", invalid], .dataError, says: "did you mean \"title\""),
        Case(["launch", invalid, "--candidate", "c-1"], .dataError, says: "did you mean \"title\""),
        Case(["results", invalid], .dataError, says: "did you mean \"title\""),
        Case(["validate", invalid], .dataError, says: "1 of 1 exam file is not valid"),
        Case(["import", missing], .noInput, says: "no such file"),
        Case(["import", "--format", "aiken", valid], .dataError, says: "no question could be imported"),
        Case(["export", missing], .noInput, says: "no such file"),
        Case(["export", invalid], .dataError, says: "did you mean \"title\""),
        Case(["take", valid], in: .badPolicy, .configuration, says: "policy.yaml:1:"),
        Case(["status"], in: .badPolicy, .configuration, says: "policy.yaml:1:"),
        Case(["take", valid], in: .unreadableLock, .cannotCreate, says: "cannot read the lock"),
        Case(
            ["launch", valid, "--candidate", "c-1"], in: .unreadableLock, .cannotCreate, says: "cannot read the lock"),
        Case(["status"], in: .unreadableLock, .cannotCreate, says: "cannot read the lock"),
        Case(
            ["unlock", "--stale", "--password-stdin"], in: .unreadableLock, .cannotCreate, says: "cannot read the lock"),
        Case(["take", valid], in: .unwritableData, .cannotCreate, says: "cannot create the data directory"),
        Case(["results", valid], in: .unwritableData, .cannotCreate, says: "cannot create the data directory"),
        Case(["take", valid, "--candidate", "c-1"], in: .staleLock, .locked, says: "stale lock blocks this terminal"),
        Case(
            ["launch", valid, "--candidate", "c-1"], in: .staleLock, .locked, says: "stale lock blocks this terminal"),
        Case(["launch", valid, "--candidate", "c-1"], .notPermitted, says: "assess passwd"),
        Case(["take", valid, "--practice"], in: .noPractice, .notDone, says: "does not allow practice"),
        Case(
            ["take", valid, "--screen-reader"], in: .noStudentSettings, .notDone,
            says: "does not let the student choose screen-reader layout"),
        Case(["verify", "ABCD-EFGH-JKLM"], .notDone, says: "no attempt in this store has the receipt"),
        Case(["log", "--attempt", "nope"], .notDone, says: "no attempt has the id nope"),
        Case(["end", "nope", "--password-stdin"], .notDone, says: "no attempt has the id nope"),
        Case(["end", "--exam", "geography-quiz", "--password-stdin"], .usage, says: "or --exam ID --candidate ID"),
        Case(["unlock", "--stale", "--password-stdin"], .notDone, says: "no stale lock"),
        Case(["status", "--colour"], .usage, says: "see 'assess --help'"),
        Case(["results", "--csv", "--json"], .usage, says: "see 'assess --help'"),
        Case(["log", "--follow", "--verify"], .usage, says: "see 'assess --help'"),
        Case(["log", "--kept-head", "3:" + String(repeating: "0", count: 64)], .usage, says: "goes with --verify"),
        Case(["log", "--verify", "--kept-head", "3"], .usage, says: "a record number, a colon and its hash"),
        Case(["launch", valid, "--candidate", "c-1", "--extra-time", "9x"], .usage, says: "--extra-time 9x"),
        Case(["mark", missing], .noInput, says: "no such file"),
        Case(["mark", invalid], .dataError, says: "did you mean \"title\""),
        Case(["mark", valid, "--question", "nope"], .usage, says: "has no question nope"),
        Case(["mark", valid], .notPermitted, says: "assess passwd"),
        Case(["mark", valid], in: .unwritableData, .cannotCreate, says: "cannot create the data directory"),
        Case(["results", valid, "--with-answers"], .usage, says: "see 'assess --help'"),
        Case(["results", valid, "--candidate", "c-1"], .notDone, says: "candidate c-1 has no attempt"),
        Case(["kiosk-text", "kiosk.endd"], .usage, says: "did you mean \"kiosk.ended\""),
        Case(["take", valid, "--language", "de"], .usage, says: "no language \"de\"; it speaks en, ja, ko, vi, pt-BR"),
        Case(["kiosk-text", "kiosk.ended", "code=1"], .usage, says: "kiosk.ended has no placeholder {code}"),
        Case(
            ["take", valid, "--candidate", "c-2"], in: .roster, .notOnRoster,
            says: "candidate c-2 is not on the roster of geography-quiz"),
        Case(
            ["roster", valid, "--import", "no-such-roster.csv", "--password-stdin"], .noInput,
            says: "no-such-roster.csv: cannot be read"),
        Case(
            ["roster", valid, "--import", "ROSTER", "--password-stdin"], in: .roster, .dataError,
            says: "broken.csv:2: extra-time \"lots\" is not a multiplier"),
        Case(["roster", valid, "--add", "c 3", "--password-stdin"], .usage, says: "may hold only letters"),
        Case(["roster", valid, "--add", "c-3", "--password-stdin"], .notPermitted, says: "assess passwd"),
        // A store that cannot be read is an error in every --json output, never an empty list.
        Case(["status", "--json"], in: .unreadableStore, .cannotCreate, says: "the store cannot be read"),
        Case(["results", valid, "--json"], in: .unreadableStore, .cannotCreate, says: "cannot open the store"),
        Case(
            ["results", "geography-quiz", "--json"], in: .unreadableStore, .cannotCreate, says: "cannot open the store"),
        Case(["roster", valid, "--json"], in: .unreadableStore, .cannotCreate, says: "cannot open the store"),
        Case(["log", "--json"], in: .unreadableStore, .cannotCreate, says: "cannot open the store"),
        Case(
            ["monitor", "--json", "--password-stdin"], in: .unreadableStore, .cannotCreate,
            says: "cannot open the store"),
    ]

    @Test(arguments: cases)
    func everyFailureSaysWhyAndEndsWithItsStatus(_ example: Case) throws {
        let scratch = try TemporaryDirectory("assess-exit")
        let environment = try Self.make(example.world, in: scratch)
        let arguments = example.arguments.map { $0 == "ROSTER" ? scratch.file("broken.csv") : $0 }
        let result = try SubprocessCommandRunner().run(
            "env",
            environment + [
                "sh", "-c", "cd '\(Self.packageRoot)' && exec \"$@\" < /dev/null", "assess",
                try BuiltProducts.path(of: "assess"),
            ] + arguments,
            timeoutSeconds: 30)
        #expect(result.exitStatus == example.status.rawValue, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("assess: ") }, "\(result.standardError)")
        #expect(result.standardError.contains(example.says), "\(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
    }

    /// Standard error that is gone (a terminal that hung up returns EIO; here it is
    /// closed, EBADF) loses the message but not the status: the program once trapped
    /// writing it, and ended by SIGILL (132) with a second of the crash reporter's work.
    @Test func aFailureWithStandardErrorGoneStillEndsWithItsStatus() throws {
        let scratch = try TemporaryDirectory("assess-exit")
        let environment = try Self.make(.fresh, in: scratch)
        let result = try SubprocessCommandRunner().run(
            "env",
            environment + [
                "sh", "-c", "cd '\(scratch.path)' && exec \"$@\" < /dev/null 2>&-", "assess",
                try BuiltProducts.path(of: "assess"), "take", scratch.file("missing.yaml"), "--candidate", "c-1",
            ],
            timeoutSeconds: 30)
        #expect(result.exitStatus == ExitStatus.noInput.rawValue, "\(result)")
    }

    /// `results` in a folder with no `Exams` and no exam named says what it needs, rather
    /// than that a folder it assumed cannot be read.
    @Test func resultsWithNoExamSaysWhatItNeeds() throws {
        let scratch = try TemporaryDirectory("assess-exit")
        let environment = try Self.make(.fresh, in: scratch)
        let result = try SubprocessCommandRunner().run(
            "env",
            environment + [
                "sh", "-c", "cd '\(scratch.path)' && exec \"$@\" < /dev/null", "assess",
                try BuiltProducts.path(of: "assess"), "results",
            ],
            timeoutSeconds: 30)
        #expect(result.exitStatus == ExitStatus.noInput.rawValue, "\(result.standardError)")
        #expect(
            result.standardError == """
                assess: results scores attempts with their exams' answer keys, and found no exam: name the exam files \
                (assess results geography.yaml), the id of an exam published in the store (assess publish), \
                or a folder of exam files with --exams-dir (no exam file in Exams)

                """)
    }

    @Test func everyStatusHasAReasonAndATestAndTheDocsSayWhatItMeans() throws {
        let commands = try String(contentsOfFile: Self.packageRoot + "/docs/commands.md", encoding: .utf8)
        let reached = Set(FailureReason.allCases.map(\.status)).union([.success])
        for status in ExitStatus.allCases {
            #expect(reached.contains(status), "no failure reason maps to \(status.rawValue)")
            #expect(
                commands.contains("| \(status.rawValue) | \(status.meaning) |"),
                "docs/commands.md's table of exit statuses lacks: | \(status.rawValue) | \(status.meaning) |")
            if status != .success {
                #expect(Self.cases.contains { $0.status == status }, "no case ends with \(status.rawValue)")
            }
        }
    }

    /// The environment (`NAME=value` words for `env`) that gives the command `world`.
    static func make(_ world: World, in scratch: TemporaryDirectory) throws -> [String] {
        let policy = scratch.file("policy.yaml")
        var lockDirectory = scratch.file("lock")
        var dataDirectory = scratch.file("data")
        var policyText = "# no settings: the built-in defaults\n"
        switch world {
        case .fresh:
            break
        case .badPolicy:
            policyText = "max-lock-duration: forever\n"
        case .noPractice:
            policyText = "practice: refuse\n"
        case .noStudentSettings:
            policyText = "student-settings: none\n"
        case .unreadableLock:
            try "".write(toFile: scratch.file("plain-file"), atomically: true, encoding: .utf8)
            lockDirectory = scratch.file("plain-file/lock")
        case .unwritableData:
            try "".write(toFile: scratch.file("plain-file"), atomically: true, encoding: .utf8)
            dataDirectory = scratch.file("plain-file/data")
        case .staleLock:
            try FileManager.default.createDirectory(atPath: lockDirectory, withIntermediateDirectories: true)
            let bootID = ProcessContext.current(environment: [:]).bootID
            let gone = LockRecord(
                pid: 999_999, bootID: bootID, user: "ana", tty: "/dev/pts/9", examID: "geography-quiz",
                examKey: "k", candidate: "c-9", startedAt: Date(), expiresAt: Date() + 3600)
            // As a crashed holder leaves it: the file and its record are there, and no process holds it.
            try gone.encoded().write(to: URL(fileURLWithPath: lockDirectory + "/" + FileTerminalLock.fileName))
        case .roster:
            try SQLiteStore(dataDirectory: URL(fileURLWithPath: dataDirectory))
                .addToRoster(exam: "geography-quiz", entries: [RosterEntry(candidate: "c-1")])
            try "candidate,extra-time\nc-1,lots\n".write(
                toFile: scratch.file("broken.csv"), atomically: true, encoding: .utf8)
        case .unreadableStore:
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
            try "not a database".write(toFile: dataDirectory + "/assess.sqlite", atomically: true, encoding: .utf8)
        }
        try policyText.write(toFile: policy, atomically: true, encoding: .utf8)
        return [
            "LANG=C.UTF-8", "ASSESS_LOCK_DIR=\(lockDirectory)", "ASSESS_DATA_DIR=\(dataDirectory)",
            "ASSESS_POLICY=\(policy)",
        ]
    }

    /// The package's root folder, where `Exams/` is.
    static var packageRoot: String { PackageRoot.path }
}
