import Foundation

/// Which records `assess log --follow` prints next. A server numbers a record when it is
/// appended, not when its transaction commits, so a record can become visible after one
/// numbered above it (two seats' transactions committing out of order). The follower
/// therefore asks again from below the newest number it printed, for ``settle`` seconds
/// after it saw that number, and prints each record once.
package struct LogFollower: Sendable {
    /// How long a record may stay invisible after a later-numbered one was seen: more than
    /// a seat's longest statement or idle transaction (`PostgresSchema.seatTimeouts`).
    package static let settle: TimeInterval = 20

    /// Records numbered above this are asked for at the next look.
    package private(set) var floor: Int64
    /// The numbers printed above the floor, with when each was first seen.
    private var seen: [Int64: Date] = [:]

    /// A follower that prints the records numbered above `sequence`.
    package init(after sequence: Int64 = 0) {
        floor = sequence
    }

    /// The records of `fetched` not printed yet, in number order, marked as printed; then
    /// raises the floor to the newest number seen ``settle`` seconds or more before `now`.
    package mutating func fresh(_ fetched: [StoredEvent], at now: Date) -> [StoredEvent] {
        let new = fetched.filter { $0.event.sequence > floor && seen[$0.event.sequence] == nil }
            .sorted { $0.event.sequence < $1.event.sequence }
        for stored in new { seen[stored.event.sequence] = now }
        if let settled = seen.filter({ now.timeIntervalSince($0.value) >= Self.settle }).keys.max() {
            floor = settled
            seen = seen.filter { $0.key > settled }
        }
        return new
    }
}
