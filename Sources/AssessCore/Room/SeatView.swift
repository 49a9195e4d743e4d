import Foundation

/// One seat of the room as the proctor's monitor sees it: who sits there, where, how far
/// the attempt has come and what went wrong so far. Read from the store in one go
/// (`RoomStore.room`); ages are seconds measured by the store's clock when it was read,
/// so that a seat's clock being wrong never makes it look lost or alive.
public struct SeatView: Sendable, Equatable, Codable {
    /// The exam's id.
    public var exam: String
    /// The candidate's id.
    public var candidate: String
    /// The candidate's name on the exam's roster, when the roster gives one (never empty).
    public var name: String?
    /// Where the sitting runs (its lease's host and terminal); nil once the lease is given up.
    public var host: String?
    public var tty: String?
    /// Seconds since the sitting last renewed its lease; nil when no sitting holds one.
    public var leaseAge: Double?
    /// True when the lease's holder was known alive when the seat was read, however long
    /// ago it renewed: on PostgreSQL its server backend is still connected, on SQLite its
    /// process still runs on this machine (see `Lease` in AssessStore).
    public var holderAlive: Bool
    /// True when the store knew, when the seat was read, that the lease's holder had ended:
    /// on PostgreSQL its server backend was gone (a killed seat's connection closes, and its
    /// backend ends, at once), on SQLite its process was gone from this machine. Such a seat
    /// is lost once its lease is ``holderGoneGrace`` seconds old, whatever the lease's time.
    public var holderGone: Bool
    /// The candidate's latest attempt of the exam, if one has started.
    public var attempt: String?
    /// The exam key the attempt runs (a second key in a room means a second version of the exam).
    public var examKey: String?
    /// The attempt's status as stored (`inProgress`, `submitted`, `timedOut`, `interrupted`, `aborted`).
    public var status: String?
    /// The seconds the candidate is allowed (extra and added time included); nil for no limit.
    public var secondsAllowed: Int?
    /// The seconds used when the sitting last saved its progress.
    public var secondsUsed: Int
    /// Seconds since the sitting last saved its progress.
    public var progressAge: Double?
    /// Questions with an answer, and questions flagged for review.
    public var answered: Int
    public var flagged: Int
    /// Breaks taken.
    public var breaksTaken: Int
    /// The kind of the attempt's newest event record, and its age in seconds.
    public var lastEvent: String?
    public var lastEventAge: Double?
    /// The newest of the records that stop or restart the seat (see `SeatHold`): whether
    /// it is paused, on a break, or left a stale lock at its terminal.
    public var lastHold: String?
    /// How many records of each warning kind the attempt has (see `SeatWarning`).
    public var warnings: [String: Int]
    /// Commands the proctor sent that the seat has not acknowledged yet.
    public var pendingCommands: Int
    /// The newest of the attempt's raised-hand records (see `SeatHand`), and how many
    /// times the student raised a hand.
    public var lastHand: String?
    public var handsRaised: Int
    /// How many of the exam's timed sections the attempt has closed for good (the store's
    /// count): the open section's index.
    public var sectionsClosed: Int
    /// The exam's timed sections, when it has them (the monitor's source adds it from the
    /// published exam or the exam file; the store does not know it).
    public var sectionPlan: SectionPlan?

