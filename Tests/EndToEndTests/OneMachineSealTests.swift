import AssessCore
import AssessPlatform
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// A published exam on one machine's SQLite store, tried as the exam account would: the
/// store it owns holds no scoring key, and with `publish --start-code` no question either
/// until the student types the announced code; the proctor's commands, run as the exam
/// account, are refused in one line. Needs root, `useradd`, `setpriv` and `sqlite3`.
@Suite("Sealed exams on one machine", .ownThread)
struct OneMachineSealTests {
    /// What the exam account must never read of Exams/all-types.yaml: accepted texts, a
    /// numeric answer and its tolerance, a range, the pairs and the key's own lines.
    static let keyParts = [
        "Jane Austen", "accepted:", "answer: 75", "tolerance", "3.15", "right: Paris", "{left: France",
        "partial-credit", "per-pair",
    ]
    /// Its questions, which a sealed form holds only encrypted.
    static let questions = [
        "A train travels 150 km", "Match each country to its capital", "Put these planets in order",
        "Explain in your own words", "Nairobi", "Mercury",
    ]

    /// How long a command that derives scrypt keys (the proctor password's, the start
    /// code's) may take while the other suites run beside it on two cores.
    static let scryptSeconds: Double = 120

    /// The code on the `start code: ` line that `publish` (or `open`) printed, if any.
    static func startCode(printedIn output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix("start code: ") }
            .map { String($0.dropFirst("start code: ".count).prefix(StartCode.length)) }
    }

    /// Every byte of the files in `folder` but the scoring keys, as text.
    private func seatStoreText(_ folder: String) throws -> String {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("scoring-keys") }
            .map { String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)), as: UTF8.self) }
            .joined()
    }

    /// The exam account's store, in its own folder as its first sitting makes it, and root's
    /// `publish` of all-types.yaml into it with `options`, as a proctor of this machine
    /// publishes: the proctor's terminal and what `publish` printed (it must succeed).
    private func publishInTheExamAccountsStore(of machine: ExamAccount, _ options: String...) throws -> (
        proctor: TerminalUnderTest, published: (output: String, status: Int32)
    ) {
        _ = try SQLiteStore(dataDirectory: URL(fileURLWithPath: machine.data))
        try machine.chownToStudent(machine.data)
        let proctor = try TerminalUnderTest("--help", dataDirectory: machine.data, policy: machine.policy)
        let published = try proctor.assessCommand(
            ["publish", machine.exam] + options + ["--password-stdin"], input: ProctorTests.password + "\n",
            timeoutSeconds: Self.scryptSeconds)
        #expect(published.status == 0, "\(published.output)")
        return (proctor, published)
    }

    @Test func theExamAccountsStoreHoldsNoKeyAndNoQuestionBeforeTheCode() throws {
        let machine = try ExamAccount()
        let (proctor, published) = try publishInTheExamAccountsStore(of: machine, "--start-code", "--open")
        let code = try #require(
            Self.startCode(printedIn: published.output))
        #expect(code.count == StartCode.length, "\(published.output)")

        // The keys: root's alone, mode 0600; every other file stays the exam account's.
        let keys = machine.data + "/scoring-keys.sqlite"
        let attributes = try FileManager.default.attributesOfItem(atPath: keys)
        #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 0)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // Every byte of the exam account's store: no part of the key, no question.
        let bytes = try seatStoreText(machine.data)
        for secret in Self.keyParts + Self.questions + [String(code)] {
            #expect(!bytes.contains(secret), "\(secret) in the exam account's store")
        }
        #expect(bytes.contains("Every question type"), "the cover is readable, as it should be")

        // As the exam account: sqlite3 reads its store, and none of it; the keys not at all.
        let dump = try machine.runAsStudent("sqlite3", machine.data + "/assess.sqlite", ".dump")
        #expect(dump.exitStatus == 0 && dump.standardOutput.contains("published_exams"), "\(dump)")
        for secret in Self.keyParts + Self.questions {
            #expect(!dump.standardOutput.contains(secret), "\(secret) in sqlite3's dump")
        }
        let cat = try machine.runAsStudent("/bin/cat", keys)
        #expect(cat.exitStatus != 0 && cat.standardError.contains("Permission denied"), "\(cat)")

        // The proctor's commands of a published exam, as the exam account: one line each.
        for arguments in [
            ["results", "all-types", "--csv"], ["mark", "all-types"], ["export", "all-types"],
            ["results", "all-types", "--rescore", machine.exam],
        ] {
            let refused = try machine.runAsStudent(
                [
                    "env", "ASSESS_DATA_DIR=\(machine.data)", "ASSESS_POLICY=\(machine.policy)", "LANG=C.UTF-8",
                    machine.program,
                ] + arguments)
            let lines = (refused.standardOutput + refused.standardError).split(separator: "\n")
            #expect(refused.exitStatus == 1, "\(arguments): \(refused)")
            #expect(lines.count == 1 && lines[0].contains("scoring key"), "\(arguments): \(lines)")
            #expect(!lines.joined().contains("Jane Austen"))
        }

        // The exam account puts a key file of its own in the place of root's: refused, never trusted.
        let swapped = try machine.runAsStudent(
            "/bin/sh", "-c",
            "mv \(keys) \(machine.data)/gone && sqlite3 \(keys) 'CREATE TABLE scoring_keys (exam_id TEXT)'")
        #expect(swapped.exitStatus == 0, "\(swapped)")
        let forged = try proctor.assessCommand(["results", "all-types", "--csv"])
        #expect(forged.status == 1 && forged.output.contains("are not this account's"), "\(forged.output)")
    }

    /// The exam account rewrites a question of an opened exam in the store it owns. The
    /// seat reads that form the quick way and draws its welcome screen before it checks the
    /// form's key; the check still comes before the sitting opens the store, so nothing of
    /// an attempt is written and the student reads why in one line.
    @Test func aQuestionRewrittenInTheExamAccountsStoreIsRefusedBeforeTheSittingBegins() throws {
        let machine = try ExamAccount()
        _ = try publishInTheExamAccountsStore(of: machine, "--open")
        let store = machine.data + "/assess.sqlite"
        let rewrite = try machine.runAsStudent(
            "sqlite3", store,
            """
            UPDATE published_exams SET delivery_form = replace(delivery_form, 'A train travels 150 km', \
            'A train travels 250 km') WHERE exam_id = 'all-types'; SELECT changes();
            """)
        #expect(rewrite.exitStatus == 0 && rewrite.standardOutput == "1\n", "\(rewrite)")

        let seat = try TerminalUnderTest(
            "take --exam all-types --candidate ana", dataDirectory: machine.data, policy: machine.policy)
        try seat.waitFor("is not one this assess reads")
        #expect(try seat.exitStatus() == 65)
        let screen = try seat.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("the delivery form of all-types in the store"), "\(screen)")
        let attempts = try machine.runAsStudent("sqlite3", store, "SELECT count(*) FROM attempts")
        #expect(attempts.exitStatus == 0 && attempts.standardOutput == "0\n", "\(attempts)")
    }

    @Test func onTheProtectedStoreEvenTheStoresGroupReadsNoKey() throws {
        let machine = try ProtectedMachine()
        let setup = try ProctorTests.Setup()
        // Root publishes into the protected folder, as on a packaged machine.
        let proctor = try TerminalUnderTest("--help", dataDirectory: machine.store, policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", machine.exam, "--start-code", "--open", "--password-stdin"],
            input: ProctorTests.password + "\n", timeoutSeconds: Self.scryptSeconds)
        #expect(published.status == 0, "\(published.output)")
        let keys = machine.store + "/scoring-keys.sqlite"
        let attributes = try FileManager.default.attributesOfItem(atPath: keys)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // The exam account with the store's group, as the setgid program runs: it opens
        // the store, which holds no key and no question, and not the keys.
        let asProgram = ["setpriv", "--reuid=\(machine.student)", "--regid=\(machine.group)", "--clear-groups", "--"]
        let dump = try TerminalUnderTest.runner.run(
            asProgram[0], Array(asProgram.dropFirst()) + ["sqlite3", machine.store + "/assess.sqlite", ".dump"],
            timeoutSeconds: 30)
        #expect(dump.exitStatus == 0 && dump.standardOutput.contains("published_exams"), "\(dump)")
        for secret in ["accepted: [Canberra]", "answer: Ottawa", "capital of Canada", "Mongolia"] {
            #expect(!dump.standardOutput.contains(secret), "\(secret) in the store")
        }
        let cat = try TerminalUnderTest.runner.run(
            asProgram[0], Array(asProgram.dropFirst()) + ["/bin/cat", keys], timeoutSeconds: 30)
        #expect(cat.exitStatus != 0 && cat.standardError.contains("Permission denied"), "\(cat)")
        // Through the setgid program, results is refused in one line.
        let results = try machine.runAsStudent(machine.program, "results", "geography-quiz", "--csv")
        let lines = (results.standardOutput + results.standardError).split(separator: "\n")
        #expect(results.exitStatus != 0 && lines.count == 1, "\(results)")
        #expect(!lines.joined().contains("Canberra"))
    }

    @Test func aWrongStartCodeIsRefusedAndTheRightOneSitsTheExam() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let proctor = try TerminalUnderTest("--help", dataDirectory: shared, policy: setup.policy)
        let published = try proctor.assessCommand(
            ["publish", SealedExamTests.examFile, "--start-code", "--open", "--password-stdin"],
            input: ProctorTests.password + "\n", timeoutSeconds: Self.scryptSeconds)
        #expect(published.status == 0, "\(published.output)")
        let code = try #require(
            Self.startCode(printedIn: published.output))
        #expect(published.output.contains("start code: the one publish printed"), "\(published.output)")
        #expect(!(try seatStoreText(shared)).contains("capital of Canada"))

        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", dataDirectory: shared, policy: setup.policy, width: 80,
            height: 24)
        let prompt = [
            "Geography quiz (geography-quiz): its questions open with the start code. Type the start code the proctor announces and press Enter:",
            ">",
        ]
        try seat.waitForWrittenLines(prompt)
        // Nothing but text: no attribute, no colour.
        #expect(try seat.styledScreen() == (try seat.screen()))
        try seat.tmux("send-keys", "-l", "ZZZ-ZZZ")
        try seat.press("Enter")
        try seat.waitForWrittenLines(
            [
                prompt[0], "> ZZZ-ZZZ",
                "That is not the start code of geography-quiz; type it again as the proctor announced it.", ">",
            ], seconds: Self.scryptSeconds)
        // Lower case, with a dash: the code as a student may type it.
        try seat.tmux("send-keys", "-l", code.prefix(3).lowercased() + "-" + code.dropFirst(3))
        try seat.press("Enter")
        try seat.waitFor("Geography quiz", seconds: Self.scryptSeconds)
        try seat.acceptTheLock()
        try seat.waitFor("What is the capital of Canada?")
        try seat.press("Tab")
        try seat.waitFor("Question 2 of 4")
        try seat.press("Tab")
        try seat.waitFor("Question 3 of 4")
        try seat.press("Tab")
        try seat.waitFor("Question 4 of 4")
        try seat.type("Canberra")
        try seat.waitFor("Answer: Canberra")
        _ = try seat.submitAndLeaveThroughTheReceipt()
        #expect(try seat.exitStatus() == 0)

        let results = try proctor.assessCommand(["results", "geography-quiz", "--csv"])
        #expect(results.status == 0, "\(results.output)")
        let row = results.output.split(separator: "\n").first { $0.hasPrefix("geography-quiz,ana,") }
        #expect(row.map { String($0.split(separator: ",")[4]) } == "1", "\(results.output)")
    }

    /// The monitor's `O` on an exam sealed under the code `publish --start-code` printed:
    /// the questions are sealed again under the new code the monitor shows, which opens
    /// them at the seat, and the old code no longer does.
    @Test func aNewStartCodeAtTheMonitorSealsTheQuestionsAgain() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let roster = setup.scratch.file("roster.csv")
        try "candidate,name,extra-time,breaks,accessibility\nana,Ana Lima,,,\n".write(
            toFile: roster, atomically: true, encoding: .utf8)
        let monitor = try TerminalUnderTest(
            "monitor geography-quiz", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        let published = try monitor.assessCommand(
            ["publish", SealedExamTests.examFile, "--start-code", "--password-stdin"],
            input: ProctorTests.password + "\n", timeoutSeconds: Self.scryptSeconds)
        #expect(published.status == 0, "\(published.output)")
        let old = try #require(
            Self.startCode(printedIn: published.output))
        let imported = try monitor.assessCommand(
            ["roster", "geography-quiz", "--import", roster, "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(imported.status == 0, "\(imported.output)")
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("geography-quiz waits (o opens)")
        try monitor.press("O")
        try monitor.waitFor("Make a new start code for geography-quiz?")
        try monitor.press("y")
        let opening = try monitor.waitFor("Start code: ", seconds: Self.scryptSeconds)
        let code = try #require(
            opening.split(separator: "\n").compactMap { line in
                line.range(of: "Start code: ").map { line[$0.upperBound...].prefix(StartCode.length) }
            }.first)
        #expect(code.count == StartCode.length && code != old, "\(opening)")
        try monitor.press("y")
        try monitor.waitFor("Opened geography-quiz")
        #expect(!(try seatStoreText(shared)).contains("capital of Canada"))

        let seat = try TerminalUnderTest(
            "take --exam geography-quiz --candidate ana", dataDirectory: shared, policy: setup.policy, width: 80,
            height: 24)
        try seat.waitFor("its questions open with the start code", seconds: Self.scryptSeconds)
        // The code publish printed no longer opens them.
        try seat.tmux("send-keys", "-l", String(old))
        try seat.press("Enter")
        try seat.waitFor("That is not the start code of geography-quiz", seconds: Self.scryptSeconds)
        try seat.tmux("send-keys", "-l", String(code))
        try seat.press("Enter")
        // A roster's welcome screen goes on by itself to the consent once it learns the
        // sitting is open: no key of the student's there (an Enter would come at the
        // consent screen, where Enter says yes).
        try seat.waitFor("Lock this terminal", seconds: Self.scryptSeconds)
        try seat.press("y")
        try seat.waitFor("This terminal is locked")
        try seat.press("Enter")
        try seat.waitFor("What is the capital of Canada?")
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }

    /// `O` on a sealed exam whose scoring key cannot make its questions again (they have
    /// pictures, whose bytes the key does not keep) is refused with what to do, and the
    /// code publish printed stays the one that opens them.
    @Test func aNewStartCodeForSealedQuestionsWithPicturesIsRefusedWithWhatToDo() throws {
        let setup = try ProctorTests.Setup()
        let shared = setup.scratch.file("data")
        let roster = setup.scratch.file("roster.csv")
        try "candidate,name,extra-time,breaks,accessibility\nana,,,,\n".write(
            toFile: roster, atomically: true, encoding: .utf8)
        let exam = TerminalUnderTest.packageRoot + "/Exams/pictures.yaml"
        let monitor = try TerminalUnderTest(
            "monitor", dataDirectory: shared, policy: setup.policy, width: 80, height: 24)
        let published = try monitor.assessCommand(
            ["publish", exam, "--start-code", "--password-stdin"], input: ProctorTests.password + "\n",
            timeoutSeconds: Self.scryptSeconds)
        #expect(published.status == 0, "\(published.output)")
        let id = "pictures-quiz"
        let sealed = try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared)).storedDeliveryForm(exam: id)
        #expect(sealed.map(SealedDeliveryForm.isSealed) == true)
        let imported = try monitor.assessCommand(
            ["roster", id, "--import", roster, "--password-stdin"], input: ProctorTests.password + "\n")
        #expect(imported.status == 0, "\(imported.output)")
        try monitor.answer("Proctor password:", with: ProctorTests.password)
        try monitor.waitFor("\(id) waits (o opens)")
        try monitor.press("O")
        try monitor.waitFor("Make a new start code for \(id)?")
        try monitor.press("y")
        // The notice wraps: its words are read with the lines joined.
        let refused = try monitor.waitFor("Not opened:").split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(refused.contains("(their pictures are not in it)"), "\(refused)")
        #expect(refused.contains("assess open \(id)"), "\(refused)")
        #expect(refused.contains("assess publish FILE --start-code --replace"), "\(refused)")
        #expect(try SQLiteStore(dataDirectory: URL(fileURLWithPath: shared)).storedDeliveryForm(exam: id) == sealed)
        try monitor.press("q")
        #expect(try monitor.exitStatus() == 0)
    }
}

