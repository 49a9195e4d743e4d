import Foundation
import Glibc

/// The PostgreSQL server `.ci/with-postgres` started for the benchmark (its URL, data
/// folder, programs and options in `ASSESS_TEST_POSTGRES*`): a store of the lab's own
/// on it, a login role per seat, and the server stopped and started for an outage.
struct LabServer {
    /// The superuser's URL, e.g. `postgresql:///postgres?host=/tmp/x&port=24017&user=postgres`.
    let superuserURL: String
    let dataFolder: String
    let programs: String
    let options: String

    /// The server named by the environment, or an error that says how to start one.
    static func fromEnvironment() throws -> LabServer {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["ASSESS_TEST_POSTGRES"], let data = environment["ASSESS_TEST_POSTGRES_DATA"],
            let programs = environment["ASSESS_TEST_POSTGRES_BIN"],
            let options = environment["ASSESS_TEST_POSTGRES_OPTIONS"]
        else {
            throw MeasurementError(
                description:
                    "the lab rows need a PostgreSQL server: run assess-bench under .ci/with-postgres (Benchmarks/run does)"
            )
        }
        return LabServer(superuserURL: url, dataFolder: data, programs: programs, options: options)
    }

    /// `superuserURL` with its database (the path) and user replaced.
    func url(database: String, user: String) -> String {
        guard var parts = URLComponents(string: superuserURL) else { return superuserURL }
        parts.path = "/" + database
        parts.queryItems =
            (parts.queryItems ?? []).filter { $0.name != "user" } + [URLQueryItem(name: "user", value: user)]
        return parts.string ?? superuserURL
    }

    /// Runs `sql` with psql as the superuser in `database`; returns its rows, one line
    /// each, the columns separated by tabs.
    @discardableResult
    func psql(_ sql: String, database: String) throws -> [[String]] {
        let output = try Subprocess.run(
            "psql",
            [
                "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                "-d", url(database: database, user: "postgres"), "-c", sql,
            ])
        return output.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// A new database `database` with the store's schema, a login role in its seat group
    /// for each of `seats` and one in its proctor group for each of `proctors`, made by
    /// `assess store init` as the school's admin would.
    func createStore(_ database: String, seats: [String], proctors: [String] = [], assess: String) throws {
        try psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)", database: "postgres")
        try psql("CREATE DATABASE \(database)", database: "postgres")
        var environment = ProcessInfo.processInfo.environment
        environment["ASSESS_STORE"] = url(database: database, user: "postgres")
        _ = try Subprocess.run(
            assess,
            ["store", "init"] + seats.flatMap { ["--seat", $0] }
                + proctors.flatMap { ["--proctor", $0] }, environment: environment)
    }

    /// Stops the server at once (fast shutdown: every seat's connection is cut).
    func stop() throws {
        _ = try Subprocess.run(programs + "/pg_ctl", ["-D", dataFolder, "-m", "fast", "-w", "stop"], asServer: true)
    }

    /// Starts the server again with the options it was first started with.
    func start() throws {
        _ = try Subprocess.run(
            programs + "/pg_ctl",
            [
                "-D", dataFolder, "-l", dataFolder + "/../server.log", "-w",
                "-o", options, "start",
            ], asServer: true)
    }
}

/// A lab on one PostgreSQL server: many seats, each a login role of its own in the
/// seat group, typing into their essays at once; the answers measured where they must
/// end up, on the server, by the server's own clock.
struct LabSessions {
    /// The typing itself: echo times, as in the many-sessions row.
    var typing: ManySessions
    /// From a character leaving the seat's keyboard to the first answer row on the server
    /// that holds it (`server_saved_at`, the server's `now()`).
    var durableMilliseconds = Samples()
    /// Characters typed that no answer row on the server ever held.
    var neverDurable = 0
    /// Rows the seats wrote per second while they typed (answers and log records).
    var writesPerSecond = 0.0
    /// Seats whose newest answer on the server is not exactly what they typed.
    var mismatched: [String] = []
    /// With a proctor's monitor watching: how long the seats' changes took to show on it,
    /// and the CPU it used while they typed, its own and its server connections'.
    var monitorLag: MonitorLag?
    var monitorCPUPercent: Double?
    var monitorServerCPUPercent: Double?
    var monitorLinesPerSecond: Double?

