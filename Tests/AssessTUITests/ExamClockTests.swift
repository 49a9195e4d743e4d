import Testing

@testable import AssessTUI

/// The exam's timer on its own: moments are monotonic nanoseconds.
@Suite struct ExamClockTests {
    let second: UInt64 = 1_000_000_000

    @Test func itStartsWithTheTimeNotYetUsedAndCountsDownInWholeSecondsRoundedUp() {
        var clock = ExamClock(secondsAllowed: 300, secondsUsedBefore: 100)
        #expect(clock.secondsLeft(now: 0) == nil)
        clock.start(now: 10 * second)
        #expect(clock.secondsLeft(now: 10 * second) == 200)
        #expect(clock.secondsLeft(now: 10 * second + 1) == 200)
        #expect(clock.secondsLeft(now: 11 * second) == 199)
        #expect(clock.secondsUsed(now: 11 * second) == 101)
        #expect(clock.secondsLeft(now: 500 * second) == 0)
    }

    @Test func stoppedItStandsStillAndRestartedItMovesTheDeadline() {
        var clock = ExamClock(secondsAllowed: 60)
        clock.start(now: 0)
        clock.stop(now: 10 * second)
        clock.stop(now: 20 * second) // already stopped: from the first stop
        #expect(clock.secondsLeft(now: 40 * second) == 50)
        #expect(clock.untilNextSecond(now: 40 * second) == nil)
        clock.restart(now: 40 * second)
        #expect(clock.secondsLeft(now: 40 * second) == 50)
        #expect(clock.secondsLeft(now: 45 * second) == 45)
    }

    @Test func theNextTickIsTheTimersNextWholeSecond() {
        var clock = ExamClock(secondsAllowed: 60)
        clock.start(now: 0)
        #expect(clock.untilNextSecond(now: 0) == .seconds(1))
        #expect(clock.untilNextSecond(now: second / 4) == .milliseconds(750))
    }

    @Test func eachWarningIsDueOnceAndAddedTimeArmsThemAgain() {
        var clock = ExamClock(secondsAllowed: 11 * 60)
        clock.start(now: 0)
        #expect(clock.dueWarning(now: 30 * second) == nil)
        #expect(clock.dueWarning(now: 60 * second) == 10)
        #expect(clock.dueWarning(now: 61 * second) == nil)
        // Past both the 5- and the 1-minute marks at once: only the 1-minute warning.
        #expect(clock.dueWarning(now: 610 * second) == 1)
        #expect(clock.dueWarning(now: 611 * second) == nil)
        clock.add(minutes: 10, now: 611 * second)
        #expect(clock.secondsAllowed == 21 * 60)
        #expect(clock.secondsLeft(now: 611 * second) == 649)
        #expect(clock.dueWarning(now: 611 * second) == nil)
        #expect(clock.dueWarning(now: 960 * second) == 5)
    }

    @Test func aWarningAtOrBeyondTheTimeLeftAtTheStartCountsAsGiven() {
        var clock = ExamClock(secondsAllowed: 65)
        clock.start(now: 0)
        #expect(clock.dueWarning(now: 0) == nil)
        #expect(clock.dueWarning(now: 5 * second) == 1)
    }

    @Test func spansConvertWithoutLosingAMoment() {
        #expect(Duration.nanoseconds(1).millisecondsRoundedUp == 1)
        #expect(Duration.milliseconds(250).millisecondsRoundedUp == 250)
        #expect(MonotonicTime.seconds(until: 2 * second, from: second / 2) == 2)
        #expect(MonotonicTime.seconds(from: second / 2, to: 2 * second) == 1)
        #expect(MonotonicTime.span(from: 5, to: 3) == .zero)
    }
}