/// An exam account of the test's own (removed at the end), the built program where it can
/// run it, a policy it can read, and a store folder of its own, as on a machine whose exam
/// account owns its store.
final class ExamAccount {
    let student: String
    let root: String
    let data: String
    let program: String
    let policy: String
    let exam: String
    private let runner = SubprocessCommandRunner()

    init() throws {
        guard getuid() == 0 else { throw TestFailure("these tests make an account: run them as root (CI does)") }
        let suffix = UUID().uuidString.lowercased().prefix(6)
        student = "asx-\(suffix)"
        root = "/tmp/assess-seal-\(suffix)"
        data = root + "/data"
        program = root + "/assess"
        policy = root + "/policy.yaml"
        exam = root + "/all-types.yaml"
        try must("useradd", ["--system", "--no-create-home", "--user-group", "--shell", "/usr/sbin/nologin", student])
        try must("install", ["-d", "-m", "0755", root])
        try must("install", ["-d", "-m", "0700", "-o", student, "-g", student, data])
        try must("install", ["-m", "0755", try BuiltProducts.path(of: "assess"), program])
        try must("install", ["-m", "0644", TerminalUnderTest.packageRoot + "/Exams/all-types.yaml", exam])
        let setup = try ProctorTests.Setup()
        try must("install", ["-m", "0644", setup.policy, policy])
    }

    deinit {
        let deadline = Date().addingTimeInterval(10)
        while (try? runner.run("pgrep", ["-u", student], timeoutSeconds: 5).exitStatus) == 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        _ = try? runner.run("userdel", [student], timeoutSeconds: 30)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Gives `folder` and every file in it to the exam account.
    func chownToStudent(_ folder: String) throws {
        try must("chown", ["-R", "\(student):\(student)", folder])
    }

    /// Runs `arguments` as the exam account (no other group).
    func runAsStudent(_ arguments: String...) throws -> CommandResult {
        try runAsStudent(arguments)
    }

    /// Runs `arguments` as the exam account (no other group).
    func runAsStudent(_ arguments: [String]) throws -> CommandResult {
        try runner.run(
            "setpriv", ["--reuid=\(student)", "--regid=\(student)", "--clear-groups", "--"] + arguments,
            timeoutSeconds: 60)
    }

    private func must(_ program: String, _ arguments: [String]) throws {
        let result = try runner.run(program, arguments, timeoutSeconds: 60)
        guard result.exitStatus == 0 else {
            throw TestFailure("\(program) \(arguments.joined(separator: " ")) failed: \(result.standardError)")
        }
    }
}
