/// What one run of a program in the sandbox may use before it is killed.
///
/// `cpuSeconds` is the program's own time limit (an exam's `limits: time`), applied as
/// RLIMIT_CPU to every process of the run; the wall-clock limit (``wallSeconds``) is twice
/// that plus a second, which leaves room for the sandbox's start and a busy machine and
/// still stops a program that sleeps. `memoryBytes` is each process's address space
/// (RLIMIT_AS); `outputBytes` bounds standard output and, separately, standard error.
public struct SandboxLimits: Sendable, Equatable, Hashable, Codable {
    /// CPU seconds each process may use (RLIMIT_CPU); also sets the wall-clock limit.
    public var cpuSeconds: Double
    /// Bytes of address space each process may map (RLIMIT_AS).
    public var memoryBytes: Int
    /// Bytes of standard output (and, separately, of standard error) read before the run is killed.
    public var outputBytes: Int
    /// Processes the run may have at once, counted in the sandbox's own user namespace (RLIMIT_NPROC).
    public var processes: Int
    /// The largest file the run may write (RLIMIT_FSIZE), in its temporary folder or home.
    public var fileBytes: Int

    /// Limits of `cpuSeconds`, `memoryBytes` and `outputBytes`; 32 processes and 1 MiB files.
    public init(
        cpuSeconds: Double, memoryBytes: Int, outputBytes: Int, processes: Int = 32, fileBytes: Int = 1 << 20
    ) {
        self.cpuSeconds = cpuSeconds
        self.memoryBytes = memoryBytes
        self.outputBytes = outputBytes
        self.processes = processes
        self.fileBytes = fileBytes
    }

    /// A code question's limits when the exam gives none: 2 s, 64 MiB, 64 KiB.
    public static let standard = SandboxLimits(cpuSeconds: 2, memoryBytes: 64 << 20, outputBytes: 64 << 10)

    /// The limits of compiling C with gcc (which runs cc1, as and ld): 10 s, 1 GiB, 64 KiB of messages.
    public static let compiler = SandboxLimits(cpuSeconds: 10, memoryBytes: 1 << 30, outputBytes: 64 << 10)

    /// How long a run may take by the clock before it is killed: 2 × ``cpuSeconds`` + 1 s.
    public var wallSeconds: Double { cpuSeconds * 2 + 1 }
}
