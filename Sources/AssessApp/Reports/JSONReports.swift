import AssessCore
import AssessExam
import AssessStore
import Foundation

/// The `--json` output of every command, as `Codable` types: the keys a school's scripts
/// read are named once, here, and checked by the compiler instead of built from
/// dictionaries of anything.
package enum JSONReport {
    /// `value` as JSON text with sorted keys and unescaped slashes, on one line unless `pretty`.
    package static func text(_ value: some Encodable, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// `assess status --json`.
package struct StatusReport: Encodable {
    /// "unlocked", "locked" or "stale".
    package var state: String
    package var lockFile: String
    package var policy: String
    /// Which store is in force and where (`SQLite /path`, `PostgreSQL URL`).
    package var store: String
    /// The live or stale lock's holder.
    package var holder: LockHolder?
    /// The holder of a lock that a reboot ended.
    package var endedByReboot: LockHolder?
    /// The attempt a stale lock left behind.
    package var attempt: StrandedAttempt?
    package var attemptsInProgress: [AttemptInProgress]
    /// Journals of this terminal whose writes wait for the store's server.
    package var waitingOnThisTerminal: [Waiting] = []
    /// Why the store could not be read, when it could not (the command then exits 73).
    package var storeError: String?

    /// Each property as given.
    package init(
        state: String, lockFile: String, policy: String, store: String, holder: LockHolder? = nil,
        endedByReboot: LockHolder? = nil, attempt: StrandedAttempt? = nil, attemptsInProgress: [AttemptInProgress],
        waitingOnThisTerminal: [Waiting] = []
    ) {
        self.state = state
        self.lockFile = lockFile
        self.policy = policy
        self.store = store
        self.holder = holder
        self.endedByReboot = endedByReboot
        self.attempt = attempt
        self.attemptsInProgress = attemptsInProgress
        self.waitingOnThisTerminal = waitingOnThisTerminal
    }

    /// One journal's writes waiting for the server.
    package struct Waiting: Encodable {
        package var journal: String
        package var writes: Int
        package var attempts: [String]
        package var submission: Bool

        /// What `journal` holds.
        package init(_ journal: SeatJournal) {
            let entries = (try? journal.pending()) ?? []
            self.journal = journal.path
            writes = entries.count
            attempts = Set(entries.compactMap(\.attempt)).sorted()
            submission = entries.contains { if case .finish = $0 { true } else { false } }
        }
    }

    /// Who holds (or held) the lock: the lock file's fields, the pid as a number.
    package struct LockHolder: Encodable {
        package var pid: Int
        package var boot: String
        package var user: String
        package var tty: String?
        package var exam: String
        package var examKey: String
        package var candidate: String
        package var since: String
        package var expires: String

        /// The holder `record` names.
        package init(_ record: LockRecord) {
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
    package struct StrandedAttempt: Encodable {
        package var id: String
        package var answersSaved: Int
        package var secondsUsed: Int
        package var secondsAllowed: Int?

        /// Each property as given.
        package init(id: String, answersSaved: Int, secondsUsed: Int, secondsAllowed: Int? = nil) {
            self.id = id
            self.answersSaved = answersSaved
            self.secondsUsed = secondsUsed
            self.secondsAllowed = secondsAllowed
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(answersSaved, forKey: .answersSaved)
            try container.encode(secondsUsed, forKey: .secondsUsed)
            try container.encode(secondsAllowed, forKey: .secondsAllowed)
        }

        private enum CodingKeys: String, CodingKey { case id, answersSaved, secondsUsed, secondsAllowed }
    }

    /// An attempt in progress anywhere in the store.
    package struct AttemptInProgress: Encodable {
        package var id: String
        package var exam: String
        package var candidate: String
        package var answersSaved: Int
        package var lastSaved: String

        /// Each property as given.
        package init(id: String, exam: String, candidate: String, answersSaved: Int, lastSaved: String) {
            self.id = id
            self.exam = exam
            self.candidate = candidate
            self.answersSaved = answersSaved
            self.lastSaved = lastSaved
        }
    }
}

/// One attempt of `assess results --json`.
package struct ResultReport: Encodable {
    package var exam: String
    package var candidate: String
    package var attempt: String
    package var status: String
    package var secondsUsed: Int
    package var flagged: [String]
    package var score: Double?
    package var maximum: Double?
    package var percent: Double?
    /// The questions whose answers wait for a person to mark them.
    package var toMarkByHand: [String]?
    /// True when no answer of a scored attempt waits for a person to mark it.
    package var fullyMarked: Bool?
    package var marks: [String: Mark]?
    /// Why there is no score, when there is none.
    package var unscored: String?
    /// The irregularities proctors reported at the seat (the monitor's `i`), when any.
    package var incidents: [Incident]? = nil

    /// An irregularity report: when the store wrote it, by whom, its category and the proctor's note.
    package struct Incident: Encodable {
        package var time: String
        package var by: String
        package var category: String
        package var note: String
    }

    /// One question's mark: `toMarkByHand` while it waits for a person, `markedByHand` once
    /// a person's mark counts (with the marker's fields); the answers with `--with-answers`.
    package struct Mark: Encodable {
        package var awarded: Double
        package var maximum: Double
        package var toMarkByHand: Bool
        package var markedByHand: Bool
        /// Who gave the hand mark that counts, when, and their comment.
        package var markedBy: String?
        package var markedAt: String?
        package var comment: String?
        /// Why a marker overrode the automatic score.
        package var overrideReason: String?
        /// The answer as given (`--with-answers`).
        package var answer: String?
        /// The right answer, for a question scored automatically (`--with-answers`).
        package var correctAnswer: String?
        /// A code answer's hidden tests, in order: each one's verdict, points and seconds (`--with-answers`).
        package var tests: [CodeTestOutcome]?

        package init(
            _ mark: AssessExam.Mark, handMark: StoredMark?, question: Question?, response: Response?,
            tests: [CodeTestOutcome]? = nil
        ) {
            awarded = mark.awarded
            maximum = mark.maximum
            toMarkByHand = mark.needsManualMarking
            markedByHand = handMark != nil
            markedBy = handMark?.marker
            markedAt = handMark?.markedAt.formatted(.iso8601)
            comment = handMark.flatMap { $0.comment.isEmpty ? nil : $0.comment }
            overrideReason = handMark?.overrideReason
            if let question {
                answer = AnswerText.given(response, to: question)
                correctAnswer = AnswerText.correct(question)
                self.tests = tests
            }
        }
    }
}

/// One record of `assess log --json`.
package struct LogRecordReport: Encodable {
    package var seq: Int64
    package var time: String
    package var monotonicNs: UInt64
    package var kind: String
    package var details: [String: String]
    package var hash: String
    /// The attempt the record belongs to, if any.
    package var attempt: String?
    /// The server's time of the record and the role that wrote it, where a server keeps the log.
    package var serverTime: String?
    package var writer: String?

    /// Each property as given.
    package init(
        seq: Int64, time: String, monotonicNs: UInt64, kind: String, details: [String: String], hash: String,
        attempt: String? = nil, serverTime: String? = nil, writer: String? = nil
    ) {
        self.seq = seq
        self.time = time
        self.monotonicNs = monotonicNs
        self.kind = kind
        self.details = details
        self.hash = hash
        self.attempt = attempt
        self.serverTime = serverTime
        self.writer = writer
    }
}
