import AssessCore
import AssessStore
import AssessTUI
import Foundation

/// A sitting's line to the proctor's monitor through the store: the commands for the
/// lease it holds, and the lease renewed.
package struct StoreCommandLink: SeatCommandLink {
    /// The store's room: commands, leases, news.
    package let store: any RoomStore
    /// The store's rosters, nil when it keeps none.
    package let roster: (any RosterStore)?
    /// The exam's id.
    package let exam: String
    /// The candidate's id.
    package let candidate: String
    /// The lease the sitting holds.
    package let lease: LeaseHolder

    /// The link of a sitting that holds `lease` (none in practice, which takes no lease,
    /// nor in a store that keeps no room). A journaled store's room is its server's: commands
    /// are not journaled, and while the server is away the link fails and tries again.
    package init?(store: any ExamStore, exam: String, candidate: String, lease: LeaseHolder?) {
        guard let room = store.room, let lease else { return nil }
        self.store = room
        self.roster = store.roster
        self.exam = exam
        self.candidate = candidate
        self.lease = lease
    }

    package func pendingCommands() throws -> [SeatCommand] {
        try store.pendingCommands(exam: exam, candidate: candidate, holder: lease)
    }

    /// The commands the store says `attempt` acknowledged, for its resumed sitting.
    package func commandsAcknowledged(during attempt: String) throws -> [SeatCommand] {
        try store.commandsAcknowledged(during: attempt, exam: exam, candidate: candidate, holder: lease)
    }

    package func acknowledge(_ id: Int64) throws {
        try store.acknowledgeCommand(id, exam: exam, candidate: candidate, holder: lease, at: Date())
    }

    /// Without a roster there is no opening to wait for: the read fails (and is tried
    /// again) rather than lets the seat start.
    package func secondsSinceOpening() throws -> Double? {
        try rosters().secondsSinceOpening(exam: exam, at: Date())
    }

    /// Without a roster no code can be checked: an error the student is shown, not a refusal
    /// that reads as a wrong code.
    package func startCodeMatches(_ code: String) throws -> Bool {
        try rosters().startCodeMatches(exam: exam, code: code)
    }

    private func rosters() throws -> any RosterStore {
        guard let roster else { throw StoreError.unsupported("roster or common start") }
        return roster
    }

    package func keepAlive() throws {
        _ = try store.takeLease(exam: exam, candidate: candidate, holder: lease, at: Date())
    }

    package func newsWatcher() throws -> any RoomWatcher {
        try store.seatWatcher(exam: exam, candidate: candidate, holder: lease)
    }
}
