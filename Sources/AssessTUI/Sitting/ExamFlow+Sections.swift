import AssessCore
import AssessExam

/// Timed sections: the open section's time running out, or the student leaving it, closes
/// it for good; the next opens, after the break the exam offers between them.
extension ExamFlow {
    /// Why a timed section closed.
    enum SectionEnd: String {
        /// Its time ran out.
        case timeUp = "time-up"
        /// The student left it and confirmed.
        case left
    }

    /// True when moving on from the question on screen leaves the open timed section.
    public var nextLeavesSection: Bool { sitting.nextLeavesSection }

    /// The title of timed section `index`, or "Section N" for an untitled one.
    func sectionName(_ index: Int) -> String {
        sitting.exam.sections[index].title ?? text("section.number", ["number": index + 1])
    }

    /// A resumed attempt opens the section it was in: `closed` sections were closed, the
    /// last when the attempt had used `openedAtSecondsUsed`.
    public mutating func resumeSections(closed: Int, openedAtSecondsUsed: Int) {
        guard
            var sections = SectionClock(
                exam: sitting.exam, examSecondsAllowed: secondsAllowed, open: closed,
                openedAtSecondsUsed: openedAtSecondsUsed)
        else { return }
        sections.rearm(examSecondsUsed: clock.secondsUsedBefore)
        timers.sections = sections
        sheet.sitting.open(section: sections.open)
    }

    /// Closes the open section at `now` and opens the next: the answers so far are saved
    /// and the closing stored after them; the break after it, when the exam offers one,
    /// starts at once (Enter ends it early).
    mutating func closeSection(_ end: SectionEnd, now: UInt64) -> [FlowEffect] {
        guard var sections = timers.sections, !sections.isLastOpen, let used = clock.secondsUsed(now: now) else {
            return []
        }
        let closed = sections.open
        let pause = sections.closeOpen(examSecondsUsed: used)
        timers.sections = sections
        sheet.sitting.open(section: sections.open)
        var saving = everythingUnsaved(now: now)
        saving.closesSection = SaveBatch.SectionClosing(section: closed, secondsUsed: used)
        let effects: [FlowEffect] = [
            .save(saving), .log(.sectionClosed(section: closed + 1, reason: end.rawValue, secondsUsed: used)),
        ]
        let opened = sectionName(sections.open)
        if let pause {
            timers.clock.stop(now: now)
            sectionBreakNext = opened
            phase = .onBreak(since: now, until: MonotonicTime.moment(now, plus: .seconds(pause)))
            return effects
        }
        phase = .question
        warn(text(end == .timeUp ? "notice.section-time-up" : "notice.section-began", ["section": opened]))
        return effects
    }
}
