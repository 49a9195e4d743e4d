import AssessCore
import AssessExam
import AssessPlatform
import AssessStore
import AssessTestSupport
import Foundation
import Testing

/// One machine without a server, set up as the Debian package sets it up (docs/stores.md,
/// "One machine, out of the student's reach"), and the student's account trying to reach
/// the store around the program and through it.
@Suite("One machine: a store out of the student's reach", .ownThread)
struct ProtectedStoreTests {
    @Test func aSittingThroughTheSetgidProgramIsKeptWhereTheStudentCannotWriteIt() throws {
        let machine = try ProtectedMachine()
        let terminal = try TerminalUnderTest(
            "take \(machine.exam) --candidate c-701", program: machine.asStudent(machine.program))
        try terminal.acceptTheLock()
        try terminal.waitFor("Question 1 of 4")
        // While the sitting is open, SQLite's -wal and -shm files and the seats' news file
        // are there: the group's too, so that the next exam account's sitting can open them.
        // So is the folder of the typing journal, which keeps what was typed between saves.
        let open = try FileManager.default.contentsOfDirectory(atPath: machine.store).sorted()
        #expect(open == ["assess.sqlite", "assess.sqlite-news", "assess.sqlite-shm", "assess.sqlite-wal", "journal"])
        for name in open {
            let attributes = try FileManager.default.attributesOfItem(atPath: machine.store + "/" + name)
            let mode = name == "journal" ? 0o770 : 0o660
            #expect(((attributes[.posixPermissions] as? Int) ?? 0) & 0o777 == mode, "\(name)")
            #expect((attributes[.groupOwnerAccountName] as? String) == machine.group, "\(name)")
        }
        try terminal.press("Tab")
        try terminal.waitFor("Question 2 of 4")
        try terminal.press("Tab", "Tab")
        try terminal.waitFor("Question 4 of 4")
        try terminal.type("Canberra")
        try terminal.waitFor("Answer: Canberra")
        try terminal.submitAndLeaveThroughTheReceipt()
        #expect(try terminal.exitStatus() == 0)

        let file = (machine.store as NSString).appendingPathComponent(SQLiteStore.fileName)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o660)
        #expect((attributes[.groupOwnerAccountName] as? String) == machine.group)
        let store = try SQLiteStore(dataDirectory: URL(fileURLWithPath: machine.store))
        let attempt = try #require(try store.attempts(exam: "geography-quiz", candidate: "c-701").first)
        #expect(attempt.status == .submitted)
        let responses = try store.responses(for: attempt.id).map { ($0.questionID, $0.value) }
        #expect(
            responses.contains { $0.0 == "australia-capital" && Response(json: $0.1) == .shortText("Canberra") })
        // Nothing went where the student's environment pointed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: machine.own) == [])

        // The student's own account, around the program: it can neither enter the folder
        // nor open the store to write.
        let write = try machine.runAsStudent("/bin/sh", "-c", "exec 3>>/var/lib/assess/assess.sqlite")
        #expect(write.exitStatus != 0)
        #expect(write.standardError.contains("Permission denied"), "\(write.standardError)")
        let list = try machine.runAsStudent("/bin/ls", "/var/lib/assess")
        #expect(list.exitStatus != 0)
        #expect(list.standardOutput.isEmpty)
    }

    @Test func theSetgidProgramWritesAndReadsNothingTheStudentNames() throws {
        let machine = try ProtectedMachine()
        let status = try machine.runAsStudent(machine.program, "status")
        #expect(status.exitStatus == 0, "\(status.standardError)")
        #expect(
            status.standardOutput.contains(
                "store: SQLite /var/lib/assess/assess.sqlite (protected: only group \(machine.group) writes it, "
                    + "through this program installed setgid; this account cannot change it; see docs/stores.md)"),
            "\(status.standardOutput)")
        #expect(!status.standardOutput.contains(machine.root + "/policy.yaml"), "\(status.standardOutput)")

        // Options that name a file: the group is given up first, so the folder is as closed
        // to them as to the student.
        let export = try machine.runAsStudent(machine.program, "export", machine.exam, "-o", "/var/lib/assess/x.gift")
        #expect(export.exitStatus != 0)
        let bank = (machine.root as NSString).appendingPathComponent("bank.gift")
        let imported = try machine.runAsStudent(machine.program, "import", bank, "-o", "/var/lib/assess/x.yaml")
        #expect(imported.exitStatus != 0)
        let validate = try machine.runAsStudent(machine.program, "validate", "/var/lib/assess/assess.sqlite")
        #expect(validate.exitStatus != 0)
        // `take` keeps the group, and reads only what the student could.
        let take = try machine.runAsStudent(machine.program, "take", "/var/lib/assess/assess.sqlite")
        #expect(take.exitStatus != 0)
        #expect(take.standardError.contains("cannot read this file; check its permissions"), "\(take.standardError)")
        #expect(!take.standardError.contains("SQLite format"))
        let listing = try FileManager.default.contentsOfDirectory(atPath: machine.store).sorted()
        #expect(listing.allSatisfy { $0.hasPrefix(SQLiteStore.fileName) }, "\(listing)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: machine.own) == [])
    }
}

