import ArgumentParser
import AssessApp
import AssessCore
import AssessStore
import Foundation

/// `assess log`: the durable event log, and a check of its hash chain.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Print the event log, or verify that no record was edited, removed or reordered.")

    @Flag(help: "Print one JSON object per line (seq, time, monotonicNs, kind, details, attempt, hash).")
    var json = false

    @Flag(help: "Check the hash chain; exit 1 and name the first bad record when it is broken.")
    var verify = false

    @Option(
        name: .customLong("kept-head"),
        help: ArgumentHelp(
            "With --verify: also check that the record a proctor noted from an earlier --verify is unchanged.",
            valueName: "sequence:hash"))
    var keptHead: String?

    @Option(help: "Only the records of this attempt (its id is on `assess results` and in `assess status`).")
    var attempt: String?

    @Flag(help: "Keep printing new records as they are written; with --attempt, stop when that attempt ends.")
    var follow = false

    /// How often --follow looks for new records.
    static let followIntervalMilliseconds: UInt64 = 250

    func validate() throws {
        if follow && verify {
            throw ValidationError("--follow and --verify cannot be combined")
        }
        if let keptHead {
            guard verify else { throw ValidationError("--kept-head goes with --verify") }
            guard Self.parseHead(keptHead) != nil else {
                throw ValidationError(
                    "--kept-head \(keptHead): give it as --verify printed it, a record number, a colon and its hash")
            }
        }
    }

    func run() async throws {
        let database = try Runtime().database()
        let events = EventStore(database: database)
        if verify {
            let verification = try events.verifyChain()
            print(verification.description)
            if case .broken = verification {
                throw CommandFailure(.notDone, "the event log was tampered with: \(verification)")
            }
            if let keptHead, let (sequence, hash) = Self.parseHead(keptHead) {
                let kept = try events.events(after: sequence - 1, limit: 1).first?.event
                guard let kept, kept.sequence == sequence, kept.hash == hash else {
                    throw CommandFailure(
                        .notDone,
                        """
                        the event log was rewritten: record \(sequence), noted as \(keptHead), \
                        \(kept?.sequence == sequence ? "has another hash now" : "is gone")
                        """)
                }
                print("record \(sequence) is as it was noted")
            }
            if let head = try database.keptHead() {
                print("head: \(head)")
                print(
                    "note this line with the results; `assess log --verify --kept-head \(head)` later shows whether the log was rewritten before it"
                )
            }
            return
        }
        if let attempt, try database.attempt(attempt) == nil {
            throw CommandFailure(.notDone, "no attempt has the id \(attempt); `assess results` lists them")
        }
        var follower = LogFollower()
        try printRecords(follower.fresh(events.events(attempt: attempt), at: Date()))
        var ended = false
        while follow {
            if let attempt, !ended {
                ended = try database.attempt(attempt)?.status != .inProgress
            }
            try await Task.sleep(nanoseconds: Self.followIntervalMilliseconds * 1_000_000)
            let printed = try printRecords(
                follower.fresh(events.events(after: follower.floor, attempt: attempt), at: Date()))
            // Once the attempt has ended, its last records (submitted, lock released)
            // follow within moments: stop when a look finds nothing new.
            if ended && printed == 0 { return }
        }
    }

    /// A head as `--verify` prints it: `sequence:hash`.
    static func parseHead(_ text: String) -> (Int64, String)? {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let sequence = Int64(parts[0]), sequence > 0,
            parts[1].count == 64, parts[1].allSatisfy(\.isHexDigit)
        else { return nil }
        return (sequence, String(parts[1]).lowercased())
    }

    /// Prints `records` and returns how many it printed.
    @discardableResult
    private func printRecords(_ records: [StoredEvent]) throws -> Int {
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for stored in records {
            let event = stored.event
            if json {
                print(
                    try JSONReport.text(
                        LogRecordReport(
                            seq: event.sequence, time: event.wallTime.formatted(format),
                            monotonicNs: event.monotonicNanoseconds,
                            kind: event.kind, details: event.details, hash: event.hash, attempt: stored.attempt,
                            serverTime: stored.serverTime?.formatted(format), writer: stored.writer)))
            } else {
                let details = event.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                    separator: " ")
                // Where a server keeps the log: its own time of the record and the role that wrote it.
                let server =
                    stored.serverTime.map { "\tserver \($0.formatted(format)) by \(stored.writer ?? "?")" } ?? ""
                print("\(event.sequence)\t\(event.wallTime.formatted(format))\t\(event.kind)\t\(details)\(server)")
            }
        }
        fflush(nil) // every open stream, so that a pipe sees each record at once
        return records.count
    }
}
