import Glibc

/// A detached POSIX thread for work that must not wait on Swift's shared pool, started
/// without Foundation's `Thread`: the first `Thread` of a process costs about a third of a
/// millisecond of Foundation's own setting up (docs/performance.md), on the way to a
/// sitting's first frame. The thread takes the process's default stack size.
public enum PlainThread {
    /// Runs `body` on a new thread of its own and returns at once.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        // Only when the machine has no thread left to give (EAGAIN), as Foundation's would.
        precondition(started == 0, "cannot start a thread: \(String(cString: strerror(started)))")
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
