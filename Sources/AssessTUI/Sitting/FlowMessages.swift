import AssessCore
import AssessExam

/// Everything that happens to a sitting enters the flow as one of these: a key, time
/// passing, a signal, a new terminal size, and what became of the effects the flow
/// asked for. The flow answers each with effects; it does no I/O itself.
public enum FlowEvent: Sendable, Equatable {
    /// The student (or the proctor at the student's terminal) pressed a key.
    case key(Key)
    /// Time passed: banners, notices, the timer and autosave are due for a look.
    case tick
    /// The terminal has this size now (at the start and after every resize).
    case resized(TerminalSize)
    /// A stop signal (by name, e.g. "SIGTERM") or a hang-up ended the sitting.
    case stop(reason: String)
    /// The engine asks the student's consent to lock the terminal.
    case consentRequested(ConsentRequest)
    /// The lock was granted (or practice began) and the attempt stored under this id.
    case attemptStarted(id: String)
    /// The lock was refused; nothing of the exam was shown.
    case lockRefused(LockFailureReason)
    /// The lock was granted but the attempt could not be stored; the lock was released.
    case attemptNotStored(String)
    /// These answers could not be saved; they are tried again at the next save.
    case saveFailed(questionIDs: [String], problem: String)
    /// The attempt was submitted and the lock released; `problem` says what could not
    /// be recorded, if anything.
    case submitted(ReceiptInfo, problem: String?)
    /// The password typed at the proctor's prompt was checked.
    case passwordChecked(accepted: Bool)
    /// The proctor's added time could not be stored (it still applies here).
    case allowedTimeNotStored(String)
    /// The engine's suggestion settings changed (the lock, a proctor, a switch).
    case suggestionsChanged(SuggestionSettings)
    /// A paste of this many characters arrived during the exam and was discarded.
    case pasteRejected(characters: Int)
    /// The effects of an interruption or an abort are done: the lock is released.
    case released(abortStored: Bool)
    /// What the sitting saved waits on this terminal for the store's server (`true`), or
    /// the server has all of it again (`false`).
    case savedOnThisTerminal(Bool)
    /// The proctor sent this command from the monitor.
    case proctorCommand(SeatCommand)
    /// The proctor opened the sitting this many seconds ago (by the store's clock).
    case sittingOpened(secondsAgo: Double)
    /// The start code the student typed is the sitting's (`true`), or not; `problem` when
    /// the store could not be asked.
    case startCodeChecked(accepted: Bool, problem: String?)
    /// A sample run of a code question ended: the store's number for it, the code's hash
    /// and each sample's outcome.
    case sampleRunFinished(questionID: String, number: Int, codeHash: String, outcomes: [SampleOutcome])
    /// A sample run was not made: no runs were left, or the store or the sandbox could not be used.
    case sampleRunRefused(questionID: String, SampleRunRefusal)
}

/// What the engine asks before it locks: the consent screen's content.
public struct ConsentRequest: Sendable, Equatable {
    public var title: String
    public var maximumHours: Double

    public init(title: String, maximumHours: Double) {
        self.title = title
        self.maximumHours = maximumHours
    }
}

/// Answers and progress to make durable, as the flow had them when it asked: the
/// writer never reads the flow.
public struct SaveBatch: Sendable, Equatable {
    /// One question's answer (or its absence), flag and annotations.
    public struct Answer: Sendable, Equatable {
        public var questionID: String
        public var response: Response?
        public var flagged: Bool
        public var annotations: Annotations
    }

    public var answers: [Answer]
    /// The time used, the question on screen and the breaks taken; `nil` before the exam starts.
    public var progress: Progress?
    /// The typing journal's checkpoint of this save's texts (``TypingNote/checkpoint``),
    /// when the sitting journals its typing.
    public var journalMark: UInt64?
    /// The timed section this save closes, after its answers.
    public var closesSection: SectionClosing?

    /// A timed section closed for good, with the attempt's seconds used then.
    public struct SectionClosing: Sendable, Equatable {
        public var section: Int
        public var secondsUsed: Int

        public init(section: Int, secondsUsed: Int) {
            self.section = section
            self.secondsUsed = secondsUsed
        }
    }

    /// How far an attempt has come.
    public struct Progress: Sendable, Equatable {
        public var secondsUsed: Int
        public var currentQuestion: Int
        public var breaksTaken: Int
    }

    /// True when there is nothing to write.
    public var isEmpty: Bool { answers.isEmpty && progress == nil && closesSection == nil }
}

extension SubmissionReason {
    /// How the attempt ends in the store.
    public var end: AttemptEnd {
        switch self {
        case .student, .proctor: return .submitted
        case .timeUp, .lockExpired: return .timedOut
        }
    }
}

/// What the receipt screen shows.
/// The receipt screen's fields; `submittedAt` in the interface language's form, local time
/// (`ReceiptTime`).
public struct ReceiptInfo: Sendable, Equatable {
    public var code: String
    public var submittedAt: String
    public var reason: SubmissionReason

