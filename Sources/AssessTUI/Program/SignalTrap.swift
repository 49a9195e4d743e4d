import Glibc
import Synchronization

/// The last stop signal received, or 0. Written by the signal handler, read by the
/// app's loop: storing one number is all a handler may do.
private let pendingStopSignal = Atomic<Int32>(0)

/// What each crash signal did before the trap took it over, so that the program's own
/// crash still reaches the runtime's crash report. Filled once, before the handlers are
/// installed, and only read afterwards (from the handler).
nonisolated(unsafe) private let previousCrashActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))

/// Curses' own SIGWINCH handler, which the trap's handler calls before it wakes the loop.
nonisolated(unsafe) private let previousResizeAction = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
private let resizeWakeInstalled = Atomic<Bool>(false)

/// Decides, for every signal whose default action would end or stop the process, what
/// a sitting does with it, so that no signal leaves a stale lock and nothing logged.
/// Install after curses starts (curses installs its own handlers).
///
/// Every stop signal, and a new terminal size (SIGWINCH, after curses' own handler), wakes
/// the run loop through ``LoopWaker``, so the loop notices them at once however long it sleeps.
///
/// - Signals that ask a program to end, or that no part of `assess` uses (SIGTERM,
///   SIGHUP, SIGINT, SIGUSR1, SIGALRM, the real-time signals ...), stop the sitting as
///   SIGTERM does: every answer saved, the interruption logged with the signal's name,
///   the lock released, exit status 1.
/// - SIGPIPE is ignored: a clipboard helper or a pipe that closes makes a write fail,
///   never the sitting end. SIGQUIT (Ctrl-\) and the job-control stops (SIGTSTP,
///   SIGTTIN, SIGTTOU) are ignored: a sitting is never left frozen holding the lock.
/// - The crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS) stop
///   the sitting like SIGTERM when another process sends them; the program's own crash
///   goes on to the handler that was there before (the runtime's crash report).
public enum SignalTrap {
    /// What a sitting does with a signal.
    public enum Response: Sendable, Equatable {
        /// Save, log the signal's name, release the lock and exit, as for SIGTERM.
        case stop
        /// Nothing: the sitting goes on.
        case ignore
        /// Stop when another process sent it; the program's own crash is left to crash.
        case stopUnlessOwnCrash
    }

    /// Every signal that can be caught and whose default action ends or stops the
    /// process, with its name and what a sitting does with it. SIGKILL and SIGSTOP
    /// cannot be caught: SIGKILL leaves a stale lock, which `assess status` explains.
    public static let signals: [(number: Int32, name: String, response: Response)] = {
        var table: [(Int32, String, Response)] = [
            (SIGTERM, "SIGTERM", .stop), (SIGHUP, "SIGHUP", .stop), (SIGINT, "SIGINT", .stop),
            (SIGUSR1, "SIGUSR1", .stop), (SIGUSR2, "SIGUSR2", .stop), (SIGALRM, "SIGALRM", .stop),
            (SIGVTALRM, "SIGVTALRM", .stop), (SIGPROF, "SIGPROF", .stop), (SIGXCPU, "SIGXCPU", .stop),
            (SIGXFSZ, "SIGXFSZ", .stop), (SIGPOLL, "SIGPOLL", .stop), (SIGPWR, "SIGPWR", .stop),
            (SIGSTKFLT, "SIGSTKFLT", .stop),
            (SIGPIPE, "SIGPIPE", .ignore), (SIGQUIT, "SIGQUIT", .ignore), (SIGTSTP, "SIGTSTP", .ignore),
            (SIGTTIN, "SIGTTIN", .ignore), (SIGTTOU, "SIGTTOU", .ignore),
            (SIGSEGV, "SIGSEGV", .stopUnlessOwnCrash), (SIGBUS, "SIGBUS", .stopUnlessOwnCrash),
            (SIGILL, "SIGILL", .stopUnlessOwnCrash), (SIGFPE, "SIGFPE", .stopUnlessOwnCrash),
            (SIGTRAP, "SIGTRAP", .stopUnlessOwnCrash), (SIGABRT, "SIGABRT", .stopUnlessOwnCrash),
            (SIGSYS, "SIGSYS", .stopUnlessOwnCrash),
        ]
        // The C library keeps the first real-time signals for its threads; the rest are free.
        let first = __libc_current_sigrtmin()
        let last = __libc_current_sigrtmax()
        for number in first...last {
            let name = number == first ? "SIGRTMIN" : number == last ? "SIGRTMAX" : "SIGRTMIN+\(number - first)"
            table.append((number, name, .stop))
        }
        return table
    }()

    /// Installs the response of every signal in ``signals``.
    public static func install() {
        LoopWaker.prepare()
        installResizeWake()
        for (number, _, response) in signals {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            switch response {
            case .ignore:
                action.__sigaction_handler.sa_handler = SIG_IGN
                action.sa_flags = 0
            case .stop:
                action.__sigaction_handler.sa_handler = { number in
                    pendingStopSignal.store(number, ordering: .relaxed)
                    LoopWaker.wake()
                }
                action.sa_flags = 0
            case .stopUnlessOwnCrash:
                sigaction(number, nil, previousCrashActions + Int(number))
                action.__sigaction_handler.sa_sigaction = { number, info, _ in
                    // si_code ≤ 0: sent with kill, sigqueue or tgkill rather than raised by a fault.
                    if let info, info.pointee.si_code <= 0, info.pointee._sifields._kill.si_pid != getpid() {
                        pendingStopSignal.store(number, ordering: .relaxed)
                        LoopWaker.wake()
                        return
                    }
                    sigaction(number, previousCrashActions + Int(number), nil)
                    raise(number)
                }
                action.sa_flags = SA_SIGINFO
            }
            sigaction(number, &action, nil)
        }
    }

    /// Chains a wake-up of the loop after curses' SIGWINCH handler, which records the
    /// new size for the next read (the loop may be asleep in another thread's stead).
    private static func installResizeWake() {
        guard !resizeWakeInstalled.exchange(true, ordering: .relaxed) else { return }
        sigaction(SIGWINCH, nil, previousResizeAction)
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.__sigaction_handler.sa_handler = { number in
            let previous = previousResizeAction.pointee
            if previous.sa_flags & SA_SIGINFO == 0, let handler = previous.__sigaction_handler.sa_handler,
                unsafeBitCast(handler, to: Int.self) > 1
            {
                handler(number)
            }
            LoopWaker.wake()
        }
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
    }

    /// The name of the stop signal received, or `nil` when none came.
    public static var pendingSignal: String? {
        let number = pendingStopSignal.load(ordering: .relaxed)
        guard number != 0 else { return nil }
        return name(of: number)
    }

    /// The signal's name (`SIGUSR1`, `SIGRTMIN+3`), or `signal N` for one not in ``signals``.
    public static func name(of number: Int32) -> String {
        signals.first { $0.number == number }?.name ?? "signal \(number)"
    }
}
