import AssessExam
import AssessStore
import Foundation

/// `assess results ID --rescore FIXED`: what a fixed scoring key of a published exam
/// changes. The fixed key must make the same delivery form (what the students saw); it
/// may change answers and marking rules only.
package struct Rescore {
    /// One attempt whose score the fixed key changes.
    package struct Change {
        package let attempt: Attempt
        /// The score with the key in force, or `nil` when it had none.
        package let before: ExamScore?
        /// The score with the fixed key, or `nil` when it would have none.
        package let after: ExamScore?
    }

    /// The published exam's id.
    package let exam: String
    /// The scoring key in force.
    package let current: SealedScoring
    /// The fixed key.
    package let fixed: SealedScoring
    /// What scores differently: question ids, and `half-points`.
    package let keyChanges: [String]
    /// How many attempts (not practice) the exam has.
    package let attempts: Int
    /// The attempts whose score changes, by candidate.
    package let changes: [Change]

    /// Compares `fixed` (read from `fixedPath`) with `current` over every attempt in
    /// `database`; throws a one-line `CommandFailure` naming what a student would see
    /// differently, when the fixed key changes the delivery form.
    package init(current: SealedScoring, fixed: SealedScoring, fixedPath: String, database: any ExamStore) throws {
        guard fixed.exam.id == current.exam.id else {
            throw CommandFailure(
                .notDone,
                "\(fixedPath) is the exam \(fixed.exam.id), not \(current.exam.id); name the fixed file of \(current.exam.id)"
            )
        }
        guard fixed.deliveryKey == current.deliveryKey else {
            let differences = current.form.differences(to: fixed.form)
            throw CommandFailure(
                .notDone,
                """
                \(fixedPath) changes what the students saw (\(differences.isEmpty ? "the delivery form" : differences.joined(separator: "; "))): \
                delivery key \(ExamKey.short(fixed.deliveryKey)), not \(ExamKey.short(current.deliveryKey)); \
                a rescore may change only answers and marking rules; nothing was rescored
                """)
        }
        exam = current.exam.id
        self.current = current
        self.fixed = fixed
        keyChanges = current.changes(to: fixed)
        var attempts = 0
        var changes: [Change] = []
        for attempt in try database.attempts(exam: exam) where !attempt.isPractice {
            attempts += 1
            let before = try ResultRow(attempt: attempt, exam: current.exam, database: database, sealed: current).score
            let after = try ResultRow(attempt: attempt, exam: fixed.exam, database: database, sealed: fixed).score
            if before?.awarded != after?.awarded || before?.maximum != after?.maximum {
                changes.append(Change(attempt: attempt, before: before, after: after))
            }
        }
        self.attempts = attempts
        self.changes = changes.sorted {
            ($0.attempt.candidate, $0.attempt.startedAt) < ($1.attempt.candidate, $1.attempt.startedAt)
        }
    }

    /// The report: what changed in the key, and each attempt whose score changes, by how much.
    package var report: String {
        var text = "\(exam): \(fixed.exam.title) against scoring key v\(current.version ?? 0)"
        text += " (the same delivery key, \(ExamKey.short(current.deliveryKey)))\n"
        text +=
            keyChanges.isEmpty
            ? "no answer or marking rule changed\n"
            : "answers or marking rules changed: "
                + keyChanges.joined(separator: ", ") + "\n"
        let attemptsWord = attempts == 1 ? "attempt" : "attempts"
        text += "\(attempts) \(attemptsWord); \(changes.count) would score differently"
        text += changes.isEmpty ? "\n" : ":\n"
        let width = changes.map(\.attempt.candidate.count).max() ?? 0
        for change in changes {
            let candidate = change.attempt.candidate.padding(toLength: width, withPad: " ", startingAt: 0)
            text += "  \(candidate)  attempt \(change.attempt.id)  \(Self.describe(change.before))"
            text += " → \(Self.describe(change.after))"
            if let before = change.before, let after = change.after {
                let difference = after.awarded - before.awarded
                text += "  (\(difference > 0 ? "+" : "")\(ResultFormats.number(difference)))"
            }
            text += "\n"
        }
        return text
    }

    /// "2 of 4", or "not scored".
    private static func describe(_ score: ExamScore?) -> String {
        guard let score else { return "not scored" }
        return "\(ResultFormats.number(score.awarded)) of \(ResultFormats.number(score.maximum))"
    }
}
