import AssessCore
import AssessPlatform
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs untrusted programs (a student's code) under bubblewrap, each run in a sandbox of
/// its own:
///
/// - namespaces: `--unshare-all` (user, PID, network, IPC, UTS, cgroup), no nested user
///   namespace (`--disable-userns`), every capability dropped, killed when this process
///   dies (`--die-with-parent`);
/// - no terminal: standard input is a file, output and error are pipes, no other
///   descriptor is passed (``ProcessSpawn``), and `/dev` holds only `null`, `zero`, `full`,
///   `random` and `urandom`: no `tty`, no `pts`, so the program cannot open the sitting's
///   terminal to read its keys, write to it or push keys into it (`TIOCSTI`). So the
///   sandbox needs no session of its own (bubblewrap's `--new-session`), and stays in the
///   caller's: with the kernel's automatic session groups, a new session would be scheduled
///   as a whole sitting's equal, whatever its `nice`;
/// - files: `/usr` read-only (with the `/bin`, `/lib`, `/lib64`, `/sbin` links), a fresh
///   `/proc` of its own PID namespace, an empty 16 MiB `/tmp` and home
///   (`/home/runner`), and the run's folder at `/work` (read-only while the program runs).
///   Nothing else: no `/etc`, no store, exam, policy, lock or home of anyone;
/// - at most one sandbox per processor on the machine at once (``SandboxSlots``): the
///   others wait, asleep, before they start;
/// - limits (``SandboxLimits``), set with `prlimit` in the sandbox before the program
///   starts and inherited by every process it makes: CPU time, address space, processes,
///   file size, no core files; the wall clock and the output are watched from here. At any
///   limit bubblewrap is killed, which kills the sandbox's PID namespace, every process in it.
///
/// A sandbox runs at the priority of the thread that starts it. A sitting starts its sample
/// runs from a thread of their own, ``ThreadPriority/besideTyping`` lower than its key loop,
/// so that a run never competes on equal terms with the students' typing on the same
/// machine. Scoring runs at the caller's priority: its verdicts must not depend on what
/// else the machine does, and a starved run outlasts its wall clock. When this process
/// runs as root (a teacher scoring as root, the CI), the sandbox runs as `nobody`
/// (`setpriv`): the kernel does not apply the process limit to root.
public struct Sandbox: Sendable {
    /// The `bwrap` executable.
    public let bubblewrap: String
    /// The slots its sandboxes wait for: the machine's, one per processor.
    public var slots = SandboxSlots.machine

    /// The user id a root caller's sandboxes run as (`nobody`).
    static let unprivilegedID: uid_t = 65534
    static let setpriv = "/usr/bin/setpriv"
    static let prlimit = "/usr/bin/prlimit"
    /// The devices a program finds in the sandbox's `/dev`: no terminal among them.
    static let devices = ["null", "zero", "full", "random", "urandom"]
    /// The size of the sandbox's `/tmp` and of its home.
    static let scratchBytes = 16 << 20

    /// The sandbox with `bwrap` from `searchPath` (`PATH`'s form); throws
    /// ``SandboxError/bubblewrapMissing`` when there is none.
    public static func locate(searchPath: String = "/usr/bin:/bin:/usr/local/bin") throws(SandboxError) -> Sandbox {
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/bwrap"
            if access(candidate, X_OK) == 0 { return Sandbox(bubblewrap: candidate) }
        }
        throw .bubblewrapMissing
    }

    /// A sandbox with the `bwrap` at `bubblewrap`.
    public init(bubblewrap: String) {
        self.bubblewrap = bubblewrap
    }

    /// Writes `source` into a fresh folder and, for C, compiles it in a sandbox of its
    /// own (``SandboxLanguage/compileCommand``, ``SandboxLimits/compiler``). The
    /// program's folder is removed when the returned value goes away.
    public func prepare(_ language: SandboxLanguage, source: String) throws(SandboxError) -> SandboxProgram {
        for needed in language.requiredPrograms + [(Self.prlimit, "util-linux")]
        where access(needed.path, X_OK) != 0 {
            throw .programMissing(path: needed.path, package: needed.package)
        }
        let program = try SandboxProgram(
            language: language, source: source, owner: Self.runsAsRoot ? Self.unprivilegedID : nil)
        if language == .c {
            let compiled = try run(
                SandboxLanguage.compileCommand, in: program.folder, writable: true, standardInput: "",
                limits: .compiler)
            program.compilation = compiled
        }
        return program
    }

    /// Runs `program` with `standardInput` under `limits`. A C program that did not compile
    /// is not run: its compiler's run is returned.
    public func run(_ program: SandboxProgram, standardInput: String, limits: SandboxLimits) throws(SandboxError)
        -> SandboxRun
    {
        if let compilation = program.compilation, !compilation.succeeded { return compilation }
        return try run(
            program.language.runCommand, in: program.folder, writable: false, standardInput: standardInput,
            limits: limits)
    }

    static var runsAsRoot: Bool { geteuid() == 0 }

    /// The command line that runs `command` in a sandbox over `folder`: `setpriv` (as
    /// root), `bwrap` and its options, then `prlimit` and the command.
    func commandLine(_ command: [String], folder: String, writable: Bool, limits: SandboxLimits) -> [String] {
        var line: [String] = []
        if Self.runsAsRoot {
            let id = String(Self.unprivilegedID)
            line += [Self.setpriv, "--reuid=\(id)", "--regid=\(id)", "--clear-groups", "--"]
        }
        line += [
            bubblewrap, "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
            "--cap-drop", "ALL",
            "--ro-bind", "/usr", "/usr",
            "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
            "--symlink", "usr/sbin", "/sbin",
            "--proc", "/proc",
        ]
        for device in Self.devices { line += ["--dev-bind", "/dev/" + device, "/dev/" + device] }
        line += [
            "--symlink", "/proc/self/fd", "/dev/fd", "--symlink", "/proc/self/fd/0", "/dev/stdin",
            "--symlink", "/proc/self/fd/1", "/dev/stdout", "--symlink", "/proc/self/fd/2", "/dev/stderr",
            "--size", String(Self.scratchBytes), "--tmpfs", "/tmp",
            "--size", String(Self.scratchBytes), "--tmpfs", "/home/runner",
            writable ? "--bind" : "--ro-bind", folder, "/work", "--chdir", "/work",
            "--clearenv", "--setenv", "PATH", "/usr/bin", "--setenv", "HOME", "/home/runner",
            "--setenv", "TMPDIR", "/tmp", "--setenv", "LANG", "C.UTF-8",
            "--hostname", "sandbox",
            "--",
        ]
        let cpu = max(1, Int(limits.cpuSeconds.rounded(.up)))
        line += [
            Self.prlimit, "--cpu=\(cpu):\(cpu + 1)", "--as=\(limits.memoryBytes)", "--nproc=\(limits.processes)",
            "--fsize=\(limits.fileBytes)", "--core=0", "--nofile=64", "--",
        ]
        return line + command
    }

    /// Runs `command` in a sandbox over `folder`, watching the clock and the output.
    func run(_ command: [String], in folder: String, writable: Bool, standardInput: String, limits: SandboxLimits)
        throws(SandboxError) -> SandboxRun
    {
        let line = commandLine(command, folder: folder, writable: writable, limits: limits)
        // Asleep until one of the machine's slots is free; the wall clock starts after.
        let slot = slots.take()
        defer { slot.map { _ = close($0) } }
        let started = Date()
        // Descriptors are made and the sandbox started under one lock, so that no other
        // run's sandbox, started from another thread, inherits this run's pipes (which
        // would hold them open) before they are marked close-on-exec.
        let spawned = Self.spawning.withLock { _ in
            Result { () throws(SandboxError) -> (pid: pid_t, output: Int32, error: Int32) in
                let input = try Self.unlinkedFile(in: folder, holding: standardInput)
                defer { close(input) }
                let output = try Self.closingPipe()
                let errors: (read: Int32, write: Int32)
                do throws(SandboxError) { errors = try Self.closingPipe() } catch {
                    close(output.read)
                    close(output.write)
                    throw error
                }
                defer {
                    close(output.write)
                    close(errors.write)
                }
                do throws(SandboxError) {
                    let pid = try Self.spawn(line, input: input, output: output.write, error: errors.write)
                    return (pid, output.read, errors.read)
                } catch {
                    close(output.read)
                    close(errors.read)
                    throw error
                }
            }
        }
        let child: (pid: pid_t, output: Int32, error: Int32)
        switch spawned {
        case .success(let started): child = started
        case .failure(let error): throw error
        }
        defer {
            close(child.output)
            close(child.error)
        }
        return Self.watch(child.pid, output: child.output, error: child.error, limits: limits, started: started)
    }

    /// Reads the run's output until it ends or a limit is reached, then reaps it.
    private static func watch(
        _ pid: pid_t, output: Int32, error: Int32, limits: SandboxLimits, started: Date
    ) -> SandboxRun {
        var buffers: [Int32: [UInt8]] = [output: [], error: []]
        var open = [output, error]
        var stopped: SandboxOutcome?
        var status: Int32?
        var usage = rusage()
        let deadline = started.addingTimeInterval(limits.wallSeconds)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while stopped == nil {
            if status == nil {
                var raw: Int32 = 0
                if wait4(pid, &raw, WNOHANG, &usage) == pid { status = raw }
            }
            if status != nil && open.isEmpty { break }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                stopped = .timeLimit
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let waitMilliseconds = Int32(min(remaining * 1000, status == nil ? 20 : 200).rounded(.up))
            if poll(&fds, nfds_t(fds.count), waitMilliseconds) < 0 && errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &chunk, chunk.count)
                if count > 0 {
                    buffers[entry.fd, default: []] += chunk[0..<count]
                    if buffers[entry.fd, default: []].count > limits.outputBytes {
                        stopped = .outputLimit
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        if status == nil {
            kill(pid, SIGKILL)
            kill(-pid, SIGKILL)
            var raw: Int32 = 0
            while wait4(pid, &raw, 0, &usage) == -1 && errno == EINTR {}
            status = raw
        }
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        let outcome = stopped ?? classify(status ?? 0, cpuSeconds: cpu, limits: limits)
        func text(_ fd: Int32) -> String {
            String(decoding: (buffers[fd] ?? []).prefix(limits.outputBytes), as: UTF8.self)
        }
        return SandboxRun(
            outcome: outcome, standardOutput: text(output), standardError: text(error),
            wallSeconds: Date().timeIntervalSince(started), cpuSeconds: cpu)
    }

    /// bubblewrap exits with the program's status, or 128 + the signal that ended it.
    /// SIGXCPU is the soft CPU limit; SIGKILL after the limit's CPU time is its hard limit.
    static func classify(_ status: Int32, cpuSeconds: Double, limits: SandboxLimits) -> SandboxOutcome {
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        switch code {
        case 128 + SIGXCPU: return .timeLimit
        case 128 + SIGKILL where cpuSeconds >= limits.cpuSeconds: return .timeLimit
        case 129...191: return .signalled(code - 128)
        default: return .exited(code)
        }
    }

    /// Held while a run's descriptors are made and its sandbox started.
    private static let spawning = Mutex(())

    /// A pipe whose two ends close on exec.
    private static func closingPipe() throws(SandboxError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .couldNotStart("pipe: \(errorText())") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    /// A file in `folder` holding `text`, opened for reading and already unlinked, so the
    /// program's standard input is never a path in its folder.
    private static func unlinkedFile(in folder: String, holding text: String) throws(SandboxError) -> Int32 {
        var template = Array("\(folder)/input.XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw .folder("\(folder): \(errorText())") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        guard writeAll(text, to: fd) else {
            close(fd)
            throw .folder("standard input: \(errorText())")
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    /// Starts `line` with `input` as standard input and the two pipes' ends as output and
    /// error, with an empty environment, as ``ProcessSpawn`` starts every program (a process
    /// group of its own, default signals, and never a group lent to a setgid `assess`).
    private static func spawn(_ line: [String], input: Int32, output: Int32, error: Int32) throws(SandboxError)
        -> pid_t
    {
        do throws(SystemCallError) {
            return try ProcessSpawn.start(
                line[0], Array(line.dropFirst()),
                streams: (.descriptor(input), .descriptor(output), .descriptor(error)),
                environment: [])
        } catch {
            throw .couldNotStart("\(line[0]): \(error.errorNumber)")
        }
    }
}

/// A program written into a folder of its own (and, for C, compiled), ready for runs.
/// The folder is removed when the last reference goes away.
public final class SandboxProgram: @unchecked Sendable {
    public let language: SandboxLanguage
    /// The run's folder, bound at `/work` in the sandbox.
    let folder: String
    /// For C, the compiler's run (its messages in standard error); `nil` for the other languages.
    public internal(set) var compilation: SandboxRun?

    /// Writes `source` to a fresh folder: under `/tmp`, owned by `owner`, when the sandbox
    /// runs as another user (which must reach it); under `TMPDIR` otherwise. Mode 0700.
    init(language: SandboxLanguage, source: String, owner: uid_t?) throws(SandboxError) {
        self.language = language
        let base = owner == nil ? FileManager.default.temporaryDirectory.path : "/tmp"
        var template = Array("\(base)/assess-sandbox.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw .folder("\(base): \(String(cString: strerror(errno)))")
        }
        folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let sourcePath = "\(folder)/\(language.sourceName)"
        // Written plainly, as any file of a run's folder: no atomic rename, no sync (a room's
        // seats write theirs in the same instant, and the folder goes with the run).
        let descriptor = open(sourcePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        let written = descriptor >= 0 && writeAll(source, to: descriptor)
        if descriptor >= 0 { close(descriptor) }
        guard written else {
            try? FileManager.default.removeItem(atPath: folder)
            throw .folder("\(sourcePath) could not be written")
        }
        if let owner {
            chown(folder, owner, owner)
            chown(sourcePath, owner, owner)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Writes the whole of `text` to `descriptor`, again where a signal interrupts a write;
/// false when a write fails (`errno` says why).
private func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { part in
            retryingInterrupts { write(descriptor, part.baseAddress, part.count) }
        }
        guard count > 0 else { return false }
        written += count
    }
    return true
}
