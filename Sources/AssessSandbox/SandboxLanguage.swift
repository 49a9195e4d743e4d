/// A language the sandbox runs, and how: the file the source is written to, and the
/// command that runs it inside the sandbox (from `/work`, the run's own folder).
public enum SandboxLanguage: String, Sendable, CaseIterable, Codable {
    /// Python 3 (Debian's `python3`), run isolated: `python3 -I -B main.py`.
    case python3
    /// C17, compiled in a sandbox of its own with the flags of ``SandboxLanguage/compileCommand``.
    case c
    /// Bash (`bash main.sh`, no start-up files: the environment is cleared).
    case bash

    /// The source file's name in the run's folder.
    public var sourceName: String {
        switch self {
        case .python3: return "main.py"
        case .c: return "main.c"
        case .bash: return "main.sh"
        }
    }

    /// How C is compiled: C17 with GNU extensions off, optimised, every common warning,
    /// the maths library linked; the program is `/work/main`.
    public static let compileCommand = [
        "/usr/bin/gcc", "-std=c17", "-O2", "-Wall", "-Wextra", "-pipe", "-o", "main", "main.c", "-lm",
    ]

    /// The command that runs the program in `/work`.
    var runCommand: [String] {
        switch self {
        case .python3: return ["/usr/bin/python3", "-I", "-B", "main.py"]
        case .c: return ["./main"]
        case .bash: return ["/usr/bin/bash", "main.sh"]
        }
    }

    /// The programs this language needs on the machine (outside the sandbox, where `/usr` is bound from).
    var requiredPrograms: [(path: String, package: String)] {
        switch self {
        case .python3: return [("/usr/bin/python3", "python3")]
        case .c: return [("/usr/bin/gcc", "gcc")]
        case .bash: return [("/usr/bin/bash", "bash")]
        }
    }
}