    /// A seat with these fields; counts default to none.
    public init(
        exam: String, candidate: String, host: String? = nil, tty: String? = nil, leaseAge: Double? = nil,
        holderAlive: Bool = false, holderGone: Bool = false, attempt: String? = nil, examKey: String? = nil,
        status: String? = nil,
        secondsAllowed: Int? = nil,
        secondsUsed: Int = 0, progressAge: Double? = nil, answered: Int = 0, flagged: Int = 0,
        breaksTaken: Int = 0, lastEvent: String? = nil, lastEventAge: Double? = nil, lastHold: String? = nil,
        warnings: [String: Int] = [:], pendingCommands: Int = 0, name: String? = nil, lastHand: String? = nil,
        handsRaised: Int = 0, sectionsClosed: Int = 0, sectionPlan: SectionPlan? = nil
    ) {
        self.exam = exam
        self.candidate = candidate
        self.name = name
        self.host = host
        self.tty = tty
        self.leaseAge = leaseAge
        self.holderAlive = holderAlive
        self.holderGone = holderGone
        self.attempt = attempt
        self.examKey = examKey
        self.status = status
        self.secondsAllowed = secondsAllowed
        self.secondsUsed = secondsUsed
        self.progressAge = progressAge
        self.answered = answered
        self.flagged = flagged
        self.breaksTaken = breaksTaken
        self.lastEvent = lastEvent
        self.lastEventAge = lastEventAge
        self.lastHold = lastHold
        self.warnings = warnings
        self.pendingCommands = pendingCommands
        self.lastHand = lastHand
        self.handsRaised = handsRaised
        self.sectionsClosed = sectionsClosed
        self.sectionPlan = sectionPlan
    }

    /// True while the student's hand is raised, the proctor has not acknowledged it, and
    /// the attempt is still in progress (a hand left raised at the end waits for no one).
    public var handWaiting: Bool { lastHand == SeatHand.raised && status == "inProgress" }

    /// True when the proctor acknowledged the hand, and the student has not lowered it or
    /// raised it again since.
    public var handAcknowledged: Bool { lastHand == SeatHand.acknowledged }

    /// Seconds a lease whose holder is known gone may stay unrenewed before its seat shows
    /// lost: a seat whose connection broke and came back renews within them.
    public static let holderGoneGrace: Double = 3

    /// The seat's state `elapsed` seconds after it was read, when a lease not renewed for
    /// `lostAfter` seconds is lost unless its holder was known alive, and one whose holder was
    /// known gone is lost after ``holderGoneGrace``.
    public func state(elapsed: Double = 0, lostAfter: Double) -> SeatState {
        switch status {
        case "submitted": return .submitted
        case "timedOut": return .timedOut
        case "interrupted": return .interrupted
        case "aborted": return .aborted
        default: break
        }
        // A crashed sitting's lock found at its terminal, not yet resumed or cleared.
        if lastHold == SeatHold.staleLockFound { return .staleLock }
        // On the roster, with neither a sitting nor an attempt: not here yet.
        if leaseAge == nil && attempt == nil && status == nil { return .notArrived }
        guard let leaseAge else {
            // The sitting gave its lease up with the attempt still in progress: a signal,
            // a hang-up, a lost terminal. `assess resume` continues it.
            return .interrupted
        }
        let age = max(0, leaseAge) + elapsed
        if (age >= lostAfter && !holderAlive) || (holderGone && age >= Self.holderGoneGrace) { return .lost }
        guard attempt != nil else { return .welcome }
        switch lastHold {
        case "exam.paused": return .paused
        case "break.started": return .onBreak
        // A section's closing starts the break the exam offers after it, if it offers one.
        case SeatHold.sectionClosed: return onSectionBreak ? .onBreak : .answering
        default: return .answering
        }
    }

    /// True when the seat's holder was known alive and the seat not lost: the holder can end
    /// (a seat killed) with no write to the store, so a monitor reads the room again every
    /// second or so while this holds, to show the seat lost within seconds
    /// rather than after the lease's time.
    public func watchesLiveness(elapsed: Double = 0, lostAfter: Double) -> Bool {
        holderAlive && leaseAge != nil && state(elapsed: elapsed, lostAfter: lostAfter) != .lost
    }

