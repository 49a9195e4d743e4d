import AssessCore
import AssessStore
import AssessTUI
import Foundation

/// The monitor's source in the store in force.
package struct StoreMonitorSource: MonitorSource {
    /// The store's room.
    package let store: any RoomStore
    /// The exams watched; nil for every exam.
    package let exams: [String]?
    /// Wakes the monitor when the room changes.
    package let watcher: any RoomWatcher
    /// Who issues commands (the proctor's account; PostgreSQL records the login role itself).
    package let proctor: String
    /// The clock of the log records it writes.
    package let clock: any Clock
    /// The timed sections of each exam that has them, by exam id.
    package let sectionPlans: [String: SectionPlan]

    /// Each property as given.
    package init(
        store: any RoomStore, exams: [String]?, watcher: any RoomWatcher, proctor: String, clock: any Clock,
        sectionPlans: [String: SectionPlan] = [:]
    ) {
        self.store = store
        self.exams = exams
        self.watcher = watcher
        self.proctor = proctor
        self.clock = clock
        self.sectionPlans = sectionPlans
    }

    /// The room's seats, and a seat for each candidate on a roster who has none yet (not
    /// arrived); each with the candidate's name when the roster gives one, and its exam's
    /// timed sections when it has them.
    package func seats() throws -> [SeatView] {
        var seats = try store.room(exams: exams, at: Date())
        if let rosters = store.roster { try addRosters(rosters, to: &seats) }
        for index in seats.indices { seats[index].sectionPlan = sectionPlans[seats[index].exam] }
        return seats
    }

    /// Names `seats` from the rosters of the exams watched and adds the candidates not arrived.
    private func addRosters(_ rosters: any RosterStore, to seats: inout [SeatView]) throws {
        var names: [String: String] = [:]
        for (exam, entries) in try rosters.rosters(exams: exams) {
            for entry in entries { names[exam + "\u{0}" + entry.candidate] = entry.name }
        }
        for index in seats.indices {
            let name = names.removeValue(forKey: seats[index].exam + "\u{0}" + seats[index].candidate)
            seats[index].name = name?.isEmpty == false ? name : nil
        }
        for (key, name) in names {
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            seats.append(SeatView(exam: parts[0], candidate: parts[1], name: name.isEmpty ? nil : name))
        }
        seats.sort { ($0.exam, $0.candidate) < ($1.exam, $1.candidate) }
    }

    package func starts() throws -> [SittingStart] {
        try store.roster?.sittingStarts(exams: exams, at: Date()) ?? []
    }

    /// A new start code for `exam`'s sitting. A SQLite store's sealed questions are sealed
    /// again under it (they open with it alone, typed before the sitting's screen); any other
    /// sitting's welcome screens take it.
    package func makeStartCode(exam: String) throws -> String {
        guard let rosters = store.roster else { throw StoreError.unsupported("common start") }
        let code = StartCode.make()
        if let sqlite = store as? SQLiteStore, try sqlite.formIsSealed(exam: exam) {
            try Resealing.reseal(exam: exam, under: code, in: sqlite)
            return code
        }
        try rosters.setStartCode(exam: exam, code: code, by: proctor, at: Date())
        return code
    }

    package func open(exam: String) throws {
        guard let rosters = store.roster else { throw StoreError.unsupported("common start") }
        try rosters.openSitting(exam: exam, by: proctor, at: Date())
    }

    package func timeline(of seat: SeatView) throws -> [MonitorModel.TimelineEntry] {
        guard let attempt = seat.attempt else { return [] }
        return try store.events(after: 0, limit: nil, attempt: attempt).map { stored in
            MonitorModel.TimelineEntry(
                time: stored.event.wallTime, kind: stored.event.kind, details: stored.event.details)
        }
    }

    /// Issues the command, then logs it with who issued it and why, on the seat's attempt in
    /// progress (its timeline) when it has one: the log then holds the proctor's own record,
    /// written under the proctor's role, whatever the seat does with it.
    package func send(_ command: SeatCommandDraft, to seat: MonitorModel.SeatKey) throws {
        let id = try store.issueCommand(
            exam: seat.exam, candidate: seat.candidate, action: command.action,
            minutes: command.minutes, message: command.message, reason: command.reason,
            issuedBy: proctor, at: Date())
        let attempt = try store.inProgressAttempt(exam: seat.exam, candidate: seat.candidate)?.id
        _ = try store.appendEvent(
            .proctor(
                .commandIssued(
                    id: id, action: command.action.rawValue, candidate: seat.candidate,
                    by: proctor, reason: command.reason)),
            at: EventTime(clock), attempt: attempt)
    }

    /// Appends the report to the seat's attempt's log under the proctor's role, which the
    /// store stamps with its own time (and on PostgreSQL the login role); a seat's role
    /// may not append this kind.
    package func reportIncident(_ category: IncidentCategory, note: String, at seat: SeatView) throws {
        guard let attempt = seat.attempt else {
            throw StoreError.notPermitted("\(seat.candidate) has no attempt to write an incident on")
        }
        _ = try store.appendEvent(
            .proctor(
                .incidentReported(
                    examID: seat.exam, candidate: seat.candidate, category: category, note: note, by: proctor)),
            at: EventTime(clock), attempt: attempt)
    }

    package func waitForChange(milliseconds: Int) -> Bool {
        watcher.waitForChange(milliseconds: milliseconds)
    }
}
