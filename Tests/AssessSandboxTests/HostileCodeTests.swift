import AssessCore
import AssessSandbox
import AssessTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Real hostile programs, each run in the sandbox and shown contained: it ends by the
/// limits, with no process left behind, and reaches nothing outside. One at a time, so
/// that each one's times are its own.
@Suite(.ownThread, .serialized) struct HostileCodeTests {
    let limits = SandboxLimits(cpuSeconds: 1, memoryBytes: 64 << 20, outputBytes: 64 << 10)
    /// How much later than its wall-clock limit a run may end on a loaded machine.
    let slack = 3.0

    @Test func aForkBombIsHeldToTheProcessLimitAndLeavesNoProcess() throws {
        let sandbox = try Sandbox.locate()
        let source = """
            import os
            made = 0
            while True:
                try:
                    if os.fork() == 0:
                        os.execv("/usr/bin/sleep", ["sleep", "86.411"])
                    made += 1
                except OSError:
                    print("refused after", made, flush=True)
                    break
            while True:
                pass
            """
        let run = try sandbox.run(try sandbox.prepare(.python3, source: source), standardInput: "", limits: limits)
        // The sandbox's init (bubblewrap) and the program count among the processes.
        #expect(run.standardOutput == "refused after \(limits.processes - 2)\n", "\(run.standardOutput)")
        #expect(run.outcome == .timeLimit)
        #expect(run.wallSeconds < limits.wallSeconds + slack)
        #expect(try processesRunning("86.411").isEmpty)
    }

    @Test func aShellForkBombEndsAtTheTimeLimitAndLeavesNoProcess() throws {
        let sandbox = try Sandbox.locate()
        // The script first says which PID namespace it runs in (every process of the bomb
        // is in it), since other tests run `bash main.sh` in sandboxes of their own too.
        let source = "readlink /proc/self/ns/pid\nbomb() { bomb | bomb & }\nbomb\nsleep 86.412\n"
        let run = try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        #expect(run.wallSeconds < limits.wallSeconds + slack)
        let namespace = try #require(run.standardOutput.split(separator: "\n").first.map(String.init))
        #expect(namespace.hasPrefix("pid:["), "\(run.standardOutput)")
        #expect(try processesRunning("/usr/bin/bash\u{0}main.sh", inNamespace: namespace).isEmpty)
        #expect(try processesRunning("86.412").isEmpty)
    }

    @Test func anInfiniteLoopIsKilledAtTheCPULimit() throws {
        let sandbox = try Sandbox.locate()
        let run = try sandbox.run(
            try sandbox.prepare(.c, source: "int main(void) { volatile long n = 0; for (;;) n++; }\n"),
            standardInput: "", limits: limits)
        #expect(run.outcome == .timeLimit)
        // Killed by the CPU limit (SIGXCPU, then SIGKILL a second later) or, on a machine
        // too busy to give it a second of CPU in time, by the clock.
        #expect(run.cpuSeconds < limits.cpuSeconds + 1.5, "\(run)")
        #expect(run.wallSeconds < limits.wallSeconds + slack)
    }