    /// Seconds left `elapsed` seconds after the seat was read: counted down from the last
    /// saved progress while the seat is answering, frozen otherwise; nil without a limit.
    public func secondsLeft(elapsed: Double = 0, lostAfter: Double) -> Int? {
        guard let secondsAllowed else { return nil }
        var used = Double(secondsUsed)
        if state(elapsed: elapsed, lostAfter: lostAfter) == .answering {
            used += max(0, progressAge ?? 0) + elapsed
        }
        return max(0, secondsAllowed - Int(used.rounded(.down)))
    }

    /// True when the seat's newest hold is the closing of a timed section after which the
    /// exam offers a break: the seat is between two sections.
    public var onSectionBreak: Bool {
        lastHold == SeatHold.sectionClosed && (sectionPlan?.offersBreak(after: sectionsClosed - 1) ?? false)
    }

    /// Where the seat is among its exam's timed sections, for a column of a few characters:
    /// `2/3` in the second of three, `1→2` on the break between the first and the second;
    /// nil for an exam without timed sections or a seat with no attempt.
    public var sectionText: String? {
        guard let sectionPlan, attempt != nil else { return nil }
        let open = min(sectionsClosed, sectionPlan.count - 1) + 1
        if onSectionBreak && status == "inProgress" { return "\(open - 1)→\(open)" }
        return "\(open)/\(sectionPlan.count)"
    }

    /// Who sits there, as a proctor knows them: the roster's name, else the candidate's id.
    public var who: String {
        name ?? candidate
    }

    /// The number of warnings of `warning`'s kind.
    public func count(_ warning: SeatWarning) -> Int {
        warnings[warning.kind] ?? 0
    }
}

/// Where a seat stands, as the monitor names it. Each state has a word and a symbol of
/// its own, so that colour never carries the meaning alone.
public enum SeatState: String, Sendable, CaseIterable, Codable {
    case welcome
    case answering
    case onBreak = "on break"
    case paused
    case submitted
    case timedOut = "timed out"
    case interrupted
    case aborted
    case lost
    /// A `take` at the seat's terminal found the lock its crashed sitting left: a proctor
    /// resumes it (`assess resume`) or clears it (`assess unlock --stale`).
    case staleLock = "stale lock"
    /// On the sitting's roster, and no sitting has started for the candidate.
    case notArrived = "not arrived"

    /// The states of a seat with no sitting to carry out a command: its candidate has not
    /// come, or has finished the exam.
    public static let absentOrFinished: Set<SeatState> = [.notArrived, .submitted, .timedOut, .aborted]

    /// A one-character mark shown before the word.
    public var symbol: String {
        switch self {
        case .notArrived: return "◌"
        case .welcome: return "·"
        case .answering: return "▶"
        case .onBreak: return "○"
        case .paused: return "‖"
        case .submitted: return "✓"
        case .timedOut: return "◔"
        case .interrupted: return "✗"
        case .aborted: return "⊘"
        case .lost: return "!"
        case .staleLock: return "⊠"
        }
    }

    /// The mark for a terminal without UTF-8.
    public var asciiSymbol: String {
        switch self {
        case .notArrived: return "_"
        case .welcome: return "."
        case .answering: return ">"
        case .onBreak: return "b"
        case .paused: return "="
        case .submitted: return "+"
        case .timedOut: return "t"
        case .interrupted: return "x"
        case .aborted: return "-"
        case .lost: return "!"
        case .staleLock: return "#"
        }
    }

    /// True for the states a proctor should look at now.
    public var needsAttention: Bool {
        self == .lost || self == .interrupted || self == .staleLock
    }
}

/// The events the monitor counts as warnings, each with its log kind and a short label.
public enum SeatWarning: String, Sendable, CaseIterable {
    case pasteRejected
    case quitKey
    case tooSmall
    case interrupted
    case wrongPassword
    case outage
    case commandRefused

    /// The event log's kind.
    public var kind: String {
        switch self {
        case .pasteRejected: return "paste.rejected"
        case .quitKey: return "key.quit-ignored"
        case .tooSmall: return "terminal.too-small"
        case .interrupted: return "session.interrupted"
        case .wrongPassword: return "proctor.password-rejected"
        case .outage: return "store.outage"
        case .commandRefused: return "proctor.command-refused"
        }
    }

