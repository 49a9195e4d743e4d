import AssessCore
import AssessStore
import AssessTUI
import Foundation

/// A sitting's line to the proctor's monitor through the store: the commands for the
/// lease it holds, and the lease renewed.
struct StoreCommandLink: SeatCommandLink {
    let store: any RoomStore
    let exam: String
    let candidate: String
    let lease: LeaseHolder

    /// The link of a sitting that holds `lease` (none in practice, which takes no lease).
    /// A journaled store's commands come from its server: they are not journaled, and
    /// while the server is away the link fails and tries again.
    init?(store: any ExamStore, exam: String, candidate: String, lease: LeaseHolder?) {
        let reachable = (store as? JournaledStore)?.server ?? store
        guard let room = reachable as? any RoomStore, let lease else { return nil }
        self.store = room
        self.exam = exam
        self.candidate = candidate
        self.lease = lease
    }

    func pendingCommands() throws -> [SeatCommand] {
        try store.pendingCommands(exam: exam, candidate: candidate, holder: lease)
    }

    /// The commands the store says `attempt` acknowledged, for its resumed sitting.
    func commandsAcknowledged(during attempt: String) throws -> [SeatCommand] {
        try store.commandsAcknowledged(during: attempt, exam: exam, candidate: candidate, holder: lease)
    }

    func acknowledge(_ id: Int64) throws {
        try store.acknowledgeCommand(id, exam: exam, candidate: candidate, holder: lease, at: Date())
    }

    func secondsSinceOpening() throws -> Double? {
        try (store as? any RosterStore)?.secondsSinceOpening(exam: exam, at: Date())
    }

    func startCodeMatches(_ code: String) throws -> Bool {
        try (store as? any RosterStore)?.startCodeMatches(exam: exam, code: code) ?? false
    }

    func keepAlive() throws {
        _ = try store.takeLease(exam: exam, candidate: candidate, holder: lease, at: Date())
    }

    func newsWatcher() throws -> any RoomWatcher {
        try store.seatWatcher(exam: exam, candidate: candidate, holder: lease)
    }
}
