import ArgumentParser
import AssessCore
import AssessStore
import Foundation

/// `assess status`: is this terminal locked, by whom, since when, live or stale.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether this terminal is locked, by whom and since when, the attempts in progress, and the policy.")

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let lock = runtime.terminalLock()
        let inspection = try LockMessages.inspect(lock, consequence: "whether this terminal is locked is unknown")
        let running = Self.attemptsInProgress(runtime: runtime)
        var stranded: (attempt: Attempt, answers: Int)?
        if case .stale(let record) = inspection {
            stranded = running.first { $0.attempt.examID == record.examID && $0.attempt.candidate == record.candidate }
        }
        let others = running.filter { $0.attempt.id != stranded?.attempt.id }
        if json {
            print(try Self.json(inspection, lockFile: lock.location, policy: policy, attempt: stranded, others: others))
        } else {
            print(Self.text(inspection, lockFile: lock.location, policy: policy, attempt: stranded, others: others))
        }
    }

    /// The attempts in progress in this store (practice left out), each with its number of
    /// answered questions; empty when the store cannot be read.
    static func attemptsInProgress(runtime: Runtime) -> [(attempt: Attempt, answers: Int)] {
        guard let database = try? runtime.database(),
              let attempts = try? database.attempts(status: .inProgress) else { return [] }
        return attempts.filter { !$0.isPractice }.map { attempt in
            let answered = (try? SavedAnswers(attempt: attempt.id, database: database).responses.count) ?? 0
            return (attempt, answered)
        }
    }

    /// The human-readable report.
    static func text(_ inspection: LockInspection, lockFile: String, policy: Policy,
                     attempt stranded: (attempt: Attempt, answers: Int)? = nil,
                     others: [(attempt: Attempt, answers: Int)] = []) -> String {
        var lines: [String] = []
        switch inspection {
        case .free:
            lines.append("unlocked: no exam holds this terminal")
        case .fromPreviousBoot(let record):
            lines.append("unlocked: the last lock (\(LockMessages.holder(record))) ended with a reboot")
        case .live(let record):
            lines.append("locked: \(LockMessages.holder(record))")
            lines.append("  expires \(LockMessages.time(record.expiresAt))")
        case .stale(let record):
            lines.append("stale: \(LockMessages.holder(record))")
            lines.append("  that process is gone; the lock was left by a crash or a kill")
            if let (attempt, answers) = stranded {
                let used = DurationText.minutesAndSeconds(attempt.secondsUsed)
                let allowed = attempt.secondsAllowed.map(DurationText.minutesAndSeconds) ?? "no limit"
                lines.append("  its attempt \(attempt.id) is still in progress: answers saved \(answers), time used \(used) of \(allowed)")
                lines.append("  two ways out, both ask for the proctor password:")
                lines.append("    continue it:  assess resume EXAM-FILE --candidate \(record.candidate)")
                lines.append("    end it:       assess unlock --stale   (the attempt is marked interrupted)")
            } else {
                lines.append("  a proctor clears it with: assess unlock --stale")
            }
        }
        if !others.isEmpty {
            lines.append("attempts in progress in this store (a crash, a reboot or a dropped connection elsewhere):")
            for (attempt, answers) in others {
                let last = (attempt.lastActiveAt ?? attempt.startedAt).formatted(.iso8601)
                lines.append("  \(attempt.id)  exam \(attempt.examID), candidate \(attempt.candidate), answers saved \(answers), last saved \(last)")
            }
            lines.append("  continue one at the student's terminal: assess resume EXAM-FILE --candidate ID")
            lines.append("  end one: assess end ATTEMPT-ID")
        }
        lines.append("lock file: \(lockFile)")
        lines.append("policy: \(policy.source)")
        return lines.joined(separator: "\n")
    }

    /// The JSON report: `{"state": "unlocked" | "locked" | "stale", "holder": {...}, ...}`.
    static func json(_ inspection: LockInspection, lockFile: String, policy: Policy,
                     attempt stranded: (attempt: Attempt, answers: Int)? = nil,
                     others: [(attempt: Attempt, answers: Int)] = []) throws -> String {
        var report = StatusReport(
            state: "unlocked", lockFile: lockFile, policy: policy.source.description,
            attemptsInProgress: others.map { attempt, answers in
                StatusReport.AttemptInProgress(id: attempt.id, exam: attempt.examID, candidate: attempt.candidate,
                                               answersSaved: answers,
                                               lastSaved: (attempt.lastActiveAt ?? attempt.startedAt).formatted(.iso8601))
            })
        switch inspection {
        case .free:
            break
        case .fromPreviousBoot(let record):
            report.endedByReboot = StatusReport.LockHolder(record)
        case .live(let record):
            report.state = "locked"
            report.holder = StatusReport.LockHolder(record)
        case .stale(let record):
            report.state = "stale"
            report.holder = StatusReport.LockHolder(record)
            report.attempt = stranded.map { attempt, answers in
                StatusReport.StrandedAttempt(id: attempt.id, answersSaved: answers, secondsUsed: attempt.secondsUsed,
                                             secondsAllowed: attempt.secondsAllowed)
            }
        }
        return try JSONReport.text(report)
    }
}
