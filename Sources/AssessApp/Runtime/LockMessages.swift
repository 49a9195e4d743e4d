import AssessCore
import AssessPlatform
import Foundation

/// Sentences about a lock holder, shared by `status`, `unlock` and the refusal at launch.
package enum LockMessages {
    /// ISO 8601, as in the lock file and the JSON reports.
    package static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// "exam geography-quiz, candidate c-17, pid 4242 (user ana on /dev/pts/3), since …",
    /// in `text`'s language (the proctor's commands keep English's).
    package static func holder(_ record: LockRecord, in text: Catalogue = .english) -> String {
        var arguments: [String: any Sendable] = [
            "exam": record.examID, "candidate": record.candidate,
            "pid": String(record.pid), "user": record.user,
            "since": time(record.startedAt),
        ]
        guard let terminal = record.tty else { return text("terminal.holder", arguments) }
        arguments["terminal"] = terminal
        return text("terminal.holder-on", arguments)
    }

    /// Why an exam cannot start here, and the proctor's next step, in the student's
    /// language; `nil` when nothing blocks.
    package static func refusal(_ inspection: LockInspection, in text: Catalogue) -> String? {
        switch inspection {
        case .free, .fromPreviousBoot:
            return nil
        case .live(let record):
            return text("terminal.locked-live", ["holder": holder(record, in: text)]) + "\n"
                + text("terminal.locked-live-next")
        case .stale(let record):
            return text("terminal.locked-stale", ["holder": holder(record, in: text)]) + "\n"
                + text("terminal.locked-stale-next")
        }
    }

    /// The one failure for a lock file that cannot be read, in every command: whether the
    /// terminal is locked is unknown, so nothing that depends on it happens.
    package static func unreadable(_ location: String, _ error: any Error, consequence: String) -> CommandFailure {
        CommandFailure(
            .lockUnreadable,
            """
            cannot read the lock at \(location) (\(error)); \(consequence). Check that the lock directory \
            exists and is readable, or set ASSESS_LOCK_DIR
            """)
    }

    /// What holds `lock` now; a lock that cannot be read fails as ``unreadable(_:_:consequence:)``.
    package static func inspect(_ lock: FileTerminalLock, consequence: String) throws(CommandFailure) -> LockInspection
    {
        do {
            return try lock.inspect()
        } catch {
            throw unreadable(lock.location, error, consequence: consequence)
        }
    }
}
