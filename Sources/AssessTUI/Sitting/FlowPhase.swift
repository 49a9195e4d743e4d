import AssessCore
import AssessExam

extension ExamFlow {
    /// Where the student is, with what belongs to that step.
    public indirect enum Phase: Sendable, Equatable {
        /// The proctor's screen before the hand-over (`assess launch`): extra time,
        /// breaks, restrictions, suggestions and accessibility; Enter hands the terminal
        /// over with them, Esc cancels.
        case launchSetup(LaunchSetup)
        case welcome
        /// The student chose to begin; waiting for the engine's consent request or the
        /// attempt (the welcome screen stays up).
        case starting
        /// The engine asks the student's consent to lock.
        case consent(ConsentRequest)
        /// "Locked until you submit" (or "practice"), shown until the student presses
        /// Enter: the first question shows then, and the exam's clock starts (after a
        /// common start it runs from the opening already: ``ExamFlow/clockCountsFrom``).
        case startBanner
        case question
        /// The question palette, with the highlighted question.
        case palette(selection: Int)
        /// The review list, with the highlighted question.
        case review(selection: Int)
        /// "Submit? This cannot be undone."
        case confirmSubmit
        /// "Take a break now?": a break once taken is spent.
        case confirmBreak
        /// "Leave this question for good?": a linear exam does not come back to it.
        case confirmLeave
        /// Waiting for the writer to finish submitting.
        case submitting
        /// "No longer locked", shown until `until`; then the receipt.
        case endBanner(until: UInt64, receipt: ReceiptInfo)
        case receipt(ReceiptInfo)
        /// The exam could not start; the sentence says why, and leaving ends the sitting as `outcome`.
        case refused(String, outcome: SittingOutcome)
        /// The proctor paused the exam: the screen is hidden and the timer stopped.
        case paused
        /// The candidate is on a break (since `since`, at most until `until`): the screen
        /// is hidden and the timer stopped.
        case onBreak(since: UInt64, until: UInt64)
        /// The proctor's panel is open; closing it returns to `returningTo`.
        case proctor(ProctorPanel, returningTo: Phase)
        /// The student's scratchpad: notes that are never saved, submitted or marked.
        case scratchpad
        /// The calculator's panel over the question (``ExamFlow/calculatorPanel``).
        case calculator
        /// The exam's reference sheet, scrolled to its line `top`.
        case reference(top: Int)
        /// A signal, a hang-up or the proctor's abort ends the sitting; waiting for the
        /// writer to save and release the lock.
        case leaving(Leaving)
        /// Every key of the screen the student came from (F1, or `?` where it is not
        /// text); any of Esc, Enter, F1 or `?` goes back.
        case help(returningTo: Phase)
        /// The accessibility settings the student may switch inside the exam, with the
        /// highlighted one; Esc goes back.
        case settings(selection: Int, returningTo: Phase)

        /// True for the phases whose keys the help screen lists: every screen that takes
        /// keys, but the proctor's panel while it checks the password (its answer must find
        /// the panel open).
        var offersHelp: Bool {
            switch self {
            case .launchSetup, .welcome, .consent, .startBanner, .question, .palette, .review, .confirmSubmit,
                .confirmBreak, .confirmLeave, .onBreak, .receipt, .refused, .scratchpad, .calculator, .reference,
                .settings:
                return true
            case .proctor(let panel, _): return panel.step != .checking
            default: return false
            }
        }

        /// The screen the phase shows, whatever its highlight or what lies beneath: a notice
        /// about a key pressed on one screen goes when another shows.
        var screen: String {
            switch self {
            case .launchSetup: return "launch-setup"
            case .welcome: return "welcome"
            case .starting: return "starting"
            case .consent: return "consent"
            case .startBanner: return "start-banner"
            case .question: return "question"
            case .palette: return "palette"
            case .review: return "review"
            case .confirmSubmit: return "confirm-submit"
            case .confirmBreak: return "confirm-break"
            case .confirmLeave: return "confirm-leave"
            case .submitting: return "submitting"
            case .endBanner: return "end-banner"
            case .receipt: return "receipt"
            case .refused: return "refused"
            case .paused: return "paused"
            case .onBreak: return "on-break"
            case .proctor: return "proctor"
            case .scratchpad: return "scratchpad"
            case .calculator: return "calculator"
            case .reference: return "reference"
            case .leaving: return "leaving"
            case .help: return "help"
            case .settings: return "settings"
            }
        }

        /// The phase itself; for the help screen, the phase it goes back to, which goes on
        /// under it (a break's end, a pending consent, the proctor's open panel).
        var beneathHelp: Phase {
            if case .help(let returningTo) = self { return returningTo }
            return self
        }

        /// True for the phases during which the exam's timer stands still.
        var holdsTheClock: Bool {
            switch beneathHelp {
            case .paused, .onBreak: return true
            default: return false
            }
        }

        /// True between the start banner and submission.
        var isInExam: Bool {
            switch self {
            case .startBanner, .question, .palette, .review, .confirmSubmit, .submitting, .paused, .onBreak, .proctor,
                .scratchpad, .calculator, .reference, .settings, .confirmBreak, .confirmLeave:
                return true
            case .help(let returningTo): return returningTo.isInExam
            default: return false
            }
        }
    }

    /// Where the sitting's common start stands (``WelcomeGate``).
    public typealias CommonStart = WelcomeGate.CommonStart

    /// Why a sitting is leaving before its end.
    public enum Leaving: Sendable, Equatable {
        case interrupted(String)
        case aborted(String)
    }
}