    /// The monitor's label, short enough for a column.
    public var label: String {
        switch self {
        case .pasteRejected: return "paste"
        case .quitKey: return "quit"
        case .tooSmall: return "small"
        case .interrupted: return "stop"
        case .wrongPassword: return "passwd"
        case .outage: return "outage"
        case .commandRefused: return "refused"
        }
    }

    /// Every warning kind, for the store's queries.
    public static var kinds: [String] { allCases.map(\.kind) }
}

/// The records of a student's raised hand, newest first wins: raised at the seat, lowered
/// by the student, or acknowledged (the seat's record of the proctor's acknowledgement
/// reaching it). All three are a seat's kinds, on the seat's own attempt.
public enum SeatHand {
    public static let raised = "hand.raised"
    public static let lowered = "hand.lowered"
    public static let acknowledged = "hand.acknowledged"
    public static let kinds = [raised, lowered, acknowledged]

    /// The reason the monitor gives an acknowledgement of the student's `raise`th raised
    /// hand ("raised hand 2"): the seat carries it out only while that raise is still up, so
    /// an acknowledgement that reaches the seat late never answers a later raise.
    public static func acknowledgementReason(raise: Int) -> String {
        "raised hand \(raise)"
    }

    /// The raise an acknowledgement's `reason` answers, or nil when it names none (it then
    /// answers whichever raise is up).
    public static func raise(acknowledgedFor reason: String) -> Int? {
        guard reason.hasPrefix("raised hand ") else { return nil }
        return Int(reason.dropFirst("raised hand ".count))
    }
}

/// A student's raised hand as the attempt's log tells it: the newest of its raised-hand
/// records and how many times the hand was raised, replayed from those records in order.
/// A resumed sitting takes it from the store, never from a file at the seat.
public struct SeatHandLog: Sendable, Equatable {
    /// The newest record's kind (one of ``SeatHand/kinds``), or nil when there is none.
    public var last: String?
    /// How many times the student raised a hand.
    public var raises: Int

    /// The hand after `kinds`, the attempt's records in the order they were logged; kinds
    /// other than the raised hand's are passed over.
    public init(replaying kinds: some Sequence<String>) {
        last = nil
        raises = 0
        for kind in kinds where SeatHand.kinds.contains(kind) {
            last = kind
            if kind == SeatHand.raised { raises += 1 }
        }
    }
}

/// The event kinds that stop or restart a seat, newest first wins: its clock stopped and
/// started again (a pause, a break), and a stale lock found at its terminal, then cleared or
/// its attempt resumed.
public enum SeatHold {
    /// The record a `take` leaves on the attempt of a crashed sitting whose lock it found.
    public static let staleLockFound = "lock.stale-found"
    /// A timed section's closing: the break the exam offers after it, if any, starts then
    /// (its end is a `break.ended`).
    public static let sectionClosed = "section.closed"
    public static let kinds = [
        "exam.paused", "exam.unpaused", "break.started", "break.ended",
        staleLockFound, "lock.stale-cleared", "attempt.resumed", sectionClosed,
    ]
}

/// An exam's timed sections as the monitor needs them: how many there are, and after which
/// the exam offers a break.
public struct SectionPlan: Sendable, Equatable, Codable {
    /// For each section in order, true when a break is offered once it closes.
    public var breaksAfter: [Bool]

    public init(breaksAfter: [Bool]) {
        self.breaksAfter = breaksAfter
    }

    /// The number of sections.
    public var count: Int { breaksAfter.count }

    /// True when a break is offered after section `index` (counted from 0).
    public func offersBreak(after index: Int) -> Bool {
        breaksAfter.indices.contains(index) && breaksAfter[index]
    }
}
