import AssessCore
import Foundation
import Testing

@testable import AssessStore

/// A lease is lost only when it was not renewed for its time and its holder is not known
/// alive: on SQLite, its process still runs on this machine with the start time it recorded;
/// on PostgreSQL, the server backend that last took or renewed it is still connected.
@Suite struct LeaseLivenessTests {
    let other = LeaseHolder(host: "lab-02", tty: "/dev/pts/7", pid: 4343)

    /// This very process, as a sitting on this machine records itself.
    static var thisProcess: LeaseHolder {
        LeaseHolder(
            host: LocalProcess.hostName(), tty: "/dev/pts/3", pid: getpid(),
            processStart: LocalProcess.startTime(of: getpid()))
    }

    /// The pid of a process of this machine that has ended.
    static func endedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// The only seat of `store`'s room, read now.
    static func seat(_ store: any ExamStore) throws -> SeatView {
        let room = try #require(store.room)
        return try #require(try room.room(exams: nil, at: Date()).first)
    }

    /// Waits up to 10 s for `condition` (a backend that ends leaves the server's view a
    /// moment later).
    static func eventually(_ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Says the lease was last renewed an hour ago, by each backend's clock.
    static func renewedLongAgo(_ opened: StoreUnderTest, _ backend: StoreBackend) throws {
        try opened.tamper(
            backend == .postgres
                ? "UPDATE leases SET renewed_at = now() - interval '1 hour'"
                : "UPDATE leases SET renewed_at = '2000-01-01 00:00:00.000'")
    }

    @Test(arguments: StoreBackend.allCases)
    func aLeaseRenewedLongAgoIsNeitherLostNorTakenOverWhileItsHolderIsKnownAlive(backend: StoreBackend) throws {
        let opened = try backend.open()
        // On PostgreSQL the store's own connection stays open: its backend is the holder's.
        let holder = backend == .postgres ? LeaseHolder(host: "lab-01", tty: "/dev/pts/3", pid: 4242) : Self.thisProcess
        _ = try opened.store.takeLease(exam: "algebra", candidate: "c-17", holder: holder, at: Date())
        try Self.renewedLongAgo(opened, backend)
        let refused = try opened.reopen().takeLease(
            exam: "algebra", candidate: "c-17", holder: other, lostAfter: 30, at: Date())
        #expect(refused.holder.host == holder.host && refused.holder.pid == holder.pid && refused.takenOver == nil)
        let seat = try Self.seat(opened.store)
        #expect(seat.holderAlive && (seat.leaseAge ?? 0) > 3000)
        #expect(seat.state(lostAfter: 30) == .welcome && seat.watchesLiveness(lostAfter: 30) && !seat.holderGone)
        // Its own renewal goes on as before.
        #expect(
            try opened.store.takeLease(exam: "algebra", candidate: "c-17", holder: holder, at: Date()).holder.pid
                == holder.pid)
        #expect(try Self.seat(opened.store).watchesLiveness(lostAfter: 30))
    }

