import AssessCore
import Crypto
import Foundation

/// One candidate on a sitting's roster: who is expected, and the accommodations that reach
/// the seat without a proctor at it.
public struct RosterEntry: Sendable, Equatable, Codable {
    /// The candidate's id, as the kiosk's prompt and `--candidate` take it.
    public var candidate: String
    /// The candidate's name, for the proctor (empty when the roster gave none).
    public var name: String
    /// The accommodations as launch settings, encoded by the exam module (JSON; `{}` for none).
    public var settings: String

    public init(candidate: String, name: String = "", settings: String = "{}") {
        self.candidate = candidate
        self.name = name
        self.settings = settings
    }
}

/// What a seat may learn of the roster about its own candidate.
public enum RosterStanding: Sendable, Equatable {
    /// The exam has no roster: anyone may sit it.
    case noRoster
    /// The exam has a roster and the candidate is on it, with this entry.
    case listed(RosterEntry)
    /// The exam has a roster and the candidate is not on it.
    case notListed
}

/// A store that keeps each exam's roster and its common start. Both backends implement it;
/// on PostgreSQL only the proctor group writes the roster and opens a sitting, and a seat
/// reads its own candidate's row, whether the sitting is open, and checks a code, through
/// functions that check the caller (see `postgres-v06-rosters-starts.sql`).
public protocol RosterStore: ExamStore {
    /// Adds the entries to the exam's roster, replacing an entry of the same candidate.
    ///
    /// - Throws: `StoreError.notPermitted` for a role that may not write the roster.
    func addToRoster(exam: String, entries: [RosterEntry]) throws

    /// Takes these candidates off the exam's roster; returns those that were on it.
    @discardableResult
    func removeFromRoster(exam: String, candidates: [String]) throws -> [String]

    /// The exam's roster, by candidate id (the proctor's).
    func roster(exam: String) throws -> [RosterEntry]

    /// The rosters of these exams (every exam's when nil), by exam id.
    func rosters(exams: [String]?) throws -> [String: [RosterEntry]]

    /// Whether the exam has a roster, and the candidate's entry on it: what a seat may read.
    ///
    /// - Throws: `StoreError.notPermitted` when the caller's role may not sit as `candidate`.
    func rosterStanding(exam: String, candidate: String) throws -> RosterStanding

    /// Gives the sitting a start code (its hash replaces an earlier code's) before or after it opens.
    func setStartCode(exam: String, code: String, by proctor: String, at time: Date) throws

    /// Opens the sitting now: every seat waiting at its welcome screen starts. Opening a
    /// sitting already open changes nothing.
    func openSitting(exam: String, by proctor: String, at time: Date) throws

    /// Forgets the sitting's opening and start code, so that its welcome screens wait for a
    /// new opening (the next sitting of the same exam); returns whether there was one.
    @discardableResult
    func resetStart(exam: String) throws -> Bool

    /// The common starts of these exams (every exam with a roster or a start when nil).
    func sittingStarts(exams: [String]?, at time: Date) throws -> [SittingStart]

    /// Seconds since the sitting was opened, by the store's clock; nil while it waits.
    func secondsSinceOpening(exam: String, at time: Date) throws -> Double?

    /// True when `code` is the sitting's start code.
    func startCodeMatches(exam: String, code: String) throws -> Bool

    /// Publishes the exam's time allowed (nil: untimed), from the exam file, as the store's
    /// terms: a server then gives each seat's attempt this time, with the roster's extra
    /// time, whatever the seat asks (see `postgres-v10-server-decides.sql`). A store without
    /// seat roles (SQLite) keeps nothing: the seat's program is the only one to hold to it.
    func publishTerms(exam: String, secondsAllowed: Int?) throws
}

/// The start codes a proctor announces: short, easy to read aloud and to type, with no
/// letters that look like digits.
public enum StartCode {
    /// The characters a code is made of (no 0/O, 1/I/L).
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    /// How many characters: 31^6, about 887 million codes.
    public static let length = 6

    /// A fresh random code.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// The code as typed, in capitals and without spaces or dashes.
    public static func normalized(_ typed: String) -> String {
        typed.uppercased().filter { $0 != " " && $0 != "-" }
    }

    /// The hash the store keeps of a code for an exam: SHA-256 of `exam:CODE`, in hex (the
    /// PostgreSQL functions compute the same).
    static func hash(exam: String, code: String) -> String {
        Hex.lowercase(SHA256.hash(data: Data("\(exam):\(normalized(code))".utf8)))
    }
}
