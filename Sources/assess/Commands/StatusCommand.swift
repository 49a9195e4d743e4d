import ArgumentParser
import AssessApp
import AssessCore
import AssessPlatform
import AssessStore
import Foundation

/// `assess status`: is this terminal locked, by whom, since when, live or stale.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract:
            "Show whether this terminal is locked, by whom and since when, the attempts in progress, and the policy.")

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() async throws {
        let runtime = Runtime()
        let policy = try runtime.policy()
        let lock = runtime.terminalLock()
        let inspection = try LockMessages.inspect(lock, consequence: "whether this terminal is locked is unknown")
        var store = try runtime.storeLocation()
        let (running, published, storeProblem) = Self.attemptsInProgress(runtime: runtime)
        if let storeProblem { store += " (cannot be read: \(storeProblem); its attempts in progress are not shown)" }
        if try runtime.storeURL() == nil {
            store += Self.ownership(ProtectedStore.protection(of: try runtime.dataDirectory().path))
        }
        var stranded: (attempt: Attempt, answers: Int)?
        if case .stale(let record) = inspection {
            stranded = running.first { $0.attempt.examID == record.examID && $0.attempt.candidate == record.candidate }
        }
        let others = running.filter { $0.attempt.id != stranded?.attempt.id }
        let waiting = runtime.waitingJournals().map(StatusReport.Waiting.init)
        if json {
            var report = try Self.report(
                inspection, lockFile: lock.location, policy: policy, store: store, attempt: stranded,
                others: others)
            report.waitingOnThisTerminal = waiting
            report.storeError = storeProblem
            print(try JSONReport.text(report))
        } else {
            var text = Self.text(
                inspection, lockFile: lock.location, policy: policy, store: store, attempt: stranded, others: others,
                published: published)
            for journal in waiting { text += "\n" + Self.waitingLine(journal) }
            print(text)
        }
        // A store that cannot be read is an error, not an empty room: a script must not
        // conclude there is no attempt in progress.
        if let storeProblem {
            throw CommandFailure(.cannotWrite, "the store cannot be read: \(storeProblem)")
        }
    }

    /// Who can change a SQLite store kept as `protection` says, after its path.
    static func ownership(_ protection: ProtectedStore.Protection) -> String {
        switch protection {
        case .writableByThisAccount:
            " (this account can write it: its log's chain and its receipts find edits by anyone else, "
                + "never by this account; see Exams/FORMAT.md, \"Receipts\")"
        case .protected(let group):
            " (protected: only group \(group) writes it, through this program installed setgid; "
                + "this account cannot change it; see docs/stores.md)"
        case .elsewhere:
            ""
        }
    }

    /// What a journal holds for the server, on one line.
    static func waitingLine(_ waiting: StatusReport.Waiting) -> String {
        let submission = waiting.submission ? ", a submission among them" : ""
        return "waiting on this terminal for the server: \(Counted.english(waiting.writes, "write")) of attempt "
            + "\(waiting.attempts.joined(separator: ", "))\(submission), in \(waiting.journal); "
            + "the next `assess take` or `assess resume` of that exam and candidate here sends them"
    }

    /// The attempts in progress in this store (practice left out), each with its number of
    /// answered questions, and which of their exams are published in the store (`resume`
    /// takes those by id); none, and why, when the store cannot be read.
    static func attemptsInProgress(runtime: Runtime) -> (
        attempts: [(attempt: Attempt, answers: Int)], published: Set<String>, problem: String?
    ) {
        do {
            let database = try runtime.database()
            let attempts = try database.attempts(status: .inProgress).filter { !$0.isPractice }.map { attempt in
                (attempt, try SavedAnswers(attempt: attempt.id, database: database).responses.count)
            }
            let published = Set(attempts.map { $0.0.examID }).filter { exam in
                (try? database.published?.cover(exam: exam)) != nil
            }
            return (attempts, published, nil)
        } catch let failure as CommandFailure {
            return ([], [], failure.message)
        } catch {
            return ([], [], String(describing: error))
        }
    }

    /// `assess resume` for `candidate`'s attempt at `exam`, ready to paste: by the exam's id
    /// when it is published in the store, else by its file, which the store does not know.
    static func resumeCommand(exam: String, candidate: String, published: Set<String>) -> String {
        published.contains(exam)
            ? "assess resume \(exam) --candidate \(candidate)"
            : "assess resume EXAM-FILE --candidate \(candidate)   (EXAM-FILE: the file of \(exam))"
    }

    /// The human-readable report.
    static func text(
        _ inspection: LockInspection, lockFile: String, policy: Policy, store: String,
        attempt stranded: (attempt: Attempt, answers: Int)? = nil,
        others: [(attempt: Attempt, answers: Int)] = [], published: Set<String> = []
    ) -> String {
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
                lines.append(
                    "  its attempt \(attempt.id) is still in progress: answers saved \(answers), time used \(used) of \(allowed)"
                )
                lines.append("  its answers and accommodations are kept; each way asks for the proctor password:")
                lines.append(
                    "    continue it (the way on):  "
                        + resumeCommand(exam: record.examID, candidate: record.candidate, published: published))
                lines.append("    free this terminal only:   assess unlock --stale   (the attempt stays in progress)")
                lines.append(
                    "    end it for good:           assess unlock --stale, then assess end --exam \(record.examID) --candidate \(record.candidate)"
                )
                lines.append("  a candidate whose attempt ended sits again only with a proctor's --new-attempt")
            } else {
                lines.append("  a proctor clears it with: assess unlock --stale")
            }
        }
        if !others.isEmpty {
            lines.append("attempts in progress in this store (a crash, a reboot or a dropped connection elsewhere):")
            for (attempt, answers) in others {
                let last = (attempt.lastActiveAt ?? attempt.startedAt).formatted(.iso8601)
                lines.append(
                    "  \(attempt.id)  exam \(attempt.examID), candidate \(attempt.candidate), answers saved \(answers), last saved \(last)"
                )
                lines.append(
                    "    continue it at the student's terminal:  "
                        + resumeCommand(exam: attempt.examID, candidate: attempt.candidate, published: published))
                lines.append(
                    "    end it for good:  assess end --exam \(attempt.examID) --candidate \(attempt.candidate)")
            }
            lines.append("  a candidate whose attempt ended sits again only with a proctor's --new-attempt")
        }
        lines.append("lock file: \(lockFile)")
        lines.append("policy: \(policy.source)")
        lines.append("store: \(store)")
        return lines.joined(separator: "\n")
    }

    /// The JSON report: `{"state": "unlocked" | "locked" | "stale", "holder": {...}, ...}`.
    static func json(
        _ inspection: LockInspection, lockFile: String, policy: Policy, store: String,
        attempt stranded: (attempt: Attempt, answers: Int)? = nil,
        others: [(attempt: Attempt, answers: Int)] = []
    ) throws -> String {
        try JSONReport.text(
            report(inspection, lockFile: lockFile, policy: policy, store: store, attempt: stranded, others: others))
    }

    /// The JSON report's value.
    static func report(
        _ inspection: LockInspection, lockFile: String, policy: Policy, store: String,
        attempt stranded: (attempt: Attempt, answers: Int)? = nil,
        others: [(attempt: Attempt, answers: Int)] = []
    ) throws -> StatusReport {
        var report = StatusReport(
            state: "unlocked", lockFile: lockFile, policy: policy.source.description, store: store,
            attemptsInProgress: others.map { attempt, answers in
                StatusReport.AttemptInProgress(
                    id: attempt.id, exam: attempt.examID, candidate: attempt.candidate,
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
                StatusReport.StrandedAttempt(
                    id: attempt.id, answersSaved: answers, secondsUsed: attempt.secondsUsed,
                    secondsAllowed: attempt.secondsAllowed)
            }
        }
        return report
    }
}