    /// The proctor's login role of a watched lab, and the keys between one seat's F2 presses
    /// (flag or unflag the essay: a change the monitor shows; every 5 s at 10 keys a second).
    static let proctor = "labproctor"
    static let flagEvery = 50

    /// Opens `count` seats on a store of its own on `server` and has each type `rate`
    /// characters a second for `duration`; with `outage`, the server stops `outage.at`
    /// after typing starts and starts again `outage.for` later. When `watched`, a proctor's
    /// `assess monitor --json` (a login role in the proctor group) watches the room from
    /// before the first seat opens, and each seat flags or unflags its essay every
    /// ``flagEvery`` keys.
    static func measure(
        assess: String, exam: String, server: LabServer, count: Int, rate: Int, duration: Duration,
        outage: (at: Duration, for: Duration)?, watched: Bool = false
    ) throws -> LabSessions {
        let database = outage == nil ? "assess_lab" : "assess_lab_outage"
        let seats = (0..<count).map { String(format: "lab%03d", $0) }
        try server.createStore(database, seats: seats, proctors: watched ? [proctor] : [], assess: assess)
        var monitor: RoomMonitor?
        if watched {
            let sandbox = try Sandbox()
            sandbox.store = server.url(database: database, user: proctor)
            let watcher = try RoomMonitor(assess: assess, sandbox: sandbox)
            watcher.findServerProcesses = {
                let rows = try? server.psql(
                    "SELECT pid FROM pg_stat_activity WHERE usename = '\(proctor)'", database: database)
                return (rows ?? []).compactMap { $0.first.flatMap { pid_t($0) } }
            }
            monitor = watcher
        }
        let started = Date()
        var stopAndStart: (@Sendable () -> Void)?
        if let outage {
            let (after, length) = (outage.at.seconds, outage.for.seconds)
            stopAndStart = {
                Thread.sleep(forTimeInterval: after)
                do {
                    try server.stop()
                    Thread.sleep(forTimeInterval: length)
                    try server.start()
                } catch {
                    progress("the outage went wrong: \(error)")
                }
            }
        }
        let typing = try ManySessions.measure(
            assess: assess, exam: exam, count: count, rate: rate, duration: duration,
            candidate: { seats[$0] },
            store: { server.url(database: database, user: seats[$0]) },
            flagEvery: watched ? flagEvery : nil, monitor: monitor,
            meanwhile: stopAndStart)
        let ended = Date()
        var lab = LabSessions(typing: typing)

        // Every essay row on the server: whose, when the server took it, how long its text was.
        let rows = try server.psql(
            """
            SELECT a.candidate, extract(epoch FROM r.server_saved_at), length(r.value::jsonb ->> 'text')
            FROM assess.responses r JOIN assess.attempts a ON a.id = r.attempt_id
            WHERE r.value::jsonb ->> 'type' = 'essay' ORDER BY r.id
            """, database: database)
        var saves: [String: [(at: Double, length: Int)]] = [:]
        for row in rows where row.count == 3 {
            guard let at = Double(row[1]), let length = Int(row[2]) else { continue }
            saves[row[0], default: []].append((at, length))
        }
        (lab.durableMilliseconds, lab.neverDurable) = typing.durable(saves: saves)

        let newest = try server.psql(
            """
            SELECT DISTINCT ON (a.candidate) a.candidate, r.value::jsonb ->> 'text'
            FROM assess.responses r JOIN assess.attempts a ON a.id = r.attempt_id
            WHERE r.value::jsonb ->> 'type' = 'essay' ORDER BY a.candidate, r.id DESC
            """, database: database)
        let answers = Dictionary(
            newest.filter { $0.count == 2 }.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
        for (session, candidate) in typing.candidates.enumerated() {
            let typed = String(typing.typed.prefix(typing.sentAt[session].count))
            if answers[candidate] != typed { lab.mismatched.append(candidate) }
        }

        let window = "to_timestamp(\(started.timeIntervalSince1970)) AND to_timestamp(\(ended.timeIntervalSince1970))"
        let written = try server.psql(
            """
            SELECT (SELECT count(*) FROM assess.responses WHERE server_saved_at BETWEEN \(window))
                 + (SELECT count(*) FROM assess.events WHERE server_time BETWEEN \(window))
            """, database: database)
        lab.writesPerSecond = Double(written.first?.first ?? "0").map { $0 / ended.timeIntervalSince(started) } ?? 0

        if let monitor {
            let sightings = try monitor.requireSightings()
            var lag = MonitorLag()
            lag.timeKeys(
                candidates: typing.candidates, sentAt: typing.sentAt, flaggedAt: typing.flaggedAt, sightings: sightings)
            // Every answer row, in the order the server took them: each is a save of one question.
            let saves = try server.psql(
                """
                SELECT a.candidate, r.question_id, (r.value <> 'null')::int, r.flagged::int, extract(epoch FROM r.server_saved_at)
                FROM assess.responses r JOIN assess.attempts a ON a.id = r.attempt_id
                WHERE NOT a.is_practice ORDER BY r.id
                """, database: database)
            lag.timeStored(
                changes: MonitorLag.storedChanges(
                    rows: saves.compactMap { row in
                        guard row.count == 5, let at = Double(row[4]) else { return nil }
                        return (row[0], row[1], row[2] == "1", row[3] == "1", Date(timeIntervalSince1970: at))
                    }), sightings: sightings)
            lab.monitorLag = lag
            lab.monitorCPUPercent = monitor.cpuPercent
            lab.monitorServerCPUPercent = monitor.serverCPUPercent
            lab.monitorLinesPerSecond = monitor.linesPerSecond
        }
        return lab
    }
}

extension ManySessions {
    /// From each character's key to the first save that holds it. `saves[candidate]` are
    /// the seat's saves of its essay in the order they were kept, each with its time
    /// (seconds since 1970) and the essay's length then. Returns the times in milliseconds,
    /// and how many characters no save held.
    func durable(saves: [String: [(at: Double, length: Int)]]) -> (milliseconds: Samples, never: Int) {
        var milliseconds = Samples()
        var never = 0
        for (session, candidate) in candidates.enumerated() {
            let seatSaves = saves[candidate] ?? []
            for (index, sent) in sentAt[session].enumerated() {
                guard let first = seatSaves.first(where: { $0.length > index }) else {
                    never += 1
                    continue
                }
                milliseconds.append((first.at - sent.timeIntervalSince1970) * 1000)
            }
        }
        return (milliseconds, never)
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

/// The lab rows: `count` seats on one PostgreSQL server typing 10 characters a second,
/// first with the server up throughout and a proctor's monitor watching, then with the
/// server stopped for 10 s in the middle; then the same room on one machine's SQLite store
/// with its monitor.
func addLabRows(to report: inout Report, assess: String, exam: String, quick: Bool) throws {
    let server = try LabServer.fromEnvironment()
    let count = quick ? 10 : 100
    let duration = Duration.seconds(quick ? 20 : 60)
    let outage = (at: duration / 2 - .seconds(5), for: Duration.seconds(10))
    for (label, stop) in [("", nil), (", server stopped for 10 s", Optional(outage))] {
        progress("lab: \(count) seats on PostgreSQL typing 10 characters a second for \(duration)\(label)")
        let lab = try LabSessions.measure(
            assess: assess, exam: exam, server: server, count: count, rate: 10,
            duration: duration, outage: stop, watched: stop == nil)
        let name = "lab, \(count) seats on PostgreSQL\(label)"
        addEchoAndDurableRows(
            to: &report, name: name, typing: lab.typing, durable: lab.durableMilliseconds, in: "on the server")
        report.add(
            "\(name): rows written per second", assess: Report.format(lab.writesPerSecond, digits: 0), reference: "",
            ratio: nil)
        report.add(
            "\(name): final answers on the server equal what was typed",
            assess: "\(count - lab.mismatched.count) of \(count)", reference: "", ratio: nil,
            budget: "all", holds: lab.mismatched.isEmpty && lab.neverDurable == 0)
        if lab.neverDurable > 0 {
            report.note("\(name): \(lab.neverDurable) typed characters never reached the server.")
        }
        if !lab.mismatched.isEmpty {
            report.note(
                "\(name): the newest answer on the server differs from what was typed for "
                    + lab.mismatched.prefix(5).joined(separator: ", ") + (lab.mismatched.count > 5 ? " …" : "") + ".")
        }
        if let lag = lab.monitorLag {
            report.add(
                "\(name): the monitor shows a seat's change, from the server's time of it (median / p99)",
                assess: Report.medianAndP99(lag.fromStore, unit: "ms"), reference: "", ratio: nil,
                budget: "p99 ≤ 1 s, none missed",
                holds: (lag.fromStore.p99 ?? .infinity) <= 1000 && lag.storedNotShown == 0)
            addMonitorRows(
                to: &report, name: name, lag: lag, cpuPercent: lab.monitorCPUPercent,
                serverCPUPercent: lab.monitorServerCPUPercent, linesPerSecond: lab.monitorLinesPerSecond)
            if lag.storedNotShown > 0 {
                report.note(
                    "\(name): \(lag.storedNotShown) of the seats' changes on the server never showed on the monitor.")
            }
        }
    }
    // The lab rows above stand when the published exam's cannot be measured.
    do {
        try addPublishedRows(to: &report, assess: assess, exam: exam, quick: quick)
    } catch {
        report.note("published exam on PostgreSQL: not measured: \(error)")
    }
    progress(
        "room: \(count) seats on one SQLite store typing 10 characters a second for \(duration), a monitor watching")
    let room = try SharedStoreRoom.measure(assess: assess, exam: exam, count: count, rate: 10, duration: duration)
    let name = "room, \(count) seats on one SQLite store"
    addEchoAndDurableRows(
        to: &report, name: name, typing: room.typing, durable: room.durableMilliseconds, in: "in the store")
    if room.neverDurable > 0 {
        report.note("\(name): \(room.neverDurable) typed characters never reached the store.")
    }
    addMonitorRows(
        to: &report, name: name, lag: room.lag, cpuPercent: room.monitorCPUPercent, serverCPUPercent: nil,
        linesPerSecond: room.monitorLinesPerSecond)
    report.note(
        "Lab: each seat is a login role of its own in the seat group, on a server of the benchmark's own "
            + "(fsync on); \"durable\" is the server's own time (now()) of the first answer row that holds a "
            + "character, from the moment the seat's key was sent. The first lab run and the SQLite room have a "
            + "proctor's `assess monitor --json` watching (its password typed at its prompt), and each seat "
            + "flags or unflags its essay with F2 every \(LabSessions.flagEvery / 10) s; a change is the answered or "
            + "flagged count of a seat moving, timed to the arrival of the monitor's first line that shows it. "
            + "From the key includes the seat's autosave (0.4 s after the last key, at least every half second "
            + "while typing). The monitor's CPU is all its threads' (/proc/PID/stat) over the typing, and on "
            + "PostgreSQL its connections' server processes'.")
}

/// The rows every room of seats has: their echo (with its budget) and how long a keystroke
/// took to be durable `in place` (on the server, in the store).
private func addEchoAndDurableRows(
    to report: inout Report, name: String, typing: ManySessions, durable: Samples,
    in place: String
) {
    report.add(
        "\(name): echo (median / p99)", assess: Report.medianAndP99(typing.echoMilliseconds, unit: "ms"),
        reference: "", ratio: nil, budget: "p99 ≤ 15 ms",
        holds: (typing.echoMilliseconds.p99 ?? .infinity) <= 15 && typing.missedEchoes == 0)
    report.add(
        "\(name): keystroke to durable \(place) (median / p99)",
        assess: Report.medianAndP99(durable, unit: "ms"), reference: "", ratio: nil)
}

/// The rows every watched room has: the monitor's lag from the key, and its CPU.
private func addMonitorRows(
    to report: inout Report, name: String, lag: MonitorLag, cpuPercent: Double?,
    serverCPUPercent: Double?, linesPerSecond: Double?
) {
    report.add(
        "\(name): the monitor shows a seat's change, from the key (median / p99)",
        assess: Report.medianAndP99(lag.fromKey, unit: "ms"), reference: "", ratio: nil)
    let server = serverCPUPercent.map { "; its server connections \(Report.format($0)) %" } ?? ""
    report.add(
        "\(name): the monitor's CPU while the seats type (% of one core)",
        assess: (cpuPercent.map { "\(Report.format($0)) %" } ?? "n/a") + server, reference: "", ratio: nil)
    report.note(
        "\(name): the monitor printed \(linesPerSecond.map { Report.format($0, digits: 0) } ?? "n/a") lines a second "
            + "while the seats typed; p99 by nearest rank over \(lag.fromKey.count) changes from the key"
            + (lag.fromStore.isEmpty ? "." : " and \(lag.fromStore.count) from the server's time."))
    if lag.keysNotShown > 0 {
        report.note("\(name): \(lag.keysNotShown) of the changes the seats' keys made never showed on the monitor.")
    }
}

/// A room on one machine: many seats keeping their attempts in the machine's one SQLite
/// store (a kiosk's terminals, one data directory), and the proctor's monitor watching it,
/// which polls SQLite's data version. SQLite keeps only each question's newest answer, so
/// a change is timed from the key that made it; when a character was kept is read from
/// the seats' `answer.saved` log records (`assess log --json`), each written by the seat
/// just after its save's commit, with the essay's length.
struct SharedStoreRoom {
    var typing: ManySessions
    /// From a character's key to the first `answer.saved` record of a save that holds it.
    var durableMilliseconds = Samples()
    var neverDurable = 0
    var lag = MonitorLag()
    var monitorCPUPercent: Double?
    var monitorLinesPerSecond: Double?

    /// Starts the monitor on an empty store, opens `count` seats on it, and has each type
    /// `rate` characters a second for `duration`, flagging as in the lab.
    static func measure(assess: String, exam: String, count: Int, rate: Int, duration: Duration) throws
        -> SharedStoreRoom
    {
        let store = try Sandbox()
        let sandbox = try Sandbox()
        sandbox.sharedDataDirectory = store.path("data")
        let monitor = try RoomMonitor(assess: assess, sandbox: sandbox)
        let typing = try ManySessions.measure(
            assess: assess, exam: exam, count: count, rate: rate, duration: duration,
            candidate: { String(format: "room%03d", $0) },
            sharedDataDirectory: store.path("data"), flagEvery: LabSessions.flagEvery,
            monitor: monitor)
        var room = SharedStoreRoom(
            typing: typing, monitorCPUPercent: monitor.cpuPercent,
            monitorLinesPerSecond: monitor.linesPerSecond)
        room.lag.timeKeys(
            candidates: typing.candidates, sentAt: typing.sentAt, flaggedAt: typing.flaggedAt,
            sightings: try monitor.requireSightings())
        let log = try Subprocess.run(assess, ["log", "--json"], environment: sandbox.environment)
        (room.durableMilliseconds, room.neverDurable) = typing.durable(saves: Self.saves(inLog: log))
        return room
    }

    /// One record of `assess log --json`, the fields read here.
    private struct Record: Decodable {
        var kind: String
        var time: String
        var attempt: String?
        var details: [String: String]
    }

    /// Each candidate's essay saves in `log` (`assess log --json`), in order: the time of
    /// each `answer.saved` record and the length it gives; a candidate's attempt is named
    /// by its `exam.started` record.
    static func saves(inLog log: String) -> [String: [(at: Double, length: Int)]] {
        let decoder = JSONDecoder()
        let times = ISO8601DateFormatter()
        times.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var candidates: [String: String] = [:]
        var saves: [String: [(at: Double, length: Int)]] = [:]
        for line in log.split(separator: "\n") {
            guard let record = try? decoder.decode(Record.self, from: Data(line.utf8)) else { continue }
            switch record.kind {
            case "exam.started":
                if let attempt = record.details["attempt"] { candidates[attempt] = record.details["candidate"] }
            case "answer.saved":
                guard let attempt = record.attempt, let candidate = candidates[attempt],
                    let length = record.details["characters"].flatMap({ Int($0) }),
                    let at = times.date(from: record.time)
                else { continue }
                saves[candidate, default: []].append((at.timeIntervalSince1970, length))
            default:
                break
            }
        }
        return saves
    }
}
