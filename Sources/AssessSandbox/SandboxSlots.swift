import AssessPlatform
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How many sandboxes run at once on one machine, whoever starts them: one per processor.
/// A sandbox waits for a slot before it starts, asleep, and holds it until it ends.
///
/// A hundred students pressing the run key together would otherwise start two hundred
/// sandboxes at once on two cores. Each is a process group in the sitting's session, so the
/// kernel's automatic session groups share the processor equally between a hundred busy
/// sessions, and a woken key loop waits for its session's turn (docs/performance.md, "Where
/// the echo went"). With one sandbox per core the others wait asleep, cost nothing, and
/// the verdicts come sooner too.
///
/// A slot is an exclusive `flock` on one of `count` files in `directory`. Whoever can open a
/// slot file can hold it, and an account that held them all would stall every sandbox; so
/// where `assess` is installed setgid (the package) they are in the protected store's
/// folder, which only the program and root enter (``machine``). A slot file that cannot be
/// opened (the folder is missing, another account made it unreadable) leaves the run
/// without a slot: it starts at once, as before slots. A lock is released when its
/// descriptor closes, by the holder's exit too, and no sandboxed program inherits one
/// (``ProcessSpawn``).
public struct SandboxSlots: Sendable {
    /// The folder of the slot files.
    public let directory: String
    /// How many sandboxes may run at once.
    public let count: Int

    /// The machine's slots: one per processor online, in ``folder(protected:)`` of the
    /// protected store's folder.
    public static let machine = SandboxSlots(
        directory: folder(protected: ProtectedStore.folder), count: ProcessInfo.processInfo.activeProcessorCount)

    /// Where the machine's slot files are: `protected` when this process may make files
    /// there (`assess` run setgid by any account, root, or a member of the store's group),
    /// where no program of a student's own can open one; `/tmp` otherwise (no package: a
    /// machine whose accounts are trusted not to hold them).
    static func folder(protected: String) -> String {
        faccessat(AT_FDCWD, protected, W_OK | X_OK, AT_EACCESS) == 0 ? protected : "/tmp"
    }

    /// Slots in `directory`, `count` of them (at least one).
    public init(directory: String, count: Int) {
        self.directory = directory
        self.count = max(1, count)
    }

    /// The slot file of slot `index`.
    func path(_ index: Int) -> String {
        (directory as NSString).appendingPathComponent("assess-sandbox-slot-\(index)")
    }

    /// Waits for a free slot and returns the descriptor that holds it (closing it frees the
    /// slot); `nil` when no slot file can be opened, and the run goes without.
    ///
    /// The waiters queue on a gate (a lock file of its own) asleep; only the first in the
    /// queue looks for a free slot, every ``pollInterval``, so that whichever slot frees
    /// first goes to it and a hundred waiters cost one wake-up per interval, not a hundred.
    public func take() -> Int32? {
        let files = (0..<count).compactMap { openFile(path($0)) }
        guard !files.isEmpty else { return nil }
        if let free = firstFree(of: files) { return free }
        let gate = openFile(gatePath)
        defer { gate.map { _ = close($0) } }
        if let gate {
            while flock(gate, LOCK_EX) != 0 {
                guard errno == EINTR else { break }
            }
        }
        while true {
            if let free = firstFree(of: files) { return free }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// How often the first waiter looks for a free slot.
    static let pollInterval: TimeInterval = 0.01

    /// The slot files' gate, which waiters queue on.
    var gatePath: String {
        (directory as NSString).appendingPathComponent("assess-sandbox-slot-queue")
    }

    /// The first of `files` whose lock is free, now taken (the others closed); `nil`, all
    /// still open, when every one is taken.
    private func firstFree(of files: [Int32]) -> Int32? {
        guard let free = files.first(where: { flock($0, LOCK_EX | LOCK_NB) == 0 }) else { return nil }
        for other in files where other != free { close(other) }
        return free
    }

    /// Opens the lock file at `path` for reading (a lock needs no more), making it when
    /// missing, readable by every account. Never through a link. `nil` when it cannot be opened.
    private func openFile(_ path: String) -> Int32? {
        // Without O_CREAT first: the kernel refuses O_CREAT on another account's file in a
        // sticky folder such as /tmp (fs.protected_regular) even when it exists.
        var file = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if file < 0 && errno == ENOENT {
            file = open(path, O_RDONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file >= 0 {
                fchmod(file, 0o644)
            } else if errno == EEXIST {
                file = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            }
        }
        return file >= 0 ? file : nil
    }
}
