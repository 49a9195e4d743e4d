import ArgumentParser
import AssessApp
import AssessStore
import Foundation

/// `assess store`: the school admin's commands for the store in force.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Set up or check the store that keeps attempts, answers and the event log.",
        discussion: """
            The store is SQLite in the data directory unless the policy's `store:` (or \
            ASSESS_STORE) names a PostgreSQL URL, e.g. postgresql:///assess?host=/run/postgresql. \
            `assess status` says which store is in force.
            """,
        subcommands: [StoreInitCommand.self, StoreCheckCommand.self])
}

/// `assess store init`: creates or brings up to date the schema and the roles.
struct StoreInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Create or update the store's schema; for PostgreSQL also its roles, and give accounts a seat or proctor role.",
        discussion: """
            For PostgreSQL, run it as a role that may create roles and owns the database, e.g. \
            `sudo -u postgres ASSESS_STORE=postgresql:///assess?host=/run/postgresql assess store init`. \
            It creates the group roles DATABASE_seat and DATABASE_proctor, runs the migrations \
            the database has not run, and makes each --seat and --proctor name a login role in \
            its group (with peer authentication, the Unix account of that name connects as it). \
            A seat sits as the candidate of its own name; `--seat lab07:ana,ben` lets the role \
            lab07 sit as ana and ben instead, and `--seat 'lab07:*'` as any candidate (a seat \
            the students of a room share). Running it again changes nothing that is already \
            in place. For SQLite it creates the database file and brings its schema up to date.
            """)

    @Option(
        name: .customLong("seat"), parsing: .singleValue,
        help: ArgumentHelp(
            "An account that sits exams, as ROLE or ROLE:CANDIDATE,… (* for any): it may start attempts for those candidates, add its own answers and events and read its own attempts (PostgreSQL; repeatable).",
            valueName: "role"))
    var seats: [String] = []

    @Option(
        name: .customLong("proctor"), parsing: .singleValue,
        help: ArgumentHelp(
            "An account that proctors: it reads every attempt and ends any (PostgreSQL; repeatable).", valueName: "role"
        ))
    var proctors: [String] = []

    func run() async throws {
        let runtime = Runtime()
        guard let url = try runtime.storeURL() else {
            guard seats.isEmpty && proctors.isEmpty else {
                throw CommandFailure(
                    .commandLine,
                    "--seat and --proctor are for a PostgreSQL store; SQLite has no roles (set store: in the policy or ASSESS_STORE first)"
                )
            }
            let store = try runtime.database()
            print("\(store.location): schema up to date")
            return
        }
        let location = PostgresStore.redacted(url)
        do {
            let ran = try PostgresStore.initialize(url: url)
            let seatRoles = seats.map(Self.seat)
            for (role, candidates) in seatRoles {
                try PostgresStore.grant(role: role, to: .seat, sittingAs: candidates, url: url)
            }
            for role in proctors { try PostgresStore.grant(role: role, to: .proctor, url: url) }
            print(
                "PostgreSQL \(location): "
                    + (ran.isEmpty ? "schema up to date" : "ran migrations \(ran.joined(separator: ", "))"))
            for (role, candidates) in seatRoles {
                let sitting =
                    candidates.isEmpty
                    ? role : candidates.map { $0 == "*" ? "any candidate" : $0 }.joined(separator: ", ")
                print("  \(role): seat, sits as \(sitting)")
            }
            for role in proctors { print("  \(role): proctor") }
        } catch {
            throw CommandFailure(.cannotWrite, "cannot set up the store at \(location): \(error)")
        }
    }

    func validate() throws {
        for seat in seats where Self.seat(seat).role.isEmpty || Self.seat(seat).candidates.contains("") {
            throw ValidationError(
                "--seat \(seat): write ROLE or ROLE:CANDIDATE,CANDIDATE (or ROLE:* for any candidate)")
        }
    }

    /// A `--seat` value, `ROLE` or `ROLE:CANDIDATE,…`, as the role and the candidates it sits as.
    static func seat(_ value: String) -> (role: String, candidates: [String]) {
        guard let colon = value.firstIndex(of: ":") else { return (value, []) }
        let candidates = value[value.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
        return (String(value[..<colon]), candidates.map { String($0).trimmingCharacters(in: .whitespaces) })
    }
}

/// `assess store check`: one line saying whether the store in force can be used.
struct StoreCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Say in one line whether the store in force can be used, and if not, what is wrong.",
        discussion: """
            For PostgreSQL: no server, no such database, authentication failed, or a schema too \
            old or too new for this assess (exit 73); `ok` and the store otherwise (exit 0).
            """)

    func run() async throws {
        let runtime = Runtime()
        guard let url = try runtime.storeURL() else {
            let store = try runtime.database()
            print("ok: \(store.location)")
            return
        }
        if let problem = PostgresStore.check(url: url) {
            throw CommandFailure(.cannotWrite, "\(PostgresStore.redacted(url)): \(problem)")
        }
        print("ok: PostgreSQL \(PostgresStore.redacted(url))")
    }
}
