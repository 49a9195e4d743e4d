import Foundation
import Testing

@testable import AssessStore

/// One candidate, one seat: the lease on (exam, candidate), the same for every backend.
/// (Whether a holder is known alive is `LeaseLivenessTests`'.)
@Suite struct LeaseTests {
    let first = LeaseHolder(host: "lab-01", tty: "/dev/pts/3", pid: 4242)
    let second = LeaseHolder(host: "lab-02", tty: "/dev/pts/7", pid: 4343)

    /// True when `a` and `b` are the same seat: PostgreSQL tells a caller another's token never.
    func sameSeat(_ a: LeaseHolder, _ b: LeaseHolder) -> Bool {
        a.host == b.host && a.tty == b.tty && a.pid == b.pid
    }

    @Test(arguments: StoreBackend.allCases)
    func aSecondSeatIsToldWhereTheFirstRunsUntilItReleases(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = opened.store
        let taken = try store.takeLease(exam: "algebra", candidate: "c-17", holder: first, at: Date())
        #expect(taken.holder == first)
        let refused = try opened.reopen().takeLease(exam: "algebra", candidate: "c-17", holder: second, at: Date())
        #expect(sameSeat(refused.holder, first))
        #expect(abs(refused.since.timeIntervalSince(taken.since)) < 0.001)
        #expect(try store.takeLease(exam: "algebra", candidate: "c-18", holder: second, at: Date()).holder == second)
        #expect(try store.takeLease(exam: "physics", candidate: "c-17", holder: second, at: Date()).holder == second)

        // Releasing someone else's lease does nothing; the holder's own release frees it.
        try store.releaseLease(exam: "algebra", candidate: "c-17", holder: second)
        #expect(
            try sameSeat(store.takeLease(exam: "algebra", candidate: "c-17", holder: second, at: Date()).holder, first))
        try store.releaseLease(exam: "algebra", candidate: "c-17", holder: first)
        #expect(try store.takeLease(exam: "algebra", candidate: "c-17", holder: second, at: Date()).holder == second)
    }

    @Test(arguments: StoreBackend.allCases)
    func renewingKeepsTheLeaseAndALostOneIsTakenOver(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = opened.store
        // The first seat renews, then is killed: its holder is no longer known alive.
        let taken = try opened.takeLeaseAndVanish(exam: "algebra", candidate: "c-17", holder: first, at: Date())
        let renewed = try opened.takeLeaseAndVanish(exam: "algebra", candidate: "c-17", holder: first, at: Date())
        #expect(renewed == taken)
        // The first seat went quiet long ago.
        try opened.tamper("UPDATE leases SET renewed_at = '2000-01-01 00:00:00.000'")
        #expect(try store.takeLease(exam: "algebra", candidate: "c-17", holder: second, at: Date()).holder == second)
        #expect(
            try sameSeat(store.takeLease(exam: "algebra", candidate: "c-17", holder: first, at: Date()).holder, second))
    }

    @Test(arguments: StoreBackend.allCases)
    func aLeaseIsLostAfterTheTimeTheSeatsPolicyStatesAndATakeoverNamesWhoLostIt(backend: StoreBackend) throws {
        let opened = try backend.open()
        let store = opened.store
        try opened.takeLeaseAndVanish(exam: "algebra", candidate: "c-17", holder: first, at: Date())
        #expect(
            try opened.takeLeaseAndVanish(exam: "algebra", candidate: "c-17", holder: first, at: Date()).takenOver
                == nil)
        // The first seat, killed, last renewed 20 s ago (each backend's clock: the server's, or the caller's).
        let twentySecondsAgo = Date().addingTimeInterval(-20)
        try opened.tamper(
            backend == .postgres
                ? "UPDATE leases SET renewed_at = now() - interval '20 seconds'"
                : "UPDATE leases SET renewed_at = '\(Self.sqliteTime(twentySecondsAgo))'")
        let kept = try store.takeLease(exam: "algebra", candidate: "c-17", holder: second, lostAfter: 30, at: Date())
        #expect(sameSeat(kept.holder, first) && kept.takenOver == nil)
        // No policy makes a lease lost sooner than Lease.shortestLostAfter.
        try opened.tamper(
            backend == .postgres
                ? "UPDATE leases SET renewed_at = now() - interval '5 seconds'"
                : "UPDATE leases SET renewed_at = '\(Self.sqliteTime(Date().addingTimeInterval(-5)))'")
        #expect(
            try sameSeat(
                store.takeLease(exam: "algebra", candidate: "c-17", holder: second, lostAfter: 1, at: Date()).holder,
                first))
        try opened.tamper(
            backend == .postgres
                ? "UPDATE leases SET renewed_at = now() - interval '20 seconds'"
                : "UPDATE leases SET renewed_at = '\(Self.sqliteTime(twentySecondsAgo))'")
        let taken = try store.takeLease(exam: "algebra", candidate: "c-17", holder: second, lostAfter: 15, at: Date())
        #expect(taken.holder == second)
        let takeover = try #require(taken.takenOver)
        #expect(takeover.host == "lab-01" && takeover.tty == "/dev/pts/3" && takeover.pid == 4242)
        #expect(abs(takeover.renewedAt.timeIntervalSince(twentySecondsAgo)) < 2)
        // Renewing what it now holds is no takeover.
        #expect(
            try store.takeLease(exam: "algebra", candidate: "c-17", holder: second, lostAfter: 15, at: Date()).takenOver
                == nil)
    }

    /// `date` as GRDB stores a date in SQLite (UTC, milliseconds).
    private static func sqliteTime(_ date: Date) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return format.string(from: date)
    }
}
