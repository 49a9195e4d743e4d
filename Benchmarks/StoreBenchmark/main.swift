import AssessCore
import AssessStore
import Foundation
import Glibc
import Synchronization

// The store alone: N seats' writes to one PostgreSQL server, without terminals. Each seat is
// a login role of its own in the seat group (`assess store init --seat`) on a connection of
// its own, and once a second saves its essay and logs `answer.saved` through `PostgresStore`,
// the functions a sitting calls. Keystroke to durable is from the moment the seat's second
// began to the return of the answer's commit (fsync on). The seats' writes are run by a pool
// of threads, each with a share of the seats in the order their seconds begin, so a write that
// waits delays the rest of that thread's seats, and that wait counts too. N grows until p99
// passes 1 s or a write fails (twice: a shared machine swings), or the server's connections
// run out; then pgbench's TPC-B-like
// load on the same server, for scale. Run under .ci/with-postgres (Benchmarks/run does):
//
//   ASSESS_POSTGRES_FSYNC=on ASSESS_POSTGRES_MAX_CONNECTIONS=2100 .ci/with-postgres \
//       assess-store-bench --assess PATH [--seats 100,250,500] [--seconds 20] [--threads 256]

/// What the command line asked for.
struct Options {
    var assess = ""
    var ladder = [25, 50, 100, 250, 500, 1000, 1500, 2000]
    var seconds = 20
    var threads = 256

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { throw Failure("\(name) needs a value") }
            switch name {
            case "--assess": assess = value
            case "--seats": ladder = value.split(separator: ",").compactMap { Int($0) }
            case "--seconds": seconds = Int(value) ?? seconds
            case "--threads": threads = Int(value) ?? threads
            default: throw Failure("unknown option \(name)")
            }
        }
        guard !assess.isEmpty else { throw Failure("--assess PATH names the assess binary (for store init)") }
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Writes a line of the table at once (`print` holds it back when the output is a file).
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func progress(_ text: String) {
    FileHandle.standardError.write(Data("store-alone: \(text)\n".utf8))
}

/// Runs `program` with `arguments`; its standard output, or a failure with its standard error.
@discardableResult
func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
    process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw Failure(
            "\(program) \(arguments.prefix(4).joined(separator: " ")) …: \(String(decoding: err, as: UTF8.self))")
    }
    return String(decoding: out, as: UTF8.self)
}

/// The server `.ci/with-postgres` started: its superuser URL, with the database and user replaced.
struct Server {
    let superuserURL: String

    func url(database: String, user: String) -> String {
        guard var parts = URLComponents(string: superuserURL) else { return superuserURL }
        parts.path = "/" + database
        parts.queryItems =
            (parts.queryItems ?? []).filter { $0.name != "user" } + [URLQueryItem(name: "user", value: user)]
        return parts.string ?? superuserURL
    }

    @discardableResult
    func psql(_ sql: String, database: String = "postgres") throws -> String {
        try run(
            "psql",
            ["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", url(database: database, user: "postgres"), "-c", sql])
    }
}

/// One step of the ladder: `count` seats for `seconds`.
struct Step {
    var count: Int
    var durable: [Double] = [] // milliseconds
    var failures: [String] = []
    var rowsPerSecond = 0.0