extension ProtectedStoreTests {
    /// The sandboxes' slots (one per processor, `SandboxSlots`): a student who could open a
    /// slot file could hold them all and stall every sample run and `results`. Through the
    /// setgid program they are in the protected folder, where the student's own account
    /// cannot open one.
    @Test func aStudentCannotHoldTheSandboxesSlots() throws {
        let machine = try ProtectedMachine()
        let exam = machine.root + "/programming.yaml"
        try FileManager.default.copyItem(atPath: ProgrammingExamTests.examFile, toPath: exam)
        let seat = try TerminalUnderTest(
            "take \(exam) --candidate c-702", program: machine.asStudent(machine.program))
        try seat.acceptTheLock()
        try seat.waitFor("n = int(input())")
        try seat.press("C-g")
        try seat.waitFor("Run 1: 0 of 2 examples passed. Runs left: 9", seconds: 30)
        let slot = machine.store + "/assess-sandbox-slot-0"
        let attributes = try FileManager.default.attributesOfItem(atPath: slot)
        #expect((attributes[.groupOwnerAccountName] as? String) == machine.group)

        // The attack: the student's own program holding a slot's lock.
        let hold = try machine.runAsStudent(
            "/usr/bin/flock", "--nonblock", "/var/lib/assess/assess-sandbox-slot-0", "true")
        #expect(hold.exitStatus != 0)
        #expect(hold.standardError.contains("Permission denied"), "\(hold.standardError)")
        try seat.submitAndLeaveThroughTheReceipt()
        #expect(try seat.exitStatus() == 0)
    }
}

/// A machine as the package sets it up, for one test: a group and an exam account of the
/// test's own, a copy of the built `assess` setgid to that group, and a store folder (2770
/// root:group) that each run's mount namespace shows at /var/lib/assess (over an empty
/// /var/lib). The account, the group and the folders are removed when the test ends.
/// Needs root, `useradd`, `unshare` and `setpriv`; fails without them.
final class ProtectedMachine {
    /// The store's group, which the program is setgid to.
    let group: String
    /// The exam account.
    let student: String
    /// The test's folder (0755, so the exam account reaches the program and the exam).
    let root: String
    /// The setgid copy of the built program.
    let program: String
    /// The folder shown at /var/lib/assess.
    let store: String
    /// A folder of the exam account's, where every variable that could move a file points.
    let own: String
    /// The exam file, readable by anyone.
    let exam: String
    /// The script that runs a command as the exam account in the namespace.
    private let wrapper: String
    private let runner = SubprocessCommandRunner()

