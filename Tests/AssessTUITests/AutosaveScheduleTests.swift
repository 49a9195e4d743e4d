import Testing

@testable import AssessTUI

/// When the progress (and with it the lease's renewal) is due: every 5 s of its own at the
/// timed pace; with the clock by the minute, only when the loop wakes for something else.
@Suite("Autosave schedule")
struct AutosaveScheduleTests {
    static let second: UInt64 = 1_000_000_000

    @Test func atTheTimedPaceTheProgressAsksForAWakeUpEveryFiveSeconds() {
        var schedule = AutosaveSchedule()
        func progressDue(_ seconds: UInt64) -> Bool { schedule.progressDue(now: seconds * Self.second) }
        #expect(schedule.pace == .timed)
        #expect(!progressDue(4))
        #expect(schedule.untilProgressDue(now: 4 * Self.second) == .seconds(1))
        #expect(progressDue(5))
        #expect(!progressDue(5))
        #expect(schedule.untilProgressDue(now: 6 * Self.second) == .seconds(4))
    }

    @Test func whenAwakeTheProgressAsksForNoWakeUpAndIsSavedAtTheNextWakeFiveSecondsOrMoreAfterTheLast() {
        var schedule = AutosaveSchedule()
        func progressDue(_ seconds: UInt64) -> Bool { schedule.progressDue(now: seconds * Self.second) }
        func dueAnswers(_ seconds: UInt64) -> [String] { schedule.dueAnswers(now: seconds * Self.second) }
        schedule.pace = .whenAwake
        // Never a wake-up of its own, however long since the last save.
        #expect(schedule.untilProgressDue(now: 4 * Self.second) == nil)
        #expect(schedule.untilProgressDue(now: 59 * Self.second) == nil)
        // The minute's change wakes the loop: the progress goes with it.
        #expect(progressDue(60))
        // A key 2 s later: too soon; one 5 s after the last save: saved with it.
        #expect(!progressDue(62))
        #expect(progressDue(65))
        // An answer's save leaves the progress's own 5 s as they were.
        schedule.changed("q1", now: 66 * Self.second)
        #expect(dueAnswers(67) == ["q1"])
        #expect(!progressDue(69))
        #expect(progressDue(70))
        // Leaving a question saves the progress beside its schedule: the next is 5 s after.
        schedule.progressSaved(now: 71 * Self.second)
        #expect(!progressDue(75))
        #expect(progressDue(76))
        // The answers' own timing is the same at both paces.
        schedule.changed("q2", now: 80 * Self.second)
        #expect(schedule.untilDue(now: 80 * Self.second) == .milliseconds(300))
    }

    /// Typing for ten seconds saves the answer twice a second but the progress (the time
    /// used and the lease, two more writes each) only every 5 s: at 5 s and at 10 s.
    @Test func whileTypingTheProgressKeepsItsOwnFiveSeconds() {
        var schedule = AutosaveSchedule()
        var answerSaves = 0
        var progressSaves: [UInt64] = []
        for step in 1...100 {
            let now = UInt64(step) * Self.second / 10
            schedule.changed("essay", now: now)
            if !schedule.dueAnswers(now: now).isEmpty { answerSaves += 1 }
            if schedule.progressDue(now: now) { progressSaves.append(now / Self.second) }
        }
        #expect(answerSaves >= 15)
        #expect(progressSaves == [5, 10])
    }

    /// A student typing ten letters a second never pauses 0.3 s; each letter must still reach
    /// the store within half a second, so that the lab's keystroke-to-durable p99 stays under 1 s.
    /// The loop wakes when `untilDue` says; a key comes every 100 ms.
    @Test func whileTypingWithoutPauseEveryChangeIsDueWithinHalfASecond() {
        var schedule = AutosaveSchedule()
        let tick = Self.second / 10
        var longestWait: UInt64 = 0
        var oldestUnsaved: UInt64?
        for step in 0..<100 {
            let now = UInt64(step) * tick
            if oldestUnsaved == nil { oldestUnsaved = now }
            schedule.changed("essay", now: now)
            guard let wait = schedule.untilDue(now: now), let since = oldestUnsaved else { continue }
            let due =
                now + UInt64(wait.components.attoseconds / 1_000_000_000) + UInt64(wait.components.seconds)
                * Self.second
            guard due < now + tick else { continue }
            #expect(schedule.dueAnswers(now: due) == ["essay"])
            longestWait = max(longestWait, due - since)
            oldestUnsaved = nil
        }
        #expect(longestWait > 0)
        #expect(longestWait <= Self.second / 2)
    }
}