    func percentile(_ p: Double) -> Double {
        guard !durable.isEmpty else { return .infinity }
        let sorted = durable.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    var holds: Bool { failures.isEmpty && percentile(0.99) <= 1000 }
}

/// Makes a store of `count` seat roles, opens each seat's connection and attempt, and has
/// each write once a second for `seconds`.
func measure(count: Int, options: Options, server: Server) throws -> Step {
    let database = "assess_store_alone"
    try server.psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
    try server.psql("CREATE DATABASE \(database)")
    let seats = (0..<count).map { String(format: "alone%04d", $0) }
    var environment = ProcessInfo.processInfo.environment
    environment["ASSESS_STORE"] = server.url(database: database, user: "postgres")
    try run(options.assess, ["store", "init"] + seats.flatMap { ["--seat", $0] }, environment: environment)
    progress("\(count) seats: roles made; connecting")
    var opened: [(store: PostgresStore, attempt: String)] = []
    for seat in seats {
        let store = try PostgresStore(url: server.url(database: database, user: seat))
        let attempt = try store.startAttempt(
            examID: "store-alone", examKey: "k", candidate: seat, secondsAllowed: 3600, isPractice: false,
            settings: "{}", at: Date())
        opened.append((store, attempt.id))
    }
    let stores = opened
    progress("\(count) seats: writing once a second each for \(options.seconds) s")
    let start = Date().addingTimeInterval(1)
    let results = Mutex(Step(count: count))
    let threads = min(options.threads, count)
    var workers: [Thread] = []
    let done = DispatchGroup()
    for worker in 0..<threads {
        // Seat i's second begins at start + i/count: the seats spread evenly over each second.
        let mine = Array(stride(from: worker, to: count, by: threads))
        done.enter()
        let thread = Thread {
            var durable: [Double] = []
            var failures: [String] = []
            var text = ""
            for second in 0..<options.seconds {
                text += "word "
                for seat in mine {
                    let due = start.addingTimeInterval(Double(second) + Double(seat) / Double(count))
                    let wait = due.timeIntervalSinceNow
                    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                    let (store, attempt) = stores[seat]
                    do {
                        try store.saveResponse(
                            attempt: attempt, question: "essay", value: "{\"text\":\"\(text)\"}", flagged: false,
                            at: Date())
                        durable.append(-due.timeIntervalSinceNow * 1000)
                        try store.appendEvent(
                            .answerSaved(questionID: "essay", characters: text.count),
                            at: EventTime(wall: Date(), monotonicNanoseconds: DispatchTime.now().uptimeNanoseconds),
                            attempt: attempt)
                    } catch {
                        failures.append("\(seats[seat]): \(error)")
                    }
                }
            }
            results.withLock {
                $0.durable += durable
                $0.failures += failures
            }
            done.leave()
        }
        thread.stackSize = 1 << 20
        workers.append(thread)
    }
    for thread in workers { thread.start() }
    done.wait()
    let elapsed = -start.timeIntervalSinceNow
    var step = results.withLock { $0 }
    let rows = try server.psql(
        "SELECT (SELECT count(*) FROM assess.responses) + (SELECT count(*) FROM assess.events)", database: database)
    step.rowsPerSecond = (Double(rows.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) / elapsed
    try server.psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
    try server.psql(
        (seats + ["\(database)_seat", "\(database)_proctor"]).map { "DROP ROLE IF EXISTS \($0);" }
            .joined(separator: " "))
    return step
}

/// pgbench's TPC-B-like load, 100 clients for 10 s, on the same server: its transactions a second.
func pgbench(server: Server) throws -> String {
    try server.psql("DROP DATABASE IF EXISTS pgbench_scale")
    try server.psql("CREATE DATABASE pgbench_scale")
    let url = server.url(database: "pgbench_scale", user: "postgres")
    try run("pgbench", ["-i", "-q", "-s", "10", url])
    let output = try run("pgbench", ["-n", "-c", "100", "-j", "2", "-T", "10", url])
    try server.psql("DROP DATABASE IF EXISTS pgbench_scale WITH (FORCE)")
    let line = output.split(separator: "\n").first { $0.hasPrefix("tps") } ?? "tps unknown"
    return String(line.split(separator: " ").dropFirst(2).first ?? "?")
}

func load() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
        .joined(separator: " ") ?? "?"
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    guard let url = ProcessInfo.processInfo.environment["ASSESS_TEST_POSTGRES"] else {
        throw Failure("needs a PostgreSQL server: run it under .ci/with-postgres (Benchmarks/run does)")
    }
    let server = Server(superuserURL: url)
    let connections =
        Int(try server.psql("SHOW max_connections").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 100
    say(
        "| store alone: seats | durable p50 | durable p99 | rows/s | failed writes | holds (p99 ≤ 1 s) | load before |")
    say("|---|---|---|---|---|---|---|")
    var largest = 0
    for count in options.ladder {
        guard count + 10 <= connections else {
            progress("\(count) seats need more connections than the server's \(connections); stopping there")
            break
        }
        // A shared machine swings: a step that misses is measured once more before it counts.
        var holds = false
        for _ in 0..<2 where !holds {
            let before = load()
            let step = try measure(count: count, options: options, server: server)
            say(
                "| \(count) | \(String(format: "%.0f ms", step.percentile(0.5))) | \(String(format: "%.0f ms", step.percentile(0.99))) | \(String(format: "%.0f", step.rowsPerSecond)) | \(step.failures.count) | \(step.holds ? "yes" : "no") | \(before) |"
            )
            for failure in step.failures.prefix(3) { progress("failed: \(failure)") }
            holds = step.holds
        }
        guard holds else { break }
        largest = count
    }
    let tps = try pgbench(server: server)
    say("")
    say(
        "Largest N with keystroke-to-durable p99 ≤ 1 s: \(largest) (of \(options.ladder.map(String.init).joined(separator: ", ")); \(connections) connections allowed). pgbench TPC-B-like, 100 clients, same server: \(tps) tps. Load after: \(load())."
    )
} catch {
    progress("\(error)")
    exit(1)
}