    init() throws {
        guard getuid() == 0 else {
            throw TestFailure("the protected store's tests make an account and a group: run them as root (CI does)")
        }
        let suffix = UUID().uuidString.lowercased().prefix(6)
        group = "asg-\(suffix)"
        student = "ass-\(suffix)"
        root = "/tmp/assess-protected-\(suffix)"
        program = root + "/bin/assess"
        store = root + "/store"
        own = root + "/own"
        exam = root + "/geography.yaml"
        wrapper = root + "/as-student"
        try must("groupadd", ["--system", group])
        try must("useradd", ["--system", "--no-create-home", "--user-group", "--shell", "/usr/sbin/nologin", student])
        try must("install", ["-d", "-m", "0755", root, root + "/bin"])
        try must("install", ["-m", "2755", "-o", "root", "-g", group, try BuiltProducts.path(of: "assess"), program])
        try must("install", ["-d", "-m", "2770", "-o", "root", "-g", group, store])
        try must("install", ["-d", "-m", "0700", "-o", student, "-g", student, own, root + "/run"])
        try must("install", ["-m", "0644", TerminalUnderTest.packageRoot + "/Exams/geography.yaml", exam])
        try "// a bank\n::q1:: Two and two? {=four}\n".write(
            toFile: root + "/bank.gift", atomically: false, encoding: .utf8)
        // The student's own policy, which would refuse the sitting if it counted.
        try "allowed-exams: [another-exam]\n".write(toFile: root + "/policy.yaml", atomically: false, encoding: .utf8)
        // Every variable that could move the store, the policy, the lock, the journal or a
        // temporary file points into the account's own folder; the program must ignore them.
        let redirections = [
            "ASSESS_DATA_DIR", "ASSESS_LOCK_DIR", "XDG_STATE_HOME", "HOME", "TMPDIR", "SQLITE_TMPDIR",
        ].map { "\($0)=\(own)/\($0.lowercased())" }.joined(separator: " ")
        let script = """
            #!/bin/sh
            # Runs "$@" as \(student) in a mount namespace that shows \(store) at /var/lib/assess.
            exec unshare --mount --propagation private -- /bin/sh -c '
                mount -t tmpfs assess-test /var/lib && mkdir /var/lib/assess &&
                mount --bind \(store) /var/lib/assess &&
                exec setpriv --reuid=\(student) --regid=\(student) --clear-groups -- \\
                    env \(redirections) ASSESS_POLICY=\(root)/policy.yaml ASSESS_STORE=sqlite \\
                    XDG_RUNTIME_DIR=\(root)/run "$@"' as-student "$@"
            """
        try script.write(toFile: wrapper, atomically: false, encoding: .utf8)
        chmod(wrapper, 0o755)
    }

    deinit {
        // The exam account's processes (a sitting shutting down) end before it is removed.
        let deadline = Date().addingTimeInterval(10)
        while (try? runner.run("pgrep", ["-u", student], timeoutSeconds: 5).exitStatus) == 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        _ = try? runner.run("userdel", [student], timeoutSeconds: 30)
        _ = try? runner.run("groupdel", [group], timeoutSeconds: 30)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The shell command that runs `program` as the exam account (for `TerminalUnderTest`).
    func asStudent(_ program: String) -> String {
        "/bin/sh \(wrapper) \(program)"
    }

    /// Runs `arguments` as the exam account and returns what it wrote and its status.
    func runAsStudent(_ arguments: String...) throws -> CommandResult {
        // Read by a shell rather than executed: a process another test forks meanwhile may
        // still hold the just-written file open, and executing it would then fail (ETXTBSY).
        try runner.run("/bin/sh", [wrapper] + arguments, timeoutSeconds: 60)
    }

    private func must(_ program: String, _ arguments: [String]) throws {
        let result = try runner.run(program, arguments, timeoutSeconds: 60)
        guard result.exitStatus == 0 else {
            throw TestFailure("\(program) \(arguments.joined(separator: " ")) failed: \(result.standardError)")
        }
    }
}
