import AssessCore
import Foundation

/// The proctor's side of a store shared by a room: every seat at a glance, commands to
/// seats, and a way to wait for the room to change. Both backends implement it; a seat
/// only reads and acknowledges the commands addressed to the lease it holds.
public protocol RoomStore: ExamStore {
    /// Every seat of the room: each (exam, candidate) with a lease, or whose latest attempt
    /// is in progress or started less than `RoomWindow.recent` ago (practice left out),
    /// narrowed to `exams` when given; ordered by exam, then candidate. Ages are measured
    /// at `time` (SQLite) or by the server's clock (PostgreSQL).
    func room(exams: [String]?, at time: Date) throws -> [SeatView]

    /// Keeps a command for the seat of (exam, candidate) until it is acknowledged, and
    /// returns its number. `issuedBy` names the proctor (PostgreSQL records the login
    /// role instead, which the proctor cannot choose).
    ///
    /// - Throws: `StoreError.notPermitted` when the caller's role may not issue commands.
    @discardableResult
    func issueCommand(
        exam: String, candidate: String, action: SeatCommand.Action, minutes: Int?, message: String?,
        reason: String, issuedBy: String, at time: Date
    ) throws -> Int64

    /// The commands for (exam, candidate) not yet acknowledged, oldest first, for the
    /// sitting that holds its lease as `holder`.
    ///
    /// - Throws: `StoreError.notPermitted` when `holder` does not hold the lease.
    func pendingCommands(exam: String, candidate: String, holder: LeaseHolder) throws -> [SeatCommand]

    /// The commands for (exam, candidate) acknowledged since `attempt` started (by the
    /// store's clock), oldest first, for the sitting that holds its lease as `holder`: what
    /// a resumed sitting of that attempt takes back (the extra breaks they allowed). The
    /// store's word, not the seat's log, which a seat's role writes itself.
    ///
    /// - Throws: `StoreError.notPermitted` when `holder` does not hold the lease.
    func commandsAcknowledged(
        during attempt: String, exam: String, candidate: String,
        holder: LeaseHolder
    ) throws -> [SeatCommand]

    /// Marks a command carried out by the sitting that holds the lease as `holder`. An
    /// `addTime` command's minutes are added to the time allowed of the candidate's attempt
    /// in progress then, once (a seat's role may not change that time itself).
    ///
    /// - Throws: `StoreError.notPermitted` when `holder` does not hold the lease.
    func acknowledgeCommand(_ id: Int64, exam: String, candidate: String, holder: LeaseHolder, at time: Date) throws

    /// A watcher of its own (a connection of its own) that waits for the room to change.
    func roomWatcher() throws -> any RoomWatcher

    /// A watcher of its own that wakes the sitting holding (exam, candidate)'s lease as
    /// `holder` when a command for it may have come or a sitting may have opened: pushed by
    /// the server in PostgreSQL (notifications on a channel only that sitting knows), by the
    /// kernel in a SQLite file (inotify). Between them it costs no wake-up.
    func seatWatcher(exam: String, candidate: String, holder: LeaseHolder) throws -> any RoomWatcher
}

/// Which finished attempts a room still shows.
public enum RoomWindow {
    /// An attempt that ended still shows for this long after it started: the day's sitting.
    public static let recent: TimeInterval = 12 * 3600
}
