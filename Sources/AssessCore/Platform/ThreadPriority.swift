import Glibc

/// The scheduling priority of a sitting's threads. The key loop keeps the ordinary
/// priority; the threads that work behind it (the engine and writer, the monitor's link)
/// run at a lower one, so that on a machine busy with many sittings the kernel runs a
/// woken key loop before any of their saves, log records and store reads. A student's
/// keystroke waits on no save, not even for the processor.
public enum ThreadPriority {
    /// How much nicer the background threads run: when both are ready, the kernel gives
    /// such a thread about a third of the processor time of an ordinary one (weights 335
    /// and 1024), so saves still keep pace on a busy machine but never go first.
    public static let backgroundNice: Int32 = 5
    /// How much nicer a sitting's sample runs are (weight 110 against 1024): the thread
    /// that counts, prepares and starts them, and every process of theirs, which inherits
    /// it. A keystroke and a save both go before a student's program.
    public static let besideTyping: Int32 = 10

    /// Lowers the calling thread (only it: on Linux the nice value belongs to the thread)
    /// to `nice` above its own, ``backgroundNice`` unless told. A refusal leaves it as it was.
    public static func lowerCallingThread(by nice: Int32 = backgroundNice) {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return }
        _ = setpriority(which, 0, min(19, current + nice))
    }

    /// The calling thread's nice value.
    public static var callingThreadNice: Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
}
