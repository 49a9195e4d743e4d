import AssessCore

/// A session wired to fakes, with each fake at hand for the test to steer and inspect.
public struct SessionHarness {
    public let clock = ManualClock()
    public let lock = InMemoryTerminalLock()
    public let log = RecordingEventLog()
    public let pasteGuard: RecordingPasteGuard
    public let consent: ScriptedConsent
    public let clipboards: [RecordingClipboard]
    public let session: AssessmentSession

    /// The process every harness pretends to be.
    public static let process = ProcessContext(pid: 4242, userName: "student", tty: "/dev/pts/7", bootID: "boot-a")

    /// A sitting of exam `geo` by candidate `c-17`.
    public static let exam = ExamDescriptor(examID: "geo", examKey: "k3y", title: "Geography", candidate: "c-17")

    /// `prompt`, when given, asks the consent instead of the scripted student.
    public init(
        exam: ExamDescriptor = SessionHarness.exam, policy: Policy = Policy(),
        consents: Bool = true, clipboards: [RecordingClipboard] = [RecordingClipboard(name: "tmux")],
        pasteGuard: RecordingPasteGuard = RecordingPasteGuard(),
        surroundings: FixedSurroundings = FixedSurroundings(),
        environment: [String: String] = ["LANG": "C.UTF-8"], prompt: (any ConsentPrompt)? = nil
    ) {
        self.pasteGuard = pasteGuard
        self.consent = ScriptedConsent(accepts: consents)
        self.clipboards = clipboards
        let dependencies = SessionDependencies(
            clock: clock, lock: lock, clipboards: clipboards, eventLog: log, pasteGuard: pasteGuard,
            consent: prompt ?? consent, surroundings: surroundings, process: Self.process, environment: environment)
        session = AssessmentSession(exam: exam, policy: policy, dependencies: dependencies)
    }
}