    @Test func unboundedAllocationFailsAtTheMemoryLimit() throws {
        let sandbox = try Sandbox.locate()
        let python = try sandbox.run(
            try sandbox.prepare(.python3, source: "kept = []\nwhile True:\n    kept.append(bytearray(1 << 20))\n"),
            standardInput: "", limits: limits)
        #expect(python.outcome == .exited(1))
        #expect(python.standardError.contains("MemoryError"), "\(python.standardError)")

        let source = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            int main(void) {
                size_t megabytes = 0;
                for (;;) {
                    char *block = malloc(1 << 20);
                    if (!block) { printf("%zu\\n", megabytes); return 3; }
                    memset(block, 1, 1 << 20);
                    megabytes++;
                }
            }
            """
        let c = try sandbox.run(try sandbox.prepare(.c, source: source), standardInput: "", limits: limits)
        #expect(c.outcome == .exited(3))
        let megabytes = Int(c.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(megabytes > 32 && megabytes < 64, "allocated \(megabytes) MiB under a 64 MiB limit")
    }

    @Test func gigabytesToStandardOutputStopAtTheOutputLimit() throws {
        let sandbox = try Sandbox.locate()
        let source = "import sys\nblock = 'x' * 65536\nfor _ in range(32768):\n    sys.stdout.write(block)\n"
        let run = try sandbox.run(try sandbox.prepare(.python3, source: source), standardInput: "", limits: limits)
        #expect(run.outcome == .outputLimit)
        #expect(run.standardOutput.utf8.count == limits.outputBytes)
        #expect(run.wallSeconds < limits.wallSeconds)

        let errors = try sandbox.run(
            try sandbox.prepare(.bash, source: "cat /dev/zero >&2\n"), standardInput: "", limits: limits)
        #expect(errors.outcome == .outputLimit)
        #expect(errors.standardError.utf8.count == limits.outputBytes)
    }

    @Test func aSocketToTheLoopbackReachesNothing() throws {
        let sandbox = try Sandbox.locate()
        let listener = try LoopbackListener()
        defer { listener.close() }
        let source = """
            import socket
            try:
                socket.create_connection(("127.0.0.1", \(listener.port)), timeout=1)
                print("connected")
            except OSError as error:
                print("refused", error.errno)
            """
        let run = try sandbox.run(try sandbox.prepare(.python3, source: source), standardInput: "", limits: limits)
        #expect(run.standardOutput.hasPrefix("refused"), "\(run.standardOutput)")
        #expect(!listener.hasWaitingConnection())
    }

    @Test func theMachinesFilesTheStoreAndTheExamCannotBeRead() throws {
        let sandbox = try Sandbox.locate()
        let folder = try TemporaryDirectory("assess-sandbox-secrets")
        let secret = "secret-\(UUID().uuidString)"
        let store = folder.file("store.sqlite")
        let exam = folder.file("exam.yaml")
        for path in [store, exam] { try secret.write(toFile: path, atomically: true, encoding: .utf8) }
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let source = """
            cat /etc/passwd '\(store)' '\(exam)' /proc/1/root/etc/passwd
            ls '\(home)' '\(folder.path)'
            grep -rl '\(secret)' /home /tmp /dev /etc /root /var /run /srv /mnt /opt 2>/dev/null
            echo done
            """
        let run = try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        #expect(run.standardOutput == "done\n", "\(run.standardOutput)")
        #expect(!run.standardError.contains(secret))
        #expect(run.standardError.contains("/etc/passwd: No such file or directory"))
        #expect(run.standardError.contains("\(store): No such file or directory"))
    }

    /// A descriptor the sitting holds open without close-on-exec (one its own parent left
    /// it: a shell's, a benchmark's terminal) is not passed to the program: every descriptor
    /// past standard error is closed in the child before the sandbox starts.
    @Test func aDescriptorTheSittingHoldsOpenIsNotPassedToTheProgram() throws {
        let sandbox = try Sandbox.locate()
        let folder = try TemporaryDirectory("assess-sandbox-descriptor")
        let secret = "secret-\(UUID().uuidString)"
        let path = folder.file("answers.txt")
        try secret.write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let source = """
            ls /proc/self/fd
            cat <&\(descriptor)
            echo done
            """
        let run = try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        #expect(!run.standardOutput.contains(secret), "\(run.standardOutput)")
        // Standard input, output and error, and the descriptor `ls` reads the folder with.
        #expect(run.standardOutput == "0\n1\n2\n3\ndone\n", "\(run.standardOutput)")
    }

    /// The sandbox shares the caller's session (so that its `nice` counts against the
    /// sitting's typing), but finds no terminal to open: no `/dev/tty`, no `/dev/pts`, no
    /// way to read the sitting's keys or push keys into its terminal (`TIOCSTI`).
    @Test func theSittingsTerminalCannotBeOpenedFromTheSandbox() throws {
        let sandbox = try Sandbox.locate()
        let source = """
            import fcntl, os, termios
            print(sorted(os.listdir("/dev")))
            for path in ("/dev/tty", "/dev/pts/0", "/dev/ptmx", "/dev/console", "/dev/tty0"):
                try:
                    fd = os.open(path, os.O_RDWR)
                    fcntl.ioctl(fd, termios.TIOCSTI, b"y")
                    print("reached", path)
                except OSError as error:
                    print("refused", path, error.errno)
            print(os.getsid(0) == os.getpgid(0))
            """
        let run = try sandbox.run(try sandbox.prepare(.python3, source: source), standardInput: "", limits: limits)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "['fd', 'full', 'null', 'random', 'stderr', 'stdin', 'stdout', 'urandom', 'zero']",
            "\(run.standardOutput) \(run.standardError)")
        #expect(lines.dropFirst().prefix(5).allSatisfy { $0.hasPrefix("refused") }, "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("reached"))
    }

    /// A sample run's lower priority works only inside the caller's automatic session
    /// group: the program's session is the caller's, and it runs 10 lower than the sitting.
    @Test func aSampleRunStaysInTheCallersSessionGroupAtALowerPriority() throws {
        let source = "cut -d' ' -f19 /proc/self/stat\ncat /proc/self/autogroup\n"
        let limits = self.limits
        let run = try onThreadLowered(by: ThreadPriority.besideTyping) {
            let sandbox = try Sandbox.locate()
            return try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        }
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let own = ThreadPriority.callingThreadNice
        #expect(lines.first == String(min(19, own + 10)), "\(run.standardOutput) \(run.standardError)")
        let group = try String(contentsOfFile: "/proc/self/autogroup", encoding: .utf8)
            .split(separator: " ").first.map(String.init)
        #expect(lines.dropFirst().first?.split(separator: " ").first.map(String.init) == group, "\(run.standardOutput)")
    }

    @Test func terminalEscapesArriveAsTextAndTheFilterShowsThem() throws {
        let sandbox = try Sandbox.locate()
        let source = "printf '\\033]52;c;aGVsbG8=\\a\\033[2J\\033[Hfine\\n'\n"
        let run = try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        #expect(run.standardOutput == "\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}[2J\u{1B}[Hfine\n")
        let shown = VisibleText.visible(run.standardOutput)
        #expect(shown == "^[]52;c;aGVsbG8=^G^[[2J^[[Hfine\n")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func aProgramSleepingPastTheLimitWhileItsChildRunsIsKilledWithItsChild() throws {
        let sandbox = try Sandbox.locate()
        let source = "(sleep 86.413; echo late) &\nsleep 86.414\n"
        let started = Date()
        let run = try sandbox.run(try sandbox.prepare(.bash, source: source), standardInput: "", limits: limits)
        #expect(run.outcome == .timeLimit)
        #expect(run.wallSeconds >= limits.wallSeconds && Date().timeIntervalSince(started) < limits.wallSeconds + slack)
        #expect(!run.standardOutput.contains("late"))
        #expect(try processesRunning("86.413").isEmpty)
        #expect(try processesRunning("86.414").isEmpty)
    }

    @Test func aChildLeftBehindByAProgramThatExitsIsKilled() throws {
        let sandbox = try Sandbox.locate()
        let run = try sandbox.run(
            try sandbox.prepare(.bash, source: "(sleep 86.415; echo late) &\necho parent\n"), standardInput: "",
            limits: limits)
        #expect(run.outcome == .exited(0))
        #expect(run.standardOutput == "parent\n")
        #expect(run.wallSeconds < limits.wallSeconds)
        #expect(try processesRunning("86.415").isEmpty)
    }

    /// The ids of processes whose command line contains `marker` (and, when given, in the
    /// PID namespace `namespace`, as `readlink /proc/PID/ns/pid` says), waiting up to two
    /// seconds for them to go (the PID namespace's last processes are reaped by the kernel).
    private func processesRunning(_ marker: String, inNamespace namespace: String? = nil) throws -> [String] {
        var found: [String] = []
        for _ in 0..<20 {
            found = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { entry in
                guard entry.allSatisfy(\.isNumber),
                    let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return false }
                if let namespace,
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/ns/pid")) != namespace
                {
                    return false
                }
                return String(decoding: data, as: UTF8.self).contains(marker)
            }
            if found.isEmpty { return [] }
            usleep(100_000)
        }
        return found
    }
}

/// A TCP socket listening on 127.0.0.1 at a port the kernel chooses.
private struct LoopbackListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// True when a connection waits to be accepted.
    func hasWaitingConnection() -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    func close() { _ = Glibc.close(descriptor) }
}
