import AssessExam

/// The clock of an exam with timed sections (a section with its own `duration:`). The
/// sections run one after the other: only the open one can be seen and changed, and it
/// closes for good when its time runs out or the student leaves it. Its time is counted on
/// the exam's clock (the seconds the exam has used since the section opened), so pauses and
/// breaks stop it as they stop the exam's. Pure state.
public struct SectionClock: Sendable, Equatable {
    /// One section's terms for this candidate.
    public struct Terms: Sendable, Equatable {
        /// The section's time with the candidate's extra time; `nil` for a section that
        /// runs until the student leaves it or the exam's time ends.
        public var secondsAllowed: Int?
        /// The break offered once the section closes, in seconds; `nil` for none.
        public var breakAfterSeconds: Int?
    }

    /// Every section's terms, in the exam's order.
    public let sections: [Terms]
    /// The index of the open section.
    public private(set) var open: Int
    /// The exam's seconds used when the open section opened.
    public private(set) var openedAtSecondsUsed: Int
    /// The seconds the proctor added while this section was open: they go to it too.
    public private(set) var secondsAdded = 0
    /// The warnings given in the open section.
    private var warnings = WarningMarks()

    /// The clock of `exam`'s sections for a candidate allowed `examSecondsAllowed` (the
    /// exam's duration with their extra time); `nil` for an exam without timed sections.
    /// A resumed attempt passes the sections it had closed (`open`) and the time used when
    /// the last of them closed.
    public init?(exam: Exam, examSecondsAllowed: Int, open: Int = 0, openedAtSecondsUsed: Int = 0) {
        guard exam.hasTimedSections else { return nil }
        sections = exam.sections.map { section in
            Terms(
                secondsAllowed: section.durationSeconds.map {
                    Self.share(of: $0, examSeconds: exam.durationSeconds, allowed: examSecondsAllowed)
                },
                breakAfterSeconds: section.breakAfterSeconds)
        }
        self.open = min(max(open, 0), sections.count - 1)
        self.openedAtSecondsUsed = openedAtSecondsUsed
    }

    /// A section's time for a candidate: the same share of the time allowed as of the
    /// exam's duration, so 1.5 times the exam is 1.5 times each section (rounded to the
    /// second), and minutes added at the launch are shared in proportion.
    public static func share(of seconds: Int, examSeconds: Int, allowed: Int) -> Int {
        guard examSeconds > 0, allowed != examSeconds else { return seconds }
        return max(1, Int((Double(seconds) * Double(allowed) / Double(examSeconds)).rounded()))
    }

    /// True when the open section is the exam's last.
    public var isLastOpen: Bool { open == sections.count - 1 }

    /// The open section's seconds left when the exam has used `used`, never below 0; `nil`
    /// for a section without a time of its own.
    public func secondsLeft(examSecondsUsed used: Int) -> Int? {
        sections[open].secondsAllowed.map { max(0, $0 + secondsAdded - (used - openedAtSecondsUsed)) }
    }

    /// Closes the open section when the exam has used `used` and opens the next; returns
    /// the break offered between them, in seconds (`nil` for none). The last section does
    /// not close: the exam ends with it.
    public mutating func closeOpen(examSecondsUsed used: Int) -> Int? {
        guard !isLastOpen else { return nil }
        let pause = sections[open].breakAfterSeconds
        open += 1
        openedAtSecondsUsed = used
        secondsAdded = 0
        warnings = WarningMarks()
        rearm(examSecondsUsed: used)
        return pause
    }

    /// The proctor added `seconds`: the open section has them too.
    public mutating func add(seconds: Int, examSecondsUsed used: Int) {
        secondsAdded += seconds
        rearm(examSecondsUsed: used)
    }

    /// Warns again at every mark still ahead of the open section (a resumed sitting, a
    /// section just opened, added time).
    public mutating func rearm(examSecondsUsed used: Int) {
        if let left = secondsLeft(examSecondsUsed: used) { warnings.rearm(secondsLeft: left) }
    }

    /// The warning due (minutes left in the open section), once each; `nil` when none is.
    public mutating func dueWarning(examSecondsUsed used: Int) -> Int? {
        secondsLeft(examSecondsUsed: used).flatMap { warnings.due(secondsLeft: $0) }
    }
}
