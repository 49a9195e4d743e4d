import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// `assess log --follow` on a server: a record that commits after a later-numbered one is
/// still printed, once, and the follower stops asking for old numbers after a while.
@Suite struct LogFollowerTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func records(_ numbers: Int64...) -> [StoredEvent] {
        numbers.map { number in
            StoredEvent(
                event: LoggedEvent(
                    sequence: number, wallTime: start, monotonicNanoseconds: 0, kind: "timer.warning",
                    details: [:], hash: String(number)),
                attempt: nil)
        }
    }

    @Test func aRecordThatCommitsAfterALaterNumberedOneIsPrintedOnceWhenItAppears() {
        var follower = LogFollower()
        #expect(follower.fresh(records(1, 2, 4), at: start).map(\.event.sequence) == [1, 2, 4])
        // Record 3's transaction commits late: the next look still asks from below 4.
        #expect(follower.floor == 0)
        #expect(follower.fresh(records(1, 2, 4), at: start + 1).isEmpty)
        #expect(follower.fresh(records(1, 2, 3, 4, 5), at: start + 2).map(\.event.sequence) == [3, 5])
        #expect(follower.fresh(records(1, 2, 3, 4, 5), at: start + 3).isEmpty)
    }

    @Test func theFloorRisesToWhatWasSeenSettleSecondsAgo() {
        var follower = LogFollower(after: 10)
        #expect(follower.fresh(records(9, 11, 12), at: start).map(\.event.sequence) == [11, 12])
        #expect(follower.fresh(records(13), at: start + 10).map(\.event.sequence) == [13])
        _ = follower.fresh([], at: start + LogFollower.settle)
        #expect(follower.floor == 12)
        // What was printed above the floor is still not printed twice.
        #expect(follower.fresh(records(13, 14), at: start + LogFollower.settle + 1).map(\.event.sequence) == [14])
        _ = follower.fresh([], at: start + LogFollower.settle + 30)
        #expect(follower.floor == 14)
    }
}