    @Test(arguments: [StoreBackend.sqlite, .sqliteFile])
    func onSQLiteAHolderWhoseProcessEndedHereIsTakenOverAtOnceAndOneElsewhereIsNotKnownAlive(backend: StoreBackend)
        throws
    {
        let opened = try backend.open()
        let ended = LeaseHolder(
            host: LocalProcess.hostName(), tty: "/dev/pts/3", pid: try Self.endedProcessID(), processStart: 1)
        _ = try opened.store.takeLease(exam: "algebra", candidate: "c-17", holder: ended, at: Date())
        #expect(try !Self.seat(opened.store).holderAlive)
        // Renewed this very moment, but its process is gone: the lease is free at once.
        let taken = try opened.reopen().takeLease(
            exam: "algebra", candidate: "c-17", holder: other, lostAfter: 30, at: Date())
        #expect(taken.holder == other)
        #expect(taken.takenOver?.processGone == true && taken.takenOver?.pid == ended.pid)
        // A holder on another machine is not known alive (its process cannot be seen from
        // here), so once not renewed in time it is lost.
        let elsewhere = LeaseHolder(
            host: "lab-09", tty: nil, pid: getpid(), processStart: LocalProcess.startTime(of: getpid()))
        _ = try opened.store.takeLease(exam: "algebra", candidate: "c-18", holder: elsewhere, at: Date())
        try Self.renewedLongAgo(opened, backend)
        let seats = try #require(opened.store.room).room(exams: nil, at: Date())
        #expect(
            seats.first { $0.candidate == "c-18" }.map { !$0.holderAlive && $0.state(lostAfter: 30) == .lost } == true)
        let second = try opened.store.takeLease(
            exam: "algebra", candidate: "c-18", holder: other, lostAfter: 30, at: Date())
        #expect(second.holder == other && second.takenOver?.processGone == false)
    }

    @Test(arguments: StoreBackend.allCases)
    func aPidOrBackendGivenAgainIsNotTheHolder(backend: StoreBackend) throws {
        let opened = try backend.open()
        if backend == .postgres {
            _ = try opened.store.takeLease(
                exam: "algebra", candidate: "c-17",
                holder: LeaseHolder(host: "lab-01", tty: nil, pid: 4242), at: Date())
            // The same backend pid, started at another moment: a new session that was given the pid.
            try opened.tamper("UPDATE leases SET backend_start = backend_start - interval '1 day'")
        } else {
            // This process's pid, recorded with another start: an earlier process that had it.
            var earlier = Self.thisProcess
            earlier.processStart = try #require(earlier.processStart) - 1
            _ = try opened.store.takeLease(exam: "algebra", candidate: "c-17", holder: earlier, at: Date())
        }
        #expect(try !Self.seat(opened.store).holderAlive)
        try Self.renewedLongAgo(opened, backend)
        #expect(try Self.seat(opened.store).state(lostAfter: 30) == .lost)
        let taken = try opened.reopen().takeLease(
            exam: "algebra", candidate: "c-17", holder: other, lostAfter: 30, at: Date())
        #expect(taken.holder.host == other.host && taken.takenOver != nil)
    }

    @Test func onPostgreSQLALeaseWhoseBackendEndedIsKeptForItsTimeThenLostAndTakenOver() throws {
        let opened = try StoreBackend.postgres.open()
        let first = LeaseHolder(host: "lab-01", tty: "/dev/pts/3", pid: 4242)
        // The sitting takes its lease on a connection of its own, which then ends (its process killed).
        _ = try opened.reopen().takeLease(exam: "algebra", candidate: "c-17", holder: first, at: Date())
        #expect(try Self.eventually { try !Self.seat(opened.store).holderAlive })
        // Renewed moments ago: kept for its time, as before.
        let kept = try opened.store.takeLease(
            exam: "algebra", candidate: "c-17", holder: other, lostAfter: 30, at: Date())
        #expect(kept.holder.host == "lab-01" && kept.takenOver == nil)
        #expect(try Self.seat(opened.store).state(lostAfter: 30) == .welcome)
        // Not renewed for its time, and no backend of its own: lost, and taken over.
        try Self.renewedLongAgo(opened, .postgres)
        #expect(try Self.seat(opened.store).state(lostAfter: 30) == .lost)
        let taken = try opened.store.takeLease(
            exam: "algebra", candidate: "c-17", holder: other, lostAfter: 30, at: Date())
        #expect(taken.holder == other && taken.takenOver?.host == "lab-01" && taken.takenOver?.processGone == false)
    }

    @Test func onPostgreSQLASeatTakesItsLeaseAgainOnItsNewConnectionAfterTheServerDroppedIt() throws {
        let opened = try StoreBackend.postgres.open()
        let sitting = try opened.reopen()
        let holder = LeaseHolder(host: "lab-01", tty: nil, pid: 4242)
        _ = try sitting.takeLease(exam: "algebra", candidate: "c-17", holder: holder, at: Date())
        #expect(try Self.seat(opened.store).holderAlive)
        // The server ends the sitting's backend (as a restart would).
        try opened.tamper("SELECT pg_terminate_backend(backend_pid) FROM leases")
        #expect(try Self.eventually { try !Self.seat(opened.store).holderAlive })
        // The sitting's next statements find the connection gone and connect again; the new
        // connection takes the lease again before anything else, with no save needed.
        _ = try? sitting.candidates()
        _ = try sitting.candidates()
        let seat = try Self.seat(opened.store)
        #expect(seat.holderAlive && seat.host == "lab-01")
    }

    @Test func onPostgreSQLTheLeasesConnectionAsksTheServerToProbeAQuietSeatOverTCP() throws {
        let database = try PostgresTestDatabase()
        // The test server listens on 127.0.0.1 too: the same database over TCP.
        var components = try #require(URLComponents(string: database.url))
        components.queryItems = components.queryItems?.map {
            $0.name == "host" ? URLQueryItem(name: "host", value: "127.0.0.1") : $0
        }
        let store = try PostgresStore(url: try #require(components.string))
        func keepalives(_ connection: PostgresConnection) throws -> [String: String]? {
            try connection.withSession { session in
                try session.execute(
                    """
                    SELECT current_setting('tcp_keepalives_idle') AS idle, current_setting('tcp_keepalives_interval') AS interval,
                           current_setting('tcp_keepalives_count') AS count,
                           (SELECT client_addr IS NOT NULL FROM pg_stat_activity WHERE pid = pg_backend_pid()) AS tcp
                    """
                ).rows.first
            }
        }
        // A vanished machine's backend ends within about 10 + 3 × 5 s.
        #expect(try keepalives(store.connection) == ["idle": "10", "interval": "5", "count": "3", "tcp": "t"])
        // And again on the connection made after the server dropped it.
        _ = try? store.connection.withSession { session in
            try session.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        }
        #expect(try keepalives(store.connection) == ["idle": "10", "interval": "5", "count": "3", "tcp": "t"])
    }

    @Test func theStartTimeIsReadAfterTheLastParenthesisOfTheCommandsName() throws {
        let fields = (3...52).map { $0 == 22 ? "987654" : String($0) }.joined(separator: " ")
        #expect(LocalProcess.startTime(fromStat: "4242 (a) (b c) \(fields)") == 987654)
        #expect(LocalProcess.startTime(fromStat: "4242 (short) 3 4") == nil)
        #expect(LocalProcess.startTime(of: getpid()) != nil)
        #expect(LocalProcess.isAlive(Self.thisProcess))
        #expect(!LocalProcess.isGone(Self.thisProcess))
        // A holder recorded before start times were (nil) is never known alive.
        var unknown = Self.thisProcess
        unknown.processStart = nil
        #expect(!LocalProcess.isAlive(unknown) && !LocalProcess.isGone(unknown))
    }
}
