import Glibc
import Synchronization

/// The last stop signal received (SIGTERM, SIGHUP, SIGINT), or 0. Written by the
/// signal handler, read by the app's loop: storing one number is all a handler may do.
private let pendingStopSignal = Atomic<Int32>(0)

/// Catches the signals that end a sitting, so the app can save, log, unlock and exit
/// instead of dying mid-write. Install after curses starts (curses installs its own).
public enum SignalTrap {
    /// The signals that stop a sitting.
    public static let stopSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// Routes the stop signals to `pendingSignal`.
    public static func install() {
        for signal in stopSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                pendingStopSignal.store(number, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// The name of the stop signal received, or `nil` when none came.
    public static var pendingSignal: String? {
        switch pendingStopSignal.load(ordering: .relaxed) {
        case 0: return nil
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        case let other: return "signal \(other)"
        }
    }
}
