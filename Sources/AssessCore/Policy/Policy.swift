import Foundation

/// The school's rules for this machine: which exams may lock it, for how long, and how
/// strict to be about clipboards and terminal multiplexers. Read from
/// `$ASSESS_POLICY` (default `/etc/assess/policy.yaml`); without a file the built-in
/// defaults apply, which let any exam lock (so the sample exams run on a fresh machine).
public struct Policy: Sendable, Equatable {
    /// Where the policy came from.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        case builtInDefaults(lookedFor: String)
        case file(String)

        public var description: String {
            switch self {
            case .builtInDefaults(let path): return "built-in defaults (no policy file at \(path))"
            case .file(let path): return path
            }
        }
    }

    /// Exam ids that may lock this terminal; `nil` means any exam.
    public var allowedExams: Set<String>?
    /// The longest a lock may last before it expires by itself.
    public var maximumLockSeconds: Double
    /// When true, a present clipboard that cannot be cleared stops the exam from starting.
    public var strictClipboards: Bool
    /// When false, running inside tmux or GNU screen stops the exam from starting.
    public var allowMultiplexers: Bool
    /// When false, practice (unlocked) sittings are refused.
    public var allowPractice: Bool
    /// The smallest terminal an exam starts in; never smaller than ``smallestLayout``.
    public var minimumTerminal: TerminalSize

    /// The smallest terminal the exam's screens are laid out for: a policy may ask for a
    /// larger minimum, never a smaller one (the screens would show only a notice).
    public static let smallestLayout = TerminalSize(columns: 80, rows: 24)
    /// The proctor's password, as a salted scrypt hash; `nil` until `assess passwd` sets one.
    public var proctorPassword: ProctorPassword?
    /// When true, the time a crashed session's terminal was down counts against the
    /// candidate's time on `assess resume`; by default it does not.
    public var chargeDowntime: Bool
    /// How long a sitting's lease on (exam, candidate) in the store lasts without renewal
    /// (`lease-lost-after`); after that, unless its holder is known alive (its process here,
    /// or its connection to the server), `assess resume` may take it over elsewhere.
    public var leaseLostAfter: Double = 30
    /// The shortest `leaseLostAfter`: a running seat renews its lease every 5 s (or, with
    /// the clock by the minute, is known alive between its renewals).
    public static let shortestLeaseLostAfter: Double = 10
    /// Where attempts, answers and the event log are kept: nil for SQLite in the data
    /// directory (the default), else a libpq URL of a PostgreSQL store
    /// (`postgresql:///assess?host=/run/postgresql`).
    public var store: String?
    /// The accessibility settings the student may choose at `assess take` and switch
    /// inside the exam (`student-settings`); by default all of them. The proctor sets
    /// any of them at `assess launch` whatever this says.
    public var studentSettings: Set<AccessibilityOption>
    /// Where this policy came from.
    public var source: Source

    public init(
        allowedExams: Set<String>? = nil, maximumLockSeconds: Double = 8 * 3600,
        strictClipboards: Bool = false, allowMultiplexers: Bool = true,
        allowPractice: Bool = true, minimumTerminal: TerminalSize = Policy.smallestLayout,
        proctorPassword: ProctorPassword? = nil, chargeDowntime: Bool = false, store: String? = nil,
        studentSettings: Set<AccessibilityOption> = Set(AccessibilityOption.allCases),
        source: Source = .builtInDefaults(lookedFor: Policy.defaultPath)
    ) {
        self.allowedExams = allowedExams
        self.maximumLockSeconds = maximumLockSeconds
        self.strictClipboards = strictClipboards
        self.allowMultiplexers = allowMultiplexers
        self.allowPractice = allowPractice
        self.minimumTerminal = minimumTerminal
        self.proctorPassword = proctorPassword
        self.chargeDowntime = chargeDowntime
        self.store = store
        self.studentSettings = studentSettings
        self.source = source
    }

    /// Whether `text` names a store `assess` can use: `sqlite`, or a `postgresql://` (or
    /// `postgres://`) URL.
    public static func isStore(_ text: String) -> Bool {
        text == "sqlite" || text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Where the policy file is looked for when `$ASSESS_POLICY` is not set.
    public static let defaultPath = "/etc/assess/policy.yaml"

    /// The policy file's path: `$ASSESS_POLICY` when set, else `defaultPath`.
    public static func path(environment: [String: String]) -> String {
        environment.nonEmpty("ASSESS_POLICY") ?? defaultPath
    }

    /// A sentence saying why `examID` may not lock this terminal, or `nil` when it may.
    public func refusal(forExam examID: String) -> String? {
        guard let allowed = allowedExams, !allowed.contains(examID) else { return nil }
        return
            "the policy (\(source)) does not allow exam \"\(examID)\" to lock this terminal; allowed: \(allowed.sorted().joined(separator: ", "))"
    }
}