    public init(code: String, submittedAt: String, reason: SubmissionReason) {
        self.code = code
        self.submittedAt = submittedAt
        self.reason = reason
    }
}

/// What the flow tells the typing journal, in the order it happened (see ``TypingJournal``).
public enum TypingNote: Sendable, Equatable {
    /// `question`'s text is `text` here: before its first edit in the sitting (`mark` 0),
    /// or in the save the ``SaveBatch/journalMark`` `mark` names.
    case checkpoint(question: String, kind: TypedAnswerKind, text: String, mark: UInt64)
    /// `question`'s text changed.
    case edited(question: String, [TextEdit])
}

/// Something the flow asks the app to do; the flow itself does no I/O. Effects that
/// touch the disk run in order on the sitting's writer, off the key loop, and report
/// back as ``FlowEvent``s.
public enum FlowEffect: Sendable, Equatable {
    /// The proctor handed the terminal over with these settings: the attempt starts with
    /// them, the engine turns off the suggestions they turn off, and `log` (the launch
    /// settings' records) is logged once the attempt starts.
    case handOver(LaunchSettings, log: [SessionEvent])
    /// The student chose to begin: request the lock (or start practice) and the attempt.
    case begin
    /// The student answered the consent screen.
    case consent(granted: Bool)
    /// Make these answers and this progress durable.
    case save(SaveBatch)
    /// Log (and publish) this event.
    case log(SessionEvent)
    /// Ask the engine to turn a suggestion feature on or off (it refuses what the exam
    /// does not allow while locked).
    case setSuggestion(SuggestionFeature, on: Bool)
    /// Save what is pending, compute the receipt from `responses` (every answer),
    /// finish the attempt, unlock.
    case submit(SubmissionReason, saving: SaveBatch, responses: [String: Response])
    /// Check the password typed at the proctor's prompt.
    case verifyPassword(String)
    /// The proctor added time: keep the new allowance with the attempt.
    case allowedTimeChanged(seconds: Int)
    /// Save what is pending, log the interruption, release the lock.
    case interrupt(reason: String, saving: SaveBatch)
    /// Save what is pending, mark the attempt aborted, release the lock.
    case abort(reason: String, saving: SaveBatch)
    /// Leave the program; the sitting ended this way.
    case exit(SittingOutcome)
    /// Try again to send what waits on this terminal to the store's server.
    case deliver
    /// Tell the store the proctor's command `id` was carried out (after the records it caused).
    case acknowledgeCommand(id: Int64)
    /// Ask the store whether this is the sitting's start code.
    case checkStartCode(String)
    /// Take a sample run from the question's budget and run it in the background.
    case runSamples(SampleRunRequest)
}

/// The receipt as the shell prints it once the screen is given back, so that it stays on
/// the terminal and in its scroll-back after the student leaves the receipt screen.
public struct PrintedReceipt: Sendable, Equatable {
    /// The receipt itself, as the screen showed it.
    public var receipt: ReceiptInfo
    /// The exam key, short, as the screen showed it.
    public var examKey: String
    /// The candidate's id.
    public var candidate: String
    /// True when the code is printed a character at a time, as the screen reader's layout
    /// shows it.
    public var spelled: Bool

    public init(receipt: ReceiptInfo, examKey: String, candidate: String, spelled: Bool = false) {
        self.receipt = receipt
        self.examKey = examKey
        self.candidate = candidate
        self.spelled = spelled
    }

    /// The lines printed, in `text`'s language: the receipt screen's heading and fields.
    public func lines(in text: Catalogue) -> [String] {
        [text(receipt.reason == .timeUp ? "receipt.time-up" : "receipt.submitted"), ""]
            + ScreenKit.aligned([
                (text("label.receipt"), spelled ? ScreenKit.characterByCharacter(receipt.code) : receipt.code),
                (text("label.submitted"), receipt.submittedAt), (text("label.exam-key"), examKey),
                (text("label.candidate"), candidate),
            ]).map { "  " + $0 } + ["", text("receipt.keep")]
    }
}

/// How a sitting ended, for the executable's exit status.
public enum SittingOutcome: Sendable, Equatable {
    /// The attempt was submitted (by the student or when time ran out); the receipt to
    /// print after the screen, when there is one.
    case submitted(PrintedReceipt?)
    /// The student left before beginning.
    case quitBeforeStart
    /// The proctor cancelled at the launch screen (or the terminal hung up there); nothing
    /// was locked.
    case launchCancelled
    /// The lock was not granted; nothing of the exam was shown.
    case notStarted(LockFailureReason)
    /// The attempt could not be stored, so the exam did not start; the text says why.
    case notRecorded(String)
    /// A signal or hang-up ended the sitting; answers were saved and the lock released.
    /// When the exam had started, its attempt stays in progress for `assess resume`.
    case interrupted(String, attemptInProgress: Bool)
    /// The proctor aborted the attempt for this reason; the lock was released. `stored`
    /// is false when the attempt could not be marked aborted.
    case aborted(String, stored: Bool)
}
