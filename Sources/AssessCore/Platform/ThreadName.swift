import Glibc

/// The name a thread shows in `ps -L`, `top -H` and `/proc/PID/task/*/comm`, where one
/// measures each thread's wake-ups. Foundation's `Thread.name` reaches the system on Linux
/// only when the new thread's handle was stored before the thread looks (a race it often
/// loses), so each of our threads names itself first thing.
public enum ThreadName {
    /// The longest name Linux keeps, in bytes.
    public static let maximumBytes = 15

    /// Names the calling thread `name`, cut to ``maximumBytes``. Through
    /// `/proc/thread-self/comm`: Swift sees neither `pthread_setname_np` (a GNU extension)
    /// nor `prctl` (variadic). A failure leaves the name as it was.
    public static func setForCallingThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(maximumBytes))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
