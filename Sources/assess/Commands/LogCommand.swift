import ArgumentParser
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

    @Option(help: "Only the records of this attempt.")
    var attempt: String?

    func run() async throws {
        let events = EventStore(database: try Runtime().database())
        if verify {
            let verification = try events.verifyChain()
            print(verification.description)
            if case .broken = verification {
                throw CommandFailure(.failure, "the event log was tampered with: \(verification)")
            }
            return
        }
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for stored in try events.events(attempt: attempt) {
            let event = stored.event
            if json {
                var object: [String: Any] = [
                    "seq": event.sequence, "time": event.wallTime.formatted(format),
                    "monotonicNs": event.monotonicNanoseconds, "kind": event.kind,
                    "details": event.details, "hash": event.hash,
                ]
                if let attempt = stored.attempt { object["attempt"] = attempt }
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
                print(String(decoding: data, as: UTF8.self))
            } else {
                let details = event.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                print("\(event.sequence)\t\(event.wallTime.formatted(format))\t\(event.kind)\t\(details)")
            }
        }
    }
}
