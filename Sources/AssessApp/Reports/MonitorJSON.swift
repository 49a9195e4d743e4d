import AssessCore
import AssessStore
import AssessTUI
import Foundation

/// `assess monitor --json`: every seat once, then one line per seat whenever what the
/// screen would show of it changes (its state too, when a lease is lost with no write at
/// all), until a stop signal. Its time left counting down is not a change (it moves for
/// every answering seat at each progress save); its time allowed, which added time moves,
/// is.
struct MonitorJSON {
    let source: StoreMonitorSource
    let clock: any Clock
    /// The policy's `lease-lost-after`: a seat whose lease is older is lost, unless its
    /// holder is known alive.
    let lostAfter: Double

    /// One line: a seat as a school's script reads it.
    struct Line: Codable, Equatable {
        var exam: String
        var candidate: String
        var state: String
        var host: String?
        var tty: String?
        var examKey: String?
        var attempt: String?
        var secondsAllowed: Int?
        var secondsLeft: Int?
        var answered: Int
        var flagged: Int
        var lastEvent: String?
        var warnings: [String: Int]
        var pendingCommands: Int
    }

    func run() throws {
        var printed: [String: Line] = [:]
        var seats: [SeatView] = []
        var readAt = clock.monotonicNanoseconds
        var changed = true
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        while SignalTrap.pendingSignal == nil {
            if changed {
                seats = try source.seats()
                readAt = clock.monotonicNanoseconds
            }
            let elapsed = Double(clock.monotonicNanoseconds &- readAt) / 1e9
            for seat in seats {
                let line = Line(
                    exam: seat.exam, candidate: seat.candidate,
                    state: seat.state(elapsed: elapsed, lostAfter: lostAfter).rawValue, host: seat.host, tty: seat.tty,
                    examKey: seat.examKey, attempt: seat.attempt, secondsAllowed: seat.secondsAllowed,
                    secondsLeft: seat.secondsLeft(elapsed: 0, lostAfter: lostAfter), answered: seat.answered,
                    flagged: seat.flagged, lastEvent: seat.lastEvent, warnings: seat.warnings,
                    pendingCommands: seat.pendingCommands)
                var compared = line
                compared.secondsLeft = nil
                let key = seat.exam + "\u{0}" + seat.candidate
                if printed[key] != compared {
                    printed[key] = compared
                    // Unbuffered: a script reading the pipe gets each line as it is written.
                    FileHandle.standardOutput.write(try encoder.encode(line) + Data("\n".utf8))
                }
            }
            // A holder known alive that ends changes nothing in the store: while a seat is
            // not lost only for that, the room is read again each time round (once a second).
            let restsOnLiveness = seats.contains { seat in
                seat.restsOnLiveness(elapsed: Double(clock.monotonicNanoseconds &- readAt) / 1e9, lostAfter: lostAfter)
            }
            changed = source.waitForChange(milliseconds: 1000) || restsOnLiveness
        }
    }
}
