import AssessCore
import AssessStore
import AssessTUI
import Foundation

/// `assess monitor --json`: every seat once, then one line per seat whenever what the
/// screen would show of it changes (its state too, when a lease is lost with no write at
/// all), until a stop signal. Its time left counting down is not a change (it moves for
/// every answering seat at each progress save); its time allowed, which added time moves,
/// is.
package struct MonitorJSON {
    /// The room as the store in force shows it.
    package let source: StoreMonitorSource
    /// The clock the seats' ages are read with.
    package let clock: any Clock
    /// The policy's `lease-lost-after`: a seat whose lease is older is lost, unless its
    /// holder is known alive.
    package let lostAfter: Double

    /// Each property as given.
    package init(source: StoreMonitorSource, clock: any Clock, lostAfter: Double) {
        self.source = source
        self.clock = clock
        self.lostAfter = lostAfter
    }

    /// One line: a seat as a school's script reads it.
    package struct Line: Codable, Equatable {
        package var exam: String
        package var candidate: String
        /// The candidate's name on the exam's roster; absent when the roster gives none.
        package var name: String?
        package var state: String
        package var host: String?
        package var tty: String?
        package var examKey: String?
        package var attempt: String?
        package var secondsAllowed: Int?
        package var secondsLeft: Int?
        package var answered: Int
        package var flagged: Int
        package var lastEvent: String?
        package var warnings: [String: Int]
        package var pendingCommands: Int
        /// The student's hand, once raised: `raised`, `acknowledged` or `lowered`.
        package var hand: String?
        /// How many times the student raised a hand.
        package var handsRaised: Int?
        /// For an exam with timed sections: the open section (from 1), how many there are,
        /// and true while the seat is on the break before the open one.
        package var section: Int?
        package var sections: Int?
        package var sectionBreak: Bool?
    }

    /// Prints the room, then each change, until a stop signal or until standard output
    /// is gone (the reader of the pipe ended, the terminal hung up).
    package func run() throws {
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
                    exam: seat.exam, candidate: seat.candidate, name: seat.name,
                    state: seat.state(elapsed: elapsed, lostAfter: lostAfter).rawValue, host: seat.host, tty: seat.tty,
                    examKey: seat.examKey, attempt: seat.attempt, secondsAllowed: seat.secondsAllowed,
                    secondsLeft: seat.secondsLeft(elapsed: 0, lostAfter: lostAfter), answered: seat.answered,
                    flagged: seat.flagged, lastEvent: seat.lastEvent, warnings: seat.warnings,
                    pendingCommands: seat.pendingCommands,
                    hand: seat.handsRaised == 0
                        ? nil : seat.handWaiting ? "raised" : seat.handAcknowledged ? "acknowledged" : "lowered",
                    handsRaised: seat.handsRaised == 0 ? nil : seat.handsRaised,
                    section: seat.sectionPlan.map { min(seat.sectionsClosed, $0.count - 1) + 1 },
                    sections: seat.sectionPlan?.count,
                    sectionBreak: seat.sectionPlan == nil ? nil : seat.onSectionBreak && seat.status == "inProgress")
                var compared = line
                compared.secondsLeft = nil
                let key = seat.exam + "\u{0}" + seat.candidate
                if printed[key] != compared {
                    printed[key] = compared
                    // Unbuffered: a script reading the pipe gets each line as it is written.
                    let bytes = try encoder.encode(line) + Data("\n".utf8)
                    guard (try? FileHandle.standardOutput.write(contentsOf: bytes)) != nil else { return }
                }
            }
            // A holder known alive that ends (a seat killed) changes nothing in the store:
            // while a seat's holder is known alive, the room is read again each time round
            // (once a second), so that seat shows lost within seconds.
            let watchesLiveness = seats.contains { seat in
                seat.watchesLiveness(elapsed: Double(clock.monotonicNanoseconds &- readAt) / 1e9, lostAfter: lostAfter)
            }
            changed = source.waitForChange(milliseconds: 1000) || watchesLiveness
        }
    }
}
