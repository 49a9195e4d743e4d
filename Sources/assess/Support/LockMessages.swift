import AssessCore
import AssessPlatform
import Foundation

/// Sentences about a lock holder, shared by `status`, `unlock` and the refusal at launch.
enum LockMessages {
    /// ISO 8601, as in the lock file and the JSON reports.
    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// "exam geography-quiz, candidate c-17, pid 4242 (user ana on /dev/pts/3), since …"
    static func holder(_ record: LockRecord) -> String {
        let terminal = record.tty.map { " on \($0)" } ?? ""
        return "exam \(record.examID), candidate \(record.candidate), pid \(record.pid) (user \(record.user)\(terminal)), since \(time(record.startedAt))"
    }

    /// Why an exam cannot start here, and the proctor's next step; `nil` when nothing blocks.
    static func refusal(_ inspection: LockInspection) -> String? {
        switch inspection {
        case .free, .fromPreviousBoot:
            return nil
        case .live(let record):
            return """
                This terminal is already locked for an exam: \(holder(record)).
                The exam cannot start while that session runs. A proctor can finish or submit that \
                session first; `assess status` shows it.
                """
        case .stale(let record):
            return """
                A stale lock blocks this terminal: \(holder(record)); that process is gone.
                A proctor should check `assess status`, then continue its attempt with `assess resume` \
                or clear it with `assess unlock --stale`.
                """
        }
    }

    /// The one failure for a lock file that cannot be read, in every command: whether the
    /// terminal is locked is unknown, so nothing that depends on it happens.
    static func unreadable(_ location: String, _ error: any Error, consequence: String) -> CommandFailure {
        CommandFailure(.lockUnreadable, """
            cannot read the lock at \(location) (\(error)); \(consequence). Check that the lock directory \
            exists and is readable, or set ASSESS_LOCK_DIR
            """)
    }

    /// What holds `lock` now; a lock that cannot be read fails as ``unreadable(_:_:consequence:)``.
    static func inspect(_ lock: FileTerminalLock, consequence: String) throws(CommandFailure) -> LockInspection {
        do {
            return try lock.inspect()
        } catch {
            throw unreadable(lock.location, error, consequence: consequence)
        }
    }
}
