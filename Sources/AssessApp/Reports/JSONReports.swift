import AssessCore
import AssessExam
import AssessStore
import Foundation

/// The `--json` output of every command, as `Codable` types: the keys a school's scripts
/// read are named once, here, and checked by the compiler instead of built from
/// dictionaries of anything.
enum JSONReport {
    /// `value` as JSON text with sorted keys and unescaped slashes, on one line unless `pretty`.
    static func text(_ value: some Encodable, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// `assess status --json`.
struct StatusReport: Encodable {
    /// "unlocked", "locked" or "stale".
    var state: String
    var lockFile: String
    var policy: String
    /// Which store is in force and where (`SQLite /path`, `PostgreSQL URL`).
    var store: String
    /// The live or stale lock's holder.
    var holder: LockHolder?
    /// The holder of a lock that a reboot ended.
    var endedByReboot: LockHolder?
    /// The attempt a stale lock left behind.
    var attempt: StrandedAttempt?
    var attemptsInProgress: [AttemptInProgress]
    /// Journals of this terminal whose writes wait for the store's server.
    var waitingOnThisTerminal: [Waiting] = []

    /// One journal's writes waiting for the server.
    struct Waiting: Encodable {
        var journal: String
        var writes: Int
        var attempts: [String]
        var submission: Bool

        init(_ journal: SeatJournal) {
            let entries = (try? journal.pending()) ?? []
            self.journal = journal.path
            writes = entries.count
            attempts = Set(entries.compactMap(\.attempt)).sorted()
            submission = entries.contains { if case .finish = $0 { true } else { false } }
        }
    }

    /// Who holds (or held) the lock: the lock file's fields, the pid as a number.
    struct LockHolder: Encodable {
        var pid: Int
        var boot: String
        var user: String
        var tty: String?
        var exam: String
        var examKey: String
        var candidate: String
        var since: String
        var expires: String

        init(_ record: LockRecord) {
            pid = Int(record.pid)
            boot = record.bootID
            user = record.user
            tty = record.tty
            exam = record.examID
            examKey = record.examKey
            candidate = record.candidate
            since = record.startedAt.formatted(.iso8601)
            expires = record.expiresAt.formatted(.iso8601)
        }
    }

    /// The attempt of a stale lock; `secondsAllowed` is `null` when the exam's own duration applies.
    struct StrandedAttempt: Encodable {
        var id: String
        var answersSaved: Int
        var secondsUsed: Int
        var secondsAllowed: Int?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(answersSaved, forKey: .answersSaved)
            try container.encode(secondsUsed, forKey: .secondsUsed)
            try container.encode(secondsAllowed, forKey: .secondsAllowed)
        }

        private enum CodingKeys: String, CodingKey { case id, answersSaved, secondsUsed, secondsAllowed }
    }

    /// An attempt in progress anywhere in the store.
    struct AttemptInProgress: Encodable {
        var id: String
        var exam: String
        var candidate: String
        var answersSaved: Int
        var lastSaved: String
    }
}

/// One attempt of `assess results --json`.
struct ResultReport: Encodable {
    var exam: String
    var candidate: String
    var attempt: String
    var status: String
    var secondsUsed: Int
    var flagged: [String]
    var score: Double?
    var maximum: Double?
    var percent: Double?
    var awaitingManualMarking: [String]?
    /// True when no answer of a scored attempt waits for a person to mark it.
    var fullyMarked: Bool?
    var marks: [String: Mark]?
    /// Why there is no score, when there is none.
    var unscored: String?

    /// One question's mark: `manual` while it waits for a person; the marker's fields when
    /// a person marked it; the answers with `--with-answers`.
    struct Mark: Encodable {
        var awarded: Double
        var maximum: Double
        var manual: Bool
        /// Who gave the hand mark that counts, when, and their comment.
        var markedBy: String?
        var markedAt: String?
        var comment: String?
        /// Why a marker overrode the automatic score.
        var overrideReason: String?
        /// The answer as given (`--with-answers`).
        var answer: String?
        /// The right answer, for a question scored automatically (`--with-answers`).
        var correctAnswer: String?

        init(_ mark: AssessExam.Mark, handMark: StoredMark?, question: Question?, response: Response?) {
            awarded = mark.awarded
            maximum = mark.maximum
            manual = mark.needsManualMarking
            markedBy = handMark?.marker
            markedAt = handMark?.markedAt.formatted(.iso8601)
            comment = handMark.flatMap { $0.comment.isEmpty ? nil : $0.comment }
            overrideReason = handMark?.overrideReason
            if let question {
                answer = AnswerText.given(response, to: question)
                correctAnswer = AnswerText.correct(question)
            }
        }
    }
}

/// One record of `assess log --json`.
struct LogRecordReport: Encodable {
    var seq: Int64
    var time: String
    var monotonicNs: UInt64
    var kind: String
    var details: [String: String]
    var hash: String
    /// The attempt the record belongs to, if any.
    var attempt: String?
}
