#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How this program starts every other program (a command it runs, a student's code in
/// its sandbox): `posix_spawn`, the child in a process group of its own (so that it can
/// be ended with everything it starts), no blocked signals and every signal at its default
/// action (a parent that blocks or ignores SIGTERM must not pass that on), the real
/// user's and group's ids as its effective ones (`POSIX_SPAWN_RESETIDS`: `assess` run
/// setgid, as the protected store's is, lends its group to no child), and no descriptor
/// past standard error (one this process inherited without close-on-exec reaches no child,
/// a student's program in its sandbox least of all).
public enum ProcessSpawn {
    /// What one of the child's standard descriptors (0, 1, 2) is.
    public enum Stream: Sendable, Equatable {
        /// The file at this path, opened with `flags` (and `mode` when it is created).
        case file(String, flags: Int32, mode: mode_t = 0o600)
        /// A descriptor of this process, duplicated onto the child's.
        case descriptor(Int32)
    }

    /// The `posix_spawn` flags every start sets.
    static let flags = Int16(
        POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_RESETIDS)

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc
    /// module leaves it out, being a GNU extension): the child closes every descriptor from
    /// the one given up, after its standard ones are set.
    private static let closeFrom: CloseFrom? = {
        // A null handle is RTLD_DEFAULT: the symbol wherever the process has it.
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }
    }()

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Starts the program at `path` with `arguments` (after its name), its standard
    /// descriptors as `streams` says (input, output, error), in `environment` (`NAME=value`
    /// strings; this process's when nil). Returns its process id, which is also its
    /// process group's; whoever starts it must reap it (`waitpid`).
    public static func start(
        _ path: String, _ arguments: [String], streams: (input: Stream, output: Stream, error: Stream),
        environment: [String]? = nil
    ) throws(SystemCallError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), streams.input), (1, streams.output), (2, streams.error)] {
            switch stream {
            case .file(let file, let flags, let mode):
                posix_spawn_file_actions_addopen(&actions, target, file, flags, mode)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        guard let closeFrom = Self.closeFrom else {
            throw SystemCallError("posix_spawn_file_actions_addclosefrom_np", path: path, ErrorNumber(ENOSYS))
        }
        closeFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, flags)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result: Int32
        if let environment {
            let variables = environment.map { strdup($0) } + [nil]
            defer { for pointer in variables { free(pointer) } }
            result = posix_spawn(&pid, path, &actions, &attributes, argv, variables)
        } else {
            result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        guard result == 0 else { throw SystemCallError("posix_spawn", path: path, ErrorNumber(result)) }
        return pid
    }
}
